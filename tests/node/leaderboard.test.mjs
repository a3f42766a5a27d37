// fb.leaderboard (the Submit page's API) must decide exactly what the native
// `fruitbench leaderboard` commands decide: the same bundle bytes, the same
// accepted bundles and the same errors, as text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadFruitbench } from '../../wasm/node.mjs';
import { native, nativeCli, root, run } from './helpers.mjs';

const fb = await loadFruitbench();
const work = mkdtempSync(path.join(tmpdir(), 'fruitbench-leaderboard-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const examples = path.join(root, 'web', 'examples');
const benchmarks = path.join(work, 'benchmarks');
native(['leaderboard', 'add-benchmark', '--benchmarks', benchmarks, '--id', 'tiny', '--name', 'Tiny',
  '--gold', path.join(examples, 'gold.jsonl')]);
const benchmark = readFileSync(path.join(benchmarks, 'tiny.json'), 'utf8');
const gold = readFileSync(path.join(benchmarks, 'tiny', 'gold.jsonl'), 'utf8');
const system = {
  name: 'Example', team: 'fruitbench', description: 'The playground example.', kind: 'submission',
  parameters: 60506624, license: 'Apache-2.0', date: '2026-11-22', links: { code: 'https://example.org/x' },
};
const systemFile = path.join(work, 'system.json');
writeFileSync(systemFile, JSON.stringify(system));
const predFile = path.join(examples, 'pred.jsonl');
const predictions = readFileSync(predFile, 'utf8');
const bundleFile = path.join(work, 'example.json');
native(['leaderboard', 'bundle', '--benchmarks', benchmarks, '--benchmark', 'tiny', '--pred', predFile,
  '--system', systemFile, '--out', bundleFile]);
const nativeBundle = readFileSync(bundleFile, 'utf8');

/** The errors `fruitbench leaderboard check FILE` prints, as text. */
function nativeErrors(file) {
  const result = run(nativeCli, ['leaderboard', 'check', '--benchmarks', benchmarks, file]);
  return {
    status: result.status,
    errors: result.stderr.split('\n').filter((l) => l.startsWith('fruitbench: error: '))
      .map((l) => l.slice('fruitbench: error: '.length)),
  };
}

test('sha256 equals node:crypto on text with non-ASCII characters', () => {
  for (const text of ['', 'abc', 'Zoë Ångström — 北京 🍓', gold]) {
    assert.equal(fb.leaderboard.sha256(text), createHash('sha256').update(text, 'utf8').digest('hex'));
  }
});

test('makeBundle writes the bundle `fruitbench leaderboard bundle` writes, byte for byte', () => {
  const made = fb.leaderboard.makeBundle({ benchmark, gold, predictions, system, predictionsName: predFile });
  assert.deepEqual(made.errors, []);
  assert.equal(made.bundle, nativeBundle);
  const score = JSON.parse(native(['score', '--gold', path.join(examples, 'gold.jsonl'), '--pred', predFile,
    '--format', 'json']));
  assert.deepEqual({ ...made.report, warnings: [] }, { ...score, warnings: [] });
  // A bundle's scores: the report without warnings and FRUIT's corpus-level metrics (the site recomputes those).
  assert.deepEqual(JSON.parse(made.bundle).scores, (({ warnings, corpus, ...rest }) => rest)(score));
});

test('checkBundle accepts the native bundle and returns the recomputed report', () => {
  const checked = fb.leaderboard.checkBundle({ benchmark, gold, bundle: nativeBundle, file: bundleFile });
  assert.equal(checked.ok, true);
  assert.deepEqual(checked.errors, []);
  assert.equal(checked.report.n, 5);
  assert.equal(nativeErrors(bundleFile).status, 0);
});

const tamperings = {
  'tampered score': (b) => { b.scores.mean.update_rougeLsum.fmeasure += 0.5; },
  'duplicated id': (b) => { b.predictions.lines[3].id = b.predictions.lines[1].id; },
  'HTML in metadata': (b) => { b.system.name = '<img src=x onerror=alert(1)>'; b.system.team = 'see www.x.org'; },
  'unknown id': (b) => { b.predictions.lines[0].id = 'atlantis'; },
  'bad sha256': (b) => { b.predictions.sha256 = '0'.repeat(64); },
  'bad link and date': (b) => { b.system.links.paper = 'javascript:alert(1)'; b.system.date = '2026-13-01'; },
};
for (const [name, tamper] of Object.entries(tamperings)) {
  test(`checkBundle and the CLI reject a bundle (${name}) with the same errors`, () => {
    const bundle = JSON.parse(nativeBundle);
    tamper(bundle);
    const file = path.join(work, `${name.replace(/ /g, '-')}.json`);
    writeFileSync(file, JSON.stringify(bundle, null, 1));
    const checked = fb.leaderboard.checkBundle({ benchmark, gold, bundle: readFileSync(file, 'utf8'), file });
    assert.equal(checked.ok, false);
    assert.ok(checked.errors.length > 0);
    for (const e of checked.errors) assert.deepEqual(Object.keys(e), ['file', 'line', 'field', 'message', 'text']);
    const cli = nativeErrors(file);
    assert.equal(cli.status, 1);
    assert.deepEqual(checked.errors.map((e) => e.text), cli.errors);
  });
}

test('makeBundle reports every problem of the predictions and the metadata', () => {
  const lines = predictions.trim().split('\n');
  const bad = [lines[0], lines[0], ...lines.slice(2)].join('\n') + '\n';
  const made = fb.leaderboard.makeBundle({ benchmark, gold, predictions: bad, system: { ...system, name: '<b>' } });
  assert.equal(made.bundle, '');
  assert.equal(made.report, null);
  const texts = made.errors.map((e) => e.text);
  assert.ok(texts.some((t) => /^field 'system.name': contains '<' or '>'/.test(t)), texts.join('\n'));
  assert.ok(texts.some((t) => /^predictions.jsonl:2: field 'id': duplicate id 'harbor-bridge'/.test(t)), texts.join('\n'));
  assert.ok(texts.some((t) => /field 'id': gold id 'ostrava-choir' .* has no prediction/.test(t)), texts.join('\n'));
  const wrongGold = fb.leaderboard.makeBundle({ benchmark, gold: gold + gold, predictions, system });
  assert.match(wrongGold.errors[0].text, /not the benchmark's gold file/);
});

test('predictions over 1 MiB need a side file, which checkBundle then reads', () => {
  const x = 'x'.repeat(600000);
  const bigBenchmarks = path.join(work, 'big-benchmarks');
  const bigGoldFile = path.join(work, 'big-gold.jsonl');
  writeFileSync(bigGoldFile, `${JSON.stringify({ id: 'big', inputs: `[0] A sentence. [CONTEXT] (0) Title ${x}`,
    targets: '[0] (0) New fact.' })}\n`);
  native(['leaderboard', 'add-benchmark', '--benchmarks', bigBenchmarks, '--id', 'big', '--name', 'Big',
    '--gold', bigGoldFile]);
  const big = {
    benchmark: readFileSync(path.join(bigBenchmarks, 'big.json'), 'utf8'),
    gold: readFileSync(bigGoldFile, 'utf8'),
  };
  const bigPredictions = `${JSON.stringify({ id: 'big', normalized_targets: `A sentence. New fact. ${x} ${x}` })}\n`;
  const embedded = fb.leaderboard.makeBundle({ ...big, predictions: bigPredictions, system });
  assert.match(embedded.errors[0].message, /over 1048576 \(1 MiB\) they go beside the bundle/);
  const made = fb.leaderboard.makeBundle({ ...big, predictions: bigPredictions, system, file: 'big.pred.jsonl.gz' });
  assert.deepEqual(made.errors, []);
  assert.equal(made.side_predictions, bigPredictions);
  assert.equal(JSON.parse(made.bundle).predictions.file, 'big.pred.jsonl.gz');
  assert.equal(fb.leaderboard.checkBundle({ ...big, bundle: made.bundle, predictions: made.side_predictions }).ok, true);
  const missing = fb.leaderboard.checkBundle({ ...big, bundle: made.bundle, file: 'big.json' });
  assert.equal(missing.errors[0].text, "big.json: field 'predictions.file': 'big.pred.jsonl.gz' was not found beside the bundle");
});

const committed = path.join(root, 'leaderboard', 'submissions');
test('the committed submissions pass checkBundle as they pass `fruitbench leaderboard check`', { skip:
    !existsSync(committed) && 'no leaderboard/submissions yet' }, () => {
  const dir = path.join(root, 'leaderboard', 'benchmarks');
  for (const name of readdirSync(committed).filter((f) => f.endsWith('.json')).sort()) {
    const bundle = readFileSync(path.join(committed, name), 'utf8');
    const id = JSON.parse(bundle).benchmark;
    const definition = readFileSync(path.join(dir, `${id}.json`), 'utf8');
    const goldText = readFileSync(path.join(dir, JSON.parse(definition).gold), 'utf8');
    const checked = fb.leaderboard.checkBundle({ benchmark: definition, gold: goldText, bundle, file: name });
    assert.deepEqual(checked.errors, [], name);
    assert.equal(checked.ok, true, name);
  }
});
