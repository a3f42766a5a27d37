// The project's evaluation set fruitbench-wiki-v1 (leaderboard/benchmarks/fruitbench-wiki-v1/):
// the committed gold.jsonl / inputs.jsonl are what build.mjs makes of source/, they are valid
// FRUIT files by the native CLI, and the set has the properties its README promises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadFruitbench, textSource } from '../../wasm/node.mjs';
import { build, KINDS } from '../../leaderboard/benchmarks/fruitbench-wiki-v1/build.mjs';
import { nativeCli, root, run } from './helpers.mjs';

const dir = path.join(root, 'leaderboard', 'benchmarks', 'fruitbench-wiki-v1');
const script = path.join(dir, 'build.mjs');
const goldPath = path.join(dir, 'gold.jsonl');
const inputsPath = path.join(dir, 'inputs.jsonl');
const fb = await loadFruitbench();
const { records } = await build({ fb });
const sourceCount = readdirSync(path.join(dir, 'source')).filter((f) => /^\d{3}\.json$/.test(f)).length;
const readJsonl = (file) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));

const work = mkdtempSync(path.join(tmpdir(), 'fruitbench-wiki-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

test('build.mjs --check: the committed files are what the sources give', () => {
  const r = run(process.execPath, [script, '--check']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`up to date \\(${sourceCount} examples\\)`));
});

test('one example per source file, at least 30, ids fw1-NNN in order', () => {
  assert.ok(sourceCount >= 30, `${sourceCount} source files`);
  assert.equal(records.length, sourceCount);
  const gold = readJsonl(goldPath);
  const inputs = readJsonl(inputsPath);
  assert.equal(gold.length, sourceCount);
  assert.deepEqual(gold.map((g) => g.id), records.map((_, i) => `fw1-${String(i + 1).padStart(3, '0')}`));
  assert.equal(new Set(gold.map((g) => g.id)).size, gold.length);
  for (const [i, g] of gold.entries()) {
    assert.deepEqual(Object.keys(g), ['id', 'inputs', 'targets', 'normalized_inputs', 'normalized_targets']);
    assert.deepEqual(inputs[i], { id: g.id, inputs: g.inputs });
  }
});

test('the native CLI validates the gold file, its targets included', () => {
  const r = run(nativeCli, ['validate', '--gold', goldPath, '--pred', goldPath]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), `ok: ${sourceCount} examples, ${sourceCount} EDIT5 predictions well-formed`);
});

test('normalized fields are exactly what `fruitbench normalize` computes', () => {
  const stripped = path.join(work, 'stripped.jsonl');
  const renormalized = path.join(work, 'renormalized.jsonl');
  writeFileSync(stripped, readJsonl(goldPath).map((g) => `${JSON.stringify({ id: g.id, inputs: g.inputs, targets: g.targets })}\n`).join(''));
  const r = run(nativeCli, ['normalize', stripped, '--output', renormalized]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '', 'no copy token is dropped');
  assert.equal(readFileSync(renormalized, 'utf8'), readFileSync(goldPath, 'utf8'));
});

test('every target is well-formed EDIT5 citing only its own evidence', () => {
  for (const r of records) {
    const check = fb.checkEdit5(r.inputs, r.targets);
    assert.deepEqual(check.diagnostics, [], r.id);
    assert.equal(check.source_sentences.length, r.example.sentences.length, r.id);
    assert.equal(check.evidence_count, r.example.evidence.length, r.id);
    const copies = check.units.filter((u) => u.kind === 'copy').map((u) => u.sentence);
    assert.deepEqual(copies, [...copies].sort((a, b) => a - b), r.id);
    for (const u of check.units.filter((u) => u.kind === 'text')) assert.ok(u.references.length > 0, `${r.id}: ${u.text}`);
    // The linearized input reads back as the source article and evidence.
    const parsed = fb.parseLinearized(r.inputs);
    assert.deepEqual(parsed.source_sentences, r.example.sentences, r.id);
    assert.equal(parsed.evidence.length, r.example.evidence.length, r.id);
    for (const [k, item] of r.example.evidence.entries()) {
      assert.equal(parsed.evidence[k].display_title, item.title, `${r.id} evidence ${k}`);
      if (item.table) assert.deepEqual(parsed.evidence[k].table.rows, item.table.rows, `${r.id} evidence ${k}`);
    }
  }
});

test('the set mixes kinds, sizes, tables and distractors', () => {
  const count = (pred) => records.filter(pred).length;
  for (const kind of KINDS) assert.ok(count((r) => r.example.kind === kind) >= 2, `kind ${kind}`);
  const unchanged = count((r) => r.example.kind === 'unchanged');
  assert.ok(unchanged >= 0.05 * records.length && unchanged <= 0.2 * records.length, `${unchanged} unchanged`);
  for (const r of records) {
    assert.ok(r.example.sentences.length >= 4 && r.example.sentences.length <= 10, `${r.id}: sentences`);
    assert.ok(r.example.evidence.length >= 1 && r.example.evidence.length <= 5, `${r.id}: evidence`);
  }
  const tables = records.flatMap((r) => r.example.evidence.filter((e) => e.table));
  assert.ok(count((r) => r.example.evidence.some((e) => e.table)) >= records.length / 3, 'a third of examples have a table');
  assert.ok(tables.some((e) => e.table.rows.length >= 3), 'some tables have several rows');
  assert.ok(tables.some((e) => e.table.rows.length === 1 && /- Table-\d+-\d+$/.test(e.section)), 'official single-row tables');
  assert.ok(records.some((r) => / - Table-\d+-\d+ \[HEADER\]/.test(r.inputs)), 'official table sections reach the input');
  // Distractors: evidence that no new sentence cites.
  const uncited = count((r) => {
    const cited = new Set(fb.checkEdit5(r.inputs, r.targets).units.flatMap((u) => u.references ?? []));
    return cited.size < r.example.evidence.length;
  });
  assert.ok(uncited >= records.length / 2, `${uncited} examples with distractors`);
  // Updates are not only appended: some new text comes before a copied sentence.
  assert.ok(count((r) => /\)[^[]*\[\d+\]/.test(r.targets) && r.example.kind === 'add') >= 3, 'additions in the middle');
  assert.ok(records.some((r) => /[^\x00-\x7f]/.test(r.inputs)), 'non-ASCII text');
});

test('gold scores 100 against itself; copying the source scores UpdateROUGE 100 only on unchanged examples', () => {
  const gold = readFileSync(goldPath, 'utf8');
  const self = fb.evaluate(textSource('gold.jsonl', gold), textSource('gold.jsonl', gold), { bootstrap: 0 });
  assert.equal(self.n, sourceCount);
  assert.equal(self.mean.update_rougeLsum.fmeasure, 100);
  assert.equal(self.mean.exact_match, 100);

  const copy = records.map((r) => `${JSON.stringify({ id: r.id, targets: fb.baseline(r.inputs, 'copy-source') })}\n`).join('');
  const perExample = new Map();
  fb.evaluate(textSource('gold.jsonl', gold), textSource('copy.jsonl', copy), { bootstrap: 0 }, {
    onExample: (line) => { const s = JSON.parse(line); perExample.set(s.id, s); },
  });
  for (const r of records) {
    const s = perExample.get(r.id);
    const unchanged = r.example.kind === 'unchanged';
    for (const metric of ['update_rouge1', 'update_rouge2', 'update_rougeLsum']) {
      assert.equal(s[metric].fmeasure === 100, unchanged, `${r.id} ${metric}`);
    }
    assert.equal(s.exact_match, unchanged ? 100 : 0, r.id);
    // Every update adds text (UpdateROUGE sees only additions).
    assert.equal(r.additions.length === 0, unchanged, r.id);
  }
});

test('errors name file and field, and nothing is written', () => {
  const copyDir = (name) => {
    const d = path.join(work, name);
    cpSync(path.join(dir, 'source'), path.join(d, 'source'), { recursive: true });
    return d;
  };
  const edit = (d, file, change) => {
    const p = path.join(d, 'source', file);
    const source = JSON.parse(readFileSync(p, 'utf8'));
    change(source);
    writeFileSync(p, JSON.stringify(source));
  };
  const cases = [
    ['target', (s) => { s.target = '[1] [0]'; }, /source\/002\.json: field 'target': copy-out-of-order/],
    ['id', (s) => { s.id = 'fw1-2'; }, /source\/002\.json: field 'id': is 'fw1-2', expected 'fw1-002'/],
    ['kind', (s) => { s.kind = 'rewrite'; }, /source\/002\.json: field 'kind'/],
    ['unknown', (s) => { s.extra = 1; }, /source\/002\.json: field 'extra': unknown field/],
    ['evidence', (s) => { s.evidence[0] = { title: 'X', section: '', text: 'See (1) below.' }; }, /source\/002\.json: field 'evidence\[0\]\.text': contains "\(1\)"/],
    ['cell', (s) => { s.evidence[0].table.rows[0][1] = 'a [ROW] b'; }, /source\/002\.json: field 'evidence\[0\]\.table\.rows\[0\]\[1\]'/],
    ['copy token', (s) => { s.sentences[1] = 'Cited [3] here.'; }, /source\/002\.json: field 'sentences\[1\]'/],
    ['unchanged', (s) => { s.kind = 'unchanged'; }, /source\/002\.json: field 'target': kind 'unchanged'/],
    ['no additions', (s) => { s.kind = 'delete'; s.target = '[0] [1] [2] [3] [5]'; }, /source\/002\.json: field 'target': the update has no additions/],
  ];
  for (const [name, change, message] of cases) {
    const d = copyDir(`bad-${name.replace(/\W/g, '-')}`);
    edit(d, '002.json', change);
    const r = run(process.execPath, [script, '--dir', d]);
    assert.equal(r.status, 1, name);
    assert.match(r.stderr, message, name);
    assert.ok(!existsSync(path.join(d, 'gold.jsonl')) && !existsSync(path.join(d, 'inputs.jsonl')), `${name}: nothing written`);
    assert.deepEqual(readdirSync(d), ['source'], `${name}: no temporary file left`);
  }
  const gap = copyDir('gap');
  rmSync(path.join(gap, 'source', '002.json'));
  const r = run(process.execPath, [script, '--dir', gap]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /source\/003\.json: expected source\/002\.json first/);
});

test('--check fails on a stale file and the build repairs it', () => {
  const d = path.join(work, 'stale');
  cpSync(path.join(dir, 'source'), path.join(d, 'source'), { recursive: true });
  assert.equal(run(process.execPath, [script, '--check', '--dir', d]).status, 1, 'missing files');
  assert.equal(run(process.execPath, [script, '--dir', d]).status, 0);
  assert.equal(readFileSync(path.join(d, 'gold.jsonl'), 'utf8'), readFileSync(goldPath, 'utf8'));
  writeFileSync(path.join(d, 'inputs.jsonl'), readFileSync(path.join(d, 'inputs.jsonl'), 'utf8').replace('fw1-003', 'fw1-333'));
  const r = run(process.execPath, [script, '--check', '--dir', d]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /inputs\.jsonl is out of date \(first difference on line 3\)/);
  assert.equal(run(process.execPath, [script, '--dir', d]).status, 0);
  assert.equal(run(process.execPath, [script, '--check', '--dir', d]).status, 0);
});
