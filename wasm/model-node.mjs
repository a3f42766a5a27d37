// Node helpers for the editor model runtime (web/js/model/runtime.mjs):
// a model folder as a file source, and ONNX Runtime (onnxruntime-node, or
// onnxruntime-web's CPU build when the native one is missing or asked for).
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export { loadModel, modelFiles, variantsIn } from '../web/js/model/runtime.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where the playground serves its models (wasm/copy-models.mjs copies models/<name>/ there). */
export const defaultModelsDir = path.resolve(here, '..', 'web', 'generated', 'models');

function walk(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    const rel = prefix ? `${prefix}/${entry}` : entry;
    if (statSync(full).isDirectory()) out.push(...walk(full, rel));
    else out.push(rel);
  }
  return out;
}

/** A model folder on disk as a runtime source. */
export function dirSource(dir) {
  if (!existsSync(dir)) throw new Error(`${dir}: no such model folder`);
  const files = walk(dir);
  return {
    name: dir,
    list: () => files,
    async read(rel) {
      const buffer = readFileSync(path.join(dir, rel));
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    },
  };
}

/**
 * ONNX Runtime for Node: {ort, backend, executionProviders}. kind 'node' (onnxruntime-node, CPU), 'web'
 * (onnxruntime-web's wasm build, numThreads threads), or 'auto' (node, else web).
 */
export async function loadOrt(kind = 'auto', { numThreads = 2 } = {}) {
  if (kind === 'node' || kind === 'auto') {
    try {
      const ort = (await import('onnxruntime-node')).default;
      // Accuracy level 0: int8 weights fused into MatMulNBits keep full-precision activations, so an int8
      // model gives the numbers onnxruntime-web gives (level 4, the default, drifts by ~1e-3).
      return { ort, backend: 'onnxruntime-node (cpu)', executionProviders: ['cpu'],
               sessionOptions: { intraOpNumThreads: numThreads,
                                 extra: { session: { qdq_matmulnbits_accuracy_level: '0' } } } };
    } catch (error) {
      if (kind === 'node') throw error;
    }
  }
  const ort = await import('onnxruntime-web/wasm');
  // Node's fetch cannot read the .wasm beside the bundle: point ORT at the files.
  const dist = path.dirname(createRequire(import.meta.url).resolve('onnxruntime-web/wasm'));
  ort.env.wasm.wasmPaths = `${dist}/`;
  ort.env.wasm.numThreads = numThreads;
  return { ort, backend: `onnxruntime-web (wasm, ${numThreads} threads)`, executionProviders: ['wasm'],
           sessionOptions: {} };
}
