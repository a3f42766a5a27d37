// Checks the ONNX export against torch with onnxruntime-node.
//
//   FRUIT_NODE_DEPS=/path/with/node_modules node models/fruit_edit5/js/check_onnx.mjs MODEL_DIR [suffix]
//
// MODEL_DIR holds onnx/ and onnx_reference.json (export_onnx.py --reference N). suffix "" checks
// the fp32 files, "_quantized" the int8 ones. For every reference case: the encoder output, the
// first decoder step and the with-past steps of decoder_model.onnx + decoder_with_past_model.onnx
// and of decoder_model_merged.onnx (use_cache_branch false, then true), all decoder-step logits
// compared with torch's (max abs diff), and a greedy decode with the merged decoder compared
// token by token with torch's greedy output. Prints one JSON report; exit 1 when fp32 logits
// differ by more than --tol (default 1e-4) or greedy tokens differ.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const deps = process.env.FRUIT_NODE_DEPS;
if (!deps) throw new Error('set FRUIT_NODE_DEPS to a folder whose node_modules has onnxruntime-node');
const require = createRequire(path.join(path.resolve(deps), 'noop.js'));
// --web: onnxruntime-web's wasm back end (what browsers run), else onnxruntime-node
const web = process.argv.includes('--web');
const ort = web ? require('onnxruntime-web') : require('onnxruntime-node');
if (web) ort.env.wasm.numThreads = Number(process.env.FRUIT_WASM_THREADS ?? 1);

const dir = process.argv[2];
const suffix = process.argv[3] ?? '';
const tolArg = process.argv.indexOf('--tol');
const fileBytes = (f) => new Uint8Array(fs.readFileSync(f));
const tol = tolArg > 0 ? Number(process.argv[tolArg + 1]) : 1e-4;
const opt = process.argv.includes('--basic') ? 'basic' : 'all';
const ref = JSON.parse(fs.readFileSync(path.join(dir, 'onnx_reference.json'), 'utf8'));
const cfg = ref.config;
const L = cfg.num_decoder_layers, H = cfg.num_heads, D = cfg.d_kv;

const so = web ? { graphOptimizationLevel: opt, executionProviders: ['wasm'] }
  : { graphOptimizationLevel: opt, intraOpNumThreads: 2, interOpNumThreads: 1 };
const file = (n) => path.join(dir, 'onnx', `${n}${suffix}.onnx`);
const create = (f) => ort.InferenceSession.create(web ? fileBytes(f) : f, so);
const enc = await create(file('encoder_model'));
const hasSplit = fs.existsSync(file('decoder_model')) && fs.existsSync(file('decoder_with_past_model'));
const dec = hasSplit ? await create(file('decoder_model')) : null;
const dwp = hasSplit ? await create(file('decoder_with_past_model')) : null;
const merged = await create(file('decoder_model_merged'));

const i64 = (a, dims) => new ort.Tensor('int64', BigInt64Array.from(a.map(BigInt)), dims);
const maxDiff = (a, b) => { let m = 0; for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i])); return m; };
const lastRow = (t) => { const V = t.dims[2]; const n = t.dims[1]; return t.data.subarray((n - 1) * V, n * V); };
const argmax = (a) => { let k = 0; for (let i = 1; i < a.length; i++) if (a[i] > a[k]) k = i; return k; };

function pastFrom(out, prevPast) {
  const p = {};
  for (let i = 0; i < L; i++) {
    for (const kind of ['key', 'value']) {
      p[`past_key_values.${i}.decoder.${kind}`] = out[`present.${i}.decoder.${kind}`];
      const e = out[`present.${i}.encoder.${kind}`];
      p[`past_key_values.${i}.encoder.${kind}`] = prevPast && (!e || e.dims[0] === 0) ? prevPast[`past_key_values.${i}.encoder.${kind}`] : e;
    }
  }
  return p;
}
function emptyPast() {
  const p = {};
  for (let i = 0; i < L; i++) for (const a of ['decoder', 'encoder']) for (const k of ['key', 'value'])
    p[`past_key_values.${i}.${a}.${k}`] = new ort.Tensor('float32', new Float32Array(0), [1, H, 0, D]);
  return p;
}

const report = { runtime: web ? `onnxruntime-web wasm, ${ort.env.wasm.numThreads} thread(s)` : 'onnxruntime-node', suffix, graph_optimization: opt, cases: [], max_encoder_diff: 0, max_split_diff: 0, max_merged_diff: 0,
  greedy_equal: 0, greedy_total: 0, ms_per_token: null };
let tokTime = 0, tokCount = 0;
for (const c of ref.cases) {
  const n = c.input_ids.length;
  const ids = i64(c.input_ids, [1, n]);
  const mask = i64(new Array(n).fill(1), [1, n]);
  const e = (await enc.run({ input_ids: ids, attention_mask: mask })).last_hidden_state;
  let s = 0, sa = 0; for (const v of e.data) { s += v; sa += Math.abs(v); }
  const first = [];
  for (let r = 0; r < 4; r++) for (let k = 0; k < 8; k++) first.push(e.data[r * cfg.d_model + k]);
  const encDiff = Math.max(maxDiff(first, c.encoder_first), Math.abs(sa - c.encoder_abs_sum) / Math.max(1, c.encoder_abs_sum) * 1e-2);
  report.max_encoder_diff = Math.max(report.max_encoder_diff, maxDiff(first, c.encoder_first));

  // split decoders
  let splitDiff = 0;
  if (hasSplit) {
    let out = await dec.run({ encoder_attention_mask: mask, input_ids: i64([c.decoder_input_ids[0]], [1, 1]), encoder_hidden_states: e });
    splitDiff = Math.max(splitDiff, maxDiff(lastRow(out.logits), c.step_logits[0]));
    let past = pastFrom(out, null);
    for (let t = 1; t < c.decoder_input_ids.length; t++) {
      const feeds = { encoder_attention_mask: mask, input_ids: i64([c.decoder_input_ids[t]], [1, 1]), ...past };
      if (dwp.inputNames.includes('encoder_hidden_states')) feeds.encoder_hidden_states = e;
      out = await dwp.run(feeds);
      splitDiff = Math.max(splitDiff, maxDiff(lastRow(out.logits), c.step_logits[t]));
      past = pastFrom(out, past);
    }
    report.max_split_diff = Math.max(report.max_split_diff, splitDiff);
  }
  // merged decoder, step by step
  let mergedDiff = 0;
  let past = emptyPast();
  for (let t = 0; t < c.decoder_input_ids.length; t++) {
    const out = await merged.run({ encoder_attention_mask: mask, input_ids: i64([c.decoder_input_ids[t]], [1, 1]),
      encoder_hidden_states: e, ...past, use_cache_branch: new ort.Tensor('bool', [t > 0], [1]) });
    mergedDiff = Math.max(mergedDiff, maxDiff(lastRow(out.logits), c.step_logits[t]));
    past = pastFrom(out, t > 0 ? past : null);
  }
  report.max_merged_diff = Math.max(report.max_merged_diff, mergedDiff);
  // greedy with the merged decoder
  past = emptyPast();
  let cur = cfg.decoder_start_token_id;
  const gen = [];
  const limit = c.greedy_ids.length + (c.greedy_ids[c.greedy_ids.length - 1] === cfg.eos_token_id ? 5 : 0);
  for (let t = 0; t < limit; t++) {
    const t0 = performance.now();
    const out = await merged.run({ encoder_attention_mask: mask, input_ids: i64([cur], [1, 1]),
      encoder_hidden_states: e, ...past, use_cache_branch: new ort.Tensor('bool', [t > 0], [1]) });
    tokTime += performance.now() - t0; tokCount++;
    cur = argmax(lastRow(out.logits));
    gen.push(cur);
    past = pastFrom(out, t > 0 ? past : null);
    if (cur === cfg.eos_token_id) break;
  }
  const same = JSON.stringify(gen) === JSON.stringify(c.greedy_ids);
  let firstMismatch = -1;
  for (let i = 0; i < Math.max(gen.length, c.greedy_ids.length); i++) if (gen[i] !== c.greedy_ids[i]) { firstMismatch = i; break; }
  report.greedy_total++;
  if (same) report.greedy_equal++;
  report.cases.push({ id: c.id, encoder_diff: encDiff, split_diff: splitDiff, merged_diff: mergedDiff, greedy_same: same,
    first_mismatch: firstMismatch, tokens: gen.length });
}
report.ms_per_token = tokTime / Math.max(1, tokCount);
const base = /^(decoder_model_merged|decoder_with_past_model|decoder_model|encoder_model)/;
report.sizes_mb = Object.fromEntries(fs.readdirSync(path.join(dir, 'onnx'))
  .filter((f) => { const m = f.match(base); return m && f === `${m[1]}${suffix}.onnx`; })
  .map((f) => [f, +(fs.statSync(path.join(dir, 'onnx', f)).size / 1e6).toFixed(3)]));
console.log(JSON.stringify(report, null, 1));
const ok = (suffix !== '' || (report.max_encoder_diff < tol && report.max_split_diff < tol && report.max_merged_diff < tol))
  && (suffix !== '' || report.greedy_equal === report.greedy_total);
process.exit(ok ? 0 : 1);
