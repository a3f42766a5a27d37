// The JavaScript API of fruitbench: a thin, typed face over the Embind
// module (see fruitbench-api.d.ts for the types). Works unchanged in
// browsers, workers and Node; load the module with the loader for your
// environment (wasm/node.mjs in Node, web/js/fruitbench-web.mjs in pages).

/** An error from the core: names the file, line and field when it has them. */
export class FruitbenchError extends Error {
  constructor(error) {
    super(error.text || error.message);
    this.name = 'FruitbenchError';
    this.file = error.file || '';
    this.line = error.line || 0;
    this.field = error.field || '';
    this.reason = error.message;
  }
}

function unwrap(resultJson) {
  const result = JSON.parse(resultJson);
  if (!result.ok) throw new FruitbenchError(result.error);
  return result.value;
}

function optionsJson(options = {}) {
  const { stem = false, bootstrap = 1000, seed = 12345 } = options;
  return JSON.stringify({ stem, bootstrap, seed });
}

/**
 * A line source over a string, read in chunks (as a file would be).
 * @param {string} name shown in error messages
 * @param {string} text
 */
export function textSource(name, text, chunkSize = 1 << 20) {
  let offset = 0;
  return {
    name,
    read() {
      if (offset >= text.length) return null;
      let end = Math.min(offset + chunkSize, text.length);
      // Never cut a surrogate pair: half of one is not valid UTF-16.
      const last = text.charCodeAt(end - 1);
      if (last >= 0xd800 && last <= 0xdbff && end < text.length) end += 1;
      const chunk = text.slice(offset, end);
      offset = end;
      return chunk;
    },
  };
}

/**
 * A line source over a Blob or File, for Web Workers: reads 1 MiB slices
 * synchronously, so a large file is never held whole in memory.
 */
export function blobSource(blob, name = blob.name || 'file', chunkSize = 1 << 20) {
  const reader = new FileReaderSync();
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let offset = 0;
  return {
    name,
    read() {
      if (offset >= blob.size) {
        const rest = decoder.decode();
        offset = Infinity;
        return rest.length ? rest : null;
      }
      const bytes = reader.readAsArrayBuffer(blob.slice(offset, offset + chunkSize));
      offset += chunkSize;
      // stream: true keeps a UTF-8 sequence cut by the slice for the next one.
      return decoder.decode(new Uint8Array(bytes), { stream: offset < blob.size });
    },
  };
}

// The editor model's tokenizer and constrained decoder (see
// fruitbench-api.d.ts). Objects hold wasm memory: call delete() when done.
function checked(object) {
  const error = object.error();
  if (error) {
    object.delete();
    unwrap(error);
  }
  return object;
}

function wrapTokenizer(module, jsonText) {
  const handle = checked(new module.Tokenizer(jsonText));
  const info = unwrap(handle.info());
  return {
    info,
    handle,
    encode: (text, { addEos = true } = {}) => handle.encode(text, addEos),
    decode: (ids, { skipSpecial = true } = {}) => handle.decode(Array.from(ids), skipSpecial),
    idOf: (piece) => handle.idOf(piece),
    pieceOf: (id) => handle.pieceOf(id),
    tokenText: (id) => handle.tokenText(id),
    copyTokenId: (n) => handle.idOf(`[${n}]`),
    referenceTokenId: (k) => handle.idOf(`(${k})`),
    /** The decoder's token roles, compiled for logits rows of logitsWidth (the model's vocab_size). */
    vocabulary(logitsWidth = info.vocab_size) {
      const vocabulary = checked(new module.Vocabulary(handle, logitsWidth));
      return { handle: vocabulary, size: vocabulary.size(), delete: () => vocabulary.delete() };
    },
    delete: () => handle.delete(),
  };
}

function wrapDecoder(module, vocabulary, inputs, inputIds, options = {}) {
  const handle = checked(new module.Decoder(vocabulary.handle, JSON.stringify(options), inputs, Array.from(inputIds)));
  return {
    nextInputs: () => handle.nextInputs(),
    advance(logits) {
      unwrap(handle.advance(logits));
    },
    done: () => handle.done(),
    resultIds: () => handle.resultIds(),
    result: () => unwrap(handle.result()),
    stats: () => unwrap(handle.stats()),
    delete: () => handle.delete(),
  };
}

// The leaderboard (core/leaderboard.h, leaderboard/FORMAT.md). Results are
// objects whose `errors` list every problem; nothing is thrown for bad data.
function wrapLeaderboard(module) {
  return {
    sha256: (text) => module.leaderboardSha256(text),
    makeBundle({ benchmark, gold, predictions, system, predictionsName = 'predictions.jsonl', file = '' }) {
      const result = JSON.parse(module.leaderboardMakeBundle(benchmark, gold, predictions, predictionsName,
                                                             JSON.stringify(system ?? null), file));
      if (!file) delete result.side_predictions;
      return result;
    },
    checkBundle({ benchmark, gold, bundle, file = 'bundle.json', predictions = null }) {
      const result = JSON.parse(module.leaderboardCheckBundle(benchmark, gold, bundle, file, predictions ?? null));
      if (result.report === null) delete result.report;
      return result;
    },
  };
}

/** Wraps an instantiated Emscripten module (createFruitbench()). */
export function wrap(module) {
  return {
    /** @returns {string} */
    version: () => module.version(),
    normalize: (inputs, edit) => unwrap(module.normalize(inputs, edit)),
    additions: (source, target) => unwrap(module.additions(source, target)),
    checkEdit5: (inputs, edit) => unwrap(module.checkEdit5(inputs, edit)),
    tokenize: (text, { stem = false } = {}) => unwrap(module.tokenize(text, stem)),
    splitSentences: (text) => unwrap(module.splitSentences(text)),
    linearize: (article, evidence) => unwrap(module.linearize(JSON.stringify(article), JSON.stringify(evidence))),
    parseLinearized: (inputs) => unwrap(module.parseLinearized(inputs)),
    parseTable: (text) => unwrap(module.parseTable(text)),
    baseline: (inputs, kind) => unwrap(module.baseline(inputs, kind)),
    diff: (inputs, update, kind) => unwrap(module.diff(inputs, update, kind)),
    scoreExample: ({ normalizedInputs, gold, prediction, inputs = '' }, options) =>
      unwrap(module.scoreExample(normalizedInputs, gold, prediction, inputs, optionsJson(options))),
    signature: (options) => unwrap(module.signature(optionsJson(options))),
    evaluate(gold, predictions, options = {}, { onExample = null, onProgress = null } = {}) {
      const { report, text } = unwrap(module.evaluate(gold, predictions, optionsJson(options), onExample, onProgress));
      // Not enumerable: the report stays equal to the parsed CLI output.
      Object.defineProperty(report, 'text', { value: text, enumerable: false });
      return report;
    },
    validate: (gold, predictions) => unwrap(module.validate(gold, predictions)),
    /**
     * `fruitbench compare`: `gold` is a function returning a fresh line source
     * over the gold file (it is read once per system).
     */
    compare(gold, predictionsA, predictionsB, { stem = false, method = 'bootstrap', resamples = 0, seed = 12345 } = {}) {
      if (typeof gold !== 'function') throw new TypeError('compare: gold must be a function returning a line source');
      const options = JSON.stringify({ stem, method, resamples, seed });
      const { report, text } = unwrap(module.compare(gold(), gold(), predictionsA, predictionsB, options));
      Object.defineProperty(report, 'text', { value: text, enumerable: false });
      return report;
    },
    leaderboard: wrapLeaderboard(module),
    // The editor model
    loadTokenizer: (jsonText) => wrapTokenizer(module, jsonText),
    createDecoder: (vocabulary, inputs, inputIds, options) =>
      wrapDecoder(module, vocabulary, inputs, inputIds, options),
  };
}
