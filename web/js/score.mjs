// The Score page: two FRUIT JSONL files -> a module worker that streams
// them through the wasm -> report, per-example table, histogram, downloads;
// with a second prediction file, `fruitbench compare` of the two and the
// examples where they differ most (the leaderboard's compare view).
import {
  el, svg, setChildren, fmt, fmtCorpus, formatBytes, plural, errorView, showMessage, metricLabels, prfMetrics, entityMetrics,
  debounce, corpusLabels,
} from './common.mjs';
import { compareList, wireCompareEvidence } from './compare-view.mjs';
import { scoreHandoffKey } from './handoff.mjs';

const $ = (id) => document.getElementById(id);

const ui = {
  status: $('status'),
  version: $('version'),
  useExample: $('use-example'),
  goldZone: $('gold-zone'),
  predictionZone: $('prediction-zone'),
  goldFile: $('gold-file'),
  predictionFile: $('prediction-file'),
  predictionBZone: $('prediction-b-zone'),
  predictionBFile: $('prediction-b-file'),
  clearPredictionB: $('clear-prediction-b'),
  method: $('opt-method'),
  corpus: $('corpus'),
  comparison: $('comparison'),
  comparisonSummary: $('comparison-summary'),
  comparisonBody: document.querySelector('#comparison-table tbody'),
  comparisonSignature: $('comparison-signature'),
  comparisonHint: $('comparison-examples-hint'),
  comparisonExamples: $('comparison-examples'),
  downloadComparison: $('download-comparison'),
  options: $('options'),
  stem: $('opt-stem'),
  bootstrap: $('opt-bootstrap'),
  seed: $('opt-seed'),
  runScore: $('run-score'),
  runValidate: $('run-validate'),
  cancel: $('cancel'),
  progressLine: $('progress-line'),
  progress: $('progress'),
  progressText: $('progress-text'),
  runMessage: $('run-message'),
  results: $('results'),
  resultsSummary: $('results-summary'),
  aggregateBody: document.querySelector('#aggregate tbody'),
  faithfulnessBody: document.querySelector('#faithfulness tbody'),
  signature: $('signature'),
  warnings: $('warnings'),
  histogram: $('histogram'),
  filter: $('filter'),
  pageSize: $('page-size'),
  pagerTop: $('pager-top'),
  pagerBottom: $('pager-bottom'),
  examplesHead: document.querySelector('#examples thead'),
  examplesBody: document.querySelector('#examples tbody'),
  downloadReport: $('download-report'),
  downloadExamples: $('download-examples'),
};

const state = {
  files: { gold: null, prediction: null, predictionB: null },
  worker: null,
  workerReady: false,
  running: null,       // 'score' | 'validate' | null
  goldLines: 0,
  rows: [],            // {index, id, idText, u1, u2, uL, rL, em}
  rawLines: [],        // per-example JSON lines, as the CLI writes them
  run: null,           // {gold, prediction, options, goldOffsets, predictionOffsets}
  predictionIds: null, // Map JSON(id) -> prediction line index, built on demand
  sortKey: 'index',
  sortDirection: 1,
  filter: '',
  page: 0,
  view: [],
  urls: [],
};

// ---------------------------------------------------------------- files

function zoneFor(role) {
  return { gold: ui.goldZone, prediction: ui.predictionZone, predictionB: ui.predictionBZone }[role];
}

function setFile(role, file) {
  state.files[role] = file;
  const zone = zoneFor(role);
  zone.classList.toggle('has-file', Boolean(file));
  zone.querySelector('.file-name').textContent = file ? file.name : 'No file chosen';
  zone.querySelector('.file-size').textContent = file
    ? `${formatBytes(file.size)} (${file.size.toLocaleString('en-US')} bytes)` : '';
  if (role === 'predictionB') ui.clearPredictionB.hidden = !file;
  updateButtons();
}

function wireZone(zone, input, role) {
  input.addEventListener('change', () => setFile(role, input.files[0] || null));
  zone.addEventListener('dragenter', (event) => {
    event.preventDefault();
    zone.classList.add('dragover');
  });
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  zone.addEventListener('dragleave', (event) => {
    if (!zone.contains(event.relatedTarget)) zone.classList.remove('dragover');
  });
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragover');
    const file = event.dataTransfer.files[0];
    if (file) setFile(role, file);
  });
}

async function useBundledExample() {
  try {
    const [gold, prediction] = await Promise.all(['gold.jsonl', 'pred.jsonl'].map(async (name) => {
      const response = await fetch(`examples/${name}`);
      if (!response.ok) throw new Error(`examples/${name}: ${response.status}`);
      return new File([await response.blob()], name, { type: 'application/jsonl' });
    }));
    setFile('gold', gold);
    setFile('prediction', prediction);
  } catch (error) {
    showMessage(ui.status, 'error', el('p', {}, `Cannot load the bundled example: ${error.message}`));
  }
}

// ---------------------------------------------------------------- worker

function startWorker() {
  state.workerReady = false;
  state.worker = new Worker(new URL('./score-worker.mjs', import.meta.url), { type: 'module' });
  state.worker.addEventListener('message', onWorkerMessage);
  state.worker.addEventListener('error', (event) => {
    event.preventDefault();
    finishRun();
    showMessage(ui.runMessage, 'error', el('p', {}, el('strong', {}, 'The scoring worker failed: '),
      event.message || 'it could not be started (module workers need a current browser).'));
  });
}

function updateButtons() {
  const ready = state.workerReady && state.files.gold && state.files.prediction && !state.running;
  ui.runScore.disabled = !ready;
  ui.runValidate.disabled = !ready;
  ui.useExample.disabled = Boolean(state.running);
  ui.cancel.hidden = !state.running;
}

function readOptions() {
  const bootstrap = Number(ui.bootstrap.value);
  const seed = Number(ui.seed.value);
  if (!Number.isInteger(bootstrap) || bootstrap < 0 || bootstrap > 100000) {
    throw new Error('Bootstrap resamples must be a whole number from 0 to 100000.');
  }
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error('The seed must be a whole number ≥ 0.');
  return { stem: ui.stem.checked, bootstrap, seed, method: ui.method.value };
}

function beginRun(kind) {
  let options;
  try {
    options = readOptions();
  } catch (error) {
    showMessage(ui.runMessage, 'error', el('p', {}, error.message));
    return;
  }
  state.running = kind;
  state.rows = [];
  state.rawLines = [];
  state.goldLines = 0;
  state.predictionIds = null;
  state.run = { gold: state.files.gold, prediction: state.files.prediction, options,
                predictionB: kind === 'score' ? state.files.predictionB : null };
  showMessage(ui.runMessage, '');
  if (kind === 'score') ui.results.hidden = true;
  if (kind === 'score') ui.comparison.hidden = true;
  ui.progressLine.hidden = false;
  ui.progress.removeAttribute('value');
  ui.progressText.textContent = kind === 'score' ? 'Reading the files…' : 'Validating…';
  updateButtons();
  state.worker.postMessage({ type: kind, gold: state.run.gold, prediction: state.run.prediction,
                            predictionB: state.run.predictionB, options });
}

function finishRun() {
  state.running = null;
  updateButtons();
}

function cancelRun() {
  state.worker.terminate();
  finishRun();
  ui.progressLine.hidden = true;
  showMessage(ui.runMessage, 'warning', el('p', {}, 'Cancelled.'));
  startWorker();
}

function onWorkerMessage(event) {
  const message = event.data;
  switch (message.type) {
    case 'ready':
      state.workerReady = true;
      document.body.dataset.workerIsolated = String(message.isolated);
      ui.version.textContent = `fruitbench ${message.version} · WebAssembly · runs locally`;
      updateButtons();
      break;
    case 'lines':
      state.goldLines = message.gold;
      ui.progress.max = Math.max(1, message.gold);
      ui.progress.value = 0;
      ui.progressText.textContent = `0 / ${plural(message.gold, 'example')}`;
      break;
    case 'examples':
      for (const line of message.lines) addExampleLine(line);
      ui.progress.value = message.done;
      ui.progressText.textContent = `${message.done.toLocaleString('en-US')} / ${plural(state.goldLines, 'example')}`;
      break;
    case 'done':
      state.run.goldOffsets = message.goldOffsets;
      state.run.predictionOffsets = message.predictionOffsets;
      ui.progress.value = ui.progress.max;
      ui.progressText.textContent = `${plural(message.report.n, 'example')} scored in ${message.seconds.toFixed(2)} s`;
      if (state.run.predictionB) ui.progressText.textContent += '; comparing A and B…';
      else finishRun();
      showResults(message.report, message.reportText, message.seconds);
      break;
    case 'compared':
      ui.progressText.textContent = ui.progressText.textContent.replace('; comparing A and B…', '; A and B compared');
      finishRun();
      showComparison(message.report, message.reportText, message.examples);
      break;
    case 'validated':
      finishRun();
      ui.progressLine.hidden = true;
      showValidation(message.result);
      break;
    case 'error': {
      const kind = state.running;
      finishRun();
      ui.progressLine.hidden = true;
      if (message.fatal) {
        showMessage(ui.status, 'error', el('p', {}, el('strong', {}, 'The fruitbench module could not be loaded: '),
          message.error.message), el('p', {}, 'Build it with ', el('code', {}, 'bash wasm/build.sh'), '.'));
      } else {
        showMessage(ui.runMessage, 'error', ...errorView(message.error,
          kind === 'validate' ? 'Validation stopped' : 'Scoring stopped'),
        el('p', { class: 'hint' }, 'Nothing was scored: fix the file and run again.'));
      }
      break;
    }
    default:
      break;
  }
}

function addExampleLine(line) {
  const example = JSON.parse(line);
  state.rawLines.push(line);
  state.rows.push({
    index: state.rows.length,
    id: example.id,
    idText: typeof example.id === 'string' ? example.id : JSON.stringify(example.id),
    u1: example.update_rouge1.fmeasure,
    u2: example.update_rouge2.fmeasure,
    uL: example.update_rougeLsum.fmeasure,
    rL: example.rougeL.fmeasure,
    em: example.exact_match,
    ue: example.unsupported_entity_tokens,
    ep: example.entity_precision,
    er: example.entity_recall,
  });
}

// ---------------------------------------------------------------- results

function numberCell(value, field) {
  return el('td', { dataset: { field, value: String(value) } }, fmt(value));
}

function showResults(report, reportText, seconds) {
  const { gold, prediction, options } = state.run;
  setChildren(ui.resultsSummary,
    `${plural(report.n, 'example')} in ${seconds.toFixed(2)} s: `,
    el('code', {}, gold.name), ` (${formatBytes(gold.size)}) against `,
    el('code', {}, prediction.name), ` (${formatBytes(prediction.size)}). Mean over examples, 0–100`,
    report.bootstrap ? `; interval: 95% bootstrap of F (${options.bootstrap} resamples, seed ${options.seed}).`
      : '; no bootstrap interval.');

  const rows = prfMetrics.map((metric) => {
    const mean = report.mean[metric];
    const boot = report.bootstrap && report.bootstrap[metric];
    return el('tr', { dataset: { metric }, class: metric === 'update_rouge1' ? 'emph' : null },
      el('th', { scope: 'row' }, metricLabels[metric]),
      numberCell(mean.precision, 'precision'), numberCell(mean.recall, 'recall'), numberCell(mean.fmeasure, 'fmeasure'),
      boot ? el('td', { dataset: { low: String(boot.low.fmeasure), high: String(boot.high.fmeasure) } },
        `${fmt(boot.low.fmeasure)} – ${fmt(boot.high.fmeasure)}`) : el('td', {}, '–'));
  });
  const emBoot = report.bootstrap && report.bootstrap.exact_match;
  rows.push(el('tr', { dataset: { metric: 'exact_match' } },
    el('th', { scope: 'row' }, metricLabels.exact_match), el('td', {}, ''), el('td', {}, ''),
    numberCell(report.mean.exact_match, 'fmeasure'),
    emBoot ? el('td', { dataset: { low: String(emBoot.low), high: String(emBoot.high) } },
      `${fmt(emBoot.low)} – ${fmt(emBoot.high)}`) : el('td', {}, '–')));
  setChildren(ui.aggregateBody, rows);
  setChildren(ui.faithfulnessBody, Object.entries(entityMetrics).map(([metric, { label }]) => {
    const boot = report.bootstrap && report.bootstrap[metric];
    return el('tr', { dataset: { metric } },
      el('th', { scope: 'row' }, label),
      numberCell(report.mean[metric], 'mean'),
      boot ? el('td', { dataset: { low: String(boot.low), high: String(boot.high) } },
        `${fmt(boot.low)} – ${fmt(boot.high)}`) : el('td', {}, '–'),
      el('td', { dataset: { field: 'defined' } }, String(report.defined[metric])));
  }));
  ui.signature.textContent = report.signature;
  showCorpus(report.corpus || {});

  if (report.warnings.length) {
    setChildren(ui.warnings, el('div', { class: 'message warning' },
      el('p', {}, el('strong', {}, `${plural(report.warnings.length, 'warning')}`),
        ' (scoring went on; the official code logs the same cases):'),
      el('ul', {}, report.warnings.map((w) => el('li', {}, w)))));
  } else {
    setChildren(ui.warnings, el('p', { class: 'hint' }, 'No warnings.'));
  }

  for (const url of state.urls) URL.revokeObjectURL(url);
  const reportUrl = URL.createObjectURL(new Blob([reportText], { type: 'application/json' }));
  const examplesUrl = URL.createObjectURL(new Blob([state.rawLines.join('\n') + (state.rawLines.length ? '\n' : '')],
    { type: 'application/jsonl' }));
  state.urls = [reportUrl, examplesUrl];
  ui.downloadReport.href = reportUrl;
  ui.downloadExamples.href = examplesUrl;

  drawHistogram(state.rows.map((r) => r.u1));
  state.page = 0;
  applyView();
  ui.results.hidden = false;
  ui.results.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

// FRUIT's corpus-level metrics: only those the data allows (EDIT5 predictions;
// generatable_surfaces in gold for the surface recalls).
function showCorpus(corpus) {
  const keys = Object.keys(corpusLabels).filter((k) => Number.isFinite(corpus[k]));
  if (!keys.length) {
    setChildren(ui.corpus, el('p', { class: 'hint' }, 'FRUIT\'s corpus-level metrics (evidence references, kept ',
      'sentences, surface recall) need EDIT5 predictions (', el('code', {}, 'targets'), ').'));
    return;
  }
  setChildren(ui.corpus,
    el('h3', {}, 'FRUIT\'s corpus-level metrics'),
    el('p', { class: 'hint' }, 'As the official metrics.py computes them: counts summed over all examples, ',
      'on its 0–1 scale. Reference: did the prediction cite the gold\'s evidence; retention: did it keep the ',
      'gold\'s source sentences.'),
    el('table', { class: 'data', id: 'corpus-table' },
      el('tbody', {}, keys.map((k) => el('tr', { dataset: { metric: k } },
        el('th', { scope: 'row' }, corpusLabels[k]),
        el('td', { dataset: { value: String(corpus[k]) } }, fmtCorpus(corpus[k])))))));
}

function showComparison(report, reportText, examples) {
  const { prediction, predictionB } = state.run;
  const method = report.method === 'bootstrap' ? 'paired bootstrap resampling' : 'paired approximate randomization';
  setChildren(ui.comparisonSummary, 'A = ', el('code', {}, prediction.name), ', B = ', el('code', {}, predictionB.name),
    `: ${method} over ${plural(report.n, 'example')}, ${report.resamples.toLocaleString('en-US')} `,
    report.method === 'bootstrap' ? 'resamples' : 'trials', `, seed ${report.seed}. Mean F (0–100); a p-value `,
    'below 0.05 says the difference is unlikely to be chance.');
  setChildren(ui.comparisonBody, Object.entries(report.metrics).map(([metric, m]) => el('tr', {
    dataset: { metric, pValue: String(m.p_value), difference: String(m.difference) },
    class: m.p_value < 0.05 ? 'significant' : null,
  },
  el('th', { scope: 'row' }, metricLabels[metric] ? `${metricLabels[metric]}${metric === 'exact_match' ? '' : ' F'}` : metric),
  el('td', {}, fmt(m.mean_a)), el('td', {}, fmt(m.mean_b)),
  el('td', {}, `${m.difference > 0 ? '+' : ''}${fmt(m.difference)}`),
  el('td', {}, `${fmt(m.low)} – ${fmt(m.high)}`),
  el('td', {}, m.p_value < 0.001 ? '< 0.001' : m.p_value.toFixed(3)))));
  ui.comparisonSignature.textContent = report.signature;
  const url = URL.createObjectURL(new Blob([reportText], { type: 'application/json' }));
  state.urls.push(url);
  ui.downloadComparison.href = url;
  ui.comparisonHint.textContent = examples.length
    ? `${plural(examples.length, 'example')} whose UpdateROUGE-Lsum F differs most, largest difference first. ` +
      'Open one to see both updates as highlighted edits.'
    : 'A and B score the same on every example.';
  setChildren(ui.comparisonExamples, compareList(examples, [prediction.name, predictionB.name], 'score-cmp'));
  ui.comparison.hidden = false;
}

function showValidation(result) {
  if (!result.problems.length) {
    showMessage(ui.runMessage, 'ok', el('p', {}, el('strong', {}, 'No problems found: '),
      `${plural(result.examples, 'example')}, ${plural(result.edit5_predictions, 'EDIT5 prediction')} checked.`));
    return;
  }
  showMessage(ui.runMessage, 'warning',
    el('p', {}, el('strong', {}, `${plural(result.problems.length, 'problem')}`),
      ` in ${plural(result.examples, 'example')} (${plural(result.edit5_predictions, 'EDIT5 prediction')}):`),
    el('ul', {}, result.problems.slice(0, 200).map((p) => el('li', {}, el('code', {}, p.text)))),
    result.problems.length > 200 ? el('p', {}, `…and ${result.problems.length - 200} more.`) : null);
}

// ---------------------------------------------------------------- histogram

function drawHistogram(values) {
  const bins = new Array(10).fill(0);
  for (const v of values) bins[Math.min(9, Math.max(0, Math.floor(v / 10)))]++;
  const labels = bins.map((_, i) => `${i * 10}–${i * 10 + 10}`);
  const maxCount = Math.max(1, ...bins);
  const width = 640;
  const height = 280;
  const margin = { top: 24, right: 12, bottom: 52, left: 48 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const barWidth = plotWidth / 10;
  const y = (count) => margin.top + plotHeight - (count / maxCount) * plotHeight;
  const ticks = [...new Set([0, Math.round(maxCount / 2), maxCount])];
  const describe = bins.map((n, i) => `${labels[i]}: ${plural(n, 'example')}`).join('; ');

  const chart = svg('svg', {
    class: 'histogram', viewBox: `0 0 ${width} ${height}`, role: 'img',
    'aria-labelledby': 'histogram-title histogram-desc',
  },
  svg('title', { id: 'histogram-title' }, `Histogram of per-example UpdateROUGE-1 F over ${plural(values.length, 'example')}`),
  svg('desc', { id: 'histogram-desc' }, `Examples per F range, 10-point bins (100 falls in 90–100): ${describe}.`),
  ticks.map((t) => [
    svg('line', { class: 'grid', x1: margin.left, x2: width - margin.right, y1: y(t), y2: y(t) }),
    svg('text', { x: margin.left - 8, y: y(t) + 4, 'text-anchor': 'end' }, String(t)),
  ]),
  bins.map((count, i) => {
    const x = margin.left + i * barWidth + 3;
    const top = y(count);
    return svg('g', { dataset: { bin: String(i), count: String(count) } },
      svg('rect', { class: 'bar', x, y: top, width: barWidth - 6, height: margin.top + plotHeight - top },
        svg('title', {}, `UpdateROUGE-1 F ${labels[i]}: ${plural(count, 'example')}`)),
      count ? svg('text', { class: 'count', x: x + (barWidth - 6) / 2, y: top - 5, 'text-anchor': 'middle' },
        String(count)) : null,
      svg('text', { x: x + (barWidth - 6) / 2, y: margin.top + plotHeight + 18, 'text-anchor': 'middle' },
        labels[i]));
  }),
  svg('line', {
    class: 'axis', x1: margin.left, x2: width - margin.right, y1: margin.top + plotHeight, y2: margin.top + plotHeight,
  }),
  svg('text', { x: margin.left + plotWidth / 2, y: height - 8, 'text-anchor': 'middle' },
    'UpdateROUGE-1 F of an example'),
  svg('text', {
    x: 14, y: margin.top + plotHeight / 2, 'text-anchor': 'middle',
    transform: `rotate(-90 14 ${margin.top + plotHeight / 2})`,
  }, 'examples'));
  setChildren(ui.histogram, chart);
}

// ---------------------------------------------------------------- per-example table

function applyView() {
  const filter = state.filter.toLowerCase();
  const rows = filter ? state.rows.filter((r) => r.idText.toLowerCase().includes(filter)) : state.rows.slice();
  const key = state.sortKey;
  const direction = state.sortDirection;
  rows.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (key === 'id') {
      const sx = a.idText;
      const sy = b.idText;
      if (sx !== sy) return (sx < sy ? -1 : 1) * direction;
    } else if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1; // undefined values last in either direction
    } else if (x !== y) {
      return (x - y) * direction;
    }
    return a.index - b.index;
  });
  state.view = rows;
  const pages = Math.max(1, Math.ceil(rows.length / pageSize()));
  state.page = Math.min(state.page, pages - 1);
  for (const th of ui.examplesHead.querySelectorAll('th[data-key]')) {
    if (th.dataset.key === key) th.setAttribute('aria-sort', direction > 0 ? 'ascending' : 'descending');
    else th.removeAttribute('aria-sort');
  }
  renderPage();
}

function pageSize() {
  return Number(ui.pageSize.value) || 50;
}

function renderPage() {
  const size = pageSize();
  const start = state.page * size;
  const rows = state.view.slice(start, start + size);
  setChildren(ui.examplesBody, rows.map((row) => el('tr', { dataset: { index: String(row.index) } },
    el('td', {}, String(row.index + 1)),
    el('td', { class: 'id-cell' }, el('button', {
      type: 'button',
      class: 'link open-example',
      title: `Open ${row.idText} in the Editor`,
      'aria-label': `Open example ${row.idText} in the Editor`,
      onclick: () => openExample(row),
    }, row.idText)),
    numberCell(row.u1, 'update_rouge1'), numberCell(row.u2, 'update_rouge2'), numberCell(row.uL, 'update_rougeLsum'),
    numberCell(row.rL, 'rougeL'), el('td', { dataset: { field: 'exact_match', value: String(row.em) } }, String(row.em)),
    el('td', { dataset: { field: 'unsupported_entity_tokens', value: String(row.ue) } }, String(row.ue)),
    numberCell(row.ep, 'entity_precision'), numberCell(row.er, 'entity_recall'))));
  if (!rows.length) {
    setChildren(ui.examplesBody, el('tr', {}, el('td', { colspan: '10', class: 'empty-note' }, 'No example matches.')));
  }
  const pages = Math.max(1, Math.ceil(state.view.length / size));
  for (const pager of [ui.pagerTop, ui.pagerBottom]) {
    const go = (page) => () => {
      state.page = page;
      renderPage();
    };
    setChildren(pager,
      el('button', { type: 'button', class: 'small', disabled: state.page === 0, onclick: go(0) }, '« First'),
      el('button', { type: 'button', class: 'small', disabled: state.page === 0, onclick: go(state.page - 1) },
        '‹ Previous'),
      el('span', { class: 'page-info' }, state.view.length
        ? `Rows ${(start + 1).toLocaleString('en-US')}–${(start + rows.length).toLocaleString('en-US')} of ` +
          `${state.view.length.toLocaleString('en-US')} · page ${state.page + 1} of ${pages}`
        : 'No rows'),
      el('button', { type: 'button', class: 'small', disabled: state.page >= pages - 1, onclick: go(state.page + 1) },
        'Next ›'),
      el('button', { type: 'button', class: 'small', disabled: state.page >= pages - 1, onclick: go(pages - 1) },
        'Last »'));
  }
}

// ---------------------------------------------------------------- open in the Editor

async function readLine(file, offsets, index) {
  const text = await file.slice(offsets[index], offsets[index + 1]).text();
  return text.replace(/\r?\n$/, '');
}

/** Maps each prediction id to its line, reading the file in slices of whole lines. */
async function predictionIdMap() {
  if (state.predictionIds) return state.predictionIds;
  const { prediction, predictionOffsets: offsets } = state.run;
  const map = new Map();
  const lines = offsets.length - 1;
  for (let first = 0; first < lines;) {
    let last = first + 1;
    while (last < lines && offsets[last + 1] - offsets[first] <= 4 << 20) last++;
    const text = await prediction.slice(offsets[first], offsets[last]).text();
    text.split('\n').slice(0, last - first).forEach((line, i) => {
      try {
        const record = JSON.parse(line);
        if (record && 'id' in record) map.set(JSON.stringify(record.id), first + i);
      } catch {
        // scoring succeeded, so every line parses; ignore anything odd
      }
    });
    first = last;
  }
  state.predictionIds = map;
  return map;
}

async function openExample(row) {
  const { gold, prediction, goldOffsets, predictionOffsets, options } = state.run;
  try {
    const goldLine = await readLine(gold, goldOffsets, row.index);
    const goldRecord = JSON.parse(goldLine);
    let predictionIndex = row.index;
    let predictionLine = await readLine(prediction, predictionOffsets, predictionIndex);
    // Paired by id when both files carry ids, otherwise by line order.
    if (goldRecord && 'id' in goldRecord) {
      const predictionRecord = JSON.parse(predictionLine);
      if (predictionRecord && 'id' in predictionRecord &&
          JSON.stringify(predictionRecord.id) !== JSON.stringify(goldRecord.id)) {
        predictionIndex = (await predictionIdMap()).get(JSON.stringify(goldRecord.id));
        if (predictionIndex === undefined) throw new Error(`no prediction has the id ${JSON.stringify(goldRecord.id)}`);
        predictionLine = await readLine(prediction, predictionOffsets, predictionIndex);
      }
    }
    localStorage.setItem(scoreHandoffKey, JSON.stringify({
      id: row.id,
      goldLine,
      predictionLine,
      goldName: gold.name,
      predictionName: prediction.name,
      goldLineNumber: row.index + 1,
      predictionLineNumber: predictionIndex + 1,
      stem: options.stem,
    }));
    const opened = window.open('index.html?from=score', '_blank');
    if (!opened) location.href = 'index.html?from=score';
  } catch (error) {
    showMessage(ui.status, 'error', el('p', {}, `Cannot open example ${row.idText}: ${error.message}`));
  }
}

// ---------------------------------------------------------------- wiring

function main() {
  wireZone(ui.goldZone, ui.goldFile, 'gold');
  wireZone(ui.predictionZone, ui.predictionFile, 'prediction');
  wireZone(ui.predictionBZone, ui.predictionBFile, 'predictionB');
  ui.clearPredictionB.addEventListener('click', () => {
    ui.predictionBFile.value = '';
    setFile('predictionB', null);
  });
  wireCompareEvidence(ui.comparisonExamples);
  // Dropping a file anywhere else must not navigate away from the page.
  window.addEventListener('dragover', (event) => event.preventDefault());
  window.addEventListener('drop', (event) => event.preventDefault());
  ui.useExample.addEventListener('click', useBundledExample);
  ui.options.addEventListener('submit', (event) => {
    event.preventDefault();
    beginRun('score');
  });
  ui.runValidate.addEventListener('click', () => beginRun('validate'));
  ui.cancel.addEventListener('click', cancelRun);
  ui.filter.addEventListener('input', debounce(() => {
    state.filter = ui.filter.value;
    state.page = 0;
    applyView();
  }, 150));
  ui.pageSize.addEventListener('change', () => {
    state.page = 0;
    renderPage();
  });
  for (const th of ui.examplesHead.querySelectorAll('th[data-key]')) {
    th.querySelector('button').addEventListener('click', () => {
      const key = th.dataset.key;
      if (state.sortKey === key) state.sortDirection = -state.sortDirection;
      else {
        state.sortKey = key;
        state.sortDirection = key === 'index' || key === 'id' ? 1 : -1;
      }
      state.page = 0;
      applyView();
    });
  }
  for (const [role, input] of [['gold', ui.goldFile], ['prediction', ui.predictionFile], ['predictionB', ui.predictionBFile]]) {
    if (input.files[0]) setFile(role, input.files[0]); // kept by the browser on reload
  }
  updateButtons();
  startWorker();
  document.body.dataset.ready = 'true';
}

main();
