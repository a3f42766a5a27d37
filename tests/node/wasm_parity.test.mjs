// The WebAssembly module must give the native CLI's numbers to the last
// digit: per-example lines and reports are compared as exact text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadFruitbench, fileSource, textSource } from '../../wasm/node.mjs';
import { conformanceCases, native } from './helpers.mjs';

const fruitbench = await loadFruitbench();
const work = mkdtempSync(path.join(tmpdir(), 'fruitbench-node-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

for (const { name, gold, pred } of conformanceCases()) {
  for (const stem of [false, true]) {
    test(`wasm evaluate equals native on ${name}${stem ? ' (stem)' : ''}`, () => {
      const perExample = path.join(work, `${name}-${stem}.jsonl`);
      const args = ['score', '--gold', gold, '--pred', pred, '--format', 'json', '--per-example', perExample];
      const nativeReport = native(stem ? [...args, '--stem'] : args);
      const lines = [];
      // Small chunks put line and UTF-8 boundaries inside chunks.
      const report = fruitbench.evaluate(fileSource(gold, 4096), fileSource(pred, 4093), { stem }, {
        onExample: (line) => lines.push(line),
      });
      assert.equal(lines.map((l) => `${l}\n`).join(''), readFileSync(perExample, 'utf8'));
      // File names in warnings are the paths both were given.
      assert.deepEqual(report, JSON.parse(nativeReport));
      assert.equal(report.text, nativeReport);
    });
  }
}

test('text sources split anywhere give the same report', () => {
  const [{ gold, pred }] = conformanceCases().filter((c) => c.name === 'unicode');
  const goldText = readFileSync(gold, 'utf8');
  const predText = readFileSync(pred, 'utf8');
  const whole = fruitbench.evaluate(textSource(gold, goldText), textSource(pred, predText));
  for (const chunk of [1, 3, 17, 1000]) {
    const split = fruitbench.evaluate(textSource(gold, goldText, chunk), textSource(pred, predText, chunk));
    assert.deepEqual(split, whole, `chunk size ${chunk}`);
  }
});
