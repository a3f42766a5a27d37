// Types of the fruitbench JavaScript API (wasm/fruitbench-api.mjs).
// Scores are on a 0..100 scale. Every function throws FruitbenchError on bad
// input; its file/line/field say where.

export class FruitbenchError extends Error {
  file: string;   // '' when not about a file
  line: number;   // 1-based, 0 when not about a line
  field: string;  // JSON field or argument, '' when none
  reason: string; // the message without the location
}

/** Something that yields a file's text in chunks; null at the end. */
export interface LineSource {
  name: string;
  read(): string | null;
}
export function textSource(name: string, text: string, chunkSize?: number): LineSource;
/** Web Workers only (uses FileReaderSync). */
export function blobSource(blob: Blob, name?: string, chunkSize?: number): LineSource;

export interface ScoringOptions {
  stem?: boolean;      // Porter stemming as rouge_score's use_stemmer (default false)
  bootstrap?: number;  // resamples, 0 = none (default 1000)
  seed?: number;       // bootstrap seed (default 12345)
}

export interface Prf { precision: number; recall: number; fmeasure: number; }
export type PrfMetric = 'update_rouge1' | 'update_rouge2' | 'update_rougeLsum' | 'rouge1' | 'rouge2' | 'rougeL';

/** Faithfulness (core/faithfulness.h): not official FRUIT metrics. */
export type EntityMetric = 'unsupported_entity_tokens' | 'entity_precision' | 'entity_recall';
/** null: undefined for the example (precision: the prediction adds no entity; recall: the gold adds none). */
export type EntityScores = { unsupported_entity_tokens: number; entity_precision: number | null; entity_recall: number | null };

/** One line of `fruitbench score --per-example`. */
export type ExampleScores = { id: string | number | null; exact_match: 0 | 100 } & Record<PrfMetric, Prf> & EntityScores;

/** The report of `fruitbench score --format json`. */
export interface Report {
  n: number;
  /** Faithfulness means are over the examples that define them (`defined`); null when none does. */
  mean: Record<PrfMetric, Prf> & { exact_match: number } & Record<EntityMetric, number | null>;
  defined: Record<EntityMetric, number>;
  bootstrap: null | (Record<PrfMetric, { low: Prf; mid: Prf; high: Prf }> &
                     { exact_match: { low: number; mid: number; high: number } } &
                     Record<EntityMetric, { low: number; mid: number; high: number } | null>);
  /** FRUIT's corpus-level metrics (metrics.py), 0..1, only those the data allows (README). */
  corpus: Partial<Record<CorpusMetric, number>>;
  signature: string;
  warnings: string[];
}
export type CorpusMetric = 'surface_recall' | 'filtered_surface_recall' | 'reference_p' | 'reference_r' |
  'reference_f1' | 'retention_p' | 'retention_r' | 'retention_f1';

export interface CompareOptions {
  stem?: boolean;
  method?: 'bootstrap' | 'randomization';  // default bootstrap
  resamples?: number;  // 0 = default: 1000 (bootstrap), 10000 (randomization)
  seed?: number;       // default 12345
}
export interface MetricDifference {
  mean_a: number; mean_b: number; difference: number;  // difference = B - A
  low: number; high: number;                          // 95% paired bootstrap interval of the difference
  p_value: number;
}
/** The report of `fruitbench compare --format json`. */
export interface Comparison {
  n: number;
  a: string;
  b: string;
  method: 'bootstrap' | 'randomization';
  resamples: number;
  seed: number;
  metrics: Record<PrfMetric | 'exact_match', MetricDifference>;
  /** At most 20 examples whose update_rougeLsum F differs most, largest first. */
  differ_most: { id: string | number; a: number; b: number }[];
  signature: string;
  warnings: string[];
}

export interface Edit5Unit {
  kind: 'copy' | 'text';
  sentence?: number;      // copy: the source sentence (by position)
  references?: number[];  // text: evidence cited
  text?: string;          // text: the new text
  begin: number;          // byte span in the edit (UTF-8)
  end: number;
}
export interface Diagnostic {
  code: 'copy-out-of-range' | 'copy-repeated' | 'copy-out-of-order' | 'missing-evidence' | 'empty-sentence';
  message: string;
  unit: number;   // index into units
  offset: number; // byte offset in the edit
}

export interface EvidenceTable { caption: string; header: string[]; rows: string[][]; }
export interface Evidence { title: string; section: string; text: string; table?: EvidenceTable | null; }
export interface ParsedEvidence {
  index: number;          // k of "(k)"
  title: string;          // as written (underscores)
  display_title: string;  // underscores as spaces
  body: string;           // section and text (FRUIT does not mark where one ends)
  raw: string;            // the whole item after "(k)"
  table: (EvidenceTable & { section: string }) | null;
}

export type DiffSpan = { kind: 'equal' | 'inserted' | 'deleted'; text: string };
export interface SentenceDiff {
  kind: 'copied' | 'edited' | 'inserted' | 'deleted';
  source: number | null;   // index of the source sentence
  updated: number | null;  // index of the updated sentence
  references: number[];    // evidence cited
  capped: boolean;         // word diff skipped: the pair was too long
  spans: DiffSpan[];
  unsupported: string[];   // keys of the entity tokens in neither the article nor the evidence (edited/inserted only)
}

// ---------------------------------------------------------------------------
// The editor model (core/tokenizer.h, core/decoding.h). The network runs in
// ONNX Runtime (web/js/model/runtime.mjs); these objects hold wasm memory:
// call delete() when done with them.

export interface TokenizerInfo {
  vocab_size: number;      // one past the largest id
  eos_id: number;          // </s>
  pad_id: number;          // <pad>, T5's decoder start token
  unk_id: number;
  copy_tokens: number;     // how many [n] tokens the vocabulary has
  reference_tokens: number; // how many (k) tokens
  byte_fallback: boolean;
}

/** A SentencePiece unigram tokenizer read from tokenizer.json (encodes as transformers.js does). */
export interface Tokenizer {
  info: TokenizerInfo;
  /** Ids of text, followed by </s> unless addEos is false. */
  encode(text: string, options?: { addEos?: boolean }): Int32Array;
  /** Text of ids (special tokens dropped unless skipSpecial is false). */
  decode(ids: ArrayLike<number>, options?: { skipSpecial?: boolean }): string;
  idOf(piece: string): number;          // -1 when absent
  pieceOf(id: number): string;          // '' when out of range
  tokenText(id: number): string;        // what the id adds to decoded text
  copyTokenId(n: number): number;       // id of "[n]", or -1
  referenceTokenId(k: number): number;  // id of "(k)", or -1
  /**
   * The decoder's token roles (EOS, pad, copy and reference tokens, every
   * other added token forbidden, pieces for the text guard), compiled for
   * logits rows of logitsWidth floats (the model config's vocab_size;
   * default: the tokenizer's).
   */
  vocabulary(logitsWidth?: number): Vocabulary;
  delete(): void;
}

export interface Vocabulary { size: number; delete(): void; }

export interface DecodeOptions {
  beams?: number;          // 1 (default): greedy; more: beam search
  maxTokens?: number;      // output tokens, EOS not counted (default 256)
  speculation?: boolean;   // copy-run / prompt-lookup drafts (greedy only; default true)
  draftTokens?: number;    // longest draft (default 8)
  draftNgramMin?: number;  // default 1
  draftNgramMax?: number;  // default 3
  adaptiveDraft?: boolean; // default false
  lengthPenalty?: number;  // default 1
  earlyStopping?: 'exact' | 'heuristic' | 'first';  // default 'exact'
  allowEmpty?: boolean;    // default false
}

/** What to feed the decoder on the next pass (core/decoding.h Step). */
export interface DecoderStep {
  rows: number;              // batch rows (hypotheses); 0 when done
  width: number;             // tokens per row: 1, or 1 + draft length
  tokens: Int32Array;        // [rows x width], row-major
  cache_rows: Int32Array;    // row r's cache is row cache_rows[r] of the previous pass's cache ...
  cache_length: number;      // ... cut to its first cache_length positions (0: no cache, first pass)
}

export interface DecodeStats { passes: number; positions: number; generated: number; drafted: number; accepted: number; }

export interface DecodeResult {
  ids: number[];            // the best output, without EOS
  text: string;             // its EDIT5 text
  done: boolean;
  hypotheses: { ids: number[]; text: string; score: number; sum_logprobs: number; ended_with_eos: boolean }[];
  sentences: number;        // source sentences of the input (outline_input)
  evidence: number;         // evidence items of the input
  stats: DecodeStats;
}

/** One input's constrained decoding, driven pass by pass (see core/decoding.h). */
export interface Decoder {
  nextInputs(): DecoderStep;
  /** logits of the pass just run: rows x width x logitsWidth floats. */
  advance(logits: Float32Array): void;
  done(): boolean;
  resultIds(): Int32Array;
  result(): DecodeResult;
  stats(): DecodeStats;
  delete(): void;
}

// ---------------------------------------------------------------------------
// The leaderboard (core/leaderboard.h; formats in leaderboard/FORMAT.md).
// Nothing here throws for bad data: every problem is in `errors`.

/** One problem: file (bundle, prediction or gold file name; '' for system metadata), 1-based line (0: none), JSON field. */
export type LeaderboardError = { file: string; line: number; field: string; message: string; text: string };

export interface Leaderboard {
  /** SHA-256 of the UTF-8 bytes of text, 64 lowercase hex digits. */
  sha256(text: string): string;
  /**
   * A submission bundle: the predictions validated (ids exactly once, EDIT5, sizes), scored with the
   * benchmark's signature, and embedded. bundle is '' and report null when errors is not empty.
   * Predictions over 1 MiB (compact JSONL) must go beside the bundle: pass file ('NAME.pred.jsonl.gz')
   * and save side_predictions gzip-compressed under that name.
   */
  makeBundle(a: {
    benchmark: string;         // the benchmark definition's JSON text (benchmarks/<id>.json)
    gold: string;              // the gold JSONL text
    predictions: string;       // the prediction JSONL text
    system: object;            // the metadata (FORMAT.md: name, team, kind, date, ...)
    predictionsName?: string;  // names the prediction file in errors (default 'predictions.jsonl')
    file?: string;             // side file name: the bundle names it instead of embedding
  }): {
    bundle: string;            // bundle JSON text, byte-identical to `fruitbench leaderboard bundle`
    report: Report | null;     // the full report (with warnings), as `fruitbench score --format json`
    errors: LeaderboardError[];
    warnings: LeaderboardError[];  // reported, not rejected: "(2011)" read as a reference to no evidence item
    side_predictions?: string; // with file: the JSONL to store (gzipped) beside the bundle
  };
  /** Exactly what `fruitbench leaderboard check` decides for one bundle. */
  checkBundle(a: {
    benchmark: string;
    gold: string;
    bundle: string;            // the bundle JSON text
    file?: string;             // its file name, used in errors (default 'bundle.json')
    predictions?: string;      // the side file's text, uncompressed, when the bundle names one
  }): { ok: boolean; errors: LeaderboardError[]; warnings: LeaderboardError[]; report?: Report };
}

export interface Fruitbench {
  version(): string;
  // Formats and normalization
  normalize(inputs: string, edit: string): {
    normalized_inputs: string; normalized_targets: string; dropped_copy_tokens: number[];
  };
  additions(source: string, target: string): string[];
  checkEdit5(inputs: string, edit: string): {
    units: Edit5Unit[]; diagnostics: Diagnostic[]; source_sentences: string[]; evidence_count: number;
  };
  tokenize(text: string, options?: { stem?: boolean }): string[];
  // Input linearization
  splitSentences(text: string): string[];
  linearize(article: { sentences: string[] }, evidence: Evidence[]): string;
  parseLinearized(inputs: string): { source_sentences: string[]; evidence: ParsedEvidence[] };
  parseTable(text: string): EvidenceTable;   // TSV or Markdown pipe table
  // The FRUIT paper's baselines, as EDIT5 outputs for `inputs`
  baseline(inputs: string, kind: 'copy-source' | 'copy-source-all-evidence'): string;
  // Highlighted edits: `update` is an EDIT5 output or (kind 'text') the updated article
  diff(inputs: string, update: string, kind: 'edit5' | 'text'): { sentences: SentenceDiff[]; html: string };
  // Metrics
  /** `inputs` (the linearized input) supplies the evidence for the faithfulness metrics; without it only the article supports entities. */
  scoreExample(texts: { normalizedInputs: string; gold: string; prediction: string; inputs?: string }, options?: ScoringOptions):
      ExampleScores & { gold_additions: string; predicted_additions: string; unsupported_entities: string[] };
  signature(options?: ScoringOptions): string;
  evaluate(gold: LineSource, predictions: LineSource, options?: ScoringOptions,
           callbacks?: { onExample?: (jsonLine: string) => void; onProgress?: (examplesDone: number) => void }):
      Report & { readonly text: string };  // text: exactly what `fruitbench score --format json` prints
  validate(gold: LineSource, predictions: LineSource): {
    examples: number; edit5_predictions: number; problems: { text: string; file: string; line: number; field: string; message: string }[];
  };
  /** `fruitbench compare`: gold returns a fresh source over the gold file (read once per system). */
  compare(gold: () => LineSource, predictionsA: LineSource, predictionsB: LineSource, options?: CompareOptions):
      Comparison & { readonly text: string };  // text: exactly what `fruitbench compare --format json` prints
  // The leaderboard: bundles made and checked as the CLI and CI do
  leaderboard: Leaderboard;
  // The editor model
  loadTokenizer(tokenizerJson: string): Tokenizer;
  /** inputs: the linearized FRUIT input (its sentence and evidence counts constrain the output); inputIds: its encoder ids. */
  createDecoder(vocabulary: Vocabulary, inputs: string, inputIds: ArrayLike<number>, options?: DecodeOptions): Decoder;
}

export function wrap(module: unknown): Fruitbench;
