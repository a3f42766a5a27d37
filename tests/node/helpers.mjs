// Shared by the Node tests: paths, the native CLI, and conformance cases.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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
