// `npm run fruitbench -- ...` runs the CLI compiled to WebAssembly; its
// output must equal the native CLI's byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { conformanceCases, nativeCli, run } from './helpers.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'fruitbench-npm-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

function both(args) {
  const fromNative = run(nativeCli, args.map((a) => a.replaceAll('OUT', path.join(work, 'native'))));
  const fromNode = run('npm', ['run', 'fruitbench', '--', ...args.map((a) => a.replaceAll('OUT', path.join(work, 'node')))]);
  return { fromNative, fromNode };
}

for (const { name, gold, pred } of conformanceCases()) {
  test(`npm run fruitbench equals native on ${name}`, () => {
    const { fromNative, fromNode } = both(['score', '--gold', gold, '--pred', pred, '--format', 'json', '--per-example', 'OUT.jsonl']);
    assert.equal(fromNative.status, 0, fromNative.stderr);
    assert.equal(fromNode.status, 0, fromNode.stderr);
    assert.equal(fromNode.stdout, fromNative.stdout);
    assert.equal(readFileSync(path.join(work, 'node.jsonl'), 'utf8'), readFileSync(path.join(work, 'native.jsonl'), 'utf8'));
  });
}

test('npm run fruitbench: table, validate, apply and normalize equal native', () => {
  const [{ gold, pred }] = conformanceCases().filter((c) => c.name === 'edit5');
  for (const args of [
    ['score', '--gold', gold, '--pred', pred, '--stem', '--bootstrap', '50', '--seed', '3'],
    ['validate', '--gold', gold, '--pred', pred],
    ['apply', '--input', gold, '--pred', pred],
    ['normalize', gold],
    ['--help'],
  ]) {
    const { fromNative, fromNode } = both(args);
    assert.equal(fromNode.status, fromNative.status, args.join(' '));
    assert.equal(fromNode.stdout, fromNative.stdout, args.join(' '));
  }
});

test('npm run fruitbench: errors have the same exit status and message', () => {
  const [{ gold }] = conformanceCases().filter((c) => c.name === 'basic');
  const broken = path.join(work, 'broken.jsonl');
  writeFileSync(broken, '{"id": "x", "normalized_targets": \n');
  const { fromNative, fromNode } = both(['score', '--gold', gold, '--pred', broken]);
  assert.equal(fromNative.status, 1);
  assert.equal(fromNode.status, 1);
  assert.equal(fromNode.stdout, '');
  assert.match(fromNode.stderr, /broken\.jsonl:1: invalid JSON/);
  assert.equal(fromNode.stderr, fromNative.stderr);
});
