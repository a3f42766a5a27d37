#!/usr/bin/env node
// The editor model's decoding benchmark (issue 4, item 8): a script that
// prints figures, not a test. In one run, on the same ONNX files and the
// same inputs, side by side:
//
//   - our runtime (web/js/model/runtime.mjs driving the core's constrained
//     decoder, as `npm run edit` does): greedy, greedy with copy-span
//     speculation, beam search; on onnxruntime-node and on onnxruntime-web's
//     wasm backend in Node;
//   - transformers.js generate() (greedy, same files, same threads, same
//     session options, same max tokens), and whether its tokens equal ours;
//   - our runtime in headless Chromium (the playground's Web Worker,
//     web/js/model/worker.mjs, on wasm), and a WebGPU correctness check on
//     Chromium's software adapter (its speed means nothing).
//
// Every engine runs in its own child process (one ONNX Runtime at a time,
// no idle sessions holding threads), one after the other.
//
//   bash tests/bench/model/bench.sh [--model DIR] [--n N] [options]   (see --help)
import { spawnSync, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..', '..');
const now = () => performance.now();

const usage = `usage: bash tests/bench/model/bench.sh [options]
  --model DIR        model folder (default: models/fruit_edit5 when it has an export)
  --inputs FILE      JSONL with an 'inputs' field per line (default: leaderboard/benchmarks/fruitbench-wiki-v1/inputs.jsonl
                     when it exists, else web/examples/gold.jsonl)
  --n N              first N examples of the inputs (default 60: all of fruitbench-wiki-v1)
  --variant V        quantized or fp32 (default: quantized when the folder has it)
  --threads N        ONNX Runtime threads everywhere (default 2)
  --max-tokens N     output tokens at most, EOS not counted (default: generation_config.json max_length, else 256)
  --beam N           beams of the beam-search row (default 4; 0 leaves it out)
  --webgpu-n N       examples of the WebGPU correctness check (default 3; 0 leaves it out)
  --skip ENGINES     comma-separated: node (onnxruntime-node; transformers.js runs in that process), web, transformers,
                     browser (or chromium)
  --speculation JSON more options of the speculative row, e.g. '{"draftTokens":4,"draftNgramMin":2,"adaptiveDraft":true}'
                     (default: the runtime's)
  --json FILE        also write every figure and token as JSON`;

// ------------------------------------------------------------------ helpers

function fail(message) {
  console.error(`bench_model: ${message}`);
  process.exit(2);
}

function readJsonl(file) {
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

function modeOptions(mode, maxTokens, beam, speculationOptions = {}) {
  if (mode === 'greedy') return { beams: 1, speculation: false, maxTokens };
  if (mode === 'speculative') return { beams: 1, speculation: true, maxTokens, ...speculationOptions };
  if (mode === 'beam') return { beams: beam, maxTokens };
  throw new Error(`unknown mode ${mode}`);
}

// The tokens a run chose, EOS included when it ended with EOS (as generate() returns them).
function fullTokens(result, eos) {
  const best = result.hypotheses && result.hypotheses[0];
  const ended = best ? best.ended_with_eos : true;
  return ended ? [...result.tokens, eos] : [...result.tokens];
}

// generated: the output's tokens, EOS included (beam search chooses more: stats.generated counts every beam's)
function record(result, eos) {
  const tokens = fullTokens(result, eos);
  return {
    latency_ms: result.timings.total_ms,
    encoder_ms: result.timings.encoder_ms,
    decode_ms: result.timings.decode_ms,
    generated: tokens.length,
    passes: result.stats.passes,
    positions: result.stats.positions,
    drafted: result.stats.drafted,
    accepted: result.stats.accepted,
    tokens,
    text: result.targets,
  };
}

// Counts the runs of every session ONNX Runtime makes from now on, and their time.
function instrument(InferenceSession, counters) {
  const create = InferenceSession.create.bind(InferenceSession);
  InferenceSession.create = async (...args) => wrapSession(await create(...args), counters);
}
function wrapSession(session, counters) {
  const run = session.run.bind(session);
  session.run = async (...args) => {
    const t = now();
    try {
      return await run(...args);
    } finally {
      counters.run_ms += now() - t;
      counters.runs += 1;
    }
  };
  return session;
}

// ------------------------------------------------------------------ children

// Our runtime; in the onnxruntime-node process also transformers.js, example by example in turn with
// our modes (same process, same moment, same machine state). transformers.js loads its own copy of
// onnxruntime-node (the same version) from this folder's node_modules.
async function childOurs(cfg) {
  const { loadFruitbench } = await import(pathToFileURL(path.join(root, 'wasm', 'node.mjs')).href);
  const { dirSource, loadOrt, loadModel } = await import(pathToFileURL(path.join(root, 'wasm', 'model-node.mjs')).href);
  const fb = await loadFruitbench();
  const rt = await loadOrt(cfg.engine === 'web' ? 'web' : 'node', { numThreads: cfg.threads });
  const counters = { run_ms: 0, runs: 0 };
  instrument(rt.ort.InferenceSession, counters);
  const t0 = now();
  const model = await loadModel({ ort: rt.ort, fruitbench: fb, source: dirSource(cfg.model), variant: cfg.variant,
                                  executionProviders: rt.executionProviders, backend: rt.backend,
                                  sessionOptions: rt.sessionOptions });
  const loadMs = now() - t0;
  const eos = model.config.eos_token_id ?? 1;
  const out = { backend: model.backend, load_ms: loadMs, modes: {} };
  const options = Object.fromEntries(cfg.modes.map((m) => [m, modeOptions(m, cfg.maxTokens, cfg.beam, cfg.speculationOptions)]));
  const steps = cfg.modes.map((mode) => ({
    mode,
    async run(example) {
      counters.run_ms = 0;
      counters.runs = 0;
      const r = record(await model.edit(example.inputs, options[mode]), eos);
      r.ort_run_ms = counters.run_ms;
      r.ort_runs = counters.runs;
      return r;
    },
  }));
  let transformers = null;
  if (cfg.withTransformers) {
    try {
      transformers = await loadTransformers(cfg);
      steps.splice(1, 0, { mode: 'transformers', run: transformers.run });
    } catch (error) {
      out.transformers = { error: error.message.split('\n')[0] };
    }
  }
  for (const step of steps) {
    await step.run(cfg.examples[0]); // warm-up, not counted
    out.modes[step.mode] = [];
  }
  // example by example, every mode in turn: a drift of the machine's load spreads over all modes
  for (const example of cfg.examples) {
    for (const step of steps) out.modes[step.mode].push(await step.run(example));
  }
  if (transformers) {
    out.transformers = { ...transformers.info, modes: { greedy: out.modes.transformers } };
    delete out.modes.transformers;
  }
  await model.dispose();
  return out;
}

// transformers.js generate(), greedy, on the same files with the session options of our runtime on
// onnxruntime-node (wasm/model-node.mjs loadOrt + runtime.mjs loadModel). Returns {info, run(example)}.
async function loadTransformers(cfg) {
  const require = createRequire(path.join(here, 'package.json'));
  const entry = path.join(path.dirname(require.resolve('@huggingface/transformers')), 'transformers.node.mjs');
  const tf = await import(pathToFileURL(entry).href);
  const counters = { run_ms: 0, runs: 0 };
  tf.env.allowRemoteModels = false;
  tf.env.allowLocalModels = true;
  tf.env.useBrowserCache = false;
  tf.env.localModelPath = path.dirname(path.resolve(cfg.model)) + path.sep;
  const id = path.basename(path.resolve(cfg.model));
  const dtype = cfg.variant === '_quantized' ? 'q8' : 'fp32';
  const t0 = now();
  const sessionOptions = { intraOpNumThreads: cfg.threads, graphOptimizationLevel: 'all',
                           extra: { session: { qdq_matmulnbits_accuracy_level: '0' } } };
  const model = await tf.AutoModelForSeq2SeqLM.from_pretrained(id, { dtype, device: 'cpu', session_options: sessionOptions });
  for (const session of Object.values(model.sessions)) wrapSession(session, counters);
  let tokenizer = null;
  let tokenizerNote = '';
  try {
    tokenizer = await tf.AutoTokenizer.from_pretrained(id);
  } catch (error) {
    tokenizerNote = `transformers.js could not load the tokenizer (${error.message.split('\n')[0]})`;
  }
  const loadMs = now() - t0;
  // generate() gets our token ids: the ids the model was trained with (SentencePiece's). transformers.js'
  // Unigram tokenizer has no byte fallback, so a character outside the vocabulary becomes <unk> there
  // (SentencePiece and our core spell it as byte pieces). Its own tokenizer still runs, and is timed,
  // so both sides do the same work; equality of its ids is reported.
  const run = async (example) => {
    counters.run_ms = 0;
    counters.runs = 0;
    const t = now();
    let ids = null;
    if (tokenizer) ids = Array.from((await tokenizer(example.inputs)).input_ids.data, Number);
    const input_ids = new tf.Tensor('int64', BigInt64Array.from(example.ids, BigInt), [1, example.ids.length]);
    const attention_mask = new tf.Tensor('int64', new BigInt64Array(example.ids.length).fill(1n), [1, example.ids.length]);
    // max_new_tokens counts EOS; our maxTokens does not
    const output = await model.generate({ input_ids, attention_mask, max_new_tokens: cfg.maxTokens + 1,
                                          do_sample: false, num_beams: 1 });
    const latency = now() - t;
    let tokens = Array.from(output.data, Number).slice(1); // without the decoder start token
    // our decoder stops after maxTokens tokens (EOS included if it is one of them): cut the same way
    if (tokens.length > cfg.maxTokens) tokens = tokens.slice(0, cfg.maxTokens);
    return { latency_ms: latency, generated: tokens.length, passes: Math.max(0, counters.runs - 1),
             ort_run_ms: counters.run_ms, ort_runs: counters.runs, tokens,
             tokenizer_equal: ids ? JSON.stringify(ids) === JSON.stringify(example.ids) : null };
  };
  const version = (p) => JSON.parse(fs.readFileSync(p, 'utf8')).version;
  const tfDir = path.join(path.dirname(require.resolve('@huggingface/transformers')), '..');
  const ortDir = path.dirname(createRequire(entry).resolve('onnxruntime-node/package.json'));
  return {
    info: { backend: `transformers.js ${version(path.join(tfDir, 'package.json'))} (onnxruntime-node ` +
                     `${version(path.join(ortDir, 'package.json'))})`, load_ms: loadMs, tokenizer_note: tokenizerNote },
    run,
  };
}

async function childBrowser(cfg) {
  const { chromium } = await import('playwright-core');
  const { startServer } = await import(pathToFileURL(path.join(root, 'web', 'server.mjs')).href);
  const generated = path.join(root, 'web', 'generated');
  const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
  if (!fs.existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing (apt-get install -y chromium)`);
  for (const f of ['fruitbench.mjs', 'ort/ort.wasm.min.mjs', 'ort/ort.webgpu.min.mjs']) {
    if (!fs.existsSync(path.join(generated, f))) throw new Error(`web/generated/${f} is missing: bash wasm/build.sh`);
  }
  // the model, served by the site's own server from web/generated/bench-models/<name>/
  const name = 'bench';
  const served = path.join(generated, 'bench-models');
  fs.rmSync(served, { recursive: true, force: true });
  const files = [];
  for (const rel of ['config.json', 'generation_config.json', 'tokenizer.json', `onnx/encoder_model${cfg.variant}.onnx`,
                     `onnx/decoder_model_merged${cfg.variant}.onnx`]) {
    const from = path.join(cfg.model, rel);
    if (!fs.existsSync(from)) continue;
    const to = path.join(served, name, rel);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
    files.push({ path: rel, size: fs.statSync(to).size, sha256: createHash('sha256').update(fs.readFileSync(to)).digest('hex') });
  }
  const entry = { name, variants: [cfg.variant], files };
  fs.writeFileSync(path.join(served, 'index.json'), JSON.stringify({ default: name, models: [entry] }));
  const server = await startServer({ port: 0 });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic', '--enable-unsafe-webgpu'],
  });
  const errors = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL('index.html', server.url).href);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
    const runIn = (backend, modes, examples) => page.evaluate(async ({ base, entry, backend, variant, modes, examples, options }) => {
      const worker = new Worker(new URL('js/model/worker.mjs', location.href), { type: 'module' });
      let pending = null;
      worker.onmessage = (event) => {
        const m = event.data;
        if (m.type === 'ready' || m.type === 'progress' || !pending) return;
        const p = pending;
        pending = null;
        if (m.type === 'error') p.reject(new Error(m.message));
        else p.resolve(m);
      };
      const ask = (message) => new Promise((resolve, reject) => { pending = { resolve, reject }; worker.postMessage(message); });
      try {
        const t0 = performance.now();
        const loaded = await ask({ type: 'load', source: { kind: 'url', base, entry }, backend, variant });
        loaded.load_ms = performance.now() - t0;
        const results = {};
        for (const mode of modes) {
          await ask({ type: 'edit', id: 0, inputs: examples[0], options: options[mode] }); // warm-up
          results[mode] = [];
        }
        for (const inputs of examples) {
          for (const mode of modes) {
            const { result } = await ask({ type: 'edit', id: 0, inputs, options: options[mode] });
            results[mode].push({ timings: result.timings, stats: result.stats, tokens: result.tokens,
                                 targets: result.targets, hypotheses: result.hypotheses.map((h) => ({ ended_with_eos: h.ended_with_eos })) });
          }
        }
        return { loaded, results, isolated: self.crossOriginIsolated, cores: navigator.hardwareConcurrency, ua: navigator.userAgent };
      } finally {
        worker.terminate();
      }
    }, { base: new URL(`generated/bench-models/${name}/`, server.url).href, entry, backend, variant: cfg.variant, modes,
         examples: examples.map((e) => e.inputs),
         options: Object.fromEntries(modes.map((m) => [m, modeOptions(m, cfg.maxTokens, cfg.beam, cfg.speculationOptions)])) });
    const convert = (run) => Object.fromEntries(Object.entries(run.results).map(([mode, rows]) =>
      [mode, rows.map((r) => ({ ...record(r, cfg.eos), ort_run_ms: null }))]));
    const out = { modes: {}, webgpu: null, errors };
    const wasm = await runIn('wasm', cfg.modes, cfg.examples);
    out.backend = `Chromium ${wasm.ua.match(/Chrome\/([\d.]+)/)?.[1] ?? ''}, ${wasm.loaded.backend}`;
    out.isolated = wasm.isolated;
    out.threads = wasm.loaded.threads;
    out.load_ms = wasm.loaded.load_ms;
    out.modes = convert(wasm);
    if (cfg.webgpuN > 0) {
      const some = cfg.examples.slice(0, cfg.webgpuN);
      try {
        const gpu = await runIn('webgpu', ['greedy'], some);
        out.webgpu = { backend: gpu.loaded.backend, reason: gpu.loaded.reason, check: gpu.loaded.check,
                       load_ms: gpu.loaded.load_ms, modes: convert(gpu) };
      } catch (error) {
        out.webgpu = { error: error.message };
      }
    }
    return out;
  } finally {
    await context.close();
    await server.close();
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(served, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ report

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const sum = (a) => a.reduce((s, x) => s + x, 0);

function summarize(rows) {
  const latency = rows.map((r) => r.latency_ms);
  const generated = sum(rows.map((r) => r.generated));
  const out = {
    n: rows.length,
    mean_ms: sum(latency) / rows.length,
    p50_ms: percentile(latency, 50),
    p90_ms: percentile(latency, 90),
    tokens: generated,
    tokens_per_s: (generated * 1000) / sum(latency),
    passes_per_token: sum(rows.map((r) => r.passes)) / generated,
  };
  if (rows.every((r) => typeof r.encoder_ms === 'number')) out.encoder_ms = sum(rows.map((r) => r.encoder_ms)) / rows.length;
  if (rows.every((r) => typeof r.ort_run_ms === 'number')) {
    out.ort_share = sum(rows.map((r) => r.ort_run_ms)) / sum(latency);
    out.ort_runs = sum(rows.map((r) => r.ort_runs));
    out.ms_per_run = sum(rows.map((r) => r.ort_run_ms)) / out.ort_runs;
  }
  if (rows.every((r) => typeof r.drafted === 'number')) {
    out.drafted = sum(rows.map((r) => r.drafted));
    out.accepted = sum(rows.map((r) => r.accepted));
  }
  return out;
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const firstDifference = (a, b) => {
  for (let i = 0; i < Math.max(a.length, b.length); ++i) if (a[i] !== b[i]) return i;
  return -1;
};

// Walks tokens through the core's constrained decoder with logits that
// favour each token in turn: the first token the constraints do not allow
// is where the decoder picks another. Returns {position, token} or null.
function firstDisallowed(fb, vocabulary, example, tokens, maxTokens, width, eos) {
  const dec = fb.createDecoder(vocabulary, example.inputs, example.ids, { speculation: false, maxTokens });
  try {
    for (let i = 0; i < tokens.length && !dec.done(); ++i) {
      const logits = new Float32Array(width);
      logits[tokens[i]] = 10;
      dec.advance(logits);
      let chosen;
      if (!dec.done()) chosen = dec.nextInputs().tokens[0];
      else {
        const ids = dec.result().ids;
        chosen = ids.length > i ? ids[i] : eos; // ids.length === i: EOS chosen here
      }
      if (chosen !== tokens[i]) return { position: i, token: tokens[i], instead: chosen };
    }
    return null;
  } finally {
    dec.delete();
  }
}

function fmt(x, digits = 1) {
  return Number.isFinite(x) ? x.toFixed(digits) : '–';
}

function pad(cells, widths) {
  return cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
}

// ------------------------------------------------------------------ main

async function parent(argv) {
  const opt = { n: 60, threads: 2, beam: 4, webgpuN: 3, skip: new Set() };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${a} needs a value`));
    const whole = (v) => (/^[0-9]+$/.test(v) ? Number(v) : fail(`${a} must be a whole number`));
    if (a === '--model') opt.model = value();
    else if (a === '--inputs') opt.inputs = value();
    else if (a === '--n') opt.n = whole(value());
    else if (a === '--variant') opt.variant = value();
    else if (a === '--threads') opt.threads = whole(value());
    else if (a === '--max-tokens') opt.maxTokens = whole(value());
    else if (a === '--beam') opt.beam = whole(value());
    else if (a === '--webgpu-n') opt.webgpuN = whole(value());
    else if (a === '--skip') value().split(',').filter(Boolean).forEach((s) => opt.skip.add(s === 'chromium' ? 'browser' : s));
    else if (a === '--json') opt.json = value();
    else if (a === '--speculation') {
      try { opt.speculationOptions = JSON.parse(value()); } catch { fail('--speculation must be a JSON object'); }
    }
    else if (a === '--help' || a === '-h') { console.log(usage); process.exit(0); }
    else fail(`unknown argument '${a}'\n${usage}`);
  }
  if (opt.n < 1) fail('--n must be at least 1');
  const { loadFruitbench } = await import(pathToFileURL(path.join(root, 'wasm', 'node.mjs')).href);
  const { variantsIn, DECODE_DEFAULTS } = await import(pathToFileURL(path.join(root, 'web', 'js', 'model', 'runtime.mjs')).href);

  // the model
  const shipped = path.join(root, 'models', 'fruit_edit5');
  const listFiles = (dir, prefix = '') => fs.readdirSync(dir).flatMap((e) => {
    const full = path.join(dir, e);
    return fs.statSync(full).isDirectory() ? listFiles(full, `${prefix}${e}/`) : [`${prefix}${e}`];
  });
  if (!opt.model) {
    if (fs.existsSync(shipped) && variantsIn(listFiles(shipped)).length) opt.model = shipped;
    else fail('no model: models/fruit_edit5 has no ONNX export yet; pass --model DIR');
  }
  opt.model = path.resolve(opt.model);
  if (!fs.existsSync(opt.model)) fail(`${opt.model}: no such folder`);
  const variants = variantsIn(listFiles(opt.model));
  if (!variants.length) fail(`${opt.model}: no ONNX export (config.json, tokenizer.json, onnx/encoder_model*.onnx, onnx/decoder_model_merged*.onnx)`);
  const variant = opt.variant === undefined ? (variants.includes('_quantized') ? '_quantized' : '')
    : ({ quantized: '_quantized', fp32: '' }[opt.variant] ?? fail("--variant must be 'quantized' or 'fp32'"));
  if (!variants.includes(variant)) fail(`${opt.model} has no ${variant ? 'quantized' : 'fp32'} files`);
  const config = JSON.parse(fs.readFileSync(path.join(opt.model, 'config.json'), 'utf8'));
  let generation = {};
  try { generation = JSON.parse(fs.readFileSync(path.join(opt.model, 'generation_config.json'), 'utf8')); } catch { /* none */ }
  const maxTokens = opt.maxTokens || generation.max_length || 256;

  // the inputs
  const wiki = path.join(root, 'leaderboard', 'benchmarks', 'fruitbench-wiki-v1', 'inputs.jsonl');
  const inputsFile = path.resolve(opt.inputs || (fs.existsSync(wiki) ? wiki : path.join(root, 'web', 'examples', 'gold.jsonl')));
  const lines = readJsonl(inputsFile);
  const fb = await loadFruitbench();
  const tokenizer = fb.loadTokenizer(fs.readFileSync(path.join(opt.model, 'tokenizer.json'), 'utf8'));
  const examples = lines.slice(0, opt.n).map((l, i) => ({ id: String(l.id ?? i), inputs: l.inputs,
                                                          ids: Array.from(tokenizer.encode(l.inputs)) }));
  const eos = config.eos_token_id ?? 1;

  // the machine
  const cpu = (fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) || [])[1] || os.cpus()[0]?.model;
  const version = (dir) => {
    try { return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version; } catch { return 'not installed'; }
  };
  const topModules = path.join(root, 'node_modules');
  const benchModules = path.join(here, 'node_modules');
  let chromiumVersion = 'not installed';
  try { chromiumVersion = execFileSync(process.env.CHROMIUM || '/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch { /* none */ }
  const loadBefore = os.loadavg();
  const started = new Date();

  const configName = config.fruit_edit5?.config ? ` (config ${config.fruit_edit5.config})` : '';
  const sizes = [`onnx/encoder_model${variant}.onnx`, `onnx/decoder_model_merged${variant}.onnx`]
    .map((f) => `${(fs.statSync(path.join(opt.model, f)).size / 1e6).toFixed(2)} MB`).join(' + ');
  const header = [
    `fruitbench editor-model decoding benchmark — ${started.toISOString()}`,
    `machine:  ${cpu}, ${os.cpus().length} logical CPUs, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM; ${os.type()} ${os.release()}; Node ${process.version}`,
    `load:     ${loadBefore.map((x) => x.toFixed(2)).join(' ')} (1/5/15-minute load average at the start)`,
    `model:    ${path.relative(root, opt.model) || opt.model}${configName}: d_model ${config.d_model}, ` +
      `${config.num_layers}+${config.num_decoder_layers ?? config.num_layers} layers, vocab ${config.vocab_size}; ` +
      `${variant ? 'int8 (_quantized)' : 'fp32'} files ${sizes}`,
    `inputs:   ${path.relative(root, inputsFile)}, first ${examples.length} examples; input tokens mean ` +
      `${fmt(sum(examples.map((e) => e.ids.length)) / examples.length, 0)}, max ${Math.max(...examples.map((e) => e.ids.length))}`,
    `decoding: max ${maxTokens} output tokens (EOS not counted); greedy, greedy + copy-span speculation ` +
      `(${JSON.stringify({ ...DECODE_DEFAULTS, ...(opt.speculationOptions || {}) })}), beam ${opt.beam || '–'} ` +
      `(earlyStopping ${DECODE_DEFAULTS.earlyStopping}); ` +
      `each mode warmed up on example 1, then example by example, the modes in turn`,
    `threads:  ${opt.threads} (onnxruntime-node intraOpNumThreads, onnxruntime-web ort.env.wasm.numThreads, ` +
      `transformers.js session_options.intraOpNumThreads; Chromium: the worker's own choice)`,
    `ORT:      onnxruntime-node ${version(path.join(topModules, 'onnxruntime-node'))}, onnxruntime-web ` +
      `${version(path.join(topModules, 'onnxruntime-web'))} (ours); @huggingface/transformers ` +
      `${version(path.join(benchModules, '@huggingface', 'transformers'))} with onnxruntime-node ` +
      `${version(path.join(benchModules, 'onnxruntime-node'))}; ${chromiumVersion}, playwright-core ` +
      `${version(path.join(topModules, 'playwright-core'))}`,
  ];
  console.log(header.join('\n'));

  // the runs
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-bench-model-'));
  const modes = ['greedy', 'speculative', ...(opt.beam ? ['beam'] : [])];
  const base = { model: opt.model, variant, threads: opt.threads, maxTokens, beam: opt.beam, examples, eos,
                 webgpuN: opt.webgpuN, speculationOptions: opt.speculationOptions || {} };
  const engines = [
    { key: 'node', label: 'ours, onnxruntime-node', modes },
    { key: 'web', label: 'ours, onnxruntime-web wasm (Node)', modes },
    { key: 'browser', label: 'ours, Chromium wasm (worker)', modes },
  ].filter((e) => !opt.skip.has(e.key));
  base.withTransformers = !opt.skip.has('transformers');
  const results = {};
  for (const engine of engines) {
    const cfgFile = path.join(scratch, `${engine.key}.json`);
    const outFile = path.join(scratch, `${engine.key}.out.json`);
    fs.writeFileSync(cfgFile, JSON.stringify({ ...base, engine: engine.key, modes: engine.modes }));
    process.stderr.write(`bench_model: running ${engine.label} ...\n`);
    const t = now();
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', cfgFile, outFile],
                            { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: scratch }, encoding: 'utf8' });
    if (child.status !== 0 || !fs.existsSync(outFile)) {
      results[engine.key] = { error: (child.stderr || `exit ${child.status}`).trim().split('\n').slice(-3).join(' | ') };
    } else {
      results[engine.key] = JSON.parse(fs.readFileSync(outFile, 'utf8'));
    }
    process.stderr.write(`bench_model:   ${((now() - t) / 1000).toFixed(0)} s\n`);
  }
  fs.rmSync(scratch, { recursive: true, force: true });
  const loadAfter = os.loadavg();
  // transformers.js ran in the onnxruntime-node process, in turn with our modes
  if (results.node && !results.node.error && results.node.transformers) {
    results.transformers = results.node.transformers;
    const label = 'transformers.js generate() (in the same process)';
    engines.splice(engines.findIndex((e) => e.key === 'node') + 1, 0,
                   { key: 'transformers', label, modes: ['greedy'] });
  } else if (base.withTransformers) {
    results.transformers = { error: results.node?.error ? 'the onnxruntime-node run failed' : 'skipped with --skip node' };
    engines.push({ key: 'transformers', label: 'transformers.js generate()', modes: ['greedy'] });
  }

  // the table
  const reference = results.node?.modes?.greedy || results.web?.modes?.greedy;
  const refName = results.node?.modes?.greedy ? 'ours greedy on onnxruntime-node' : 'ours greedy on onnxruntime-web';
  const widths = [44, 8, 8, 8, 8, 9, 11, 8, 9, 11];
  console.log('');
  console.log(pad(['engine, mode', 'mean ms', 'p50 ms', 'p90 ms', 'enc ms', 'tokens/s', 'passes/tok', 'in ORT', 'ms/pass',
                   'same tokens'], widths));
  const labelOf = { greedy: 'greedy', speculative: 'greedy + speculation', beam: `beam ${opt.beam}` };
  const summaries = {};
  for (const engine of engines) {
    const r = results[engine.key];
    if (r.error) {
      console.log(`${engine.label}: FAILED: ${r.error}`);
      continue;
    }
    for (const mode of engine.modes) {
      const rows = r.modes[mode];
      const s = summarize(rows);
      summaries[`${engine.key}.${mode}`] = s;
      let sameTokens = '';
      if (reference && mode !== 'beam' && !(engine.key === 'node' && mode === 'greedy')) {
        sameTokens = `${rows.filter((row, i) => same(row.tokens, reference[i].tokens)).length}/${rows.length}`;
      }
      console.log(pad([`${engine.label}, ${labelOf[mode]}`, fmt(s.mean_ms), fmt(s.p50_ms), fmt(s.p90_ms),
                       s.encoder_ms === undefined ? '' : fmt(s.encoder_ms), fmt(s.tokens_per_s, 0),
                       fmt(s.passes_per_token, 3), s.ort_share === undefined ? '' : `${fmt(100 * s.ort_share, 0)}%`,
                       s.ms_per_run === undefined ? '' : fmt(s.ms_per_run, 2), sameTokens], widths));
    }
  }
  console.log(`(latency: one example end to end — tokenization, encoder, every decoder pass; tokens/s: output tokens ` +
              `incl. EOS / total latency; passes/tok: decoder passes per output token; in ORT: share of the latency ` +
              `inside InferenceSession.run, encoder included; ms/pass: per run; same tokens: equal to ${refName})`);

  // speculation
  const notes = [];
  for (const key of ['node', 'web', 'browser']) {
    const g = summaries[`${key}.greedy`];
    const s = summaries[`${key}.speculative`];
    if (!g || !s) continue;
    notes.push(`speculation, ${engines.find((e) => e.key === key).label}: ${fmt(g.passes_per_token, 3)} → ` +
               `${fmt(s.passes_per_token, 3)} passes per token (${fmt(100 * (1 - s.passes_per_token / g.passes_per_token), 0)}% ` +
               `fewer passes; ${s.accepted}/${s.drafted} drafted tokens accepted), latency ${fmt(g.mean_ms)} → ${fmt(s.mean_ms)} ms ` +
               `(${fmt(g.mean_ms / s.mean_ms, 2)}×)`);
    const gr = results[key].modes.greedy;
    const sr = results[key].modes.speculative;
    const differ = sr.map((row, i) => (same(row.tokens, gr[i].tokens) ? null : examples[i].id)).filter(Boolean);
    notes.push(`  speculative tokens equal to plain greedy on ${sr.length - differ.length}/${sr.length}` +
               (differ.length ? ` (differ: ${differ.join(', ')}${variant ? '; int8 activations are quantized per tensor, so a pass of several positions can round differently from single-position passes' : ''})` : ''));
  }
  const tfr = results.transformers;
  const ours = summaries['node.greedy'];
  const oursSpec = summaries['node.speculative'];
  const tfs = summaries['transformers.greedy'];
  if (tfs && ours) {
    notes.push(`vs transformers.js (both onnxruntime-node, same files, ${opt.threads} threads): ours greedy ` +
               `${fmt(tfs.mean_ms / ours.mean_ms, 2)}× its speed, ours with speculation ${fmt(tfs.mean_ms / oursSpec.mean_ms, 2)}× ` +
               `(mean latency ${fmt(tfs.mean_ms)} ms vs ${fmt(ours.mean_ms)} / ${fmt(oursSpec.mean_ms)} ms)`);
    const tfRows = tfr.modes.greedy;
    const equal = tfRows.map((row, i) => same(row.tokens, reference[i].tokens));
    const meanOn = (rows) => sum(rows.filter((_, i) => equal[i]).map((r) => r.latency_ms)) / equal.filter(Boolean).length;
    if (reference === results.node.modes.greedy && equal.some(Boolean)) {
      const tfMean = meanOn(tfRows);
      notes.push(`  on the ${equal.filter(Boolean).length} examples where both give the same tokens: transformers.js ` +
                 `${fmt(tfMean)} ms, ours greedy ${fmt(meanOn(results.node.modes.greedy))} ms ` +
                 `(${fmt(tfMean / meanOn(results.node.modes.greedy), 2)}×), with speculation ` +
                 `${fmt(meanOn(results.node.modes.speculative))} ms (${fmt(tfMean / meanOn(results.node.modes.speculative), 2)}×)`);
    }
    notes.push(`  per decoder pass: transformers.js ${fmt(tfs.mean_ms / (sum(tfr.modes.greedy.map((r) => r.ort_runs)) / tfs.n), 2)} ms ` +
               `(${fmt(tfs.ms_per_run, 2)} of it in ORT), ours ${fmt(ours.mean_ms / (ours.ort_runs / ours.n), 2)} ms ` +
               `(${fmt(ours.ms_per_run, 2)} in ORT)`);
  }
  if (tfr && !tfr.error) {
    if (tfr.tokenizer_note) notes.push(`  ${tfr.tokenizer_note}`);
    else {
      const equal = tfr.modes.greedy.filter((r) => r.tokenizer_equal).length;
      const bytes = examples.filter((e) => e.ids.some((id) => /^<0x[0-9A-F]{2}>$/.test(tokenizer.pieceOf(id)))).length;
      notes.push(`  transformers.js' tokenizer gives our ids on ${equal}/${examples.length} examples; ${bytes} examples have ` +
                 `characters outside the vocabulary, byte pieces for SentencePiece and our core, <unk> for transformers.js ` +
                 `(its Unigram has no byte fallback): generate() was fed our ids, its tokenizer timed all the same`);
    }
    const vocabulary = tokenizer.vocabulary(config.vocab_size);
    const diffs = [];
    let malformed = 0;
    tfr.modes.greedy.forEach((row, i) => {
      const example = examples[i];
      const text = tokenizer.decode(row.tokens);
      const check = fb.checkEdit5(example.inputs, text).diagnostics;
      if (check.length) ++malformed;
      if (!reference || same(row.tokens, reference[i].tokens)) return;
      const at = firstDifference(row.tokens, reference[i].tokens);
      const bad = firstDisallowed(fb, vocabulary, example, row.tokens, maxTokens, config.vocab_size, eos);
      const piece = (id) => (id === undefined ? 'end' : JSON.stringify(tokenizer.decode([id], { skipSpecial: false })));
      const why = bad && bad.position === at
        ? `its ${piece(row.tokens[at])} is not allowed by our EDIT5 constraints there`
        : `not a constraint (${bad ? `first disallowed token later, at ${bad.position}` : 'all its tokens allowed'}): ` +
          `numerical difference`;
      diffs.push(`    ${example.id}: first difference at output token ${at}: transformers.js ${piece(row.tokens[at])}, ` +
                 `ours ${piece(reference[i].tokens[at])} — ${why}`);
    });
    vocabulary.delete();
    notes.push(`  transformers.js tokens equal to ours (greedy) on ${examples.length - diffs.length}/${examples.length}; ` +
               `its output is malformed EDIT5 on ${malformed}/${examples.length} (ours: never, by construction)`);
    notes.push(...diffs);
  }
  const br = results.browser;
  if (br && !br.error) {
    notes.push(`Chromium: ${br.backend}; cross-origin isolated: ${br.isolated}; ${br.threads} threads; model load ${fmt(br.load_ms, 0)} ms`);
    if (results.web && !results.web.error) {
      const agree = engines.find((e) => e.key === 'browser').modes.map((mode) => {
        const a = br.modes[mode];
        const b = results.web.modes[mode];
        return `${labelOf[mode]} ${a.filter((row, i) => same(row.tokens, b[i].tokens)).length}/${a.length}`;
      });
      notes.push(`  tokens equal to onnxruntime-web in Node (the same wasm engine): ${agree.join(', ')}`);
    }
    if (br.errors.length) notes.push(`  page errors: ${br.errors.join(' | ')}`);
    if (br.webgpu) {
      if (br.webgpu.error) {
        notes.push(`WebGPU (software adapter): FAILED: ${br.webgpu.error}`);
      } else {
        const gpuRows = br.webgpu.modes.greedy;
        const wasmRows = br.modes.greedy;
        const equal = gpuRows.filter((row, i) => same(row.tokens, wasmRows[i].tokens)).length;
        const onGpu = /^webgpu/.test(br.webgpu.backend);
        notes.push(`WebGPU correctness (${br.webgpu.backend}${onGpu ? '' : ` — fell back: ${br.webgpu.reason}`}): self-check ` +
                   `${br.webgpu.check ? (br.webgpu.check.ok ? `passed (max first-logit diff ${br.webgpu.check.max_logit_diff.toExponential(1)})` : `failed: ${br.webgpu.check.reason}`) : 'not run'}; ` +
                   `same greedy tokens as Chromium wasm: ${onGpu && equal === gpuRows.length ? 'yes' : 'no'} (${equal}/${gpuRows.length} examples)`);
        notes.push(`  (speed on the software adapter is not meaningful: ${fmt(summarize(gpuRows).mean_ms, 0)} ms per example, ` +
                   `CPU emulation of a GPU)`);
      }
    }
  }
  notes.push(`load:     ${loadAfter.map((x) => x.toFixed(2)).join(' ')} at the end (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log('');
  console.log(notes.join('\n'));
  tokenizer.delete();
  if (opt.json) {
    fs.writeFileSync(opt.json, JSON.stringify({ header, summaries, results, load_before: loadBefore, load_after: loadAfter,
                                                 examples: examples.map((e) => e.id) }, null, 1));
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') {
  const cfg = JSON.parse(fs.readFileSync(argv[1], 'utf8'));
  const run = { node: childOurs, web: childOurs, browser: childBrowser }[cfg.engine];
  const out = await run(cfg);
  fs.writeFileSync(argv[2], JSON.stringify(out));
  process.exit(0);
} else {
  await parent(argv);
}
