// The Submit page's module worker: loads the wasm, fetches a benchmark's
// definition and gold from the built leaderboard (checking the gold's
// sha256), reads a prediction File (gunzipped when it is gzip), and makes the
// submission bundle with the core (api.leaderboard.makeBundle), so that
// scoring a large file never blocks the page. Messages in:
//   {type: 'benchmark', id, definitionUrl, goldUrl, goldSha256}
//   {type: 'bundle', id, file: File, system, sideFile}
// Messages out:
//   {type: 'ready', version, isolated}
//   {type: 'benchmark', id, ok, sha256, lines, bytes, error?}
//   {type: 'progress', text}
//   {type: 'bundled', bundle, report, errors, warnings, side: Blob | null, predictionBytes, compressed, seconds}
//   {type: 'error', error: {message, file, line, field}, fatal?}
import { loadFruitbench } from './fruitbench-web.mjs';
import { errorMessage } from './common.mjs';

// The core's limit on the uncompressed prediction JSONL (core/leaderboard.h
// kMaxPredictionBytes): reading stops past it instead of filling memory.
const maxPredictionBytes = 64 << 20;
const api = loadFruitbench();
const benchmarks = new Map(); // id -> {definition, gold}

class InputError extends Error {
  constructor(message, { file = '', line = 0, field = '' } = {}) {
    super(message);
    this.file = file;
    this.line = line;
    this.field = field;
  }
}

async function fetchText(url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

async function loadBenchmark(fruitbench, { id, definitionUrl, goldUrl, goldSha256 }) {
  const [definition, gold] = await Promise.all([fetchText(definitionUrl), fetchText(goldUrl)]);
  const sha256 = fruitbench.leaderboard.sha256(gold);
  const lines = gold.split('\n').length - (gold.endsWith('\n') ? 1 : 0);
  const ok = sha256 === goldSha256;
  if (ok) benchmarks.set(id, { definition, gold });
  postMessage({ type: 'benchmark', id, ok, sha256, lines, bytes: new TextEncoder().encode(gold).length });
}

/** Reads a stream into one Uint8Array, failing past `limit` bytes. */
async function readAll(stream, limit, name) {
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new InputError(`${name}: the predictions are over ${limit / (1 << 20)} MiB uncompressed, the ` +
        'leaderboard\'s limit', { file: name });
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** The file's text: gunzipped when it starts with the gzip magic bytes, strictly UTF-8. */
async function readPredictions(file) {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const compressed = head.length === 2 && head[0] === 0x1f && head[1] === 0x8b;
  let bytes;
  if (compressed) {
    postMessage({ type: 'progress', text: 'Decompressing…' });
    try {
      bytes = await readAll(file.stream().pipeThrough(new DecompressionStream('gzip')), maxPredictionBytes, file.name);
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(`${file.name}: not a valid gzip file (${error.message})`, { file: file.name });
    }
  } else {
    if (file.size > maxPredictionBytes) {
      throw new InputError(`${file.name}: the predictions are over ${maxPredictionBytes / (1 << 20)} MiB, the ` +
        'leaderboard\'s limit', { file: file.name });
    }
    bytes = new Uint8Array(await file.arrayBuffer());
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), bytes: bytes.length, compressed };
  } catch {
    // Name the first line that is not UTF-8.
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i === bytes.length || bytes[i] === 0x0a) {
        try {
          decoder.decode(bytes.subarray(start, i));
        } catch {
          break;
        }
        line++;
        start = i + 1;
      }
    }
    throw new InputError(`${file.name}:${line}: invalid UTF-8`, { file: file.name, line });
  }
}

async function gzip(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).blob();
}

async function bundle(fruitbench, { id, file, system, sideFile }) {
  const started = performance.now();
  const benchmark = benchmarks.get(id);
  if (!benchmark) throw new Error(`the benchmark ${id} is not loaded`);
  postMessage({ type: 'progress', text: 'Reading the predictions…' });
  const predictions = await readPredictions(file);
  postMessage({ type: 'progress', text: 'Validating and scoring…' });
  const args = {
    benchmark: benchmark.definition,
    gold: benchmark.gold,
    predictions: predictions.text,
    predictionsName: file.name,
    system,
  };
  let made = fruitbench.leaderboard.makeBundle(args);
  // Over 1 MiB the predictions go beside the bundle, as `fruitbench leaderboard bundle` does.
  if (made.errors.some((e) => e.message.includes('they go beside the bundle'))) {
    made = fruitbench.leaderboard.makeBundle({ ...args, file: sideFile });
  }
  let side = null;
  if (!made.errors.length && typeof made.side_predictions === 'string' && made.side_predictions.length) {
    postMessage({ type: 'progress', text: 'Compressing the predictions file…' });
    side = await gzip(made.side_predictions);
  }
  postMessage({
    type: 'bundled',
    bundle: made.bundle,
    report: made.report,
    errors: made.errors,
    warnings: made.warnings || [],
    side,
    predictionBytes: predictions.bytes,
    compressed: predictions.compressed,
    seconds: (performance.now() - started) / 1000,
  });
}

let queue = Promise.resolve();
self.addEventListener('message', (event) => {
  const message = event.data;
  queue = queue.then(async () => {
    let fruitbench;
    try {
      fruitbench = await api;
    } catch (error) {
      postMessage({ type: 'error', error: errorMessage(error), fatal: true });
      return;
    }
    try {
      if (message.type === 'benchmark') await loadBenchmark(fruitbench, message);
      else if (message.type === 'bundle') await bundle(fruitbench, message);
    } catch (error) {
      postMessage({ type: 'error', request: message.type, id: message.id, error: errorMessage(error) });
    }
  });
});

api.then(
  (fruitbench) => postMessage({
    type: 'ready', version: fruitbench.version(), isolated: self.crossOriginIsolated,
    leaderboard: Boolean(fruitbench.leaderboard && fruitbench.leaderboard.makeBundle),
  }),
  (error) => postMessage({ type: 'error', error: errorMessage(error), fatal: true }));
