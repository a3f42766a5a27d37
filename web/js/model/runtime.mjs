// The editor model's runtime: a T5-family ONNX export (Optimum /
// transformers.js layout) run with ONNX Runtime, decoded by the core's
// constrained EDIT5 decoder (core/decoding.h through wasm/fruitbench-api.mjs).
// No DOM: runs in a Web Worker, a page, or Node. ONNX Runtime is injected
// (onnxruntime-web's dist/ort.webgpu.min.mjs or dist/ort.wasm.min.mjs in
// browsers; onnxruntime-node or onnxruntime-web in Node).
//
// Model folder:
//   config.json            d_model, num_layers, num_decoder_layers, num_heads, d_kv, vocab_size,
//                          decoder_start_token_id, eos_token_id, pad_token_id
//   generation_config.json (optional) max_length, num_beams
//   tokenizer.json
//   onnx/encoder_model{variant}.onnx          input_ids, attention_mask -> last_hidden_state
//   onnx/decoder_model_merged{variant}.onnx   input_ids, encoder_attention_mask, encoder_hidden_states,
//                          past_key_values.{i}.{decoder,encoder}.{key,value}, use_cache_branch
//                          -> logits, present.{i}.{decoder,encoder}.{key,value}
// where variant is '' (fp32) or '_quantized' (int8 weights).

/** The files a model needs, for a variant ('' or '_quantized'). */
export function modelFiles(variant = '') {
  return ['config.json', 'tokenizer.json', `onnx/encoder_model${variant}.onnx`, `onnx/decoder_model_merged${variant}.onnx`];
}
export const OPTIONAL_FILES = ['generation_config.json', 'playground.json'];

/** The variants a list of paths holds, best first ('' before '_quantized'). */
export function variantsIn(paths) {
  const have = new Set(paths);
  return ['', '_quantized'].filter((v) => modelFiles(v).every((f) => have.has(f)));
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * The core's DecodeOptions the runtime uses unless edit() is given others. Measured with fruit_edit5
 * (tests/bench/model/README.md):
 *  - copy-span speculation: drafts grow after a fully accepted one and shrink after a rejected one
 *    (adaptiveDraft), and the input is looked up for the last 2-3 output tokens, not single tokens.
 *    Almost every accepted draft token came from copy runs and longer matches, while single-token
 *    lookups and fixed 8-token drafts fed many positions that were rejected, which made speculation
 *    slower than plain greedy decoding on wasm.
 *  - grounded decoding (core/decoding.h): new sentences name only what the article or the evidence they
 *    cite contains, and continuing a span of it gets copyBias added to its logit (chosen on generated
 *    validation examples, models/fruit_edit5/README.md).
 *  - beam search stops as Hugging Face's generate() does by default (early_stopping=False:
 *    'heuristic'); the core's 'exact' rule can rarely stop before max_tokens with a length penalty
 *    of 1, which made beam 4 run ~3x more passes for the same output on 19 of 20 inputs.
 */
export const DECODE_DEFAULTS = Object.freeze({
  adaptiveDraft: true, draftNgramMin: 2, earlyStopping: 'heuristic', grounded: true, copyBias: 0, noRepeatNgram: 3,
});

function int64Tensor(ort, values, dims) {
  const data = new BigInt64Array(values.length);
  for (let i = 0; i < values.length; ++i) data[i] = BigInt(values[i]);
  return new ort.Tensor('int64', data, dims);
}

// Repeats a [1, ...] float tensor to [rows, ...].
function tileRows(ort, tensor, rows) {
  if (rows === tensor.dims[0]) return tensor;
  const one = tensor.data.length / tensor.dims[0];
  const data = new tensor.data.constructor(one * rows);
  for (let r = 0; r < rows; ++r) data.set(tensor.data.subarray(0, one), r * one);
  return new ort.Tensor(tensor.type, data, [rows, ...tensor.dims.slice(1)]);
}

// [rows', H, L', D] -> [rows.length, H, length, D]: row r is rows[r], the first `length` positions.
function takeRowsAndPositions(ort, tensor, rows, length) {
  const [R, H, L, D] = tensor.dims;
  let identity = rows.length === R && length === L;
  for (let r = 0; identity && r < rows.length; ++r) identity = rows[r] === r;
  if (identity) return tensor;
  const src = tensor.data;
  const out = new Float32Array(rows.length * H * length * D);
  const block = length * D;
  for (let r = 0; r < rows.length; ++r) {
    for (let h = 0; h < H; ++h) {
      const from = ((rows[r] * H + h) * L) * D;
      out.set(src.subarray(from, from + block), (r * H + h) * block);
    }
  }
  return new ort.Tensor('float32', out, [rows.length, H, length, D]);
}

async function readText(source, path, onProgress) {
  const bytes = await source.read(path, onProgress);
  return typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes);
}

/**
 * Loads a model.
 * @param {object} o
 * @param {object} o.ort           ONNX Runtime (onnxruntime-web or onnxruntime-node)
 * @param {object} o.fruitbench    the fruitbench API (wrap() of the wasm module)
 * @param {object} o.source        {name, list(): string[] | null, read(path, onProgress?): Promise<Uint8Array|string>}
 * @param {string} [o.variant]     '' (fp32) or '_quantized'; default: the first the source lists ('' if unknown)
 * @param {string[]} [o.executionProviders]  default: ONNX Runtime's (cpu in onnxruntime-node, wasm in onnxruntime-web)
 * @param {string} [o.backend]     the name reported with results (default: the execution providers)
 * @param {object} [o.sessionOptions]  more ONNX Runtime session options
 * @param {(p: {file: string, loaded: number, total: number, fileIndex: number, files: number}) => void} [o.onProgress]
 */
export async function loadModel({ ort, fruitbench, source, variant, executionProviders, backend, sessionOptions = {},
                                  onProgress = null }) {
  const listed = source.list ? source.list() : null;
  if (variant === undefined) {
    const found = listed ? variantsIn(listed) : [''];
    if (!found.length) {
      const missing = modelFiles('').filter((f) => !listed.includes(f));
      throw new Error(`${source.name}: not a model folder: missing ${missing.join(', ')} ` +
                      `(or their _quantized variants)`);
    }
    variant = found[0];
  }
  const files = modelFiles(variant);
  const t0 = now();
  const blobs = {};
  for (let i = 0; i < files.length; ++i) {
    const file = files[i];
    const progress = onProgress ? (loaded, total) => onProgress({ file, loaded, total, fileIndex: i, files: files.length })
                                : null;
    blobs[file] = await source.read(file, progress);
  }
  let generation = {};
  if (!listed || listed.includes('generation_config.json')) {
    try { generation = JSON.parse(await readText(source, 'generation_config.json')); } catch { generation = {}; }
  }
  const text = (b) => (typeof b === 'string' ? b : new TextDecoder().decode(b));
  const config = JSON.parse(text(blobs['config.json']));
  for (const key of ['d_kv', 'num_heads', 'vocab_size']) {
    if (typeof config[key] !== 'number') throw new Error(`${source.name}: config.json has no ${key}`);
  }
  const layers = config.num_decoder_layers ?? config.num_layers;
  const tokenizer = fruitbench.loadTokenizer(text(blobs['tokenizer.json']));
  const vocabulary = tokenizer.vocabulary(config.vocab_size);
  const loadMs = now() - t0;

  // Without executionProviders, ONNX Runtime's default: cpu (onnxruntime-node), wasm (onnxruntime-web).
  const providers = executionProviders || [];
  const options = { graphOptimizationLevel: 'all', ...sessionOptions };
  if (providers.length) options.executionProviders = providers;
  const t1 = now();
  const bytes = (b) => (b instanceof Uint8Array ? b : new Uint8Array(b));
  const encoder = await ort.InferenceSession.create(bytes(blobs[files[2]]), options);
  const decoder = await ort.InferenceSession.create(bytes(blobs[files[3]]), options);
  const sessionMs = now() - t1;
  for (const name of ['input_ids', 'encoder_hidden_states', 'use_cache_branch']) {
    if (!decoder.inputNames.includes(name)) throw new Error(`${source.name}: ${files[3]} has no input ${name}`);
  }
  const heads = config.num_heads;
  const dkv = config.d_kv;
  const encoderAttentionMask = decoder.inputNames.includes('encoder_attention_mask');
  const model = {
    name: source.name,
    variant,
    config,
    generation,
    tokenizer,
    vocabulary,
    backend: backend || providers.map((p) => (typeof p === 'string' ? p : p.name)).join('+') || 'default',
    loadTimings: { files_ms: loadMs, sessions_ms: sessionMs },

    /**
     * Updates one linearized FRUIT input. Returns {targets (EDIT5), tokens, hypotheses, stats, timings, backend}.
     * options: DecodeOptions of the core (beams, maxTokens, speculation ...); firstLogits: also return the
     * first pass's logits row (for backend self-checks).
     */
    async edit(inputs, decodeOptions = {}, { firstLogits = false } = {}) {
      const start = now();
      const ids = tokenizer.encode(inputs);
      const S = ids.length;
      const mask1 = int64Tensor(ort, new Array(S).fill(1), [1, S]);
      const encoded = await encoder.run({ input_ids: int64Tensor(ort, ids, [1, S]), attention_mask: mask1 });
      const hidden = encoded.last_hidden_state;
      const encoderMs = now() - start;
      const options = { maxTokens: generation.max_length || 256, ...DECODE_DEFAULTS, ...decodeOptions };
      const dec = fruitbench.createDecoder(vocabulary, inputs, ids, options);
      const decodeStart = now();
      let self = null;   // present.{i}.decoder.{key,value} of the last pass
      let cross = null;  // present.{i}.encoder.{key,value} of the first pass (1 row)
      let first = null;
      const empty = (rows) => new ort.Tensor('float32', new Float32Array(0), [rows, heads, 0, dkv]);
      // The encoder output, its mask and the cross-attention cache are the same for every row and every
      // pass: repeat them to a row count once (beam search feeds 1 row, then up to num_beams).
      const tiles = new Map();
      const tiled = (rows) => {
        let t = tiles.get(rows);
        if (!t) {
          t = { hidden: tileRows(ort, hidden, rows), mask: tileRows(ort, mask1, rows), cross: {} };
          tiles.set(rows, t);
        }
        return t;
      };
      try {
        while (!dec.done()) {
          const step = dec.nextInputs();
          const { rows, width } = step;
          const tile = tiled(rows);
          const feeds = {
            input_ids: int64Tensor(ort, step.tokens, [rows, width]),
            encoder_hidden_states: tile.hidden,
            use_cache_branch: new ort.Tensor('bool', [step.cache_length > 0], [1]),
          };
          if (encoderAttentionMask) feeds.encoder_attention_mask = tile.mask;
          for (let i = 0; i < layers; ++i) {
            for (const kind of ['key', 'value']) {
              const selfName = `past_key_values.${i}.decoder.${kind}`;
              const crossName = `past_key_values.${i}.encoder.${kind}`;
              if (step.cache_length === 0) {
                feeds[selfName] = empty(rows);
                feeds[crossName] = empty(rows);
              } else {
                feeds[selfName] = takeRowsAndPositions(ort, self[`present.${i}.decoder.${kind}`], step.cache_rows,
                                                       step.cache_length);
                const name = `present.${i}.encoder.${kind}`;
                feeds[crossName] = tile.cross[name] ??= tileRows(ort, cross[name], rows);
              }
            }
          }
          const out = await decoder.run(feeds);
          if (out.logits.dims[2] !== config.vocab_size) {
            throw new Error(`logits are ${out.logits.dims[2]} wide, config.json says vocab_size ${config.vocab_size}`);
          }
          if (firstLogits && !first) first = Float32Array.from(out.logits.data.subarray(0, config.vocab_size));
          self = out;
          if (step.cache_length === 0) {
            cross = {};
            for (let i = 0; i < layers; ++i) {
              for (const kind of ['key', 'value']) {
                const name = `present.${i}.encoder.${kind}`;
                const t = out[name];
                // rows is 1 on the first pass; keep one row and tile it later
                cross[name] = t.dims[0] === 1 ? t : takeRowsAndPositions(ort, t, [0], t.dims[2]);
              }
            }
          }
          dec.advance(out.logits.data);
        }
        const result = dec.result();
        const decodeMs = now() - decodeStart;
        const generated = result.stats.generated;
        return {
          targets: result.text,
          tokens: result.ids,
          hypotheses: result.hypotheses,
          input_tokens: S,
          stats: result.stats,
          timings: {
            encoder_ms: encoderMs,
            decode_ms: decodeMs,
            total_ms: now() - start,
            passes: result.stats.passes,
            tokens_per_s: decodeMs > 0 ? (generated * 1000) / decodeMs : 0,
          },
          backend: model.backend,
          ...(firstLogits ? { first_logits: first } : {}),
        };
      } finally {
        dec.delete();
      }
    },

    async dispose() {
      vocabulary.delete();
      tokenizer.delete();
      await encoder.release?.();
      await decoder.release?.();
    },
  };
  return model;
}

/** A fixed input for backend self-checks and tests (three sentences, two evidence items). */
export const SELF_CHECK_INPUT =
  '[0] Aldov is a city in Latvia. [1] It is situated on a river. [2] The population was 6,099 in 2013. ' +
  '[CONTEXT] (0) Aldov The city merged with Ormowice in 2019. (1) Ormowice Ormowice is a village.';

/**
 * Compares two runs of SELF_CHECK_INPUT (edit(..., {firstLogits: true}) results): the same tokens, and first
 * logits within tolerance. Returns {ok, reason, max_logit_diff}.
 */
export function compareRuns(candidate, reference, tolerance = 1e-2) {
  let maxDiff = 0;
  const a = candidate.first_logits;
  const b = reference.first_logits;
  for (let i = 0; i < b.length; ++i) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= maxDiff)) maxDiff = Number.isNaN(d) ? Infinity : Math.max(maxDiff, d);
  }
  const scale = Math.max(1, ...Array.from(b, Math.abs));
  if (!(maxDiff <= tolerance * scale)) {
    return { ok: false, reason: `first logits differ by ${maxDiff.toPrecision(3)}`, max_logit_diff: maxDiff };
  }
  const same = candidate.tokens.length === reference.tokens.length &&
               candidate.tokens.every((t, i) => t === reference.tokens[i]);
  if (!same) return { ok: false, reason: 'decoded tokens differ', max_logit_diff: maxDiff };
  return { ok: true, reason: '', max_logit_diff: maxDiff };
}
