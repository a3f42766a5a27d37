// Where the playground looks for its model. wasm/copy-models.mjs (run by
// wasm/build.sh) copies every model folder models/<name>/ that holds an
// export (config.json, tokenizer.json, onnx/...) into web/generated/models/
// and writes web/generated/models/index.json: {"default": name, "models":
// [{"name", "variants", "files": [{"path", "size", "sha256"}]}]}. Override with
// ?model=<name> in the page URL, or by editing DEFAULT_MODEL here; ?models=<folder>/
// reads another (same-origin) index; ?variant=quantized|fp32 picks the weights.
export const MODELS_BASE = new URL('../../generated/models/', import.meta.url).href;
export const MODELS_INDEX = `${MODELS_BASE}index.json`;
export const DEFAULT_MODEL = null; // null: index.json's "default"
