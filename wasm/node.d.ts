// Types of the Node entry point (wasm/node.mjs, the npm package's main export):
//   import { loadFruitbench, fileSource } from 'fruitbench';
import type { Fruitbench, LineSource } from './fruitbench-api.js';

export * from './fruitbench-api.js';
export const defaultModulePath: string;
/** Instantiates the WebAssembly module (build-wasm/fruitbench.js by default) and returns the API. */
export function loadFruitbench(modulePath?: string): Promise<Fruitbench>;
/** A line source over a file, read 1 MiB at a time. */
export function fileSource(filePath: string, chunkSize?: number): LineSource;
/** The editor model in Node (wasm/model-node.mjs): a model folder as a source, ONNX Runtime, the runtime. */
export function dirSource(dir: string): { name: string; list(): string[]; read(rel: string): Promise<Uint8Array> };
export function loadOrt(kind?: 'auto' | 'node' | 'web', options?: { numThreads?: number }): Promise<unknown>;
export function loadModel(options: Record<string, unknown>): Promise<unknown>;
