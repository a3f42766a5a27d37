// The editor model's Web Worker (module worker): loads ONNX Runtime Web and
// a model, picks the backend, and updates inputs. Messages in:
//   {type: 'load', source: {kind: 'url', base, entry} | {kind: 'files', files: File[]},
//    backend: 'auto' | 'wasm' | 'webgpu', variant?}
//   {type: 'edit', id, inputs, options}            options: DecodeOptions (beams, maxTokens, speculation)
// Messages out:
//   {type: 'progress', file, loaded, total, fileIndex, files}
//   {type: 'loaded', name, variant, backend, reason, threads, isolated, check, timings}
//   {type: 'result', id, result}                   runtime.edit()'s result
//   {type: 'error', id?, message}
// Backend: with 'auto', WebGPU when navigator.gpu gives an adapter and a
// self-check passes (SELF_CHECK_INPUT decoded on WebGPU and on wasm gives the
// same tokens and first logits); otherwise wasm, and `reason` says why.
// wasm uses threads when the page is cross-origin isolated.
import { loadFruitbench } from '../fruitbench-web.mjs';
import { loadModel, SELF_CHECK_INPUT, compareRuns } from './runtime.mjs';
import { urlSource, pickedSource } from './files.mjs';

const ORT_BASE = new URL('../../generated/ort/', import.meta.url).href;
let model = null;
let queue = Promise.resolve();

async function webgpuAdapter() {
  if (typeof navigator === 'undefined' || !navigator.gpu) return { adapter: null, why: 'this browser has no WebGPU' };
  try {
    const adapter = await navigator.gpu.requestAdapter();
    return adapter ? { adapter, why: '' } : { adapter: null, why: 'WebGPU gave no adapter' };
  } catch (error) {
    return { adapter: null, why: `WebGPU failed: ${error.message}` };
  }
}

async function importOrt(webgpu) {
  const ort = await import(`${ORT_BASE}${webgpu ? 'ort.webgpu.min.mjs' : 'ort.wasm.min.mjs'}`);
  ort.env.wasm.wasmPaths = ORT_BASE;
  const isolated = self.crossOriginIsolated === true;
  ort.env.wasm.numThreads = isolated ? Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)) : 1;
  ort.env.wasm.proxy = false;
  ort.env.logLevel = 'error'; // no console warnings about nodes placed on the CPU
  return ort;
}

async function load({ source, backend = 'auto', variant }) {
  if (model) {
    await model.dispose();
    model = null;
  }
  const fruitbench = await loadFruitbench();
  const files = source.kind === 'url' ? urlSource(source.base, source.entry) : pickedSource(source.files);
  const cache = new Map();
  const cached = {  // read each file once even when two sessions are made
    name: files.name,
    list: files.list,
    read: async (path, onProgress) => {
      if (!cache.has(path)) cache.set(path, await files.read(path, onProgress));
      return cache.get(path);
    },
  };
  const onProgress = (p) => postMessage({ type: 'progress', ...p });
  const isolated = self.crossOriginIsolated === true;
  let reason = '';
  let check = null;
  let wantGpu = backend === 'webgpu' || backend === 'auto';
  let gpuInfo = '';
  if (wantGpu) {
    const { adapter, why } = await webgpuAdapter();
    if (!adapter) {
      wantGpu = false;
      reason = why;
    } else {
      const info = adapter.info || {};
      gpuInfo = [info.vendor, info.architecture, info.description].filter(Boolean).join(' ') || 'adapter';
      if (adapter.isFallbackAdapter || info.isFallbackAdapter) gpuInfo += ', software';
    }
  }
  const ort = await importOrt(wantGpu);
  const threads = ort.env.wasm.numThreads;
  const wasmName = `wasm (${threads} thread${threads > 1 ? 's' : ''}${isolated ? '' : ', not cross-origin isolated'})`;
  // logSeverityLevel 3: errors only (not the warning that shape ops run on the CPU under WebGPU)
  const make = (providers, name) => loadModel({ ort, fruitbench, source: cached, variant, executionProviders: providers,
                                                backend: name, onProgress, sessionOptions: { logSeverityLevel: 3 } });
  if (wantGpu) {
    try {
      const gpu = await make(['webgpu'], `webgpu (${gpuInfo})`);
      const reference = await make(['wasm'], wasmName);
      const options = { maxTokens: 24, speculation: false };
      const a = await gpu.edit(SELF_CHECK_INPUT, options, { firstLogits: true });
      const b = await reference.edit(SELF_CHECK_INPUT, options, { firstLogits: true });
      check = compareRuns(a, b);
      if (check.ok) {
        await reference.dispose();
        model = gpu;
      } else {
        await gpu.dispose();
        model = reference;
        reason = `the WebGPU self-check failed (${check.reason}); running on wasm`;
      }
      check = { ok: check.ok, reason: check.reason, max_logit_diff: check.max_logit_diff, tokens: a.tokens.length };
    } catch (error) {
      reason = `WebGPU failed (${error.message}); running on wasm`;
      model = null;
    }
  }
  if (!model) model = await make(['wasm'], wasmName);
  return {
    name: model.name, variant: model.variant, backend: model.backend, reason, threads, isolated, check,
    timings: model.loadTimings, config: { vocab_size: model.config.vocab_size, d_model: model.config.d_model },
  };
}

self.onmessage = (event) => {
  const message = event.data;
  queue = queue.then(async () => {
    try {
      if (message.type === 'load') {
        postMessage({ type: 'loaded', ...(await load(message)) });
      } else if (message.type === 'edit') {
        if (!model) throw new Error('no model loaded');
        const result = await model.edit(message.inputs, message.options || {});
        postMessage({ type: 'result', id: message.id, result });
      }
    } catch (error) {
      postMessage({ type: 'error', id: message.id, message: error && error.message || String(error) });
    }
  });
};
postMessage({ type: 'ready' });
