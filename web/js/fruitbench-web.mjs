// Loads the fruitbench WebAssembly module in a page or a module worker and
// returns the API (wasm/fruitbench-api.d.ts). web/generated/ is written by
// wasm/build.sh.
import createFruitbench from '../generated/fruitbench.mjs';
import { wrap } from '../generated/fruitbench-api.mjs';

export { FruitbenchError, textSource, blobSource } from '../generated/fruitbench-api.mjs';

let loading = null;

/** The API, instantiated once per page or worker. */
export function loadFruitbench() {
  if (!loading) loading = createFruitbench().then((module) => wrap(module));
  return loading;
}
