// Checks that transformers.js, loading a tokenizer folder offline, encodes
// every text of a parity file (made by make_parity.py from SentencePiece)
// to the same ids, and decodes them back the same way.
//
//   node models/tokenizer/check_transformersjs.mjs --transformers DIR/node_modules \
//        --tokenizer tests/fixtures/tokenizer [--parity FILE] [--report FILE]
//
// --transformers is a node_modules folder holding @huggingface/transformers
// (npm i @huggingface/transformers; it is not a dependency of the project).
//
// transformers.js's Unigram model has no byte fallback: where SentencePiece
// spells an unknown character as <0xNN> byte pieces, transformers.js emits
// <unk>, one per run of unknown characters (its fuse_unk). Those lines are
// counted apart, and checked to differ in exactly that way.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  if (i < 0) {
    if (fallback === undefined) throw new Error(`missing ${name}`);
    return fallback;
  }
  return process.argv[i + 1];
}

const modulesDir = path.resolve(arg('--transformers'));
const tokenizerDir = path.resolve(arg('--tokenizer'));
const parityFile = path.resolve(arg('--parity', path.join(tokenizerDir, 'parity.jsonl')));
const reportFile = arg('--report', '');

const require = createRequire(path.join(modulesDir, 'noop.js'));
const { AutoTokenizer, env } = require('@huggingface/transformers');
const version = JSON.parse(
  fs.readFileSync(path.join(modulesDir, '@huggingface', 'transformers', 'package.json'), 'utf8')).version;
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = path.dirname(tokenizerDir) + path.sep;
env.useBrowserCache = false;
env.useFSCache = false;

const tokenizer = await AutoTokenizer.from_pretrained(path.basename(tokenizerDir));
const json = JSON.parse(fs.readFileSync(path.join(tokenizerDir, 'tokenizer.json'), 'utf8'));
const vocab = json.model.vocab.map((v) => v[0]);
const unkId = json.model.unk_id;
const isByte = (id) => /^<0x[0-9A-F]{2}>$/.test(vocab[id] ?? '');

// SentencePiece's ids with every run of byte pieces replaced by one <unk>.
function withoutByteFallback(ids) {
  const out = [];
  for (const id of ids) {
    if (isByte(id)) {
      if (out.length === 0 || out[out.length - 1] !== -1) out.push(-1);
    } else {
      out.push(id);
    }
  }
  return out.map((id) => (id === -1 ? unkId : id));
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

let total = 0, equal = 0, byteLines = 0, byteLinesAsExpected = 0, decodeChecked = 0, decodeEqual = 0;
const failures = [];
for (const line of fs.readFileSync(parityFile, 'utf8').split('\n')) {
  if (!line) continue;
  const { text, ids, decoded } = JSON.parse(line);
  total += 1;
  const got = tokenizer.encode(text);
  const hasBytes = ids.some(isByte);
  if (same(got, ids)) {
    equal += 1;
  } else if (hasBytes && same(got, withoutByteFallback(ids))) {
    byteLinesAsExpected += 1;
  } else {
    failures.push({ text, expected: ids, got });
  }
  if (hasBytes) byteLines += 1;
  if (!hasBytes) {
    decodeChecked += 1;
    const back = tokenizer.decode(ids, { skip_special_tokens: true });
    if (back === (decoded ?? text)) decodeEqual += 1;
    else failures.push({ text, decode_expected: decoded ?? text, decode_got: back });
  }
}

const summary = {
  transformers_js: version,
  lines: total,
  identical_ids: equal,
  lines_with_byte_fallback: byteLines,
  byte_fallback_lines_with_unk_instead: byteLinesAsExpected,
  decode_checked: decodeChecked,
  decode_identical: decodeEqual,
  failures: failures.length,
};
console.log(JSON.stringify(summary, null, 1));
for (const f of failures.slice(0, 20)) console.log(JSON.stringify(f));
if (reportFile) fs.writeFileSync(reportFile, JSON.stringify({ summary, failures }, null, 1) + '\n');
process.exit(failures.length === 0 ? 0 : 1);
