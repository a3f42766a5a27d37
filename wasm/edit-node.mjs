#!/usr/bin/env node
// `npm run edit -- --input IN.jsonl --output OUT.jsonl [--model DIR] [--beam N]`:
// runs the editor model on FRUIT inputs (the `inputs` field of each line; `id`
// kept, else the 0-based line number) and writes prediction lines
// {"id", "targets" (EDIT5), "normalized_targets"} that `fruitbench score`
// accepts. Same core (tokenizer, constrained decoder) and runtime
// (web/js/model/runtime.mjs) as the playground; ONNX Runtime is
// onnxruntime-node (or onnxruntime-web's wasm build with --ort web).
import { createReadStream, existsSync, readFileSync, renameSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFruitbench } from './node.mjs';
import { defaultModelsDir, dirSource, loadModel, loadOrt } from './model-node.mjs';

const usage = `usage: npm run edit -- --input IN.jsonl --output OUT.jsonl [options]
  --model DIR         model folder (default: $FRUITBENCH_MODEL, else the default of web/generated/models/index.json,
                      else the shipped models/fruit_edit5)
  --beam N            beam search with N beams (default 1: greedy)
  --max-tokens N      output tokens at most (default: generation_config.json max_length, else 256)
  --no-speculation    plain greedy decoding (no drafts; same output, more passes)
  --no-grounding      let new sentences name what neither the article nor the cited evidence says
                      (default: grounded decoding, core/decoding.h)
  --copy-bias X       logit bonus for continuing a span of the article or cited evidence
                      (default: the runtime's DECODE_DEFAULTS.copyBias; 0 turns it off)
  --no-repeat-ngram N no text n-gram twice in an output (default: DECODE_DEFAULTS.noRepeatNgram; 0: off)
  --variant V         fp32 or quantized (default: fp32 when present)
  --ort node|web|auto onnxruntime-node, onnxruntime-web's wasm build, or auto (default: node when installed, else web)
  --threads N         ONNX Runtime threads (default 2)
  --quiet             no progress on standard error`;

function fail(message, status = 2) {
  console.error(`edit: ${message}`);
  process.exit(status);
}

const args = process.argv.slice(2);
const opt = { beam: 1, speculation: true, grounded: true, ort: 'auto', threads: 2, quiet: false };
for (let i = 0; i < args.length; ++i) {
  const a = args[i];
  const value = () => (i + 1 < args.length ? args[++i] : fail(`${a} needs a value\n${usage}`));
  const whole = (v, name) => (/^[1-9][0-9]*$/.test(v) ? Number(v) : fail(`${name} must be a positive whole number`));
  if (a === '--input') opt.input = value();
  else if (a === '--output') opt.output = value();
  else if (a === '--model') opt.model = value();
  else if (a === '--beam') opt.beam = whole(value(), '--beam');
  else if (a === '--max-tokens') opt.maxTokens = whole(value(), '--max-tokens');
  else if (a === '--no-speculation') opt.speculation = false;
  else if (a === '--no-grounding') opt.grounded = false;
  else if (a === '--no-repeat-ngram') {
    const v = value();
    if (!/^(0|[2-9]|[1-9][0-9]+)$/.test(v)) fail('--no-repeat-ngram must be 0 or a whole number of at least 2');
    opt.noRepeatNgram = Number(v);
  }
  else if (a === '--copy-bias') {
    const v = value();
    opt.copyBias = Number(v);
    if (v.trim() === '' || !Number.isFinite(opt.copyBias)) fail(`--copy-bias: '${v}' is not a number`);
  }
  else if (a === '--variant') opt.variant = value();
  else if (a === '--ort') opt.ort = value();
  else if (a === '--threads') opt.threads = whole(value(), '--threads');
  else if (a === '--quiet') opt.quiet = true;
  else if (a === '--help' || a === '-h') { console.log(usage); process.exit(0); }
  else fail(`unknown argument '${a}'\n${usage}`);
}
if (!opt.input || !opt.output) fail(`--input and --output are required\n${usage}`);
if (!['auto', 'node', 'web'].includes(opt.ort)) fail("--ort must be 'node', 'web' or 'auto'");
const variant = opt.variant === undefined ? undefined
  : { fp32: '', quantized: '_quantized' }[opt.variant] ?? fail("--variant must be 'fp32' or 'quantized'");

let modelDir = opt.model || process.env.FRUITBENCH_MODEL;
if (!modelDir) {
  const index = path.join(defaultModelsDir, 'index.json');
  const name = existsSync(index) ? JSON.parse(readFileSync(index, 'utf8')).default : null;
  // Else the shipped model beside this script (the npm package carries it).
  const shipped = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'models', 'fruit_edit5');
  if (name) modelDir = path.join(defaultModelsDir, name);
  else if (existsSync(path.join(shipped, 'onnx'))) modelDir = shipped;
  else fail('no model installed yet: pass --model DIR (a T5 ONNX export folder) or set FRUITBENCH_MODEL');
}
if (!existsSync(opt.input)) fail(`${opt.input}: no such file`, 3);

const fruitbench = await loadFruitbench();
const runtime = await loadOrt(opt.ort, { numThreads: opt.threads });
let model;
try {
  model = await loadModel({ ort: runtime.ort, fruitbench, source: dirSource(modelDir), variant,
                            executionProviders: runtime.executionProviders, backend: runtime.backend,
                            sessionOptions: runtime.sessionOptions });
} catch (error) {
  fail(`${modelDir}: ${error.message}`, 3);
}

const partial = `${opt.output}.partial`;
const out = openSync(partial, 'w');
const decodeOptions = { beams: opt.beam, speculation: opt.speculation, grounded: opt.grounded };
if (opt.copyBias !== undefined) decodeOptions.copyBias = opt.copyBias;
if (opt.noRepeatNgram !== undefined) decodeOptions.noRepeatNgram = opt.noRepeatNgram;
if (opt.maxTokens) decodeOptions.maxTokens = opt.maxTokens;
let line = 0;
let examples = 0;
let tokens = 0;
let decodeMs = 0;
const start = Date.now();
const lines = createInterface({ input: createReadStream(opt.input, 'utf8'), crlfDelay: Infinity });
try {
  for await (const text of lines) {
    ++line;
    if (!text.trim()) throw new Error(`${opt.input}:${line}: empty line`);
    let record;
    try { record = JSON.parse(text); } catch { throw new Error(`${opt.input}:${line}: not valid JSON`); }
    if (typeof record.inputs !== 'string') throw new Error(`${opt.input}:${line}: field 'inputs': missing or not a string`);
    const id = record.id ?? String(line - 1);
    let result;
    try {
      result = await model.edit(record.inputs, decodeOptions);
    } catch (error) {
      throw new Error(`${opt.input}:${line}: ${error.message}`);
    }
    const normalized = fruitbench.normalize(record.inputs, result.targets).normalized_targets;
    writeSync(out, JSON.stringify({ id, targets: result.targets, normalized_targets: normalized }) + '\n');
    ++examples;
    tokens += result.stats.generated;
    decodeMs += result.timings.decode_ms + result.timings.encoder_ms;
    if (!opt.quiet && examples % 10 === 0) {
      console.error(`edit: ${examples} examples, ${(tokens * 1000 / decodeMs).toFixed(0)} tokens/s`);
    }
  }
} catch (error) {
  closeSync(out);
  fail(error.message, 1);
}
closeSync(out);
renameSync(partial, opt.output);
if (!opt.quiet) {
  console.error(`edit: ${examples} examples -> ${opt.output} in ${((Date.now() - start) / 1000).toFixed(1)} s ` +
                `(${model.backend}, ${model.variant ? 'int8' : 'fp32'}, ${decodeMs ? (tokens * 1000 / decodeMs).toFixed(0) : 0} tokens/s)`);
}
await model.dispose();
