// The JavaScript API: shapes, errors and the pieces the playground uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadFruitbench, textSource, FruitbenchError } from '../../wasm/node.mjs';

const fb = await loadFruitbench();

test('errors are FruitbenchErrors naming file, line and field', () => {
  const gold = textSource('gold.jsonl', '{"inputs": "[0] A. [CONTEXT] (0) B", "targets": "[0]"}\n{"inputs": 5}\n');
  const pred = textSource('pred.jsonl', '{"normalized_targets": "A."}\n{"normalized_targets": "A."}\n');
  assert.throws(() => fb.evaluate(gold, pred), (e) => {
    assert.ok(e instanceof FruitbenchError);
    assert.equal(e.file, 'gold.jsonl');
    assert.equal(e.line, 2);
    assert.equal(e.field, 'inputs');
    assert.match(e.message, /^gold\.jsonl:2: field 'inputs': expected a string, got number$/);
    return true;
  });
});

test('normalize keeps the official quirks', () => {
  const r = fb.normalize('[0] Old fact. [1] Kept. [CONTEXT] (0) Ev', '[1] (0) New film (2012) out. [9]');
  assert.equal(r.normalized_inputs, 'Old fact. Kept.');
  assert.equal(r.normalized_targets, 'Kept. New film out.');
  assert.deepEqual(r.dropped_copy_tokens, [9]);
});

test('checkEdit5 reports malformed units with codes', () => {
  const r = fb.checkEdit5('[0] A. [1] B. [CONTEXT] (0) E', '[1] [0] (3) Text. (0)');
  assert.deepEqual(r.diagnostics.map((d) => d.code), ['copy-out-of-order', 'missing-evidence', 'empty-sentence']);
  assert.equal(r.units.length, 4);
  assert.deepEqual(r.source_sentences, ['A.', 'B.']);
  assert.equal(r.evidence_count, 1);
});

test('linearize, parse it back and run the baselines', () => {
  const sentences = fb.splitSentences('Jr. Smith moved to the U.S. in 1990. He died in 2001.');
  assert.deepEqual(sentences, ['Jr. Smith moved to the U.S. in 1990.', 'He died in 2001.']);
  const table = fb.parseTable('| Year | Event |\n|---|---|\n| 2001 | Death |');
  const inputs = fb.linearize({ sentences }, [
    { title: 'John Smith', section: 'Life', text: 'Smith died in Boston in 2001.' },
    { title: 'Boston deaths', section: '2001', table },
  ]);
  assert.equal(inputs,
    '[0] Jr. Smith moved to the U.S. in 1990. [1] He died in 2001. [CONTEXT] (0) John_Smith Life Smith died in ' +
    'Boston in 2001. (1) Boston_deaths 2001 - Table [HEADER] [COL] Year [COL] Event [ROW] [COL] 2001 [COL] Death');
  const parsed = fb.parseLinearized(inputs);
  assert.deepEqual(parsed.source_sentences, sentences);
  assert.deepEqual(parsed.evidence[1].table.rows, [['2001', 'Death']]);
  assert.equal(fb.baseline(inputs, 'copy-source'), '[0] [1]');
  assert.throws(() => fb.linearize({ sentences: ['Bad [CONTEXT] marker.'] }, []), FruitbenchError);
});

test('diff marks copied, edited and inserted sentences and escapes text', () => {
  const inputs = '[0] The <b>fort</b> was built. [1] It closed. [CONTEXT] (0) Fort History It reopened in 2020.';
  const d = fb.diff(inputs, '[0] It closed in 1990. (0) It reopened in 2020.', 'edit5');
  assert.deepEqual(d.sentences.map((s) => s.kind), ['copied', 'edited', 'inserted']);
  assert.deepEqual(d.sentences[2].references, [0]);
  assert.ok(d.html.includes('&lt;b&gt;fort&lt;/b&gt;'));
  assert.ok(!d.html.includes('<b>'));
});

test('UpdateROUGE and ROUGE of one example', () => {
  const normalizedInputs = 'The fort was built in 1850. It closed in 1990.';
  const gold = `${normalizedInputs} It reopened as a museum in 2020.`;
  const s = fb.scoreExample({ normalizedInputs, gold, prediction: normalizedInputs });
  assert.equal(s.predicted_additions, '');
  assert.equal(s.update_rouge1.fmeasure, 0);
  assert.ok(s.rouge1.fmeasure > 70, 'copying the source still scores high ROUGE');
  assert.equal(fb.signature({ stem: true, bootstrap: 0 }),
    'fruitbench:0.1.0|norm:fruit-diff-text|tok:rouge_score|stem:porter|empty:100|ent:fruit-entity-v1|agg:mean|boot:none');
});
