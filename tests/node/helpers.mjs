// Shared by the Node tests: paths, the native CLI, and conformance cases.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const nativeCli = path.join(root, 'build', 'fruitbench');
export const conformanceDir = path.join(root, 'tests', 'conformance', 'cases');

/** Conformance cases as {name, gold, pred} file paths. */
export function conformanceCases() {
  return readdirSync(conformanceDir)
    .filter((f) => f.endsWith('.gold.jsonl'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -'.gold.jsonl'.length);
      return { name, gold: path.join(conformanceDir, f), pred: path.join(conformanceDir, `${name}.pred.jsonl`) };
    });
}

/** Runs a command; returns {status, stdout, stderr} without throwing. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function native(args) {
  return execFileSync(nativeCli, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
}

/**
 * The model the model tests run on: FRUITBENCH_TEST_MODEL when set, else the shipped model
 * models/fruit_edit5 when it holds an ONNX export, else the site's default model
 * (web/generated/models/index.json). Returns {dir, variant, variants, label} ('' fp32 is preferred
 * when a folder has both), or {dir: null, why} saying what is missing.
 */
export async function findTestModel() {
  const { variantsIn } = await import('../../web/js/model/runtime.mjs');
  const list = (dir, prefix = '') => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    (e.isDirectory() ? list(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
  const variantsOf = (dir) => (existsSync(dir) ? variantsIn(list(dir)) : []);
  const pick = (dir, label) => {
    const variants = variantsOf(dir);
    return variants.length ? { dir, variants, variant: variants[0], label } : null;
  };
  const fromEnv = process.env.FRUITBENCH_TEST_MODEL;
  if (fromEnv) {
    return pick(path.resolve(fromEnv), `FRUITBENCH_TEST_MODEL=${fromEnv}`) ||
      { dir: null, why: `FRUITBENCH_TEST_MODEL=${fromEnv} is not a model export (config.json, tokenizer.json, ` +
                        'onnx/encoder_model[_quantized].onnx, onnx/decoder_model_merged[_quantized].onnx)' };
  }
  const shipped = pick(path.join(root, 'models', 'fruit_edit5'), 'the shipped model models/fruit_edit5');
  if (shipped) return shipped;
  const index = path.join(root, 'web', 'generated', 'models', 'index.json');
  const name = existsSync(index) ? JSON.parse(readFileSync(index, 'utf8')).default : null;
  const site = name && pick(path.join(root, 'web', 'generated', 'models', name), `the site's default model ${name}`);
  if (site) return site;
  return { dir: null, why: 'no model at all: models/fruit_edit5 has no ONNX export, web/generated/models/index.json ' +
                           'lists none, and FRUITBENCH_TEST_MODEL is unset' };
}
