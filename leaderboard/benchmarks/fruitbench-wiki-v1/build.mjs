#!/usr/bin/env node
// Builds the fruitbench-wiki-v1 evaluation set from its hand-written sources.
//
//   node leaderboard/benchmarks/fruitbench-wiki-v1/build.mjs           writes gold.jsonl and inputs.jsonl
//   node leaderboard/benchmarks/fruitbench-wiki-v1/build.mjs --check   fails when they are not up to date
//   node leaderboard/benchmarks/fruitbench-wiki-v1/build.mjs --stats   prints the statistics of README.md
//
// Every source/NNN.json (001, 002, ... without gaps) is one example: an
// outdated article as sentences, evidence items (text or table) and the gold
// update as an EDIT5 target. Each is checked (fields and types, the kind
// against the target), linearized with the core (core/linearize.h), its
// target checked with the core's EDIT5 validation (core/edit5.h) and
// normalized with the official normalization (core/normalize.h, the same
// code as `fruitbench normalize`). Then the two files are written:
//
//   gold.jsonl    the official FRUIT *_inputlabels.jsonl fields: id, inputs,
//                 targets, normalized_inputs, normalized_targets
//                 (generatable_surfaces is left out: the official pipeline
//                 derives it from entity links this set does not have)
//   inputs.jsonl  the *_inputonly.jsonl fields systems run on: id, inputs
//
// Errors name the source file and field; on any error nothing is written
// (files are written to a temporary name and renamed once all are good).
import { readFileSync, readdirSync, writeFileSync, renameSync, existsSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFruitbench, textSource, FruitbenchError } from '../../../wasm/node.mjs';

export const benchmarkDir = path.dirname(fileURLToPath(import.meta.url));
export const KINDS = ['substitute', 'add', 'delete', 'mixed', 'unchanged'];
const SOURCE_FIELDS = ['id', 'title', 'kind', 'sentences', 'evidence', 'target', 'notes'];
const EVIDENCE_FIELDS = ['title', 'section', 'text', 'table'];
const TABLE_FIELDS = ['caption', 'header', 'rows'];

/** A problem in a source file, named by file and field. */
export class SourceError extends Error {
  constructor(file, field, message) {
    super(field ? `${file}: field '${field}': ${message}` : `${file}: ${message}`);
    this.name = 'SourceError';
    this.file = file;
    this.field = field;
  }
}

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const typeName = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

// Text fields: strings, well-formed UTF-16 (so valid UTF-8 once encoded), no
// control characters (the linearization would flatten them silently).
function checkString(file, field, value, { nonEmpty = true } = {}) {
  if (typeof value !== 'string') throw new SourceError(file, field, `expected a string, got ${typeName(value)}`);
  if (!value.isWellFormed()) throw new SourceError(file, field, 'contains a lone surrogate (not valid Unicode)');
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f-\u009f]/.exec(value);
  if (control) {
    const code = control[0].codePointAt(0).toString(16).padStart(4, '0');
    throw new SourceError(file, field, `contains the control character U+${code.toUpperCase()}`);
  }
  if (value !== value.trim()) throw new SourceError(file, field, 'has leading or trailing whitespace');
  if (/\s{2,}/u.test(value)) throw new SourceError(file, field, 'has a run of several whitespace characters');
  if (nonEmpty && value === '') throw new SourceError(file, field, 'is empty');
}

function checkKeys(file, prefix, object, allowed, required) {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw new SourceError(file, prefix ? `${prefix}.${key}` : key, `unknown field (allowed: ${allowed.join(', ')})`);
    }
  }
  for (const key of required) {
    if (!(key in object)) throw new SourceError(file, prefix ? `${prefix}.${key}` : key, 'missing');
  }
}

function checkTable(file, field, table) {
  if (!isPlainObject(table)) throw new SourceError(file, field, `expected an object, got ${typeName(table)}`);
  checkKeys(file, field, table, TABLE_FIELDS, ['rows']);
  const caption = table.caption ?? '';
  checkString(file, `${field}.caption`, caption, { nonEmpty: false });
  const header = table.header ?? [];
  if (!Array.isArray(header)) throw new SourceError(file, `${field}.header`, `expected an array, got ${typeName(header)}`);
  header.forEach((cell, j) => checkString(file, `${field}.header[${j}]`, cell));
  if (!Array.isArray(table.rows)) throw new SourceError(file, `${field}.rows`, `expected an array, got ${typeName(table.rows)}`);
  if (table.rows.length === 0) throw new SourceError(file, `${field}.rows`, 'a table needs at least one row');
  table.rows.forEach((row, i) => {
    if (!Array.isArray(row)) throw new SourceError(file, `${field}.rows[${i}]`, `expected an array, got ${typeName(row)}`);
    if (row.length === 0) throw new SourceError(file, `${field}.rows[${i}]`, 'a row needs at least one cell');
    if (header.length && row.length > header.length) {
      throw new SourceError(file, `${field}.rows[${i}]`, `has ${row.length} cells, more than the header's ${header.length}`);
    }
    row.forEach((cell, j) => checkString(file, `${field}.rows[${i}][${j}]`, cell, { nonEmpty: false }));
  });
  return { caption, header, rows: table.rows };
}

/** Checks the shape of one parsed source file; returns the example in core form. */
export function checkSource(file, number, source) {
  if (!isPlainObject(source)) throw new SourceError(file, '', `expected a JSON object, got ${typeName(source)}`);
  checkKeys(file, '', source, SOURCE_FIELDS, SOURCE_FIELDS);
  const expectedId = `fw1-${number}`;
  checkString(file, 'id', source.id);
  if (source.id !== expectedId) throw new SourceError(file, 'id', `is '${source.id}', expected '${expectedId}' (from the file name)`);
  checkString(file, 'title', source.title);
  checkString(file, 'kind', source.kind);
  if (!KINDS.includes(source.kind)) throw new SourceError(file, 'kind', `is '${source.kind}', expected one of ${KINDS.join(', ')}`);
  checkString(file, 'notes', source.notes);
  checkString(file, 'target', source.target);

  if (!Array.isArray(source.sentences)) throw new SourceError(file, 'sentences', `expected an array, got ${typeName(source.sentences)}`);
  if (source.sentences.length < 2) throw new SourceError(file, 'sentences', 'an article needs at least two sentences');
  source.sentences.forEach((s, i) => checkString(file, `sentences[${i}]`, s));

  if (!Array.isArray(source.evidence)) throw new SourceError(file, 'evidence', `expected an array, got ${typeName(source.evidence)}`);
  if (source.evidence.length === 0) throw new SourceError(file, 'evidence', 'needs at least one evidence item');
  const evidence = source.evidence.map((item, k) => {
    const field = `evidence[${k}]`;
    if (!isPlainObject(item)) throw new SourceError(file, field, `expected an object, got ${typeName(item)}`);
    checkKeys(file, field, item, EVIDENCE_FIELDS, ['title', 'section']);
    checkString(file, `${field}.title`, item.title);
    checkString(file, `${field}.section`, item.section, { nonEmpty: false });
    const hasText = 'text' in item, hasTable = 'table' in item;
    if (hasText === hasTable) throw new SourceError(file, field, 'needs exactly one of "text" and "table"');
    if (hasText) {
      checkString(file, `${field}.text`, item.text);
      return { title: item.title, section: item.section, text: item.text, table: null };
    }
    return { title: item.title, section: item.section, text: '', table: checkTable(file, `${field}.table`, item.table) };
  });
  return { id: source.id, title: source.title, kind: source.kind, notes: source.notes, sentences: source.sentences, evidence, target: source.target };
}

// Core errors carry the field they are about ("sentences[3]", "evidence[2].table.rows[0][1]").
function coreError(file, error, fallbackField) {
  if (error instanceof FruitbenchError) return new SourceError(file, error.field || fallbackField, error.reason || error.message);
  return error;
}

/**
 * Checks one example with the core and builds its records. Beyond EDIT5
 * well-formedness, a gold target must be a clean update: every new text unit
 * cites evidence and consists of whole sentences, no new text repeats a
 * source sentence (that is a copy token's job), and the kind matches what
 * the target does.
 */
export function buildExample(fb, file, example) {
  const n = example.sentences.length;
  example.sentences.forEach((s, i) => {
    const split = fb.splitSentences(s);
    if (split.length !== 1) {
      throw new SourceError(file, `sentences[${i}]`, `is ${split.length} sentences by the core's splitter (core/sentences.h): ${JSON.stringify(split)}`);
    }
  });
  let inputs;
  try {
    inputs = fb.linearize({ sentences: example.sentences }, example.evidence);
  } catch (e) {
    throw coreError(file, e, 'sentences');
  }
  const check = fb.checkEdit5(inputs, example.target);
  if (check.source_sentences.length !== n || check.evidence_count !== example.evidence.length) {
    throw new SourceError(file, '', `the linearized input reads back as ${check.source_sentences.length} sentences and ` +
      `${check.evidence_count} evidence items, not ${n} and ${example.evidence.length}`);
  }
  if (check.diagnostics.length) {
    const d = check.diagnostics[0];
    throw new SourceError(file, 'target', `${d.code}: ${d.message} (byte ${d.offset})`);
  }
  const copied = new Set();
  let textUnits = 0;
  for (const unit of check.units) {
    if (unit.kind === 'copy') {
      copied.add(unit.sentence);
      continue;
    }
    textUnits += 1;
    const where = JSON.stringify(unit.text.length > 60 ? `${unit.text.slice(0, 57)}...` : unit.text);
    if (!unit.references.length) throw new SourceError(file, 'target', `new text ${where} cites no evidence; put its "(k)" before it`);
    if (!/[.!?]["'”’)\]]*$/u.test(unit.text)) {
      throw new SourceError(file, 'target', `new text ${where} does not end a sentence (a "(n)" inside new text is read as a reference)`);
    }
    for (const sentence of fb.splitSentences(unit.text)) {
      const i = example.sentences.indexOf(sentence);
      if (i >= 0) throw new SourceError(file, 'target', `new text repeats source sentence ${i} verbatim; copy it with [${i}]`);
    }
  }
  const dropped = n - copied.size;
  const kindProblem = {
    unchanged: textUnits || dropped ? 'must copy every source sentence and add nothing' : '',
    add: dropped ? `must copy every source sentence (it drops ${dropped})` : !textUnits ? 'must add text' : '',
    substitute: !dropped || !textUnits ? 'must replace at least one source sentence with new text' : '',
    delete: !dropped ? 'must leave out at least one source sentence' : '',
    mixed: !textUnits ? 'must add text' : '',
  }[example.kind];
  if (kindProblem) throw new SourceError(file, 'target', `kind '${example.kind}' ${kindProblem}`);

  let normalized;
  try {
    normalized = fb.normalize(inputs, example.target);
  } catch (e) {
    throw coreError(file, e, 'target');
  }
  if (normalized.dropped_copy_tokens.length) throw new SourceError(file, 'target', 'has out-of-range copy tokens');
  // UpdateROUGE scores only the additions (extract_additions). A changed
  // example without any is scored 100 for every prediction that adds
  // nothing, copying the source included; so every update must add text
  // (a deletion rewrites the sentence that held the fact).
  const additions = fb.additions(normalized.normalized_inputs, normalized.normalized_targets);
  if (example.kind !== 'unchanged' && additions.length === 0) {
    throw new SourceError(file, 'target', 'the update has no additions, so UpdateROUGE cannot see it; rewrite the sentence that held a deleted fact instead of only dropping it');
  }
  return {
    id: example.id,
    inputs,
    targets: example.target,
    normalized_inputs: normalized.normalized_inputs,
    normalized_targets: normalized.normalized_targets,
    example,
    additions,
  };
}

/** The source files in order: source/001.json, 002, ... without gaps. */
export function sourceFiles(dir = benchmarkDir) {
  const sourceDir = path.join(dir, 'source');
  if (!existsSync(sourceDir)) throw new SourceError('source/', '', 'no source folder');
  const names = readdirSync(sourceDir).sort();
  const files = [];
  for (const name of names) {
    if (!/^\d{3}\.json$/.test(name)) throw new SourceError(`source/${name}`, '', 'not an example file (expected NNN.json)');
    const expected = String(files.length + 1).padStart(3, '0');
    if (name !== `${expected}.json`) throw new SourceError(`source/${name}`, '', `expected source/${expected}.json first: examples are numbered without gaps`);
    files.push({ name: `source/${name}`, number: expected, path: path.join(sourceDir, name) });
  }
  if (!files.length) throw new SourceError('source/', '', 'no examples');
  return files;
}

/** Reads, checks and builds every example; returns the records and the files' text. */
export async function build({ dir = benchmarkDir, fb } = {}) {
  fb ??= await loadFruitbench();
  const records = [];
  for (const file of sourceFiles(dir)) {
    let source;
    try {
      source = JSON.parse(readFileSync(file.path, 'utf8'));
    } catch (e) {
      throw new SourceError(file.name, '', `not valid JSON: ${e.message}`);
    }
    records.push(buildExample(fb, file.name, checkSource(file.name, file.number, source)));
  }
  const line = (object) => `${JSON.stringify(object)}\n`;
  const gold = records.map((r) => line({
    id: r.id, inputs: r.inputs, targets: r.targets, normalized_inputs: r.normalized_inputs, normalized_targets: r.normalized_targets,
  })).join('');
  const inputs = records.map((r) => line({ id: r.id, inputs: r.inputs })).join('');
  // The core's own file checks, as `fruitbench validate --gold gold.jsonl --pred gold.jsonl` runs them:
  // fields, ids, and every target's EDIT5 against its input.
  const report = fb.validate(textSource('gold.jsonl', gold), textSource('gold.jsonl', gold));
  if (report.problems.length || report.examples !== records.length || report.edit5_predictions !== records.length) {
    throw new SourceError('gold.jsonl', '', `the core rejects the built file: ${report.problems.map((p) => p.text).join('; ') || 'counts differ'}`);
  }
  return { records, files: { 'gold.jsonl': gold, 'inputs.jsonl': inputs } };
}

/** Statistics of the set (README.md), from the built records. */
export function statistics(records, fb) {
  const words = (text) => (text.match(/\S+/gu) || []).length;
  const kinds = Object.fromEntries(KINDS.map((k) => [k, 0]));
  const s = {
    examples: records.length, kinds, source_sentences: 0, sentences_per_example: { min: Infinity, max: 0 },
    evidence_per_example: {}, target_text_units: 0, evidence_items: 0, text_items: 0,
    table_items: 0, table_rows: 0, single_row_tables: 0, uncited_evidence_items: 0, examples_with_table: 0,
    examples_with_uncited_evidence: 0, source_words: 0, target_words: 0, addition_words: 0,
  };
  for (const r of records) {
    const ex = r.example;
    kinds[ex.kind] += 1;
    s.source_sentences += ex.sentences.length;
    s.sentences_per_example.min = Math.min(s.sentences_per_example.min, ex.sentences.length);
    s.sentences_per_example.max = Math.max(s.sentences_per_example.max, ex.sentences.length);
    s.evidence_per_example[ex.evidence.length] = (s.evidence_per_example[ex.evidence.length] ?? 0) + 1;
    s.evidence_items += ex.evidence.length;
    const cited = new Set();
    for (const unit of fb.checkEdit5(r.inputs, r.targets).units) {
      if (unit.kind === 'text') {
        s.target_text_units += 1;
        unit.references.forEach((k) => cited.add(k));
      }
    }
    let tables = 0;
    ex.evidence.forEach((item, k) => {
      if (item.table) {
        tables += 1;
        s.table_rows += item.table.rows.length;
        if (item.table.rows.length === 1) s.single_row_tables += 1;
      } else {
        s.text_items += 1;
      }
      if (!cited.has(k)) s.uncited_evidence_items += 1;
    });
    s.table_items += tables;
    if (tables) s.examples_with_table += 1;
    if (cited.size < ex.evidence.length) s.examples_with_uncited_evidence += 1;
    s.source_words += words(r.normalized_inputs);
    s.target_words += words(r.normalized_targets);
    s.addition_words += words(r.additions.join(' '));
  }
  return s;
}

async function main(argv) {
  // --dir DIR builds another folder laid out the same way (source/ in, the .jsonl files out); the tests use it.
  let dir = benchmarkDir;
  const args = [...argv];
  const at = args.indexOf('--dir');
  if (at >= 0 && at + 1 < args.length) {
    dir = path.resolve(args[at + 1]);
    args.splice(at, 2);
  }
  const mode = args[0] ?? 'write';
  if (args.length > 1 || !['write', '--check', '--stats'].includes(mode)) {
    process.stderr.write('usage: node leaderboard/benchmarks/fruitbench-wiki-v1/build.mjs [--check | --stats] [--dir DIR]\n');
    return 2;
  }
  const fb = await loadFruitbench();
  let built;
  try {
    built = await build({ dir, fb });
  } catch (e) {
    if (!(e instanceof SourceError)) throw e;
    process.stderr.write(`build.mjs: error: ${e.message}\n`);
    return 1;
  }
  const { records, files } = built;
  if (mode === '--stats') {
    process.stdout.write(`${JSON.stringify(statistics(records, fb), null, 2)}\n`);
    return 0;
  }
  if (mode === '--check') {
    let stale = 0;
    for (const [name, text] of Object.entries(files)) {
      const target = path.join(dir, name);
      const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
      if (current === text) continue;
      stale += 1;
      if (current === null) {
        process.stderr.write(`build.mjs: ${name} is missing\n`);
      } else {
        const a = current.split('\n'), b = text.split('\n');
        let i = 0;
        while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
        process.stderr.write(`build.mjs: ${name} is out of date (first difference on line ${i + 1})\n`);
      }
    }
    if (stale) {
      process.stderr.write('build.mjs: regenerate with: node leaderboard/benchmarks/fruitbench-wiki-v1/build.mjs\n');
      return 1;
    }
    process.stdout.write(`build.mjs: gold.jsonl and inputs.jsonl are up to date (${records.length} examples)\n`);
    return 0;
  }
  const temporary = [];
  try {
    for (const [name, text] of Object.entries(files)) {
      const tmp = path.join(dir, `.${name}.tmp-${process.pid}`);
      writeFileSync(tmp, text);
      temporary.push([tmp, path.join(dir, name)]);
    }
    for (const [tmp, target] of temporary) renameSync(tmp, target);
  } finally {
    for (const [tmp] of temporary) if (existsSync(tmp)) unlinkSync(tmp);
  }
  process.stdout.write(`build.mjs: wrote gold.jsonl and inputs.jsonl (${records.length} examples)\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
