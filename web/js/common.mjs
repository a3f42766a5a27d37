// Helpers shared by the playground's pages (and, linked, the leaderboard site). Every user string reaches the
// page through textContent (el(), text nodes) or escapeHtml(); the only
// innerHTML the site assigns is the core's already-escaped diff HTML.

const htmlEscapes = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes & < > " ' so that any text is safe in HTML content and quoted attributes. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => htmlEscapes[c]);
}

/**
 * Builds an element: el('p', {class: 'x', dataset: {k: 'v'}, onclick: fn}, 'text', child, ...).
 * Strings become text nodes (never HTML); null/undefined/false children are skipped.
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attributes);
  append(node, children);
  return node;
}

const svgNs = 'http://www.w3.org/2000/svg';

/** The same for SVG elements. */
export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(svgNs, tag);
  setAttributes(node, attributes);
  append(node, children);
  return node;
}

function setAttributes(node, attributes) {
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces all children of node. */
export function setChildren(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** A score on the 0..100 scale with two decimals. */
export function fmt(value, digits = 2) {
  return Number.isFinite(value) ? value.toFixed(digits) : '–';
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function plural(n, one, many = `${one}s`) {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Calls fn at most once per `ms`, after the last call. */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/**
 * A FruitbenchError (or any error) as DOM: its message, and where it
 * happened (file, line, field) when the error says.
 */
export function errorView(error, title = 'Error') {
  const parts = [el('p', {}, el('strong', {}, `${title}: `), error.message || String(error))];
  const where = [];
  if (error.file) where.push(['File', error.file]);
  if (error.line) where.push(['Line', String(error.line)]);
  if (error.field) where.push(['Field', error.field]);
  if (where.length && error.reason) where.push(['Reason', error.reason]);
  if (where.length) {
    parts.push(el('dl', { class: 'error-location' }, where.map(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])));
  }
  return parts;
}

/** Shows a message (DOM children) in a .message box, or hides it with none. */
export function showMessage(box, kind, ...children) {
  box.className = `message ${kind || ''}`.trim();
  setChildren(box, ...children);
  box.hidden = children.length === 0;
}

export const metricLabels = {
  update_rouge1: 'UpdateROUGE-1',
  update_rouge2: 'UpdateROUGE-2',
  update_rougeLsum: 'UpdateROUGE-Lsum',
  rouge1: 'ROUGE-1',
  rouge2: 'ROUGE-2',
  rougeL: 'ROUGE-L',
  exact_match: 'Exact match',
};

export const prfMetrics = ['update_rouge1', 'update_rouge2', 'update_rougeLsum', 'rouge1', 'rouge2', 'rougeL'];

/**
 * The faithfulness metrics (core/faithfulness.h; not official FRUIT metrics): one number each, null where no
 * example defines it. `better`: the direction that is better, for sorting.
 */
export const entityMetrics = {
  unsupported_entity_tokens: { label: 'Unsupported entity tokens', short: 'Unsupported', better: 'lower' },
  entity_precision: { label: 'Entity precision', short: 'Entity P', better: 'higher' },
  entity_recall: { label: 'Entity recall', short: 'Entity R', better: 'higher' },
};

/** Shows the API version in the header, once the module has loaded. */
export function showVersion(api) {
  const slot = document.getElementById('version');
  if (slot) slot.textContent = `fruitbench ${api.version()} · WebAssembly · runs locally`;
}

/** Shows a failure to load the module in a page's status box. */
export function showLoadFailure(box, error) {
  const text = String(error && error.message || error);
  showMessage(box, 'error',
    el('p', {}, el('strong', {}, 'The fruitbench module could not be loaded. '), text),
    /Content Security Policy|unsafe-eval/.test(text)
      ? el('p', {}, 'The module uses dynamic code; build it with ', el('code', {}, '-sDYNAMIC_EXECUTION=0'), '.')
      : null,
    el('p', {}, 'Build it with ', el('code', {}, 'bash wasm/build.sh'), ' and serve web/ with ',
      el('code', {}, 'node web/server.mjs'), '.'));
}

/** An error as a plain object a worker can post: the core's errors name file, line and field. */
export function errorMessage(error) {
  return {
    name: error && error.name || 'Error',
    message: error && error.message || String(error),
    file: error && error.file || '',
    line: error && error.line || 0,
    field: error && error.field || '',
    reason: error && error.reason || '',
  };
}

/** FRUIT's corpus-level metrics (report "corpus", official 0..1 scale), in report order. */
export const corpusLabels = {
  surface_recall: 'Surface recall',
  filtered_surface_recall: 'Filtered surface recall',
  reference_p: 'Reference P',
  reference_r: 'Reference R',
  reference_f1: 'Reference F1',
  retention_p: 'Retention P',
  retention_r: 'Retention R',
  retention_f1: 'Retention F1',
};

/** A corpus-level metric (0..1) with four decimals. */
export function fmtCorpus(value) {
  return Number.isFinite(value) ? value.toFixed(4) : '–';
}
