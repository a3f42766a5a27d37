// The Score page's module worker: loads the wasm and streams the two Files
// through api.evaluate (or api.validate), 1 MiB slice at a time, so large
// files are never held whole in memory. Posts:
//   {type: 'ready', version, isolated}
//   {type: 'lines', gold, prediction}            line counts, before scoring
//   {type: 'examples', lines: [json, ...], done}  per-example lines, in batches
//   {type: 'done', report, reportText, goldOffsets, predictionOffsets, seconds}
//   {type: 'validated', result, goldOffsets, predictionOffsets}
//   {type: 'error', error: {name, message, file, line, field, reason}}
import { loadFruitbench, blobSource } from './fruitbench-web.mjs';
import { errorMessage } from './common.mjs';

const sliceSize = 1 << 20;
const api = loadFruitbench();

/**
 * Byte offsets where each line of a file starts (plus the end), read in
 * slices; lines are those the core reads (a final newline ends the last).
 */
function lineOffsets(blob) {
  const reader = new FileReaderSync();
  const starts = [0];
  for (let offset = 0; offset < blob.size; offset += sliceSize) {
    const bytes = new Uint8Array(reader.readAsArrayBuffer(blob.slice(offset, offset + sliceSize)));
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) starts.push(offset + i + 1);
  }
  if (starts[starts.length - 1] !== blob.size) starts.push(blob.size);
  return Float64Array.from(starts); // line i is [starts[i], starts[i + 1])
}

function score(fruitbench, { gold, prediction, options }) {
  const started = performance.now();
  const goldOffsets = lineOffsets(gold);
  const predictionOffsets = lineOffsets(prediction);
  postMessage({ type: 'lines', gold: goldOffsets.length - 1, prediction: predictionOffsets.length - 1 });

  let batch = [];
  let done = 0;
  let lastPost = performance.now();
  const flush = () => {
    if (!batch.length) return;
    postMessage({ type: 'examples', lines: batch, done });
    batch = [];
    lastPost = performance.now();
  };
  const report = fruitbench.evaluate(
    blobSource(gold, gold.name, sliceSize), blobSource(prediction, prediction.name, sliceSize), options, {
      onExample(line) {
        batch.push(line);
        done++;
        if (batch.length >= 2000 || performance.now() - lastPost > 100) flush();
      },
    });
  flush();
  postMessage({
    type: 'done',
    report,
    // The report exactly as `fruitbench score --format json` prints it (the
    // core's text: JavaScript would print some numbers differently).
    reportText: report.text,
    goldOffsets,
    predictionOffsets,
    seconds: (performance.now() - started) / 1000,
  }, [goldOffsets.buffer, predictionOffsets.buffer]);
}

function validate(fruitbench, { gold, prediction }) {
  const result = fruitbench.validate(blobSource(gold, gold.name, sliceSize),
    blobSource(prediction, prediction.name, sliceSize));
  postMessage({ type: 'validated', result });
}

self.addEventListener('message', async (event) => {
  let fruitbench;
  try {
    fruitbench = await api;
  } catch (error) {
    postMessage({ type: 'error', error: errorMessage(error), fatal: true });
    return;
  }
  const message = event.data;
  try {
    if (message.type === 'score') score(fruitbench, message);
    else if (message.type === 'validate') validate(fruitbench, message);
  } catch (error) {
    postMessage({ type: 'error', error: errorMessage(error) });
  }
});

api.then(
  (fruitbench) => postMessage({ type: 'ready', version: fruitbench.version(), isolated: self.crossOriginIsolated }),
  (error) => postMessage({ type: 'error', error: errorMessage(error), fatal: true }));
