// `fruitbench compare` is the same in every front end: the native CLI, the
// CLI compiled to WebAssembly (`npm run fruitbench`) and the JS API give the
// same bytes; and its answers are right on constructed cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { conformanceCases, native, nativeCli, run } from './helpers.mjs';
import { loadFruitbench, fileSource } from '../../wasm/node.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'fruitbench-compare-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

// n examples; `good` predictions repeat the gold update, the others add an unrelated sentence.
function writeSystems(n) {
  const gold = [];
  const bad = [];
  const good = [];
  for (let i = 0; i < n; ++i) {
    gold.push({ id: `e${i}`, inputs: `[0] Old fact ${i}. [CONTEXT] (0) New fact`, targets: `[0] (0) The bridge opened in ${1900 + i}.` });
    bad.push({ id: `e${i}`, targets: `[0] (0) A market was held on ${i % 7} days.` });
    good.push({ id: `e${i}`, targets: `[0] (0) The bridge opened in ${1900 + i}.` });
  }
  const files = {};
  for (const [name, rows] of Object.entries({ gold, bad, good })) {
    files[name] = path.join(work, `${name}.jsonl`);
    writeFileSync(files[name], rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  }
  return files;
}

const fb = await loadFruitbench();
const files = writeSystems(30);
const [{ gold: randomGold, pred: randomPred }] = conformanceCases().filter((c) => c.name === 'random');

for (const method of ['bootstrap', 'randomization']) {
  test(`compare --method ${method}: native = npm run fruitbench = JS API, byte for byte`, () => {
    for (const [gold, a, b] of [[files.gold, files.bad, files.good], [randomGold, randomPred, randomPred]]) {
      const args = ['compare', '--gold', gold, '--pred', a, '--pred', b, '--method', method, '--format', 'json',
                    '--resamples', '400'];
      const fromNative = native(args);
      const fromNode = run('npm', ['run', 'fruitbench', '--', ...args]);
      assert.equal(fromNode.status, 0, fromNode.stderr);
      assert.equal(fromNode.stdout, fromNative);
      const report = fb.compare(() => fileSource(gold), fileSource(a), fileSource(b), { method, resamples: 400 });
      assert.equal(report.text, fromNative);
      assert.deepEqual(report, JSON.parse(fromNative));
      // The table too.
      const table = native(args.slice(0, -4).concat(['--resamples', '400']));
      assert.equal(run('npm', ['run', 'fruitbench', '--', ...args.slice(0, -4), '--resamples', '400']).stdout, table);
    }
  });

  test(`compare --method ${method}: identical systems p = 1, a better system p < 0.01`, () => {
    const same = JSON.parse(native(['compare', '--gold', files.gold, '--pred', files.bad, '--pred', files.bad,
                                    '--method', method, '--format', 'json']));
    const better = JSON.parse(native(['compare', '--gold', files.gold, '--pred', files.bad, '--pred', files.good,
                                      '--method', method, '--format', 'json']));
    for (const [name, m] of Object.entries(same.metrics)) {
      assert.equal(m.difference, 0, name);
      assert.equal(m.p_value, 1, name);
    }
    for (const [name, m] of Object.entries(better.metrics)) {
      assert.ok(m.difference > 0, name);
      assert.ok(m.p_value < 0.01, `${name}: p ${m.p_value}`);
    }
    assert.equal(Object.keys(better.metrics).length, 7);
    assert.match(better.signature, new RegExp(`\\|test:${method}\\|n:${method === 'bootstrap' ? 1000 : 10000}\\|seed:12345\\|ci:95$`));
  });
}

test('compare: usage and data errors', () => {
  const once = run(nativeCli, ['compare', '--gold', files.gold, '--pred', files.bad]);
  assert.equal(once.status, 2);
  assert.match(once.stderr, /two --pred files/);
  const method = run(nativeCli, ['compare', '--gold', files.gold, '--pred', files.bad, '--pred', files.good, '--method', 'x']);
  assert.equal(method.status, 2);
  const other = run(nativeCli, ['compare', '--gold', randomGold, '--pred', files.bad, '--pred', files.good]);
  assert.equal(other.status, 1);
  assert.match(other.stderr, /fruitbench: error: .*random\.gold\.jsonl:1: field 'id': .* has no prediction in .*bad\.jsonl/);
  assert.throws(() => fb.compare(fileSource(files.gold), fileSource(files.bad), fileSource(files.good)), TypeError);
});
