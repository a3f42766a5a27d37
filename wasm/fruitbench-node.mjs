#!/usr/bin/env node
// `npm run fruitbench -- ARGS`: the fruitbench CLI compiled to WebAssembly,
// for JavaScript users without a C++ toolchain. It is the native CLI's own
// main() (built with Emscripten's NODERAWFS), so its output is the native
// output byte for byte.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'build-wasm', 'fruitbench-cli.js');
if (!existsSync(cli)) {
  console.error(`fruitbench: ${path.relative(process.cwd(), cli)} is missing; build it with: bash wasm/build.sh`);
  process.exit(3);
}
// The module runs main() with process.argv.slice(2) and exits with its status.
createRequire(import.meta.url)(cli);
