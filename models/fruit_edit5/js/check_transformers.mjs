// Loads the model folder with @huggingface/transformers (local files only) and checks that its
// tokenizer gives the ids the model was trained with and that generate() (greedy) gives torch's
// greedy tokens.
//
//   FRUIT_NODE_DEPS=/path/with/node_modules node models/fruit_edit5/js/check_transformers.mjs MODEL_DIR [fp32|q8]
//
// MODEL_DIR holds config.json, generation_config.json, tokenizer.json, tokenizer_config.json,
// onnx/encoder_model{,_quantized}.onnx, onnx/decoder_model_merged{,_quantized}.onnx and
// onnx_reference.json (export_onnx.py --reference N). Prints one JSON report; exit 1 when the
// fp32 model's tokens or the tokenizer's ids differ from the reference.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';

const deps = process.env.FRUIT_NODE_DEPS;
if (!deps) throw new Error('set FRUIT_NODE_DEPS to a folder whose node_modules has @huggingface/transformers');
const require = createRequire(path.join(path.resolve(deps), 'noop.js'));
const entry = path.join(path.dirname(require.resolve('@huggingface/transformers')), 'transformers.node.mjs');
const { env, AutoTokenizer, AutoModelForSeq2SeqLM } = await import(pathToFileURL(entry).href);

const dir = path.resolve(process.argv[2]);
const dtype = process.argv[3] ?? 'fp32';
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = path.dirname(dir) + path.sep;
const id = path.basename(dir);
const ref = JSON.parse(fs.readFileSync(path.join(dir, 'onnx_reference.json'), 'utf8'));

const t0 = performance.now();
const tokenizer = await AutoTokenizer.from_pretrained(id);
const model = await AutoModelForSeq2SeqLM.from_pretrained(id, { dtype, device: 'cpu' });
const loadMs = performance.now() - t0;
const report = { dtype, load_ms: Math.round(loadMs), tokenizer_equal: 0, generate_equal: 0, total: 0, text_equal_torch: 0, ms_per_token: null, cases: [] };
let genMs = 0, genTok = 0;
for (const c of ref.cases) {
  const enc = await tokenizer(c.text);
  const ids = Array.from(enc.input_ids.data, Number);
  const tokSame = JSON.stringify(ids) === JSON.stringify(c.input_ids);
  const t1 = performance.now();
  const out = await model.generate({ input_ids: enc.input_ids, attention_mask: enc.attention_mask, max_new_tokens: c.greedy_ids.length + (c.greedy_ids[c.greedy_ids.length - 1] === ref.config.eos_token_id ? 5 : 0),
    do_sample: false, num_beams: 1 });
  const dt = performance.now() - t1;
  const gen = Array.from(out.data, Number).slice(1); // drop decoder_start_token_id
  genMs += dt; genTok += gen.length;
  const same = JSON.stringify(gen) === JSON.stringify(c.greedy_ids);
  const text = tokenizer.decode(gen, { skip_special_tokens: true });
  report.total++;
  if (tokSame) report.tokenizer_equal++;
  if (same) report.generate_equal++;
  if (text === c.greedy_text) report.text_equal_torch++;
  let firstMismatch = -1;
  for (let i = 0; i < Math.max(gen.length, c.greedy_ids.length); i++) if (gen[i] !== c.greedy_ids[i]) { firstMismatch = i; break; }
  report.cases.push({ id: c.id, tokenizer_same: tokSame, generate_same: same, first_mismatch: firstMismatch, tokens: gen.length,
    text: text.slice(0, 160) });
}
report.ms_per_token = genMs / Math.max(1, genTok);
console.log(JSON.stringify(report, null, 1));
const ok = report.tokenizer_equal === report.total && (dtype !== 'fp32' || report.generate_equal === report.total);
process.exit(ok ? 0 : 1);
