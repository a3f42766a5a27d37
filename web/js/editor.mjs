// The Editor page: article + evidence -> linearized input -> an update
// (baseline or pasted model output) -> highlighted edits and scores.
import { loadFruitbench, FruitbenchError } from './fruitbench-web.mjs';
import {
  el, setChildren, fmt, plural, debounce, errorView, showMessage, showVersion, showLoadFailure, metricLabels,
} from './common.mjs';
import { scoreHandoffKey } from './handoff.mjs';
import { collapseCopiedRuns, flashEvidence } from './diff-view.mjs';
import { setupModelPanel } from './model/editor-model.mjs';

const $ = (id) => document.getElementById(id);

const ui = {
  status: $('status'),
  fromScore: $('from-score'),
  fromScoreText: $('from-score-text'),
  unlock: $('unlock-inputs'),
  exampleSelect: $('example-select'),
  article: $('article'),
  sentenceCount: $('sentence-count'),
  sentenceList: $('sentence-list'),
  evidenceList: $('evidence-list'),
  evidenceForm: $('evidence-form'),
  evTitle: $('ev-title'),
  evSection: $('ev-section'),
  evText: $('ev-text'),
  evCaption: $('ev-caption'),
  evTable: $('ev-table'),
  evTableStatus: $('ev-table-status'),
  evTextFields: $('ev-text-fields'),
  evTableFields: $('ev-table-fields'),
  evError: $('ev-error'),
  linearized: $('linearized'),
  linearizeError: $('linearize-error'),
  linearizedSummary: $('linearized-summary'),
  copyInputs: $('copy-inputs'),
  baselineCopy: $('baseline-copy'),
  baselineAll: $('baseline-all'),
  exampleOutput: $('example-output'),
  outputOrigin: $('output-origin'),
  updateBlocked: $('update-blocked'),
  output: $('output'),
  diagnostics: $('diagnostics'),
  collapseCopied: $('collapse-copied'),
  diffSummary: $('diff-summary'),
  unsupportedNote: $('unsupported-note'),
  diff: $('diff'),
  reference: $('reference'),
  referenceKind: $('reference-kind'),
  stem: $('stem'),
  scores: $('scores'),
};

let api = null;
let modelPanel = null;  // the "Update with model" panel (./model/editor-model.mjs)

const state = {
  // 'edit': inputs built from the article and evidence; 'fixed': inputs
  // given as they are in a gold file (opened from the Score page).
  mode: 'edit',
  evidence: [],        // [{title, section, text, table|null}]
  fixed: null,         // {inputs, parsed, normalizedInputs, normalizedGold, referenceText, ...}
  exampleOutput: '',
  inputs: null,        // the current linearized input, or null when it has an error
  evidenceCount: 0,
  lastDiff: null,
};

// ---------------------------------------------------------------- helpers

function outputKind() {
  return document.querySelector('input[name="output-kind"]:checked').value;
}

function setOutputKind(kind) {
  document.querySelector(`input[name="output-kind"][value="${kind}"]`).checked = true;
}

function evidenceKind() {
  return document.querySelector('input[name="ev-kind"]:checked').value;
}

/** True when a text looks like EDIT5 (copy tokens or evidence references). */
function looksLikeEdit5(text) {
  return /^\s*(\[\d+\]|\(\d+\))/.test(text) || /\[\d+\]/.test(text);
}

/** A field path from the core ("evidence[2].table.rows[0][1]") said for people. */
function describeField(field) {
  let m = /^sentences\[(\d+)\]$/.exec(field);
  if (m) return `article sentence [${m[1]}]`;
  m = /^evidence\[(\d+)\](?:\.(.*))?$/.exec(field);
  if (m) return `evidence (${m[1]})${m[2] ? `, ${m[2].replace(/\./g, ' ')}` : ''}`;
  return field;
}

function utf8Slice(text, begin, end) {
  const bytes = new TextEncoder().encode(text);
  return new TextDecoder().decode(bytes.subarray(begin, end));
}

/** The words UpdateROUGE sees in a text (rouge_score's tokens). */
function wordCount(text, stem) {
  return text ? api.tokenize(text, { stem }).length : 0;
}

// ---------------------------------------------------------------- evidence

function tableView(table, extraClass = '') {
  return el('table', { class: `ev-table ${extraClass}`.trim() },
    table.caption ? el('caption', {}, table.caption) : null,
    table.header && table.header.length
      ? el('thead', {}, el('tr', {}, table.header.map((h) => el('th', { scope: 'col' }, h))))
      : null,
    el('tbody', {}, table.rows.map((row) => el('tr', {}, row.map((cell) => el('td', {}, cell))))));
}

/** Evidence items as the page shows them, from either mode. */
function evidenceViewModels() {
  if (state.mode === 'fixed') {
    return state.fixed.parsed.evidence.map((p) => ({
      index: p.index,
      title: p.display_title,
      section: p.table ? p.table.section : '',
      text: p.table ? '' : p.body,
      table: p.table,
      removable: false,
    }));
  }
  return state.evidence.map((e, index) => ({ index, ...e, removable: true }));
}

function renderEvidence() {
  const items = evidenceViewModels();
  state.evidenceCount = items.length;
  if (!items.length) {
    setChildren(ui.evidenceList, el('li', { class: 'empty-note' }, 'No evidence yet: add an item below.'));
    return;
  }
  setChildren(ui.evidenceList, items.map((item) => el('li', {
    class: 'evidence-item',
    id: `evidence-${item.index}`,
    tabindex: '-1',
    'aria-label': `Evidence (${item.index}): ${item.title}`,
  },
  el('header', {},
    el('span', { class: 'mk mk-ev' }, `(${item.index})`),
    el('span', { class: 'ev-title' }, item.title),
    item.section ? el('span', { class: 'ev-section' }, `· ${item.section}`) : null,
    item.removable
      ? el('span', { class: 'actions' }, el('button', {
        type: 'button',
        class: 'small',
        'aria-label': `Remove evidence (${item.index}) ${item.title}`,
        onclick: () => {
          state.evidence.splice(item.index, 1);
          renderEvidence();
          refresh();
        },
      }, 'Remove'))
      : null),
  item.table ? tableView(item.table) : el('p', { class: 'ev-text' }, item.text))));
}

function showEvidenceError(error) {
  if (!error) {
    showMessage(ui.evError, 'error');
    return;
  }
  showMessage(ui.evError, 'error', ...errorView(error, 'Cannot add this evidence'));
}

function parsedTableOrError() {
  const text = ui.evTable.value;
  if (!text.trim()) return { error: new Error('Paste a table (TSV from a spreadsheet, or a Markdown pipe table).') };
  try {
    const table = api.parseTable(text);
    table.caption = ui.evCaption.value.trim();
    return { table };
  } catch (error) {
    return { error };
  }
}

function updateTablePreview() {
  if (!api || evidenceKind() !== 'table') return;
  if (!ui.evTable.value.trim()) {
    setChildren(ui.evTableStatus);
    return;
  }
  const { table, error } = parsedTableOrError();
  if (error) {
    setChildren(ui.evTableStatus, el('span', { class: 'parse-error' }, `Not a table yet: ${error.message}`));
  } else {
    setChildren(ui.evTableStatus,
      `Parsed: ${plural(table.header.length, 'column')}, ${plural(table.rows.length, 'row')}. `,
      tableView(table));
  }
}

function addEvidence(event) {
  event.preventDefault();
  if (state.mode !== 'edit') return;
  const title = ui.evTitle.value.trim();
  if (!title) {
    showEvidenceError(new Error('Give the evidence a title (the article it comes from).'));
    ui.evTitle.focus();
    return;
  }
  const item = { title, section: ui.evSection.value.trim(), text: '', table: null };
  if (evidenceKind() === 'table') {
    const { table, error } = parsedTableOrError();
    if (error) {
      showEvidenceError(error);
      ui.evTable.focus();
      return;
    }
    item.table = table;
  } else {
    item.text = ui.evText.value.trim();
    if (!item.text) {
      showEvidenceError(new Error('Write the evidence text.'));
      ui.evText.focus();
      return;
    }
  }
  // The core says whether the item can be linearized (e.g. no "[CONTEXT]").
  try {
    api.linearize({ sentences: [] }, [...state.evidence, item]);
  } catch (error) {
    const reason = error instanceof FruitbenchError && error.field
      ? Object.assign(new Error(`${describeField(error.field)}: ${error.reason}`), { reason: error.reason })
      : error;
    showEvidenceError(reason);
    return;
  }
  state.evidence.push(item);
  showEvidenceError(null);
  ui.evTitle.value = '';
  ui.evSection.value = '';
  ui.evText.value = '';
  ui.evTable.value = '';
  ui.evCaption.value = '';
  setChildren(ui.evTableStatus);
  renderEvidence();
  refresh();
}

function switchEvidenceKind() {
  const table = evidenceKind() === 'table';
  ui.evTableFields.hidden = !table;
  ui.evTextFields.hidden = table;
  updateTablePreview();
}

// ---------------------------------------------------------------- input

function computeInputs() {
  if (state.mode === 'fixed') {
    return { inputs: state.fixed.inputs, sentences: state.fixed.parsed.source_sentences };
  }
  const sentences = api.splitSentences(ui.article.value);
  const inputs = api.linearize({ sentences }, state.evidence);
  return { inputs, sentences };
}

/** Appends `text` to `parts`, with table markers marked. */
function pushEvidenceText(parts, text) {
  const re = /\[(?:CAPTION|HEADER|ROW|COL)\]/g;
  let last = 0;
  for (let m; (m = re.exec(text));) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(el('span', { class: 'mk mk-table' }, m[0]));
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
}

/** The linearized input as DOM, markers marked (text as text nodes only). */
function linearizedView(inputs) {
  const parts = [];
  const context = inputs.indexOf('[CONTEXT]');
  const source = context < 0 ? inputs : inputs.slice(0, context);
  const sentenceRe = /\[(\d+)\]/g;
  let last = 0;
  for (let m; (m = sentenceRe.exec(source));) {
    if (m.index > last) parts.push(source.slice(last, m.index));
    parts.push(el('span', { class: 'mk mk-sent', title: `source sentence ${m[1]}` }, m[0]));
    last = m.index + m[0].length;
  }
  if (last < source.length) parts.push(source.slice(last));
  if (context < 0) return parts;
  parts.push(el('span', { class: 'mk mk-context' }, '[CONTEXT]'));
  // Evidence markers "(0)", "(1)", ... are read in sequence, as the core does.
  const rest = inputs.slice(context + '[CONTEXT]'.length);
  let position = 0;
  for (let k = 0; ; k++) {
    const marker = `(${k})`;
    const at = rest.indexOf(marker, position);
    if (at < 0) break;
    pushEvidenceText(parts, rest.slice(position, at));
    parts.push(el('span', { class: 'mk mk-ev', title: `evidence item ${k}` }, marker));
    position = at + marker.length;
  }
  pushEvidenceText(parts, rest.slice(position));
  return parts;
}

function renderInput() {
  let result;
  try {
    result = computeInputs();
  } catch (error) {
    state.inputs = null;
    const where = error instanceof FruitbenchError && error.field ? ` (${describeField(error.field)})` : '';
    showMessage(ui.linearizeError, 'error',
      el('p', {}, el('strong', {}, `The input cannot be built${where}: `), error.reason || error.message));
    setChildren(ui.linearized);
    ui.linearizedSummary.textContent = '';
    return;
  }
  showMessage(ui.linearizeError, 'error');
  state.inputs = result.inputs;
  setChildren(ui.linearized, linearizedView(result.inputs));
  ui.sentenceCount.textContent = String(result.sentences.length);
  setChildren(ui.sentenceList, result.sentences.map((s, i) => el('li', {},
    el('span', { class: 'mk mk-sent' }, `[${i}]`), el('span', {}, s))));
  ui.linearizedSummary.textContent = `${plural(result.sentences.length, 'sentence')} · ` +
    `${plural(state.evidenceCount, 'evidence item')} · ${plural(result.inputs.length, 'character')}`;
}

// ---------------------------------------------------------------- update

function evidenceTitle(k) {
  const item = document.getElementById(`evidence-${k}`);
  return item ? item.querySelector('.ev-title')?.textContent : null;
}

function decorateReferences(container) {
  for (const ref of container.querySelectorAll('a.fb-ref[data-evidence]')) {
    const k = ref.dataset.evidence;
    const title = evidenceTitle(k);
    if (title === null || title === undefined) {
      ref.classList.add('missing');
      ref.title = `There is no evidence item (${k})`;
      ref.setAttribute('aria-label', `cites evidence (${k}), which does not exist`);
    } else {
      ref.title = `Evidence (${k}): ${title}`;
      ref.setAttribute('aria-label', `cites evidence (${k}): ${title}`);
    }
  }
}

function renderDiagnostics(inputs, text) {
  const check = api.checkEdit5(inputs, text);
  if (!check.diagnostics.length) {
    const copies = check.units.filter((u) => u.kind === 'copy').length;
    const texts = check.units.filter((u) => u.kind === 'text').length;
    showMessage(ui.diagnostics, 'ok', el('p', {},
      `Well-formed EDIT5: ${plural(check.units.length, 'unit')} (${copies} copied, ${texts} new text).`));
    return check;
  }
  showMessage(ui.diagnostics, 'warning',
    el('p', {}, el('strong', {}, `This EDIT5 output has ${plural(check.diagnostics.length, 'problem')}`),
      ' (scoring still works: the official normalization drops or keeps such units as described):'),
    el('ul', {}, check.diagnostics.map((d) => {
      const unit = check.units[d.unit];
      const written = unit ? utf8Slice(text, unit.begin, unit.end).trim() : '';
      return el('li', {},
        el('strong', {}, `Unit ${d.unit + 1}`),
        written ? [' ', el('code', {}, written.length > 60 ? `${written.slice(0, 57)}…` : written)] : null,
        unit ? ` (${unit.kind === 'copy' ? 'copy' : 'new text'}, byte ${d.offset})` : ` (byte ${d.offset})`,
        ': ', el('code', {}, d.code), ' — ', d.message);
    })));
  return check;
}

function renderUpdate() {
  state.lastDiff = null;
  const text = ui.output.value;
  const kind = outputKind();
  if (state.inputs === null) {
    showMessage(ui.diagnostics, '');
    setChildren(ui.diff, el('p', { class: 'empty-note' }, 'Fix the input first.'));
    ui.diffSummary.textContent = '';
    ui.unsupportedNote.hidden = true;
    return;
  }
  if (!text.trim()) {
    showMessage(ui.diagnostics, '');
    setChildren(ui.diff, el('p', { class: 'empty-note' },
      'Run a baseline or paste a model output to see the edits it makes.'));
    ui.diffSummary.textContent = '';
    ui.unsupportedNote.hidden = true;
    return;
  }
  try {
    if (kind === 'edit5') renderDiagnostics(state.inputs, text);
    else showMessage(ui.diagnostics, '');
    const diff = api.diff(state.inputs, text, kind);
    state.lastDiff = diff;
    // The only innerHTML on the site: the core's diff HTML, every text in it escaped by the core.
    ui.diff.innerHTML = diff.html;
    decorateReferences(ui.diff);
    collapseCopiedRuns(ui.diff, { open: !ui.collapseCopied.checked });
    const counts = { copied: 0, edited: 0, inserted: 0, deleted: 0 };
    for (const s of diff.sentences) counts[s.kind]++;
    ui.diffSummary.textContent = `${counts.copied} copied, ${counts.edited} edited, ${counts.inserted} new, ` +
      `${counts.deleted} deleted ${counts.deleted === 1 ? 'sentence' : 'sentences'}.`;
    showUnsupported(diff);
  } catch (error) {
    showMessage(ui.diagnostics, 'error', ...errorView(error, 'Cannot read this output'));
    setChildren(ui.diff);
    ui.diffSummary.textContent = '';
    ui.unsupportedNote.hidden = true;
  }
}

/**
 * Under the diff: the marked entity tokens (the core's faithfulness rule, via diff().sentences[].unsupported),
 * spelled out, so that phones without hover tooltips see them too.
 */
function showUnsupported(diff) {
  const keys = diff.sentences.flatMap((s) => s.unsupported || []);
  if (!keys.length) {
    setChildren(ui.unsupportedNote);
    ui.unsupportedNote.hidden = true;
    return;
  }
  ui.unsupportedNote.hidden = false;
  setChildren(ui.unsupportedNote,
    el('mark', { class: 'fb-unsupported' }, plural(keys.length, 'marked word')),
    ` ${keys.length === 1 ? 'appears' : 'appear'} in neither the article nor the evidence (names, numbers or ` +
    `dates the update may have invented): ${keys.join(', ')}.`);
}

function onDiffClick(event) {
  const ref = event.target.closest('a.fb-ref[data-evidence]');
  if (!ref) return;
  event.preventDefault();
  const item = document.getElementById(`evidence-${ref.dataset.evidence}`);
  if (!item) {
    showMessage(ui.status, 'warning', el('p', {}, `There is no evidence item (${ref.dataset.evidence}).`));
    return;
  }
  flashEvidence(item);
}

function onDiffHover(event, on) {
  const ref = event.target.closest?.('a.fb-ref[data-evidence]');
  if (!ref) return;
  document.getElementById(`evidence-${ref.dataset.evidence}`)?.classList.toggle('hover', on);
}

// ---------------------------------------------------------------- scores

function referenceKind(text) {
  const chosen = ui.referenceKind.value;
  if (chosen !== 'auto') return chosen;
  return looksLikeEdit5(text) ? 'edit5' : 'text';
}

function prfTable(caption, metrics, scores) {
  return el('table', { class: 'data' },
    el('caption', { class: 'visually-hidden' }, caption),
    el('thead', {}, el('tr', {},
      el('th', { scope: 'col' }, 'metric'), el('th', { scope: 'col' }, 'P'),
      el('th', { scope: 'col' }, 'R'), el('th', { scope: 'col' }, 'F'))),
    el('tbody', {}, metrics.map((m) => el('tr', { dataset: { metric: m } },
      el('th', { scope: 'row' }, metricLabels[m]),
      el('td', {}, fmt(scores[m].precision)), el('td', {}, fmt(scores[m].recall)),
      el('td', { class: 'f' }, el('strong', {}, fmt(scores[m].fmeasure)))))));
}

function explanation(scores, copied, stem) {
  const goldWords = wordCount(scores.gold_additions, stem);
  const predWords = wordCount(scores.predicted_additions, stem);
  const copiedText = copied === 1 ? 'the 1 copied sentence' : `the ${copied} copied sentences`;
  if (!goldWords && !predWords) {
    return 'Neither the reference nor this output adds anything, so UpdateROUGE counts the example as 100.';
  }
  if (!predWords) {
    return `ROUGE credits ${copiedText}; UpdateROUGE only scores the added text, and this output adds nothing ` +
      `new (the reference adds ${plural(goldWords, 'word')}), so it scores 0.`;
  }
  return `ROUGE credits ${copiedText}; UpdateROUGE only scores the added text: the reference adds ` +
    `${plural(goldWords, 'word')}, this output adds ${plural(predWords, 'word')}.`;
}

function renderScores() {
  const reference = ui.reference.value;
  const output = ui.output.value;
  if (!reference.trim()) {
    setChildren(ui.scores, el('p', { class: 'hint' }, 'Give a reference update to compare UpdateROUGE with ROUGE.'));
    return;
  }
  if (state.inputs === null) {
    setChildren(ui.scores, el('p', { class: 'hint' }, 'Fix the input first.'));
    return;
  }
  if (!output.trim()) {
    setChildren(ui.scores, el('p', { class: 'hint' }, 'Run a baseline or paste a model output to score it.'));
    return;
  }
  const stem = ui.stem.checked;
  try {
    const fixed = state.mode === 'fixed' ? state.fixed : null;
    const base = api.normalize(state.inputs, '');
    const normalizedInputs = fixed && fixed.normalizedInputs !== undefined ? fixed.normalizedInputs
      : base.normalized_inputs;
    let gold;
    const notes = [];
    if (fixed && fixed.normalizedGold !== undefined && reference === fixed.referenceText) {
      gold = fixed.normalizedGold;
    } else if (referenceKind(reference) === 'edit5') {
      const normalized = api.normalize(state.inputs, reference);
      gold = normalized.normalized_targets;
      if (normalized.dropped_copy_tokens.length) {
        notes.push(`The reference copies sentences that do not exist (${normalized.dropped_copy_tokens
          .map((n) => `[${n}]`).join(' ')}); they were dropped.`);
      }
    } else {
      gold = reference.trim();
    }
    let prediction;
    if (outputKind() === 'edit5') {
      const normalized = api.normalize(state.inputs, output);
      prediction = normalized.normalized_targets;
      if (normalized.dropped_copy_tokens.length) {
        notes.push(`The output copies sentences that do not exist (${normalized.dropped_copy_tokens
          .map((n) => `[${n}]`).join(' ')}); the official normalization drops them.`);
      }
    } else {
      prediction = fixed && output === fixed.predictionText ? output : output.trim();
    }
    const scores = api.scoreExample({ normalizedInputs, gold, prediction, inputs: state.inputs }, { stem, bootstrap: 0 });
    const copied = state.lastDiff ? state.lastDiff.sentences.filter((s) => s.kind === 'copied').length : 0;
    setChildren(ui.scores,
      el('div', { class: 'compare' },
        el('div', { class: 'score-card update' },
          el('h3', {}, 'UpdateROUGE ', el('span', { class: 'metric-family' }, 'added text only')),
          prfTable('UpdateROUGE of this output', ['update_rouge1', 'update_rouge2', 'update_rougeLsum'], scores)),
        el('div', { class: 'score-card plain' },
          el('h3', {}, 'ROUGE ', el('span', { class: 'metric-family' }, 'whole article')),
          prfTable('ROUGE of this output', ['rouge1', 'rouge2', 'rougeL'], scores),
          el('p', { class: 'hint' }, `Exact match: ${scores.exact_match}`))),
      el('p', { class: 'hint', id: 'faithfulness-scores' }, 'Faithfulness (not official): ',
        `${plural(scores.unsupported_entity_tokens, 'unsupported entity token')}`,
        scores.unsupported_entities.length ? ` (${scores.unsupported_entities.join(', ')})` : '',
        `; entity precision ${fmt(scores.entity_precision)}, recall ${fmt(scores.entity_recall)} against the reference's added entities.`),
      el('p', { class: 'why', id: 'why' }, explanation(scores, copied, stem)),
      notes.map((n) => el('p', { class: 'hint' }, n)),
      el('details', {},
        el('summary', {}, 'What UpdateROUGE compares'),
        el('dl', { class: 'additions' },
          el('dt', {}, 'Reference additions'), el('dd', {}, scores.gold_additions || '(nothing)'),
          el('dt', {}, 'Output additions'), el('dd', {}, scores.predicted_additions || '(nothing)'))),
      el('p', { class: 'hint' }, `Signature: ${api.signature({ stem, bootstrap: 0 })}`));
  } catch (error) {
    setChildren(ui.scores, el('div', { class: 'message error' }, errorView(error, 'Cannot score')));
  }
}

// ---------------------------------------------------------------- wiring

/** The baselines and the model update an article: without one they wait, and say why. */
function renderAvailability() {
  const noArticle = state.mode !== 'fixed' && !ui.article.value.trim();
  ui.baselineCopy.disabled = noArticle;
  ui.baselineAll.disabled = noArticle;
  ui.updateBlocked.hidden = !noArticle;
  modelPanel?.setArticleReady(!noArticle);
  // The preloaded sample is labelled as long as it is what the output box holds.
  ui.outputOrigin.hidden = !state.exampleOutput || ui.output.value !== state.exampleOutput;
}

function refresh() {
  if (!api) return;
  renderInput();
  renderUpdate();
  renderScores();
  renderAvailability();
}

const refreshSoon = debounce(refresh, 120);

function runBaseline(kind) {
  if (state.inputs === null) return;
  try {
    ui.output.value = api.baseline(state.inputs, kind);
    setOutputKind('edit5');
    refresh();
  } catch (error) {
    showMessage(ui.diagnostics, 'error', ...errorView(error, 'The baseline failed'));
  }
}

async function loadExample(file) {
  const response = await fetch(`examples/${encodeURIComponent(file)}`);
  if (!response.ok) throw new Error(`examples/${file}: ${response.status}`);
  const example = await response.json();
  leaveFixedMode();
  ui.article.value = example.article;
  state.evidence = example.evidence.map((e) => ({
    title: e.title, section: e.section || '', text: e.text || '', table: e.table || null,
  }));
  ui.reference.value = example.reference || '';
  ui.referenceKind.value = 'auto';
  state.exampleOutput = example.sample_output || '';
  ui.exampleOutput.hidden = !state.exampleOutput;
  ui.output.value = state.exampleOutput;
  setOutputKind('edit5');
  renderEvidence();
  refresh();
}

async function populateExamples() {
  const response = await fetch('examples/index.json');
  const examples = await response.json();
  for (const example of examples) {
    ui.exampleSelect.append(el('option', { value: example.file }, example.title));
  }
  return examples;
}

function setInputsEditable(editable) {
  ui.article.readOnly = !editable;
  ui.exampleSelect.disabled = !editable;
  for (const control of ui.evidenceForm.elements) control.disabled = !editable;
}

function leaveFixedMode() {
  if (state.mode !== 'fixed') return;
  state.mode = 'edit';
  state.fixed = null;
  ui.fromScore.hidden = true;
  setInputsEditable(true);
}

/** Turns the fixed inputs into an editable article and evidence list. */
function unlockInputs() {
  const parsed = state.fixed.parsed;
  // A blank line always ends a sentence, so the split gives the same sentences back.
  ui.article.value = parsed.source_sentences.join('\n\n');
  state.evidence = parsed.evidence.map((p) => (p.table
    ? { title: p.display_title, section: p.table.section, text: '', table: {
      caption: p.table.caption, header: p.table.header, rows: p.table.rows } }
    : { title: p.display_title, section: '', text: p.body, table: null }));
  leaveFixedMode();
  renderEvidence();
  refresh();
}

/** Opens an example handed over by the Score page (index.html?from=score). */
function openFromScore() {
  let handoff;
  try {
    handoff = JSON.parse(localStorage.getItem(scoreHandoffKey) || 'null');
  } catch {
    handoff = null;
  }
  if (!handoff) {
    showMessage(ui.status, 'warning', el('p', {}, 'No example was handed over from the Score page.'));
    return false;
  }
  let gold;
  let prediction;
  try {
    gold = JSON.parse(handoff.goldLine);
    prediction = JSON.parse(handoff.predictionLine);
  } catch (error) {
    showMessage(ui.status, 'error', el('p', {}, `The handed-over example is not valid JSON: ${error.message}`));
    return false;
  }
  const parsed = api.parseLinearized(gold.inputs);
  state.mode = 'fixed';
  state.fixed = {
    inputs: gold.inputs,
    parsed,
    normalizedInputs: typeof gold.normalized_inputs === 'string' ? gold.normalized_inputs : undefined,
    normalizedGold: typeof gold.normalized_targets === 'string' ? gold.normalized_targets : undefined,
    referenceText: gold.targets,
    predictionText: typeof prediction.normalized_targets === 'string' ? prediction.normalized_targets : null,
  };
  ui.article.value = parsed.source_sentences.join('\n\n');
  ui.reference.value = gold.targets;
  ui.referenceKind.value = 'edit5';
  if (typeof prediction.normalized_targets === 'string') {
    ui.output.value = prediction.normalized_targets;
    setOutputKind('text');
  } else {
    ui.output.value = prediction.targets ?? '';
    setOutputKind('edit5');
  }
  ui.stem.checked = Boolean(handoff.stem);
  state.exampleOutput = '';
  ui.exampleOutput.hidden = true;
  setInputsEditable(false);
  setChildren(ui.fromScoreText,
    el('strong', {}, `Example ${JSON.stringify(handoff.id)}`), ' from the Score page: ',
    el('code', {}, `${handoff.goldName}:${handoff.goldLineNumber}`), ' and ',
    el('code', {}, `${handoff.predictionName}:${handoff.predictionLineNumber}`),
    '. The input is shown exactly as in the gold file; the scores use the file\'s normalized fields.');
  ui.fromScore.hidden = false;
  ui.fromScore.className = 'message';
  renderEvidence();
  refresh();
  return true;
}

async function main() {
  try {
    api = await loadFruitbench();
  } catch (error) {
    showLoadFailure(ui.status, error);
    return;
  }
  showVersion(api);

  ui.article.addEventListener('input', refreshSoon);
  ui.output.addEventListener('input', refreshSoon);
  ui.reference.addEventListener('input', refreshSoon);
  ui.referenceKind.addEventListener('change', refresh);
  ui.stem.addEventListener('change', refresh);
  for (const radio of document.querySelectorAll('input[name="output-kind"]')) radio.addEventListener('change', refresh);
  for (const radio of document.querySelectorAll('input[name="ev-kind"]')) {
    radio.addEventListener('change', switchEvidenceKind);
  }
  ui.evTable.addEventListener('input', debounce(updateTablePreview, 150));
  ui.evCaption.addEventListener('input', debounce(updateTablePreview, 150));
  ui.evidenceForm.addEventListener('submit', addEvidence);
  ui.baselineCopy.addEventListener('click', () => runBaseline('copy-source'));
  ui.baselineAll.addEventListener('click', () => runBaseline('copy-source-all-evidence'));
  ui.exampleOutput.addEventListener('click', () => {
    ui.output.value = state.exampleOutput;
    setOutputKind('edit5');
    refresh();
  });
  ui.collapseCopied.addEventListener('change', () => {
    for (const details of ui.diff.querySelectorAll('details.copied-run')) details.open = !ui.collapseCopied.checked;
  });
  ui.diff.addEventListener('click', onDiffClick);
  ui.diff.addEventListener('mouseover', (e) => onDiffHover(e, true));
  ui.diff.addEventListener('mouseout', (e) => onDiffHover(e, false));
  ui.diff.addEventListener('focusin', (e) => onDiffHover(e, true));
  ui.diff.addEventListener('focusout', (e) => onDiffHover(e, false));
  ui.unlock.addEventListener('click', unlockInputs);
  ui.copyInputs.addEventListener('click', async () => {
    if (state.inputs === null) return;
    try {
      await navigator.clipboard.writeText(state.inputs);
      ui.copyInputs.textContent = 'Copied';
    } catch {
      ui.copyInputs.textContent = 'Copy failed';
    }
    setTimeout(() => { ui.copyInputs.textContent = 'Copy input'; }, 1500);
  });
  ui.exampleSelect.addEventListener('change', async () => {
    const file = ui.exampleSelect.value;
    if (!file) {
      ui.article.value = '';
      state.evidence = [];
      ui.output.value = '';
      ui.reference.value = '';
      ui.exampleOutput.hidden = true;
      renderEvidence();
      refresh();
      return;
    }
    try {
      await loadExample(file);
    } catch (error) {
      showMessage(ui.status, 'error', el('p', {}, `Cannot load the example: ${error.message}`));
    }
  });

  modelPanel = setupModelPanel({
    getInputs: () => state.inputs,
    showOutput: (edit5) => {
      ui.output.value = edit5;
      setOutputKind('edit5');
      refresh();
    },
  });

  let examples = [];
  try {
    examples = await populateExamples();
  } catch (error) {
    showMessage(ui.status, 'warning', el('p', {}, `The bundled examples could not be loaded: ${error.message}`));
  }
  const params = new URLSearchParams(location.search);
  if (params.get('from') === 'score' && openFromScore()) {
    document.body.dataset.ready = 'true';
    return;
  }
  if (examples.length) {
    ui.exampleSelect.value = examples[0].file;
    try {
      await loadExample(examples[0].file);
    } catch (error) {
      showMessage(ui.status, 'error', el('p', {}, `Cannot load the example: ${error.message}`));
    }
  } else {
    renderEvidence();
    refresh();
  }
  document.body.dataset.ready = 'true';
}

main();
