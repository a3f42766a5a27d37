// The editor model from JavaScript: the tokenizer and constrained decoder
// bindings (wasm/fruitbench-api.mjs), the runtime (web/js/model/runtime.mjs)
// against a plain reference loop, and the batch runner (`npm run edit`)
// whose output `fruitbench score` accepts. The model tests run on
// FRUITBENCH_TEST_MODEL=DIR when set, else on the shipped model
// models/fruit_edit5, else on the site's default model
// (web/generated/models/index.json); only without any model are they
// skipped, saying so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadFruitbench, FruitbenchError } from '../../wasm/node.mjs';
import { root, nativeCli, run, findTestModel } from './helpers.mjs';

const fixture = path.join(root, 'tests', 'fixtures', 'tokenizer');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-model-'));
process.env.TMPDIR = scratch; // onnxruntime-node writes mat-debug-<pid>.log files there

const found = await findTestModel();
const modelDir = found.dir;
const modelVariant = found.variant; // '' (fp32) when the folder has it, else '_quantized'
let ortNodeMissing = '';
try {
  await import('onnxruntime-node');
} catch (error) {
  ortNodeMissing = `onnxruntime-node is not installed (npm ci): ${error.message}`;
}
const modelSkip = found.why || ortNodeMissing || false;
if (modelDir) console.error(`# model tests on ${found.label} (${modelVariant ? 'int8' : 'fp32'})`);

let fb;
before(async () => {
  fb = await loadFruitbench();
});
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

const readJsonl = (file) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

test('tokenizer binding: encodes as the parity fixture (transformers.js) and decodes back', () => {
  const tok = fb.loadTokenizer(fs.readFileSync(path.join(fixture, 'tokenizer.json'), 'utf8'));
  try {
    assert.equal(tok.info.eos_id, 1);
    assert.equal(tok.info.pad_id, 0);
    assert.ok(tok.info.copy_tokens >= 1 && tok.info.reference_tokens >= 1);
    assert.equal(tok.copyTokenId(0), tok.idOf('[0]'));
    assert.equal(tok.referenceTokenId(0), tok.idOf('(0)'));
    let n = 0;
    for (const { text, ids } of readJsonl(path.join(fixture, 'parity.jsonl'))) {
      const got = tok.encode(text);
      assert.ok(got instanceof Int32Array);
      assert.deepEqual(Array.from(got), ids, JSON.stringify(text));
      assert.deepEqual(Array.from(tok.encode(text, { addEos: false })), ids.slice(0, -1));
      ++n;
    }
    assert.ok(n > 10);
    const text = '[0] The film [1] (0) New text. [2]';
    assert.equal(tok.decode(tok.encode(text)), text);
    assert.equal(tok.decode(tok.encode(text), { skipSpecial: false }), `${text}</s>`);
  } finally {
    tok.delete();
  }
  assert.throws(() => fb.loadTokenizer('{}'), FruitbenchError);
  assert.throws(() => fb.loadTokenizer('not json'), FruitbenchError);
});

test('decoder binding: the driving loop with synthetic logits gives a well-formed EDIT5 edit', () => {
  const tok = fb.loadTokenizer(fs.readFileSync(path.join(fixture, 'tokenizer.json'), 'utf8'));
  const width = tok.info.vocab_size + 28; // T5 logits rows are wider than the vocabulary
  const vocab = tok.vocabulary(width);
  assert.equal(vocab.size, width);
  const inputs = '[0] A first sentence. [1] A second one. [CONTEXT] (0) Some_title New fact here.';
  const ids = tok.encode(inputs);
  // logits that always prefer "[5]" (out of range: masked), then "[1]", then EOS
  const prefer = [tok.copyTokenId(5), tok.copyTokenId(1), tok.info.eos_id];
  for (const speculation of [false, true]) {
    const dec = fb.createDecoder(vocab, inputs, ids, { speculation, maxTokens: 10 });
    try {
      let passes = 0;
      while (!dec.done()) {
        const step = dec.nextInputs();
        assert.equal(step.tokens.length, step.rows * step.width);
        if (passes === 0) {
          assert.equal(step.tokens[0], tok.info.pad_id); // the decoder start token (then a draft, if any)
          if (!speculation) assert.equal(step.width, 1);
          assert.equal(step.cache_length, 0);
        }
        const logits = new Float32Array(step.rows * step.width * width);
        for (let p = 0; p < step.rows * step.width; ++p) {
          prefer.forEach((id, rank) => { logits[p * width + id] = 10 - rank; });
        }
        dec.advance(logits);
        ++passes;
      }
      const result = dec.result();
      assert.equal(result.text, '[1]');
      assert.deepEqual(result.ids, [tok.copyTokenId(1)]);
      assert.deepEqual(Array.from(dec.resultIds()), result.ids);
      assert.equal(result.sentences, 2);
      assert.equal(result.evidence, 1);
      assert.equal(result.stats.passes, passes);
      assert.deepEqual(fb.checkEdit5(inputs, result.text).diagnostics, []);
      assert.throws(() => dec.advance(new Float32Array(width)), FruitbenchError);
    } finally {
      dec.delete();
    }
  }
  assert.throws(() => fb.createDecoder(vocab, 'no context marker', ids), FruitbenchError);
  assert.throws(() => fb.createDecoder(vocab, inputs, ids, { beams: 0 }), FruitbenchError);
  assert.throws(() => fb.createDecoder(vocab, inputs, ids, { beams: 'two' }), /options.beams/);
  const dec = fb.createDecoder(vocab, inputs, ids);
  assert.throws(() => dec.advance(new Float32Array(3)), FruitbenchError);
  dec.delete();
  vocab.delete();
  tok.delete();
});

// --------------------------------------------------------------- with a model

async function loadDevModel(variant = modelVariant) {
  const { dirSource, loadOrt, loadModel } = await import('../../wasm/model-node.mjs');
  const rt = await loadOrt('node');
  return { rt, model: await loadModel({ ort: rt.ort, fruitbench: fb, source: dirSource(modelDir), variant,
                                        executionProviders: rt.executionProviders, backend: rt.backend,
                                        sessionOptions: rt.sessionOptions }) };
}

// Plain greedy decoding, the core decoder choosing under the EDIT5
// constraints from the last position's logits, one token per pass. fp32:
// without a KV cache, the whole prefix fed on every pass (use_cache_branch
// false). int8: with the cache written the obvious way (present -> past),
// since dynamic int8 quantizes activations per tensor, so a pass over the
// whole prefix rounds differently from one-token passes. Returns the result
// and the logits row of every step.
async function referenceGreedy(ort, model, inputs, maxTokens) {
  const enc = await ort.InferenceSession.create(path.join(modelDir, 'onnx', `encoder_model${model.variant}.onnx`),
                                                ortOptions());
  const dec = await ort.InferenceSession.create(path.join(modelDir, 'onnx', `decoder_model_merged${model.variant}.onnx`),
                                                ortOptions());
  const cached = model.variant !== '';
  const { d_kv: D, num_heads: H, vocab_size: V } = model.config;
  const layers = model.config.num_decoder_layers ?? model.config.num_layers;
  const i64 = (a, dims) => new ort.Tensor('int64', BigInt64Array.from(Array.from(a, BigInt)), dims);
  const ids = model.tokenizer.encode(inputs);
  const mask = i64(new Array(ids.length).fill(1), [1, ids.length]);
  const hidden = (await enc.run({ input_ids: i64(ids, [1, ids.length]), attention_mask: mask })).last_hidden_state;
  const decoder = fb.createDecoder(model.vocabulary, inputs, ids, { speculation: false, maxTokens });
  const prefix = [model.tokenizer.info.pad_id];
  const rows = [];
  let past = null;
  while (!decoder.done()) {
    const step = decoder.nextInputs();
    assert.equal(step.rows, 1);
    const useCache = cached && past !== null;
    const fed = useCache ? prefix.slice(-1) : prefix;
    const feeds = { input_ids: i64(fed, [1, fed.length]), encoder_hidden_states: hidden,
                    encoder_attention_mask: mask, use_cache_branch: new ort.Tensor('bool', [useCache], [1]) };
    for (let i = 0; i < layers; ++i) {
      for (const a of ['decoder', 'encoder']) {
        for (const k of ['key', 'value']) {
          feeds[`past_key_values.${i}.${a}.${k}`] = useCache ? past[`${i}.${a}.${k}`]
            : new ort.Tensor('float32', new Float32Array(0), [1, H, 0, D]);
        }
      }
    }
    const out = await dec.run(feeds);
    if (cached) {
      const next = {};
      for (let i = 0; i < layers; ++i) {
        for (const k of ['key', 'value']) {
          next[`${i}.decoder.${k}`] = out[`present.${i}.decoder.${k}`];
          // the cache branch returns no cross-attention cache: keep the first pass's
          next[`${i}.encoder.${k}`] = useCache ? past[`${i}.encoder.${k}`] : out[`present.${i}.encoder.${k}`];
        }
      }
      past = next;
    }
    const row = out.logits.data.slice((fed.length - 1) * V, fed.length * V);
    rows.push(row);
    decoder.advance(row);
    const chosen = decoder.nextInputs();
    if (!decoder.done()) prefix.push(chosen.tokens[0]);
  }
  const result = decoder.result();
  decoder.delete();
  return { ...result, logits: rows };
}

// The session options of the runtime's onnxruntime-node sessions (loadOrt + loadModel), so the
// reference computes the same numbers.
function ortOptions() {
  return { graphOptimizationLevel: 'all', intraOpNumThreads: 2,
           extra: { session: { qdq_matmulnbits_accuracy_level: '0' } } };
}

// Speculation verifies drafts in passes of several positions. In exact arithmetic its output is
// plain greedy's; fp32 kernels keep that to the last bit here. Dynamic int8 quantizes a pass's
// activations with one scale per tensor, so a pass of several positions rounds differently and may
// flip a near-tie: then the first differing token must be one plain greedy nearly chose.
function assertSameOrNearTie(speculative, reference, variant, id, eos) {
  if (variant === '') {
    assert.deepEqual(speculative.tokens, reference.ids, id);
    return;
  }
  const at = speculative.tokens.findIndex((t, i) => t !== reference.ids[i]);
  const end = at === -1 && speculative.tokens.length !== reference.ids.length ? Math.min(speculative.tokens.length, reference.ids.length) : at;
  if (end === -1) return;
  const row = reference.logits[end];
  const chose = reference.ids[end] ?? eos;
  const other = speculative.tokens[end] ?? eos;
  const gap = row[chose] - row[other];
  assert.ok(gap >= 0 && gap < 0.5, `${id}: speculative output differs at token ${end} where plain greedy's ` +
            `logits do not nearly tie (gap ${gap})`);
}

// The reference loop is plain constrained greedy: compare it with the runtime's decoding without the
// grounding and repetition guard that the runtime adds by default (DECODE_DEFAULTS; tested in
// core/decoding_test.cc).
const UNGROUNDED = Object.freeze({ grounded: false, noRepeatNgram: 0 });

test('runtime: the KV-cached, speculative and plain passes give the tokens of a plain reference loop',
     { skip: modelSkip, timeout: 300000 }, async () => {
  const { rt, model } = await loadDevModel();
  try {
    for (const line of readJsonl(path.join(root, 'web', 'examples', 'gold.jsonl')).slice(0, 3)) {
      const reference = await referenceGreedy(rt.ort, model, line.inputs, 40);
      const plain = await model.edit(line.inputs, { ...UNGROUNDED, speculation: false, maxTokens: 40 });
      const speculative = await model.edit(line.inputs, { ...UNGROUNDED, speculation: true, maxTokens: 40 });
      assert.deepEqual(plain.tokens, reference.ids, line.id);
      assertSameOrNearTie(speculative, reference, model.variant, line.id, model.config.eos_token_id);
      assert.deepEqual(fb.checkEdit5(line.inputs, speculative.targets).diagnostics, [], speculative.targets);
      assert.equal(plain.targets, reference.text);
      if (speculative.targets === plain.targets) assert.ok(speculative.stats.passes <= plain.stats.passes);
      assert.deepEqual(fb.checkEdit5(line.inputs, plain.targets).diagnostics, [], plain.targets);
      for (const key of ['encoder_ms', 'decode_ms', 'passes', 'tokens_per_s']) {
        assert.equal(typeof plain.timings[key], 'number', key);
      }
      assert.match(plain.backend, /onnxruntime-node/);
      const beam = await model.edit(line.inputs, { beams: 3, maxTokens: 40 });
      assert.ok(beam.hypotheses.length >= 1 && beam.hypotheses.length <= 3);
      assert.deepEqual(fb.checkEdit5(line.inputs, beam.targets).diagnostics, [], beam.targets);
    }
  } finally {
    await model.dispose();
  }
});

// onnxruntime-web's wasm kernels and onnxruntime-node's are different code: fp32 gives the same
// tokens; int8 (dynamic) only up to near-ties, since a float difference in the last bits can move
// an activation across a rounding boundary of its 8-bit quantization (logits differ by ~1e-2).
async function webMatchesNode(variant, lines, maxTokens) {
  const { dirSource, loadOrt, loadModel } = await import('../../wasm/model-node.mjs');
  const web = await loadOrt('web');
  const webModel = await loadModel({ ort: web.ort, fruitbench: fb, source: dirSource(modelDir), variant,
                                     executionProviders: web.executionProviders, backend: web.backend });
  const { rt, model } = await loadDevModel(variant);
  try {
    assert.equal(webModel.variant, variant);
    assert.match(webModel.backend, /onnxruntime-web \(wasm/);
    for (const line of lines) {
      const reference = await referenceGreedy(rt.ort, model, line.inputs, maxTokens);
      for (const speculation of [false, true]) {
        const a = await webModel.edit(line.inputs, { ...UNGROUNDED, maxTokens, speculation });
        assertSameOrNearTie(a, reference, variant, `${line.id} (speculation ${speculation})`, model.config.eos_token_id);
      }
    }
  } finally {
    await webModel.dispose();
    await model.dispose();
  }
}

test('runtime: onnxruntime-web (wasm) in Node gives the tokens of onnxruntime-node',
     { skip: modelSkip, timeout: 300000 }, async () => {
  await webMatchesNode(modelVariant, readJsonl(path.join(root, 'web', 'examples', 'gold.jsonl')).slice(0, 2), 40);
});

test('runtime: the int8 variant too, when the model also has fp32 files',
     { skip: modelSkip || (modelVariant === '_quantized' && 'the model is int8: tested above'), timeout: 300000 },
     async (t) => {
  if (!fs.existsSync(path.join(modelDir, 'onnx', 'decoder_model_merged_quantized.onnx'))) {
    t.skip('the model has no _quantized variant');
    return;
  }
  await webMatchesNode('_quantized', readJsonl(path.join(root, 'web', 'examples', 'gold.jsonl')).slice(0, 2), 32);
});

test('npm run edit: predictions {id, targets, normalized_targets} that fruitbench score accepts',
     { skip: modelSkip, timeout: 300000 }, async () => {
  const gold = path.join(root, 'web', 'examples', 'gold.jsonl');
  const out = path.join(scratch, 'pred.jsonl');
  const r = run('npm', ['run', '--silent', 'edit', '--', '--input', gold, '--output', out, '--model', modelDir,
                        '--max-tokens', '32', '--quiet'], { env: { ...process.env, TMPDIR: scratch } });
  assert.equal(r.status, 0, r.stderr);
  const predictions = readJsonl(out);
  const goldLines = readJsonl(gold);
  assert.deepEqual(predictions.map((p) => p.id), goldLines.map((g) => g.id));
  for (const [i, p] of predictions.entries()) {
    assert.deepEqual(Object.keys(p), ['id', 'targets', 'normalized_targets']);
    assert.equal(p.normalized_targets, fb.normalize(goldLines[i].inputs, p.targets).normalized_targets);
  }
  // the same output as the runtime called directly
  const { model } = await loadDevModel();
  try {
    const direct = await model.edit(goldLines[0].inputs, { maxTokens: 32 });
    assert.equal(predictions[0].targets, direct.targets);
  } finally {
    await model.dispose();
  }
  const validate = run(nativeCli, ['validate', '--gold', gold, '--pred', out]);
  assert.equal(validate.status, 0, validate.stdout + validate.stderr);
  const score = run(nativeCli, ['score', '--gold', gold, '--pred', out, '--format', 'json', '--bootstrap', '0']);
  assert.equal(score.status, 0, score.stderr);
  assert.equal(JSON.parse(score.stdout).n, goldLines.length);
  // beam search and the bad-usage path
  const beam = run('npm', ['run', '--silent', 'edit', '--', '--input', gold, '--output', `${out}.beam`, '--model',
                           modelDir, '--max-tokens', '16', '--beam', '2', '--quiet'], { env: { ...process.env, TMPDIR: scratch } });
  assert.equal(beam.status, 0, beam.stderr);
  assert.equal(readJsonl(`${out}.beam`).length, goldLines.length);
  const bad = run('npm', ['run', '--silent', 'edit', '--', '--input', gold]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--input and --output are required/);
});

const siteIndex = path.join(root, 'web', 'generated', 'models', 'index.json');
const siteModel = fs.existsSync(siteIndex) && JSON.parse(fs.readFileSync(siteIndex, 'utf8')).default;
test('npm run edit without a model says so', { skip: siteModel ? 'the site has a default model' : false }, () => {
  const r = run('npm', ['run', '--silent', 'edit', '--', '--input', 'web/examples/gold.jsonl', '--output',
                        path.join(scratch, 'none.jsonl')], { env: { ...process.env, FRUITBENCH_MODEL: '' } });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /no model installed yet/);
});
