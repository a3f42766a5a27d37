// Loads the fruitbench WebAssembly module in Node.
import { createRequire } from 'node:module';
import { openSync, readSync, closeSync, existsSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { wrap } from './fruitbench-api.mjs';

export { FruitbenchError, textSource } from './fruitbench-api.mjs';
// The editor model in Node: a model folder as a source, ONNX Runtime, the runtime (see model-node.mjs).
export { dirSource, loadOrt, loadModel } from './model-node.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultModulePath = path.resolve(here, '..', 'build-wasm', 'fruitbench.js');

/** Instantiates the module (built by wasm/build.sh) and returns the API. */
export async function loadFruitbench(modulePath = defaultModulePath) {
  if (!existsSync(modulePath)) throw new Error(`${modulePath} is missing; build it with: bash wasm/build.sh`);
  const createFruitbench = createRequire(import.meta.url)(modulePath);
  return wrap(await createFruitbench());
}

/** A line source over a file, read 1 MiB at a time. */
export function fileSource(filePath, chunkSize = 1 << 20) {
  const fd = openSync(filePath, 'r');
  const buffer = Buffer.alloc(chunkSize);
  const decoder = new StringDecoder('utf8');
  let open = true;
  return {
    name: filePath,
    read() {
      if (!open) return null;
      const n = readSync(fd, buffer, 0, chunkSize, null);
      if (n === 0) {
        closeSync(fd);
        open = false;
        const rest = decoder.end();
        return rest.length ? rest : null;
      }
      return decoder.write(buffer.subarray(0, n));
    },
  };
}
