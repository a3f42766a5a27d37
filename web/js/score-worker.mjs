// The Score page's module worker: loads the wasm and streams the two Files
// through api.evaluate (or api.validate), 1 MiB slice at a time, so large
// files are never held whole in memory. Posts:
//   {type: 'ready', version, isolated}
//   {type: 'lines', gold, prediction}            line counts, before scoring
//   {type: 'examples', lines: [json, ...], done}  per-example lines, in batches
//   {type: 'done', report, reportText, goldOffsets, predictionOffsets, seconds}
//   {type: 'compared', report, reportText, examples}  with a second prediction
//       file: `fruitbench compare` (A = the first, B = the second) and the
//       examples where they differ most, in the compare view's shape
//       (web/js/compare-view.mjs)
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

/** Calls fn(record, lineIndex) for every JSON line of a file, read in slices. */
function forEachRecord(blob, fn) {
  const source = blobSource(blob, blob.name, sliceSize);
  let rest = '';
  let index = 0;
  const take = (line) => {
    if (line.trim()) fn(JSON.parse(line), index);
    index++;
  };
  for (let chunk = source.read(); chunk !== null; chunk = source.read()) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    lines.forEach(take);
  }
  if (rest) take(rest);
}

/**
 * The compare view's examples for the ids of report.differ_most: each side's
 * update and the reference as the core's highlighted edits, and the evidence.
 * Pairing as the core's: by id when gold and predictions carry ids, else by line.
 */
function differingExamples(fruitbench, report, { gold, prediction, predictionB }) {
  const wanted = new Map(report.differ_most.map((d, i) => [JSON.stringify(d.id), i]));
  const golds = new Map();      // order -> gold record
  const goldLines = new Map();  // line index -> order
  let goldHasIds = false;
  forEachRecord(gold, (record, line) => {
    goldHasIds = 'id' in record;
    const order = wanted.get(JSON.stringify(goldHasIds ? record.id : String(line)));
    if (order !== undefined) {
      golds.set(order, record);
      goldLines.set(line, order);
    }
  });
  const predictions = (blob) => {
    const found = new Map();
    forEachRecord(blob, (record, line) => {
      const order = goldHasIds && 'id' in record ? wanted.get(JSON.stringify(record.id)) : goldLines.get(line);
      if (order !== undefined) found.set(order, record);
    });
    return found;
  };
  const a = predictions(prediction);
  const b = predictions(predictionB);
  const html = (inputs, record) => {
    try {
      return record.targets !== undefined ? fruitbench.diff(inputs, record.targets, 'edit5').html
        : fruitbench.diff(inputs, record.normalized_targets, 'text').html;
    } catch {
      return '';
    }
  };
  return report.differ_most.map((d, order) => {
    const g = golds.get(order) || {};
    const inputs = typeof g.inputs === 'string' ? g.inputs : '';
    let evidence = [];
    try {
      evidence = fruitbench.parseLinearized(inputs).evidence.map((e) => ({ index: e.index, title: e.display_title, text: e.body }));
    } catch {
      // the core scored this input, so it parses; keep the view going regardless
    }
    return {
      id: d.id,
      a: { fmeasure: d.a, html: html(inputs, a.get(order) || {}) },
      b: { fmeasure: d.b, html: html(inputs, b.get(order) || {}) },
      reference_html: html(inputs, { targets: g.targets }),
      evidence,
    };
  });
}

function compare(fruitbench, message) {
  const { gold, prediction, predictionB, options } = message;
  const report = fruitbench.compare(() => blobSource(gold, gold.name, sliceSize),
    blobSource(prediction, prediction.name, sliceSize), blobSource(predictionB, predictionB.name, sliceSize),
    { stem: options.stem, method: options.method, seed: options.seed });
  postMessage({ type: 'compared', report, reportText: report.text, examples: differingExamples(fruitbench, report, message) });
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
    if (message.type === 'score') {
      score(fruitbench, message);
      if (message.predictionB) compare(fruitbench, message);
    }
    else if (message.type === 'validate') validate(fruitbench, message);
  } catch (error) {
    postMessage({ type: 'error', error: errorMessage(error) });
  }
});

api.then(
  (fruitbench) => postMessage({ type: 'ready', version: fruitbench.version(), isolated: self.crossOriginIsolated }),
  (error) => postMessage({ type: 'error', error: errorMessage(error), fatal: true }));
