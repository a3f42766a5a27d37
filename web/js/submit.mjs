// The Submit page: a leaderboard benchmark (from the built site,
// generated/leaderboard/), a prediction file and the system's metadata -> a
// module worker that validates and scores them with the core
// (api.leaderboard.makeBundle) -> errors by file, line and field, or the
// local scores, the bundle to download and the steps of the pull request.
import { el, setChildren, fmt, formatBytes, plural, showMessage, metricLabels, prfMetrics } from './common.mjs';

const $ = (id) => document.getElementById(id);
const siteBase = new URL('../generated/leaderboard/', import.meta.url);

const ui = {
  status: $('status'),
  version: $('version'),
  benchmark: $('benchmark'),
  benchmarkInfo: $('benchmark-info'),
  zone: $('prediction-zone'),
  file: $('prediction-file'),
  form: $('system-form'),
  make: $('make-bundle'),
  makeHint: $('make-hint'),
  progressLine: $('progress-line'),
  progressText: $('progress-text'),
  checkMessage: $('check-message'),
  results: $('results'),
  primaryScore: $('primary-score'),
  resultsSummary: $('results-summary'),
  scoresBody: document.querySelector('#scores tbody'),
  signature: $('signature'),
  warnings: $('warnings'),
  downloadBundle: $('download-bundle'),
  downloadSide: $('download-side'),
  stepSideFiles: $('step-side-files'),
  cmdCopy: $('cmd-copy'),
  cmdCheck: $('cmd-check'),
  cmdBuild: $('cmd-build'),
  cmdGit: $('cmd-git'),
  copyCommands: $('copy-commands'),
  copyStatus: $('copy-status'),
};

// Form controls and the bundle fields they fill (errors name these fields).
const fields = [
  { id: 'sys-name', field: 'name' },
  { id: 'sys-team', field: 'team' },
  { id: 'sys-description', field: 'description' },
  { id: 'sys-parameters', field: 'parameters' },
  { id: 'sys-license', field: 'license' },
  { id: 'sys-date', field: 'date' },
  { id: 'link-paper', field: 'links.paper' },
  { id: 'link-code', field: 'links.code' },
  { id: 'link-model-card', field: 'links.model_card' },
];

const state = {
  benchmarks: [],        // from data/leaderboard.json
  loaded: new Map(),     // benchmark id -> {ok, sha256, lines, bytes}
  file: null,
  worker: null,
  workerReady: false,
  leaderboardApi: false,
  running: false,
  urls: [],
};

// ---------------------------------------------------------------- helpers

/** A path inside the built site (relative, no "..", no scheme), or null. */
function sitePath(path) {
  if (typeof path !== 'string' || !/^[A-Za-z0-9._\-/]+$/.test(path)) return null;
  if (path.startsWith('/') || path.split('/').some((s) => s === '..' || s === '' || s === '.')) return null;
  return path;
}

/** The bundle's file name: the system name in lower case, letters and digits joined by "-". */
function bundleName(systemName) {
  const slug = String(systemName || '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return slug || 'submission';
}

function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function currentBenchmark() {
  return state.benchmarks.find((b) => b.id === ui.benchmark.value) || null;
}

/** The system metadata of the form, as the bundle holds it. */
function readSystem() {
  const value = (id) => $(id).value.trim();
  const links = {};
  for (const [id, key] of [['link-paper', 'paper'], ['link-code', 'code'], ['link-model-card', 'model_card']]) {
    if (value(id)) links[key] = value(id);
  }
  const parameters = value('sys-parameters');
  // Optional fields left empty are left out.
  const system = { name: value('sys-name'), team: value('sys-team') };
  if (value('sys-description')) system.description = value('sys-description');
  system.kind = 'submission';
  system.parameters = parameters === '' ? null : Number(parameters);
  if (value('sys-license')) system.license = value('sys-license');
  system.date = value('sys-date');
  if (Object.keys(links).length) system.links = links;
  return system;
}

function clearFieldErrors() {
  for (const { id } of fields) {
    $(id).removeAttribute('aria-invalid');
    const slot = $(`${id}-error`);
    if (slot) {
      slot.hidden = true;
      slot.textContent = '';
    }
  }
}

/** Marks the form control an error is about, when it is about one: "system.name", "system.links.paper"… */
function markField(error) {
  const field = String(error.field || '').replace(/^system\./, '');
  if (!String(error.field || '').startsWith('system')) return false;
  const match = fields.find((f) => f.field === field) ||
    (field.startsWith('links') ? fields.find((f) => f.field === `links.${field.split('.')[1] || ''}`) : null);
  if (!match) return false;
  const control = $(match.id);
  control.setAttribute('aria-invalid', 'true');
  const slot = $(`${match.id}-error`);
  slot.textContent = slot.hidden || !slot.textContent ? error.message : `${slot.textContent} ${error.message}`;
  slot.hidden = false;
  return true;
}

// ---------------------------------------------------------------- benchmarks

async function loadLeaderboard() {
  let data;
  try {
    const response = await fetch(new URL('data/leaderboard.json', siteBase));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    data = await response.json();
  } catch (error) {
    setChildren(ui.benchmark, el('option', { value: '' }, 'No benchmark'));
    showMessage(ui.status, 'error',
      el('p', {}, el('strong', {}, 'The leaderboard is not built: '),
        `generated/leaderboard/data/leaderboard.json could not be read (${error.message}).`),
      el('p', {}, 'Build it with ', el('code', {}, 'bash web/start.sh'), ' or ',
        el('code', {}, './build/fruitbench leaderboard build --out web/generated/leaderboard'), '.'));
    return;
  }
  state.benchmarks = (Array.isArray(data.benchmarks) ? data.benchmarks : []).filter((b) => b && typeof b.id === 'string');
  if (!state.benchmarks.length) {
    setChildren(ui.benchmark, el('option', { value: '' }, 'No benchmark'));
    showMessage(ui.status, 'warning', el('p', {}, 'The leaderboard has no benchmark yet.'));
    return;
  }
  setChildren(ui.benchmark, state.benchmarks.map((b) => el('option', { value: b.id }, `${b.name || b.id}`)));
  ui.benchmark.disabled = false;
  selectBenchmark();
}

/** The benchmark definition's path in the site: beside its folder, as in leaderboard/benchmarks/. */
function definitionPath(benchmark) {
  return sitePath(benchmark.definition) || sitePath(`benchmarks/${benchmark.id}.json`);
}

function selectBenchmark() {
  const benchmark = currentBenchmark();
  invalidate();
  if (!benchmark) return;
  renderBenchmarkInfo(benchmark);
  if (!state.loaded.has(benchmark.id) && state.workerReady && state.leaderboardApi) requestBenchmark(benchmark);
}

function requestBenchmark(benchmark) {
  const gold = sitePath(benchmark.gold);
  const definition = definitionPath(benchmark);
  if (!gold || !definition) {
    state.loaded.set(benchmark.id, { ok: false, error: 'the leaderboard data names no usable gold file' });
    renderBenchmarkInfo(benchmark);
    return;
  }
  state.loaded.set(benchmark.id, { pending: true });
  state.worker.postMessage({
    type: 'benchmark', id: benchmark.id, goldSha256: benchmark.gold_sha256,
    definitionUrl: new URL(definition, siteBase).href, goldUrl: new URL(gold, siteBase).href,
  });
}

function renderBenchmarkInfo(benchmark) {
  const loaded = state.loaded.get(benchmark.id);
  const gold = sitePath(benchmark.gold);
  const inputs = sitePath(benchmark.inputs);
  let goldStatus;
  if (state.workerReady && !state.leaderboardApi) goldStatus = 'not checked (no leaderboard API in this build)';
  else if (!loaded || loaded.pending) goldStatus = el('span', { class: 'loading' }, 'checking the gold file…');
  else if (loaded.error) goldStatus = el('strong', {}, `cannot be used: ${loaded.error}`);
  else if (loaded.ok) goldStatus = `${plural(loaded.lines, 'line')}, sha256 matches the benchmark's`;
  else goldStatus = el('strong', {}, `sha256 ${loaded.sha256} is not the benchmark's ${benchmark.gold_sha256}`);
  setChildren(ui.benchmarkInfo, el('dl', {},
    benchmark.description ? [el('dt', {}, 'About'), el('dd', {}, benchmark.description)] : null,
    el('dt', {}, 'Examples'), el('dd', {}, String(benchmark.n ?? '–')),
    el('dt', {}, 'Ranked by'), el('dd', {}, `${metricLabels[benchmark.primary_metric] || benchmark.primary_metric} F`),
    el('dt', {}, 'Signature'), el('dd', {}, el('code', {}, benchmark.signature || '')),
    inputs ? [el('dt', {}, 'Inputs'), el('dd', {},
      el('a', { href: new URL(inputs, siteBase).href, download: inputs.split('/').pop() }, inputs.split('/').pop()),
      ' — what your system runs on')] : null,
    gold ? [el('dt', {}, 'Gold'), el('dd', { id: 'gold-status', dataset: { ok: String(Boolean(loaded && loaded.ok)) } },
      el('code', {}, gold.split('/').pop()), ': ', goldStatus)] : null));
  updateButtons();
}

// ---------------------------------------------------------------- file

function setFile(file) {
  state.file = file;
  ui.zone.classList.toggle('has-file', Boolean(file));
  ui.zone.querySelector('.file-name').textContent = file ? file.name : 'No file chosen';
  ui.zone.querySelector('.file-size').textContent = file
    ? `${formatBytes(file.size)} (${file.size.toLocaleString('en-US')} bytes)` : '';
  invalidate();
}

function wireZone() {
  ui.file.addEventListener('change', () => setFile(ui.file.files[0] || null));
  ui.zone.addEventListener('dragenter', (event) => {
    event.preventDefault();
    ui.zone.classList.add('dragover');
  });
  ui.zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  ui.zone.addEventListener('dragleave', (event) => {
    if (!ui.zone.contains(event.relatedTarget)) ui.zone.classList.remove('dragover');
  });
  ui.zone.addEventListener('drop', (event) => {
    event.preventDefault();
    ui.zone.classList.remove('dragover');
    const file = event.dataTransfer.files[0];
    if (file) setFile(file);
  });
}

// ---------------------------------------------------------------- worker

function startWorker() {
  state.workerReady = false;
  state.worker = new Worker(new URL('./submit-worker.mjs', import.meta.url), { type: 'module' });
  state.worker.addEventListener('message', onWorkerMessage);
  state.worker.addEventListener('error', (event) => {
    event.preventDefault();
    finishRun();
    showMessage(ui.status, 'error', el('p', {}, el('strong', {}, 'The worker failed: '),
      event.message || 'it could not be started (module workers need a current browser).'));
  });
}

function updateButtons() {
  const benchmark = currentBenchmark();
  const loaded = benchmark && state.loaded.get(benchmark.id);
  const ready = state.workerReady && state.leaderboardApi && loaded && loaded.ok && state.file && !state.running;
  ui.make.disabled = !ready;
  let hint = '';
  if (state.running) hint = '';
  else if (!state.workerReady) hint = 'Loading the fruitbench module…';
  else if (!state.leaderboardApi) hint = 'This build of the fruitbench module has no leaderboard API: rebuild it.';
  else if (!benchmark || !loaded || loaded.pending) hint = 'Waiting for the benchmark…';
  else if (!loaded.ok) hint = 'The benchmark\'s gold file cannot be used.';
  else if (!state.file) hint = 'Choose a prediction file.';
  ui.makeHint.textContent = hint;
}

function invalidate() {
  ui.results.hidden = true;
  for (const url of state.urls) URL.revokeObjectURL(url);
  state.urls = [];
  updateButtons();
}

function finishRun() {
  state.running = false;
  ui.progressLine.hidden = true;
  updateButtons();
}

function makeBundle() {
  const benchmark = currentBenchmark();
  if (ui.make.disabled || !benchmark) return;
  clearFieldErrors();
  const system = readSystem();
  const name = bundleName(system.name);
  state.running = true;
  state.run = { benchmark, system, name, file: state.file };
  invalidate();
  showMessage(ui.checkMessage, '');
  ui.progressLine.hidden = false;
  ui.progressText.textContent = 'Starting…';
  state.worker.postMessage({ type: 'bundle', id: benchmark.id, file: state.file, system,
    sideFile: `${name}.pred.jsonl.gz` });
}

function onWorkerMessage(event) {
  const message = event.data;
  switch (message.type) {
    case 'ready':
      state.workerReady = true;
      state.leaderboardApi = message.leaderboard;
      document.body.dataset.workerIsolated = String(message.isolated);
      ui.version.textContent = `fruitbench ${message.version} · WebAssembly · runs locally`;
      if (currentBenchmark()) renderBenchmarkInfo(currentBenchmark());
      if (state.leaderboardApi && currentBenchmark() && !state.loaded.has(currentBenchmark().id)) {
        requestBenchmark(currentBenchmark());
      }
      updateButtons();
      break;
    case 'benchmark': {
      state.loaded.set(message.id, { ok: message.ok, sha256: message.sha256, lines: message.lines });
      const benchmark = state.benchmarks.find((b) => b.id === message.id);
      if (benchmark && benchmark === currentBenchmark()) renderBenchmarkInfo(benchmark);
      break;
    }
    case 'progress':
      ui.progressText.textContent = message.text;
      break;
    case 'bundled':
      finishRun();
      showBundle(message);
      break;
    case 'error':
      if (message.fatal) {
        showMessage(ui.status, 'error', el('p', {}, el('strong', {}, 'The fruitbench module could not be loaded: '),
          message.error.message), el('p', {}, 'Build it with ', el('code', {}, 'bash wasm/build.sh'), '.'));
        break;
      }
      if (message.request === 'benchmark') {
        state.loaded.set(message.id, { ok: false, error: message.error.message });
        const benchmark = state.benchmarks.find((b) => b.id === message.id);
        if (benchmark && benchmark === currentBenchmark()) renderBenchmarkInfo(benchmark);
        break;
      }
      finishRun();
      showErrors([message.error]);
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- results

function showErrors(errors) {
  let marked = 0;
  for (const error of errors) if (markField(error)) marked++;
  const shown = errors.slice(0, 200);
  showMessage(ui.checkMessage, 'error',
    el('p', {}, el('strong', {}, `The bundle cannot be made: ${plural(errors.length, 'problem')}`),
      marked ? ` (${marked} in the form, marked there)` : '', '. No bundle was made: fix them and run again.'),
    el('table', { class: 'data errors', id: 'error-table' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'file'), el('th', { scope: 'col' }, 'line'),
        el('th', { scope: 'col' }, 'field'), el('th', { scope: 'col' }, 'problem'))),
      el('tbody', {}, shown.map((e) => el('tr', { dataset: { file: e.file || '', line: String(e.line || 0),
        field: e.field || '' } },
      el('td', { class: 'where' }, e.file || '–'), el('td', { class: 'where' }, e.line ? String(e.line) : '–'),
      el('td', { class: 'where' }, e.field || '–'), el('td', { class: 'problem' }, e.message || String(e)))))),
    errors.length > shown.length ? el('p', {}, `…and ${errors.length - shown.length} more.`) : null);
  ui.checkMessage.focus();
}

function intervalCell(boot, em) {
  if (!boot) return el('td', {}, '–');
  const low = em ? boot.low : boot.low.fmeasure;
  const high = em ? boot.high : boot.high.fmeasure;
  return el('td', { dataset: { low: String(low), high: String(high) } }, `${fmt(low)} – ${fmt(high)}`);
}

function numberCell(value, field) {
  return el('td', { dataset: { field, value: String(value) } }, fmt(value));
}

function showBundle(message) {
  const { bundle, report, errors, side } = message;
  if (errors && errors.length) {
    showErrors(errors);
    return;
  }
  const { benchmark, name, file } = state.run;
  const primary = benchmark.primary_metric;
  const primaryBoot = report.bootstrap && report.bootstrap[primary];
  showMessage(ui.checkMessage, 'ok', el('p', {}, el('strong', {}, 'Valid: '),
    `${plural(report.n, 'prediction')} checked and scored against ${benchmark.name || benchmark.id} in ` +
    `${message.seconds.toFixed(2)} s.`));

  setChildren(ui.primaryScore, `${metricLabels[primary] || primary} F `,
    el('span', { id: 'primary-value', dataset: { value: String(report.mean[primary].fmeasure) } },
      fmt(report.mean[primary].fmeasure)),
    primaryBoot ? el('span', { class: 'metric-family', id: 'primary-interval',
      dataset: { low: String(primaryBoot.low.fmeasure), high: String(primaryBoot.high.fmeasure) } },
    ` (95% interval ${fmt(primaryBoot.low.fmeasure)} – ${fmt(primaryBoot.high.fmeasure)})`) : null);
  setChildren(ui.resultsSummary, `${plural(report.n, 'example')}; `, el('code', {}, file.name), ' (',
    formatBytes(file.size), message.compressed ? `, ${formatBytes(message.predictionBytes)} uncompressed` : '',
    '). Mean over examples, 0–100; the interval is the 95% bootstrap interval of the signature below.');
  const rows = prfMetrics.map((metric) => {
    const mean = report.mean[metric];
    return el('tr', { dataset: { metric }, class: metric === primary ? 'emph' : null },
      el('th', { scope: 'row' }, metricLabels[metric]),
      numberCell(mean.precision, 'precision'), numberCell(mean.recall, 'recall'), numberCell(mean.fmeasure, 'fmeasure'),
      intervalCell(report.bootstrap && report.bootstrap[metric], false));
  });
  rows.push(el('tr', { dataset: { metric: 'exact_match' } }, el('th', { scope: 'row' }, metricLabels.exact_match),
    el('td', {}, ''), el('td', {}, ''), numberCell(report.mean.exact_match, 'fmeasure'),
    intervalCell(report.bootstrap && report.bootstrap.exact_match, true)));
  setChildren(ui.scoresBody, rows);
  ui.signature.textContent = report.signature;
  // The core's warnings about the predictions (e.g. "(2011)" in new text read as a reference), then the scorer's.
  const warnings = [...(message.warnings || []).map((w) => w.text || w.message),
    ...(Array.isArray(report.warnings) ? report.warnings : [])];
  setChildren(ui.warnings, warnings.length
    ? el('div', { class: 'message warning' }, el('p', {}, el('strong', {}, plural(warnings.length, 'warning')),
      ' (reported, not rejected: the bundle is valid):'),
    el('ul', {}, warnings.slice(0, 100).map((w) => el('li', {}, w))))
    : null);

  // Downloads.
  const bundleFile = `${name}.json`;
  const sideFile = `${name}.pred.jsonl.gz`;
  const bundleUrl = URL.createObjectURL(new Blob([bundle], { type: 'application/json' }));
  state.urls.push(bundleUrl);
  ui.downloadBundle.href = bundleUrl;
  ui.downloadBundle.download = bundleFile;
  ui.downloadBundle.textContent = `Download ${bundleFile}`;
  if (side) {
    const sideUrl = URL.createObjectURL(side);
    state.urls.push(sideUrl);
    ui.downloadSide.href = sideUrl;
    ui.downloadSide.download = sideFile;
    ui.downloadSide.textContent = `Download ${sideFile}`;
  }
  ui.downloadSide.hidden = !side;
  ui.stepSideFiles.hidden = !side;

  // Copying must not replace a published bundle: say so when the name is taken.
  const taken = state.benchmarks.some((b) => Array.isArray(b.rows) && b.rows.some((r) => r.submission === bundleFile));
  if (taken) {
    ui.warnings.prepend(el('div', { class: 'message warning', id: 'name-taken' }, el('p', {},
      el('strong', {}, `${bundleFile} is already on the leaderboard: `),
      'copying this file into leaderboard/submissions/ would replace that submission. Choose another system name ' +
      'and make the bundle again.')));
  }

  // The pull request, with this bundle's names.
  const files = side ? [bundleFile, sideFile] : [bundleFile];
  ui.cmdCopy.textContent = `cp ${files.map((f) => `~/Downloads/${f}`).join(' ')} leaderboard/submissions/`;
  ui.cmdCheck.textContent = './build/fruitbench leaderboard check';
  ui.cmdBuild.textContent = './build/fruitbench leaderboard build --out /tmp/fruitbench-site';
  ui.cmdGit.textContent = [
    `git switch -c submission/${name}`,
    `git add ${files.map((f) => `leaderboard/submissions/${f}`).join(' ')}`,
    `git commit -m 'Leaderboard: submission ${name} on ${benchmark.id}'`,
    `git push -u origin submission/${name}`,
    '# then open a pull request from that branch (CI runs the same check)',
  ].join('\n');
  ui.copyStatus.textContent = '';
  document.body.dataset.bundle = bundleFile;
  ui.results.hidden = false;
  ui.results.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

async function copyCommands() {
  const text = [ui.cmdCopy, ui.cmdCheck, ui.cmdBuild, ui.cmdGit].map((n) => n.textContent).join('\n');
  try {
    await navigator.clipboard.writeText(`${text}\n`);
    ui.copyStatus.textContent = 'Copied.';
  } catch {
    ui.copyStatus.textContent = 'The browser did not allow copying: select the commands above instead.';
  }
}

// ---------------------------------------------------------------- wiring

function main() {
  wireZone();
  window.addEventListener('dragover', (event) => event.preventDefault());
  window.addEventListener('drop', (event) => event.preventDefault());
  $('sys-date').value = today();
  ui.benchmark.addEventListener('change', selectBenchmark);
  ui.form.addEventListener('input', () => {
    if (!ui.results.hidden) invalidate(); // the downloaded bundle must match the form
  });
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    makeBundle();
  });
  ui.copyCommands.addEventListener('click', copyCommands);
  if (ui.file.files[0]) setFile(ui.file.files[0]); // kept by the browser on reload
  startWorker();
  loadLeaderboard().finally(() => {
    document.body.dataset.ready = 'true';
  });
}

main();
