#!/usr/bin/env node
// Copies the editor model exports models/<name>/ (those with config.json,
// tokenizer.json and onnx/encoder_model*.onnx + onnx/decoder_model_merged*.onnx)
// into web/generated/models/<name>/ and writes web/generated/models/index.json,
// which the playground reads (web/js/model/config.mjs), and ONNX Runtime Web's
// files into web/generated/ort/. With no export, the index lists no model and
// the Editor says so.
//   node wasm/copy-models.mjs [--default NAME]
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelFiles, OPTIONAL_FILES, variantsIn } from '../web/js/model/runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modelsDir = process.env.FRUITBENCH_MODELS_DIR || path.join(root, 'models');
const outDir = path.join(root, 'web', 'generated', 'models');
const args = process.argv.slice(2);
const wanted = args[0] === '--default' ? args[1] : process.env.FRUITBENCH_DEFAULT_MODEL || null;

function list(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    const rel = prefix ? `${prefix}/${entry}` : entry;
    if (statSync(full).isDirectory()) out.push(...list(full, rel));
    else out.push(rel);
  }
  return out;
}

const models = [];
if (existsSync(modelsDir)) {
  for (const name of readdirSync(modelsDir).sort()) {
    const dir = path.join(modelsDir, name);
    if (!statSync(dir).isDirectory()) continue;
    const files = list(dir);
    const variants = variantsIn(files);
    if (!variants.length) continue;
    const keep = new Set([...OPTIONAL_FILES, 'tokenizer_config.json', ...variants.flatMap((v) => modelFiles(v))]);
    const copied = [];
    for (const rel of files.filter((f) => keep.has(f)).sort()) {
      const to = path.join(outDir, name, rel);
      mkdirSync(path.dirname(to), { recursive: true });
      copyFileSync(path.join(dir, rel), to);
      // the hash keys the browser's cached copy: a retrained model of the same size is fetched again
      const sha256 = createHash('sha256').update(readFileSync(to)).digest('hex');
      copied.push({ path: rel, size: statSync(to).size, sha256 });
    }
    models.push({ name, variants, files: copied });
  }
}
mkdirSync(outDir, { recursive: true });
for (const entry of readdirSync(outDir)) {
  if (entry !== 'index.json' && !models.some((m) => m.name === entry)) rmSync(path.join(outDir, entry), { recursive: true });
}
const names = models.map((m) => m.name);
const defaultName = wanted && names.includes(wanted) ? wanted : (names[0] ?? null);
// ONNX Runtime Web, served by the site itself (the worker imports it from generated/ort/):
// the WebGPU build and the CPU-only build (not the JSEP builds: see /work/shared/RECIPES.md).
const ortDist = path.join(root, 'node_modules', 'onnxruntime-web', 'dist');
const ortOut = path.join(root, 'web', 'generated', 'ort');
const ortFiles = ['ort.webgpu.min.mjs', 'ort.wasm.min.mjs', 'ort-wasm-simd-threaded.asyncify.mjs',
                  'ort-wasm-simd-threaded.asyncify.wasm', 'ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'];
const ortInstalled = ortFiles.every((f) => existsSync(path.join(ortDist, f)));
if (ortInstalled) {
  mkdirSync(ortOut, { recursive: true });
  for (const f of ortFiles) copyFileSync(path.join(ortDist, f), path.join(ortOut, f));
} else {
  console.error('copy-models: node_modules/onnxruntime-web is missing (npm ci): the Editor cannot run models');
}
writeFileSync(path.join(outDir, 'index.json'),
              JSON.stringify({ default: defaultName, ort: ortInstalled, models }, null, 2) + '\n');
console.error(`copy-models: ${models.length ? names.join(', ') : 'no model export in models/'} -> web/generated/models/`);
