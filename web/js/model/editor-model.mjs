// The Editor's "Update with model" panel: finds the site's model
// (generated/models/index.json, see ./config.mjs) or one the user picks,
// runs it in a Web Worker (./worker.mjs), and hands the EDIT5 output to the
// Editor, which shows it raw and as highlighted edits. Nothing is loaded
// until the user asks for it.
import { el, setChildren, fmt, formatBytes } from '../common.mjs';
import { MODELS_BASE, MODELS_INDEX, DEFAULT_MODEL } from './config.mjs';
import { variantsIn, modelFiles } from './runtime.mjs';

const $ = (id) => document.getElementById(id);

/**
 * @param {{getInputs: () => string | null, showOutput: (edit5: string) => void}} editor
 * @returns {{setArticleReady: (ready: boolean) => void}} the Editor says whether there is an article to update
 */
export function setupModelPanel(editor) {
  const ui = {
    run: $('model-run'),
    backend: $('model-backend'),
    beams: $('model-beams'),
    maxTokens: $('model-max-tokens'),
    speculation: $('model-speculation'),
    grounded: $('model-grounded'),
    pickFolder: $('model-pick-folder'),
    pickFiles: $('model-pick-files'),
    status: $('model-status'),
    progress: $('model-progress'),
    progressText: $('model-progress-text'),
    progressLine: $('model-progress-line'),
    result: $('model-result'),
    raw: $('model-raw'),
    timings: $('model-timings'),
    about: $('model-about'),
  };
  if (!ui.run) return { setArticleReady() {} };
  let source = null;       // what the worker should load: {kind, ...}
  let sourceLabel = '';
  let loadedKey = null;    // source + backend the worker has loaded
  let worker = null;
  let pending = null;
  let nextId = 1;
  let busy = false;
  let articleReady = true;
  const params = new URLSearchParams(location.search);
  // ?models=<same-origin folder> points at another model index (tests); ?model=<name> picks one
  const base = params.get('models') ? new URL(params.get('models'), location.href).href : MODELS_BASE;
  const indexUrl = params.get('models') ? new URL('index.json', base).href : MODELS_INDEX;

  const status = (...children) => setChildren(ui.status, ...children);
  const byoHint = () => el('span', {}, ' To run your own, pick a folder with a T5 ONNX export (config.json, ',
    'tokenizer.json, onnx/encoder_model.onnx, onnx/decoder_model_merged.onnx, or their _quantized variants) ',
    'with “Use your own model”.');

  const updateRunButton = () => { ui.run.disabled = busy || !source || !articleReady; };

  function setBusy(on) {
    busy = on;
    updateRunButton();
    ui.pickFolder.disabled = on;
    ui.pickFiles.disabled = on;
    ui.backend.disabled = on;
    ui.maxTokens.disabled = on;
  }

  function ensureWorker() {
    if (worker) return worker;
    worker = new Worker(new URL('./worker.mjs', import.meta.url), { type: 'module' });
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === 'progress') {
        ui.progressLine.hidden = false;
        const fraction = m.total ? m.loaded / m.total : 0;
        ui.progress.value = (m.fileIndex + Math.min(1, fraction)) / m.files;
        ui.progressText.textContent = `${m.file}: ${formatBytes(m.loaded)}${m.total ? ` of ${formatBytes(m.total)}` : ''}`;
      } else if (pending && (m.type === 'loaded' || m.type === 'result' || m.type === 'error')) {
        const { resolve, reject } = pending;
        pending = null;
        if (m.type === 'error') reject(new Error(m.message));
        else resolve(m);
      }
    };
    worker.onerror = (event) => {
      if (pending) {
        const { reject } = pending;
        pending = null;
        reject(new Error(event.message || 'the model worker failed to start'));
      }
    };
    return worker;
  }

  function ask(message, transfer = []) {
    return new Promise((resolve, reject) => {
      pending = { resolve, reject };
      ensureWorker().postMessage(message, transfer);
    });
  }

  async function run() {
    const inputs = editor.getInputs();
    if (!source || busy) return;
    if (!inputs) {
      status('Write an article and add evidence first: the model updates the input shown in step 3.');
      return;
    }
    setBusy(true);
    try {
      const key = `${sourceLabel}|${ui.backend.value}`;
      if (loadedKey !== key) {
        status(`Loading ${sourceLabel}…`);
        ui.progress.value = 0;
        // ?variant=quantized|fp32 picks the weights (default: fp32 when the folder has it)
        const variant = { quantized: '_quantized', fp32: '' }[params.get('variant')];
        const loaded = await ask({ type: 'load', source, backend: ui.backend.value, variant });
        loadedKey = key;
        ui.progressLine.hidden = true;
        ui.run.dataset.backend = loaded.backend;
        status(el('span', {}, `Model ${loaded.name} (${loaded.variant ? 'int8' : 'fp32'}) on `),
               el('strong', { id: 'model-backend-name' }, loaded.backend),
               loaded.reason ? el('span', {}, ` — ${loaded.reason}`) : '',
               loaded.check && loaded.check.ok ? el('span', {}, ` — WebGPU self-check passed (max logit difference ${loaded.check.max_logit_diff.toExponential(1)})`) : '');
      }
      const beams = Math.max(1, Math.min(16, Number(ui.beams.value) || 1));
      const started = performance.now();
      const options = { beams, speculation: ui.speculation.checked, grounded: ui.grounded.checked };
      const maxTokens = Math.floor(Number(ui.maxTokens.value));
      if (maxTokens >= 1) options.maxTokens = maxTokens; // else generation_config.json's max_length (or 256)
      const { result } = await ask({ type: 'edit', id: nextId++, inputs, options });
      const t = result.timings;
      ui.result.hidden = false;
      ui.raw.textContent = result.targets;
      setChildren(ui.timings,
        `Encoder ${fmt(t.encoder_ms, 1)} ms · decoding ${fmt(t.decode_ms, 1)} ms (${t.passes} passes, `,
        `${result.stats.generated} tokens, ${fmt(t.tokens_per_s, 1)} tokens/s`,
        result.stats.drafted ? `, ${result.stats.accepted} of ${result.stats.drafted} drafted tokens accepted` : '',
        `) · ${result.input_tokens} input tokens · total ${fmt(performance.now() - started, 0)} ms · backend `,
        el('strong', { id: 'model-result-backend' }, result.backend));
      ui.result.dataset.ready = 'true';
      editor.showOutput(result.targets);
    } catch (error) {
      ui.progressLine.hidden = true;
      loadedKey = null;
      status(el('strong', {}, 'The model failed: '), error.message);
      ui.result.dataset.ready = 'error';
    } finally {
      setBusy(false);
    }
  }

  function usePicked(files) {
    const list = [...files];
    if (!list.length) return;
    const paths = list.map((f) => {
      const rel = f.webkitRelativePath ? f.webkitRelativePath.split('/').slice(1).join('/') : '';
      return rel || (f.name.endsWith('.onnx') ? `onnx/${f.name}` : f.name);
    });
    if (!variantsIn(paths).length) {
      const missing = modelFiles('').filter((p) => !paths.includes(p));
      status(el('strong', {}, 'Not a model folder: '), `missing ${missing.join(', ')}.`, byoHint());
      return;
    }
    const folder = list[0].webkitRelativePath ? list[0].webkitRelativePath.split('/')[0] : 'your files';
    source = { kind: 'files', files: list };
    sourceLabel = `${folder} (${list.length} files, ${formatBytes(list.reduce((s, f) => s + f.size, 0))})`;
    loadedKey = null;
    updateRunButton();
    ui.about.hidden = true;
    status(`Your model: ${sourceLabel}. Press “Update with model”.`);
  }

  ui.run.addEventListener('click', run);
  ui.pickFolder.addEventListener('change', () => usePicked(ui.pickFolder.files));
  ui.pickFiles.addEventListener('change', () => usePicked(ui.pickFiles.files));
  ui.backend.addEventListener('change', () => { loadedKey = null; });

  (async () => {
    let index = null;
    try {
      const response = await fetch(indexUrl);
      if (response.ok) index = await response.json();
    } catch {
      index = null;
    }
    const wanted = params.get('model') || DEFAULT_MODEL || (index && index.default);
    const entry = index && index.models && index.models.find((m) => m.name === wanted);
    if (source) return; // the user picked one meanwhile
    if (!entry) {
      ui.run.disabled = true;
      ui.run.title = 'No model installed yet';
      status(el('strong', {}, 'No model installed yet.'), ' This site serves no editor model (models/<name>/ copied to ',
             el('code', {}, 'web/generated/models/'), ' by ', el('code', {}, 'bash wasm/build.sh'), ').', byoHint());
      ui.run.dataset.model = 'none';
      return;
    }
    if (index.ort === false) {
      ui.run.disabled = true;
      ui.pickFolder.disabled = true;
      ui.pickFiles.disabled = true;
      status(el('strong', {}, 'ONNX Runtime Web is not installed on this site'), ' (run ', el('code', {}, 'npm ci'),
             ' then ', el('code', {}, 'bash wasm/build.sh'), '), so the model cannot run.');
      return;
    }
    source = { kind: 'url', base: new URL(`${encodeURIComponent(entry.name)}/`, base).href, entry };
    const size = entry.files.filter((f) => modelFiles(entry.variants[0]).includes(f.path)).reduce((s, f) => s + f.size, 0);
    sourceLabel = `${entry.name}`;
    updateRunButton();
    ui.run.dataset.model = entry.name;
    status(`Model ${entry.name} (${formatBytes(size)}, downloaded once and kept in this browser's cache).`);
    if (entry.files.some((f) => f.path === 'playground.json')) {
      try {
        const response = await fetch(new URL('playground.json', source.base));
        if (response.ok) showAbout(await response.json());
      } catch {
        // the description is a courtesy; the model runs without it
      }
    }
  })();

  // What the model is, and how it scores beside the baselines (measured:
  // leaderboard/make_model_submission.sh writes playground.json from the bundles).
  function showAbout(about) {
    if (!about || typeof about.summary !== 'string') return;
    const parts = [el('strong', {}, 'What this model is: '), about.summary];
    const b = about.benchmark;
    if (b && typeof b.model === 'number' && Array.isArray(b.baselines)) {
      parts.push(` On ${b.name} (${b.examples} hand-written examples), ${b.metric}: `, el('strong', {}, `${fmt(b.model, 1)} for this model`),
        ...b.baselines.flatMap((x) => [`, ${fmt(x.score, 1)} for ${x.name}`]), '.');
    }
    if (typeof about.caveat === 'string') parts.push(' ', about.caveat);
    setChildren(ui.about, ...parts);
    ui.about.hidden = false;
  }

  return {
    setArticleReady(ready) {
      articleReady = ready;
      updateRunButton();
    },
  };
}
