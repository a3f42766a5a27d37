// The task commands beside FRUIT (score --task diffqg|factacc, baseline
// --task diffqg, correlate, and the DiffQG leaderboard check) give the same
// bytes natively and as `npm run fruitbench` (the CLI compiled to
// WebAssembly), errors included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nativeCli, root, run } from './helpers.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'fruitbench-tasks-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const fixtures = path.join(root, 'tests', 'fixtures', 'tasks');
const benchmark = path.join(root, 'leaderboard', 'benchmarks', 'diffqg-wiki-v1');

function both(args) {
  const fromNative = run(nativeCli, args.map((a) => a.replaceAll('OUT', path.join(work, 'native'))));
  const fromNode = run('npm', ['run', 'fruitbench', '--', ...args.map((a) => a.replaceAll('OUT', path.join(work, 'node')))]);
  return { fromNative, fromNode };
}

function same(args, { status = 0, files = [] } = {}) {
  const { fromNative, fromNode } = both(args);
  assert.equal(fromNative.status, status, `${args.join(' ')}: ${fromNative.stderr}`);
  assert.equal(fromNode.status, fromNative.status, args.join(' '));
  assert.equal(fromNode.stdout, fromNative.stdout, args.join(' '));
  assert.equal(fromNode.stderr, fromNative.stderr, args.join(' '));
  for (const suffix of files) {
    assert.equal(readFileSync(path.join(work, `node${suffix}`), 'utf8'),
      readFileSync(path.join(work, `native${suffix}`), 'utf8'), suffix);
  }
  return fromNative.stdout;
}

test('score --task diffqg: Node equals native, on the fixture and on the benchmark', () => {
  const gold = path.join(fixtures, 'diffqg.gold.jsonl');
  const report = JSON.parse(same(['score', '--task', 'diffqg', '--gold', gold, '--pred', path.join(fixtures, 'diffqg.pred.jsonl'),
    '--format', 'json', '--per-example', 'OUT.jsonl'], { files: ['.jsonl'] }));
  assert.equal(report.mean.change_f1, 50);  // core/diffqg_test.cc
  same(['score', '--task', 'diffqg', '--gold', gold, '--pred', path.join(fixtures, 'diffqg.pred.jsonl'), '--stem', '--seed', '3']);
  same(['baseline', '--task', 'diffqg', '--input', path.join(benchmark, 'inputs.jsonl'), '--out', 'OUT.pred.jsonl'],
    { files: ['.pred.jsonl'] });
  same(['score', '--task', 'diffqg', '--gold', path.join(benchmark, 'gold.jsonl'), '--pred', path.join(work, 'native.pred.jsonl')]);
  same(['score', '--task', 'diffqg', '--gold', gold, '--pred', path.join(fixtures, 'triples.generated.jsonl')], { status: 1 });
});

test('score --task factacc and correlate: Node equals native', () => {
  same(['score', '--task', 'factacc', '--gold', path.join(fixtures, 'triples.reference.jsonl'),
    '--pred', path.join(fixtures, 'triples.generated.jsonl'), '--format', 'json', '--per-example', 'OUT.facts.jsonl'],
  { files: ['.facts.jsonl'] });
  same(['score', '--task', 'diffqg', '--gold', path.join(fixtures, 'diffqg.gold.jsonl'),
    '--pred', path.join(fixtures, 'diffqg.pred.jsonl'), '--per-example', 'OUT.per.jsonl']);
  const report = JSON.parse(same(['correlate', '--scores', path.join(work, 'native.per.jsonl'), '--human',
    path.join(fixtures, 'ratings.jsonl'), '--metric', 'qg_rouge1', '--human-field', 'label',
    '--labels', 'Accept=1,Edit=0.5,Reject=0', '--format', 'json']));
  assert.equal(report.n, 2);
  same(['correlate', '--scores', path.join(work, 'native.per.jsonl'), '--human', path.join(fixtures, 'ratings.jsonl'),
    '--metric', 'full_rougeL', '--human-field', 'label'], { status: 1 });
});
