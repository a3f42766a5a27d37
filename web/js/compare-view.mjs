// The compare view, shared by the leaderboard site (leaderboard/site/ links to
// this file; `fruitbench leaderboard build` copies it) and the Score page:
// the examples where two systems differ most, each opening into both updates
// as the core's highlighted edits, the reference update and the evidence.
//
// An example is {id, a: {fmeasure, html}, b: {fmeasure, html}, reference_html,
// evidence: [{index, title, section?, text} | string]}, as in the leaderboard's
// data/compare/<benchmark>.json; the Score page builds the same objects.
//
//   container.append(compareList(examples, ['copy-source', 'my-system'], 'cmp-1'));
//   wireCompareEvidence(container);  // (k) badges jump to and highlight evidence k
//
// Every string from the data reaches the page through textContent; the one
// piece of HTML is the core's diff HTML (its text escaped by the core),
// parsed inertly and copied through an allow-list of its own tags and attributes.
import { el, setChildren, fmt } from './common.mjs';
import { collapseCopiedRuns, flashEvidence } from './diff-view.mjs';

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const text = (v) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** One side of an example: {f, html}. */
export function side(example, which) {
  const s = example[which] && typeof example[which] === 'object' ? example[which] : {};
  return { f: isNumber(s.fmeasure) ? s.fmeasure : null, html: typeof s.html === 'string' ? s.html : '' };
}

function evidenceOf(example) {
  const list = Array.isArray(example.evidence) ? example.evidence : [];
  return list.map((item, i) => {
    if (typeof item === 'string') return { index: i, title: '', section: '', text: item };
    const o = item && typeof item === 'object' ? item : {};
    return {
      index: Number.isInteger(o.index) ? o.index : i,
      title: text(o.title),
      section: text(o.section),
      text: text(o.text),
    };
  });
}

const allowedTags = new Set(['DIV', 'P', 'INS', 'DEL', 'A', 'SPAN', 'MARK']);
const allowedAttributes = new Set(['class', 'title', 'data-source', 'data-updated', 'data-evidence']);

/**
 * The core's diff HTML as DOM: parsed inertly (DOMParser: no script runs,
 * nothing loads), then only its own tags and attributes are copied; any
 * other element keeps just its text.
 */
function diffFragment(html) {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const copy = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.data);
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const children = [...node.childNodes].map(copy).filter(Boolean);
    if (!allowedTags.has(node.tagName)) {
      const fragment = document.createDocumentFragment();
      fragment.append(...children);
      return fragment;
    }
    const out = document.createElement(node.tagName.toLowerCase());
    for (const attribute of node.attributes) {
      if (allowedAttributes.has(attribute.name)) out.setAttribute(attribute.name, attribute.value);
    }
    out.append(...children);
    return out;
  };
  const fragment = document.createDocumentFragment();
  for (const child of parsed.body.childNodes) {
    const node = copy(child);
    if (node) fragment.append(node);
  }
  return fragment;
}

/** One update as highlighted edits, its reference badges pointing at this example's evidence items. */
function diffView(html, label, prefix, byIndex) {
  const view = el('div', { class: 'diff-view', 'aria-label': label });
  view.append(diffFragment(html));
  for (const ref of view.querySelectorAll('a.fb-ref')) {
    const k = ref.dataset.evidence;
    const item = byIndex.get(k);
    ref.setAttribute('href', `#${prefix}-evidence-${k}`);
    if (!item) {
      ref.classList.add('missing');
      ref.title = `There is no evidence item (${k})`;
      ref.setAttribute('aria-label', `cites evidence (${k}), which does not exist`);
    } else {
      const title = item.title || `evidence ${k}`;
      ref.title = `Evidence (${k}): ${title}`;
      ref.setAttribute('aria-label', `cites evidence (${k}): ${title}`);
    }
  }
  collapseCopiedRuns(view);
  return view;
}

/** Fills `body` with both updates, the reference update and the evidence of `example`. */
export function renderExampleBody(body, example, prefix, names) {
  const evidence = evidenceOf(example);
  const byIndex = new Map(evidence.map((e) => [String(e.index), e]));
  const sides = ['a', 'b'].map((which, i) => {
    const { f, html } = side(example, which);
    const view = diffView(html, `Highlighted edits of ${names[i]}`, prefix, byIndex);
    view.dataset.side = which;
    return el('div', {},
      el('h4', {}, `${which.toUpperCase()}: ${names[i]} `, el('span', { class: 'f' }, `F ${fmt(f)}`)), view);
  });
  const reference = typeof example.reference_html === 'string' && example.reference_html
    ? el('details', { class: 'reference' }, el('summary', {}, 'Reference update (gold)'),
      diffView(example.reference_html, 'Highlighted edits of the reference update', prefix, byIndex))
    : null;
  setChildren(body,
    el('div', { class: 'diff-legend', 'aria-hidden': 'true' },
      el('span', {}, el('ins', {}, 'inserted')), el('span', {}, el('del', {}, 'deleted')),
      el('span', {}, el('span', { class: 'fb-ref' }, '(k)'), ' cites evidence k')),
    el('div', { class: 'compare-sides' }, sides),
    reference,
    el('h4', {}, 'Evidence'),
    evidence.length
      ? el('ol', { class: 'evidence-list' }, evidence.map((item) => el('li', {
        class: 'evidence-item', id: `${prefix}-evidence-${item.index}`, tabindex: '-1',
      }, el('div', { class: 'ev-head' }, el('span', { class: 'mk' }, `(${item.index})`),
        item.title ? el('span', { class: 'ev-title' }, item.title) : null,
        item.section ? el('span', { class: 'ev-section' }, item.section) : null),
      el('p', { class: 'ev-text' }, item.text))))
      : el('p', { class: 'empty-note' }, 'No evidence items.'));
}

/**
 * The list of examples (A's and B's F and their difference in each summary);
 * an example's body is built when it is first opened. `dataset` goes on the <ol>.
 */
export function compareList(examples, names, prefix, dataset = {}) {
  return el('ol', { class: 'compare-list', dataset }, examples.map((e, i) => {
    const idText = typeof e.id === 'string' ? e.id : JSON.stringify(e.id ?? null);
    const fa = side(e, 'a').f;
    const fb = side(e, 'b').f;
    const delta = isNumber(fa) && isNumber(fb) ? fa - fb : null;
    const body = el('div', { class: 'compare-body' });
    const details = el('details', { class: 'compare-item', dataset: { id: idText } },
      el('summary', {},
        el('span', { class: 'example-id' }, idText),
        el('span', { class: 'scores' }, `A ${fmt(fa)} · B ${fmt(fb)}`),
        el('span', { class: 'delta' }, delta === null ? '' : `Δ ${delta > 0 ? '+' : ''}${fmt(delta)}`)),
      body);
    details.addEventListener('toggle', () => {
      if (!details.open || body.childNodes.length) return;
      renderExampleBody(body, e, `${prefix}-${i}`, names);
    });
    return el('li', {}, details);
  }));
}

function evidenceTarget(event) {
  const ref = event.target.closest && event.target.closest('a.fb-ref');
  if (!ref) return null;
  const id = (ref.getAttribute('href') || '').slice(1);
  return id ? document.getElementById(id) : null;
}

/** Reference badges inside `container` jump to (click) and highlight (hover, focus) their evidence item. */
export function wireCompareEvidence(container) {
  container.addEventListener('click', (event) => {
    if (!event.target.closest('a.fb-ref')) return;
    event.preventDefault();
    const item = evidenceTarget(event);
    if (item) flashEvidence(item);
  });
  const hover = (on) => (event) => {
    const item = evidenceTarget(event);
    if (item) item.classList.toggle('hover', on);
  };
  container.addEventListener('mouseover', hover(true));
  container.addEventListener('mouseout', hover(false));
  container.addEventListener('focusin', hover(true));
  container.addEventListener('focusout', hover(false));
}
