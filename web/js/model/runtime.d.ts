// Types of web/js/model/runtime.mjs (the editor model runtime).
import type { Fruitbench, Tokenizer, Vocabulary, DecodeOptions, DecodeStats, DecodeResult } from '../../../wasm/fruitbench-api';

/** A model folder: paths relative to it ('config.json', 'onnx/encoder_model.onnx' ...). */
export interface ModelSource {
  name: string;
  list?(): string[] | null;  // the paths it holds, when known
  read(path: string, onProgress?: (loaded: number, total: number) => void): Promise<Uint8Array | string>;
}

export interface EditTimings { encoder_ms: number; decode_ms: number; total_ms: number; passes: number; tokens_per_s: number; }

export interface EditResult {
  targets: string;                 // the EDIT5 output
  tokens: number[];                // its ids, without EOS
  hypotheses: DecodeResult['hypotheses'];
  input_tokens: number;
  stats: DecodeStats;
  timings: EditTimings;
  backend: string;
  first_logits?: Float32Array;     // with {firstLogits: true}: the first pass's logits row
}

export interface Model {
  name: string;
  variant: '' | '_quantized';
  config: Record<string, unknown> & { vocab_size: number; d_kv: number; num_heads: number };
  generation: Record<string, unknown>;
  tokenizer: Tokenizer;
  vocabulary: Vocabulary;
  backend: string;
  loadTimings: { files_ms: number; sessions_ms: number };
  edit(inputs: string, options?: DecodeOptions, extra?: { firstLogits?: boolean }): Promise<EditResult>;
  dispose(): Promise<void>;
}

export function modelFiles(variant?: '' | '_quantized'): string[];
export const OPTIONAL_FILES: string[];
export function variantsIn(paths: string[]): ('' | '_quantized')[];
export function loadModel(options: {
  ort: unknown; fruitbench: Fruitbench; source: ModelSource; variant?: '' | '_quantized';
  executionProviders?: (string | { name: string })[]; backend?: string; sessionOptions?: Record<string, unknown>;
  onProgress?: (p: { file: string; loaded: number; total: number; fileIndex: number; files: number }) => void;
}): Promise<Model>;
export const SELF_CHECK_INPUT: string;
export function compareRuns(candidate: EditResult, reference: EditResult, tolerance?: number):
  { ok: boolean; reason: string; max_logit_diff: number };
