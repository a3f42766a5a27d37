// The editor model in the browser: the Editor's "Update with model" runs a
// T5 ONNX export in a Web Worker on wasm and on WebGPU (Chromium's
// --enable-unsafe-webgpu software adapter), and both give the tokens the
// Node runtime gives on the same engine (onnxruntime-web's wasm build; with
// fp32 files also onnxruntime-node's). The model: FRUITBENCH_TEST_MODEL=DIR,
// else the shipped models/fruit_edit5, else the site's default
// (web/generated/models/index.json), copied to web/generated/test-models/;
// the model tests are skipped, saying so, only when there is no model at all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../web/server.mjs';
import { modelFiles, OPTIONAL_FILES } from '../../web/js/model/runtime.mjs';
import { root, outputDir, chromiumPath, checkPrerequisites, selectOwnArticle, typeArticle, addTextEvidence,
  addTableEvidence } from './harness.mjs';
import { findTestModel } from '../node/helpers.mjs';

const generated = path.join(root, 'web', 'generated');
const testModels = path.join(generated, 'test-models');
const NAME = 'test';
let modelDir = null; // the served copy
let variant = '';
const query = '?models=generated/test-models/';
let skip = false;

// Serves the model's files of one variant from web/generated/test-models/test/.
async function setUpModel() {
  const found = await findTestModel();
  if (!found.dir) return found.why;
  variant = found.variant;
  fs.rmSync(testModels, { recursive: true, force: true });
  const files = [];
  for (const rel of [...modelFiles(variant), ...OPTIONAL_FILES]) {
    const from = path.join(found.dir, rel);
    if (!fs.existsSync(from)) continue;
    const to = path.join(testModels, NAME, rel);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
    files.push({ path: rel, size: fs.statSync(from).size, sha256: 'test' });
  }
  fs.writeFileSync(path.join(testModels, 'index.json'),
                   JSON.stringify({ default: NAME, models: [{ name: NAME, variants: [variant], files }] }));
  modelDir = path.join(testModels, NAME);
  console.error(`# model tests on ${found.label} (${variant ? 'int8' : 'fp32'})`);
  return '';
}

if (!fs.existsSync(path.join(generated, 'ort', 'ort.wasm.min.mjs'))) {
  skip = 'web/generated/ort/ is missing (npm ci, then bash wasm/build.sh)';
} else {
  skip = (await setUpModel()) || false;
}

// An index that lists no model: the Editor before a model is installed.
const emptyIndex = path.join(generated, 'test-models-empty', 'index.json');
fs.mkdirSync(path.dirname(emptyIndex), { recursive: true });
fs.writeFileSync(emptyIndex, JSON.stringify({ default: null, models: [] }));

let server = null;
let context = null;
let profile = null;
const consoleErrors = [];
const requests = [];
let nodeResult = null;

before(async () => {
  checkPrerequisites();
  server = await startServer({ port: 0 });
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic', '--enable-unsafe-webgpu'],
    viewport: { width: 1280, height: 1000 },
  });
  context.on('request', (request) => requests.push(request.url()));
  context.on('page', (page) => {
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  });
  fs.mkdirSync(outputDir, { recursive: true });
});

after(async () => {
  if (context) await context.close();
  if (server) await server.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
  fs.rmSync(path.dirname(emptyIndex), { recursive: true, force: true });
  fs.rmSync(testModels, { recursive: true, force: true });
});

async function runInEditor(backend, { pick = null } = {}) {
  const page = await context.newPage();
  await page.goto(new URL(`index.html${pick ? '?models=generated/test-models-empty/' : query}`, server.url).href);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  if (pick) {
    await page.waitForSelector('#model-run[data-model="none"]');
    await page.setInputFiles('#model-pick-files', pick);
    assert.match(await page.textContent('#model-status'), /Your model: your files \(4 files/);
  }
  await page.waitForSelector('#model-run:not([disabled])', { timeout: 30000 });
  await page.selectOption('#model-backend', backend);
  await page.fill('#model-max-tokens', String(MAX_TOKENS)); // WebGPU here is a software adapter: keep it short
  await page.click('#model-run');
  await page.waitForSelector('#model-result[data-ready]', { timeout: 600000 });
  const state = await page.$eval('#model-result', (e) => e.dataset.ready);
  const status = await page.textContent('#model-status');
  assert.equal(state, 'true', status);
  const out = {
    raw: await page.textContent('#model-raw'),
    output: await page.inputValue('#output'),
    backend: await page.textContent('#model-result-backend'),
    timings: await page.textContent('#model-timings'),
    status,
    inputs: await page.evaluate(() => document.getElementById('linearized').textContent),
    diff: await page.$$eval('#diff .fb-ref, #diff ins, #diff del, #diff [data-evidence]', (n) => n.length),
    page,
  };
  return out;
}

// The Node runtime on the same input: onnxruntime-web's wasm build (the engine the page runs), or
// onnxruntime-node.
async function nodeEdit(inputs, kind) {
  const { loadFruitbench } = await import('../../wasm/node.mjs');
  const { dirSource, loadOrt, loadModel } = await import('../../wasm/model-node.mjs');
  const fruitbench = await loadFruitbench();
  const rt = await loadOrt(kind);
  const model = await loadModel({ ort: rt.ort, fruitbench, source: dirSource(modelDir), variant,
                                  executionProviders: rt.executionProviders, sessionOptions: rt.sessionOptions });
  const result = await model.edit(inputs, { beams: 1, speculation: true, maxTokens: MAX_TOKENS });
  await model.dispose();
  return result;
}

let wasmRun = null;
const MAX_TOKENS = 48;

test('Editor without a model: "Update with model" is disabled and the page says how to bring your own', async () => {
  const page = await context.newPage();
  await page.goto(new URL('index.html?models=generated/test-models-empty/', server.url).href);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  await page.waitForSelector('#model-run[data-model="none"]');
  assert.equal(await page.isDisabled('#model-run'), true);
  const status = await page.textContent('#model-status');
  assert.match(status, /No model installed yet\./);
  assert.match(status, /Use your own model/);
  // a picked folder without the model files is refused, saying what is missing
  await page.setInputFiles('#model-pick-files', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  assert.match(await page.textContent('#model-status'), /Not a model folder: missing config\.json, tokenizer\.json/);
  assert.equal(await page.isDisabled('#model-run'), true);
  await page.close();
});

test('Editor: "Update with model" runs the model on wasm in a worker, with timings and the backend named',
     { skip, timeout: 600000 }, async () => {
  wasmRun = await runInEditor('wasm');
  assert.match(wasmRun.backend, /^wasm \(\d+ threads?\)$/);
  assert.match(wasmRun.timings, /Encoder [\d.]+ ms · decoding [\d.]+ ms \(\d+ passes, \d+ tokens, [\d.]+ tokens\/s/);
  assert.ok(Number(/(\d+) tokens,/.exec(wasmRun.timings)[1]) <= MAX_TOKENS + 1);
  assert.equal(wasmRun.output, wasmRun.raw, 'the EDIT5 output is handed to the Editor');
  assert.ok(wasmRun.raw.length > 0);
  const check = await wasmRun.page.textContent('#diagnostics');
  assert.doesNotMatch(check || '', /malformed/i);
  await wasmRun.page.screenshot({ path: path.join(outputDir, 'editor-model.png'), fullPage: true });
  // the same tokens as the Node runtime on the same input and engine (onnxruntime-web's wasm build);
  // fp32 also on onnxruntime-node (int8 there differs from wasm at near-ties: tests/node/model.test.mjs)
  process.env.TMPDIR = process.env.TMPDIR || os.tmpdir();
  nodeResult = await nodeEdit(wasmRun.inputs, 'web');
  assert.equal(wasmRun.raw, nodeResult.targets);
  if (variant === '') assert.equal(wasmRun.raw, (await nodeEdit(wasmRun.inputs, 'node')).targets);
  // the model files are now in Cache Storage (the next visit does not download them)
  const cached = await wasmRun.page.evaluate(async () => {
    const cache = await caches.open('fruitbench-models-v1');
    return (await cache.keys()).map((r) => new URL(r.url).pathname.split('/').slice(-2).join('/') + new URL(r.url).search);
  });
  const decoderFile = `onnx/decoder_model_merged${variant}.onnx`;
  const size = fs.statSync(path.join(modelDir, decoderFile)).size;
  assert.ok(cached.includes(`${decoderFile}?sha256=test&size=${size}`), cached.join(', '));
  assert.ok(cached.some((p) => p.startsWith(`${NAME}/tokenizer.json?`)), cached.join(', '));
  await wasmRun.page.close();
});

test('Editor: a model the user picks (bring your own) runs and gives the same output',
     { skip, timeout: 600000 }, async () => {
  const pick = modelFiles(variant).map((rel) => path.join(modelDir, rel));
  const run = await runInEditor('wasm', { pick });
  assert.match(run.status, new RegExp(`Model your files \\(${variant ? 'int8' : 'fp32'}\\) on wasm`));
  assert.equal(run.raw, wasmRun.raw);
  await run.page.close();
});

test('Editor: on WebGPU (software adapter) after its self-check, the same output as wasm',
     { skip, timeout: 900000 }, async () => {
  const run = await runInEditor('webgpu');
  if (!/^webgpu/.test(run.backend)) {
    // the page fell back and must say why
    assert.match(run.status, /WebGPU|adapter/);
    assert.fail(`fell back to ${run.backend}: ${run.status}`);
  }
  assert.match(run.status, /self-check passed/);
  assert.equal(run.raw, wasmRun ? wasmRun.raw : nodeResult.targets);
  await run.page.close();
});

// Issue 9's failure cases: the first model invented facts for them ("By 2012 the population had
// risen to 47,5", "Its railway station closed to passengers in 2010" for any town). Grounded, the
// update's new sentences must state a fact of the evidence: a number or name the evidence has and the
// article lacks.
const town = {
  article: 'Tarnholm is a small town in the Vester district of Nordland. It lies on the northern shore of Lake ' +
    'Tarn, about 40 km east of Kirkestad. At the 2011 census the town had 3,412 inhabitants. The mayor is ' +
    'Leif Sandvik of the Labour Party, first elected in 2015.',
  evidence: [
    { kind: 'table', title: 'Tarnholm', section: 'Demographics', caption: 'Population by census',
      table: '| Census | Population |\n|---|---|\n| 2011 | 3,412 |\n| 2021 | 3,655 |' },
    { kind: 'text', title: 'Tarnholm municipal election, 2023', section: 'Results',
      text: 'Anne Moen of the Green Party was elected mayor of Tarnholm in September 2023, ending Leif Sandvik\'s ' +
        'eight years in office.' },
  ],
};

/** Numbers and capitalised words of the evidence that the article lacks (a test oracle, not the core's rule). */
function evidenceFacts(article, evidenceTexts) {
  const words = (text) => text.split(/[\s_|]+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')).filter(Boolean);
  const inArticle = new Set(words(article));
  return [...new Set(evidenceTexts.flatMap(words))]
    .filter((w) => /\d/.test(w) || /^\p{Lu}/u.test(w))
    .filter((w) => !inArticle.has(w) && !['Census', 'Population', 'Change', 'Results', 'Club', 'Season', 'League',
      'Apps', 'Goals', 'Demographics', 'Politics', 'History'].includes(w));
}

/** The text of each new unit of an EDIT5 output (what follows its references). */
function newSentences(edit5) {
  return [...edit5.matchAll(/(?:\(\d+\)\s*)+([^[(]+)/g)].map((m) => m[1].trim()).filter(Boolean);
}

for (const [name, setUp] of [
  ['Brevik (bundled)', { example: 'brevik.json' }],
  ['Tomas Reinholt (bundled)', { example: 'tomas-reinholt.json' }],
  ['a pasted town article with a census table and a new mayor', { own: town }],
]) {
  // todo: the shipped model does not pass these yet (models/fruit_edit5/README.md, "Grounded decoding"):
  // grounded, it no longer invents names or numbers, but it still restates the article's own facts
  // (Tomas Reinholt: "2014"; the town: "2011", "40") instead of reading the table or the news. The tests
  // run and print what the model wrote; they fail the suite once removed from todo.
  test(`Editor, grounded: the update of ${name} states facts of the evidence`,
       { skip, todo: 'issue 9: a model that restates its evidence', timeout: 600000 }, async () => {
    const page = await context.newPage();
    await page.goto(new URL(`index.html${query}`, server.url).href);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    let article;
    let evidenceTexts;
    if (setUp.example) {
      await page.selectOption('#example-select', setUp.example);
      const example = JSON.parse(fs.readFileSync(path.join(root, 'web', 'examples', setUp.example), 'utf8'));
      await page.waitForFunction((text) => document.querySelector('#article').value === text, example.article);
      article = example.article;
      evidenceTexts = example.evidence.map((e) => [e.title, e.text || '', ...(e.table ? e.table.rows.flat() : [])].join(' '));
    } else {
      await selectOwnArticle(page);
      await typeArticle(page, setUp.own.article);
      for (const e of setUp.own.evidence) {
        if (e.kind === 'table') await addTableEvidence(page, e);
        else await addTextEvidence(page, e);
      }
      await page.waitForFunction(() => document.querySelector('#linearized').textContent.includes('(1)'));
      article = setUp.own.article;
      evidenceTexts = setUp.own.evidence.map((e) => [e.title, e.text || '', e.table || ''].join(' '));
    }
    assert.equal(await page.isChecked('#model-grounded'), true, 'grounded decoding is on by default');
    await page.waitForSelector('#model-run:not([disabled])', { timeout: 30000 });
    await page.selectOption('#model-backend', 'wasm');
    await page.click('#model-run');
    await page.waitForSelector('#model-result[data-ready]', { timeout: 600000 });
    assert.equal(await page.$eval('#model-result', (e) => e.dataset.ready), 'true', await page.textContent('#model-status'));
    const raw = await page.textContent('#model-raw');
    const facts = evidenceFacts(article, evidenceTexts);
    const added = newSentences(raw);
    assert.ok(added.length > 0, `no new sentence in ${raw}`);
    const used = facts.filter((f) => added.some((s) => s.split(/[\s,.;:()]+/).includes(f)));
    assert.ok(used.length > 0, `the new sentences ${JSON.stringify(added)} use none of the evidence's facts ${facts.join(', ')}`);
    console.error(`# ${name}: ${raw}`);
    await page.close();
  });
}

test('Editor: without an article the model and the baselines wait, saying why', async () => {
  const page = await context.newPage();
  await page.goto(new URL(`index.html${query}`, server.url).href);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  // The first example's preloaded output is labelled as hand-written.
  assert.equal(await page.isVisible('#output-origin'), true);
  assert.match(await page.textContent('#output-origin'), /hand-written sample/);
  await page.fill('#output', '[0]');
  await page.waitForSelector('#output-origin', { state: 'hidden' });
  await selectOwnArticle(page);
  await page.waitForSelector('#update-blocked', { state: 'visible' });
  assert.equal(await page.isDisabled('#model-run'), true);
  assert.equal(await page.isDisabled('#baseline-copy'), true);
  assert.equal(await page.isDisabled('#baseline-all'), true);
  assert.match(await page.textContent('#update-blocked'), /Write or paste an article first/);
  await typeArticle(page, town.article);
  await page.waitForSelector('#update-blocked', { state: 'hidden' });
  assert.equal(await page.isDisabled('#baseline-copy'), false);
  if (!skip) await page.waitForSelector('#model-run:not([disabled])', { timeout: 30000 });
  await page.close();
});

test('Editor: the model panel says what the model is, with its benchmark score beside the baselines\'',
     { skip: skip || (modelDir && !fs.existsSync(path.join(modelDir, 'playground.json')) && 'the model has no playground.json') },
     async () => {
  const about = JSON.parse(fs.readFileSync(path.join(modelDir, 'playground.json'), 'utf8'));
  const page = await context.newPage();
  await page.goto(new URL(`index.html${query}`, server.url).href);
  await page.waitForSelector('#model-about:not([hidden])', { timeout: 30000 });
  const text = await page.textContent('#model-about');
  assert.ok(text.includes(about.summary));
  assert.ok(text.includes(about.benchmark.name));
  for (const b of about.benchmark.baselines) assert.ok(text.includes(b.name), text);
  await page.close();
});

test('the model pages made no request outside their origin, and no page error', () => {
  const origin = new URL(server.url).origin;
  assert.deepEqual(requests.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:') && new URL(u).origin !== origin), []);
  assert.deepEqual(consoleErrors, []);
});

test('Editor: "auto" without a WebGPU adapter runs on wasm and says why', { skip, timeout: 600000 }, async () => {
  const plainProfile = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-chromium-'));
  const plain = await chromium.launchPersistentContext(plainProfile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-webgpu'],
  });
  try {
    const page = await plain.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL(`index.html${query}`, server.url).href);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    await page.waitForSelector('#model-run:not([disabled])', { timeout: 30000 });
    await page.selectOption('#model-backend', 'auto');
    await page.fill('#model-max-tokens', String(MAX_TOKENS));
    await page.click('#model-run');
    await page.waitForSelector('#model-result[data-ready]', { timeout: 600000 });
    const status = await page.textContent('#model-status');
    assert.match(await page.textContent('#model-result-backend'), /^wasm/);
    assert.match(status, /on wasm .* — (this browser has no WebGPU|WebGPU gave no adapter|WebGPU failed)/);
    if (wasmRun) assert.equal(await page.textContent('#model-raw'), wasmRun.raw);
    assert.deepEqual(errors, []);
  } finally {
    await plain.close();
    fs.rmSync(plainProfile, { recursive: true, force: true });
  }
});
