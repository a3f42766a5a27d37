// The faithfulness metrics (core/faithfulness.h) through the WebAssembly
// module: `npm run fruitbench` equals the native CLI byte for byte on
// tests/fixtures/faithfulness, and the JS API's scoreExample and diff give
// the hand-computed values (each written out below).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadFruitbench } from '../../wasm/node.mjs';
import { nativeCli, root, run } from './helpers.mjs';

const fb = await loadFruitbench();
const work = mkdtempSync(path.join(tmpdir(), 'fruitbench-faith-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const fixtures = path.join(root, 'tests', 'fixtures', 'faithfulness');

test('npm run fruitbench equals native on the faithfulness fixture (report, table, per-example lines)', () => {
  const args = (out) => ['score', '--gold', path.join(fixtures, 'gold.jsonl'), '--pred', path.join(fixtures, 'pred.jsonl'),
    '--format', 'json', '--per-example', out];
  const native = run(nativeCli, args(path.join(work, 'native.jsonl')));
  const node = run('npm', ['run', 'fruitbench', '--', ...args(path.join(work, 'node.jsonl'))]);
  assert.equal(native.status, 0, native.stderr);
  assert.equal(node.status, 0, node.stderr);
  assert.equal(node.stdout, native.stdout);
  const lines = readFileSync(path.join(work, 'node.jsonl'), 'utf8');
  assert.equal(lines, readFileSync(path.join(work, 'native.jsonl'), 'utf8'));
  // Hand-computed in tests/cli_test.sh: t -> 1, 50, 66.67; b -> 0, null, 0; means 0.5, 50 (over 1), 33.33 (over 2).
  const [t, b] = lines.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual([t.unsupported_entity_tokens, t.entity_precision], [1, 50]);
  assert.ok(Math.abs(t.entity_recall - 200 / 3) < 1e-12);
  assert.deepEqual([b.unsupported_entity_tokens, b.entity_precision, b.entity_recall], [0, null, 0]);
  const report = JSON.parse(node.stdout);
  assert.equal(report.mean.unsupported_entity_tokens, 0.5);
  assert.equal(report.mean.entity_precision, 50);
  assert.deepEqual(report.defined, { unsupported_entity_tokens: 2, entity_precision: 1, entity_recall: 2 });
  assert.match(report.signature, /\|ent:fruit-entity-v1\|/);

  const table = ['score', '--gold', path.join(fixtures, 'gold.jsonl'), '--pred', path.join(fixtures, 'pred.jsonl')];
  const nativeTable = run(nativeCli, table);
  assert.equal(run('npm', ['run', 'fruitbench', '--', ...table]).stdout, nativeTable.stdout);
  assert.match(nativeTable.stdout, /^entity_precision +50\.00 +50\.00 - 50\.00 +1$/m);
});

test('scoreExample: the evidence supports entities only when inputs are given', () => {
  // Source "Brevik is a town. It had 7,000 people in 2011."; the prediction adds "In 2021 the population was
  // 7,688 under Mayor Ilse Berg." -> tokens 2021, 7,688, Mayor, Ilse, Berg. The evidence "(0) Brevik Population
  // 7,688 (2021)" supports 2021 and 7,688 -> 3 unsupported; without it all 5 are.
  // Gold adds "In 2021 the population was 7,688." -> G = {2021, 7,688}; P has 5 keys: precision 2/5 = 40, recall 100.
  const normalizedInputs = 'Brevik is a town. It had 7,000 people in 2011.';
  const inputs = '[0] Brevik is a town. [1] It had 7,000 people in 2011. [CONTEXT] (0) Brevik Population 7,688 (2021)';
  const gold = `${normalizedInputs} In 2021 the population was 7,688.`;
  const prediction = `${normalizedInputs} In 2021 the population was 7,688 under Mayor Ilse Berg.`;
  const s = fb.scoreExample({ normalizedInputs, gold, prediction, inputs }, { bootstrap: 0 });
  assert.equal(s.unsupported_entity_tokens, 3);
  assert.deepEqual(s.unsupported_entities, ['Mayor', 'Ilse', 'Berg']);
  assert.equal(s.entity_precision, 40);
  assert.equal(s.entity_recall, 100);
  const articleOnly = fb.scoreExample({ normalizedInputs, gold, prediction }, { bootstrap: 0 });
  assert.equal(articleOnly.unsupported_entity_tokens, 5);
});

test('diff marks the unsupported entity tokens of new sentences, escaped', () => {
  // Edited "It closed in 1990.": 1990 is in neither "The <b>fort</b> was built. It closed." nor the evidence;
  // inserted "It reopened in 2020 under <Mayor> Ilse Berg.": 2020 is in the evidence; Mayor (key of "<Mayor>"),
  // Ilse and Berg are not.
  const inputs = '[0] The <b>fort</b> was built. [1] It closed. [CONTEXT] (0) Fort History It reopened in 2020.';
  const d = fb.diff(inputs, '[0] It closed in 1990. (0) It reopened in 2020 under <Mayor> Ilse Berg.', 'edit5');
  assert.deepEqual(d.sentences.map((s) => s.unsupported), [[], ['1990'], ['Mayor', 'Ilse', 'Berg']]);
  const mark = '<mark class="fb-unsupported" title="In neither the article nor the evidence">';
  assert.ok(d.html.includes(`${mark}1990</mark>`), d.html);
  assert.ok(d.html.includes(`&lt;${mark}Mayor</mark>&gt;`), d.html);
  assert.ok(!d.html.includes('<Mayor>'));
  assert.equal(d.html.split('<mark ').length - 1, 4);
});
