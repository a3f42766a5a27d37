// "Why UpdateROUGE, not ROUGE": a worked example computed live by the wasm,
// and why faithfulness (unsupported entity tokens) needs its own check.
import { loadFruitbench } from './fruitbench-web.mjs';
import { el, setChildren, fmt, showVersion, showLoadFailure, showMessage, errorView } from './common.mjs';

const $ = (id) => document.getElementById(id);

/** Text with the given pieces (in order) marked as additions. */
function markedText(text, pieces) {
  const parts = [];
  let position = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, position);
    if (at < 0) continue;
    if (at > position) parts.push(text.slice(position, at));
    parts.push(el('mark', { class: 'added' }, piece));
    position = at + piece.length;
  }
  parts.push(text.slice(position));
  return parts;
}

function evidenceItem(item, index) {
  return el('li', { class: 'evidence-item', id: `evidence-${index}` },
    el('header', {}, el('span', { class: 'mk mk-ev' }, `(${index})`), el('span', { class: 'ev-title' }, item.title),
      item.section ? el('span', { class: 'ev-section' }, `· ${item.section}`) : null),
    item.table
      ? el('table', { class: 'ev-table' },
        item.table.caption ? el('caption', {}, item.table.caption) : null,
        el('thead', {}, el('tr', {}, item.table.header.map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, item.table.rows.map((row) => el('tr', {}, row.map((c) => el('td', {}, c))))))
      : el('p', { class: 'ev-text' }, item.text));
}

/** The reference against a copy of it with one year changed: UpdateROUGE barely moves, the entity check does. */
function showFaithfulness(api, inputs, normalizedInputs, gold, reference) {
  const invented = reference.replace('February 2024', 'February 2023');
  const rows = [
    { key: 'reference', label: 'The reference update', edit: reference },
    { key: 'invented', label: 'The reference with an invented year (2023 for 2024)', edit: invented },
  ].map((output) => {
    const prediction = api.normalize(inputs, output.edit).normalized_targets;
    return { ...output, scores: api.scoreExample({ normalizedInputs, gold, prediction, inputs }, { bootstrap: 0 }) };
  });
  setChildren(document.querySelector('#faithful-table tbody'), rows.map((r) => el('tr', { dataset: { output: r.key } },
    el('th', { scope: 'row' }, r.label),
    el('td', { dataset: { metric: 'update_rouge1' } }, fmt(r.scores.update_rouge1.fmeasure)),
    el('td', { dataset: { metric: 'update_rougeLsum' } }, fmt(r.scores.update_rougeLsum.fmeasure)),
    el('td', { dataset: { metric: 'unsupported_entity_tokens' } }, el('strong', {}, String(r.scores.unsupported_entity_tokens)),
      r.scores.unsupported_entities.length ? ` (${r.scores.unsupported_entities.join(', ')})` : ''),
    el('td', { dataset: { metric: 'entity_precision' } }, fmt(r.scores.entity_precision)),
    el('td', { dataset: { metric: 'entity_recall' } }, fmt(r.scores.entity_recall)))));
  const [good, bad] = rows.map((r) => r.scores);
  $('faithful-conclusion').textContent = `Changing one year moves UpdateROUGE-1 from ${fmt(good.update_rouge1.fmeasure)} ` +
    `to ${fmt(bad.update_rouge1.fmeasure)}; the entity check goes from ${good.unsupported_entity_tokens} to ` +
    `${bad.unsupported_entity_tokens} unsupported entity tokens (${bad.unsupported_entities.join(', ') || 'none'}): ` +
    'the year is in neither the article nor the evidence.';
}

async function main() {
  let api;
  try {
    api = await loadFruitbench();
  } catch (error) {
    showLoadFailure($('status'), error);
    return;
  }
  showVersion(api);
  try {
    const example = await (await fetch('examples/salt-orchard.json')).json();
    const inputs = api.linearize({ sentences: api.splitSentences(example.article) }, example.evidence);
    const normalizedInputs = api.normalize(inputs, '').normalized_inputs;
    const gold = api.normalize(inputs, example.reference).normalized_targets;
    const outputs = [
      { key: 'copy-source', label: 'Copy the source (change nothing)', edit: api.baseline(inputs, 'copy-source') },
      {
        key: 'copy-source-all-evidence', label: 'Copy the source, append all evidence',
        edit: api.baseline(inputs, 'copy-source-all-evidence'),
      },
      { key: 'partial', label: 'A partial update (one new fact)', edit: example.sample_output },
      { key: 'reference', label: 'The reference update itself', edit: example.reference },
    ];
    const results = outputs.map((output) => {
      const prediction = api.normalize(inputs, output.edit).normalized_targets;
      return { ...output, scores: api.scoreExample({ normalizedInputs, gold, prediction, inputs }, { bootstrap: 0 }) };
    });
    const goldAdditions = api.additions(normalizedInputs, gold);

    $('worked-intro').textContent = `“${example.title}”: an article of ` +
      `${api.splitSentences(example.article).length} sentences, ${example.evidence.length} evidence items, and a ` +
      'reference update that keeps every sentence and adds two.';
    setChildren($('worked-article'), example.article);
    setChildren($('worked-evidence'), example.evidence.map(evidenceItem));
    setChildren($('worked-reference'), markedText(gold, goldAdditions));

    setChildren(document.querySelector('#worked-table tbody'), results.map((r) => el('tr', { dataset: { output: r.key } },
      el('th', { scope: 'row' }, r.label, el('br'), el('code', { class: 'metric-family' }, r.edit)),
      el('td', { dataset: { metric: 'rouge1' } }, fmt(r.scores.rouge1.fmeasure)),
      el('td', { dataset: { metric: 'rougeL' } }, fmt(r.scores.rougeL.fmeasure)),
      el('td', { dataset: { metric: 'update_rouge1' } }, el('strong', {}, fmt(r.scores.update_rouge1.fmeasure))),
      el('td', { dataset: { metric: 'update_rouge2' } }, fmt(r.scores.update_rouge2.fmeasure)),
      el('td', { dataset: { metric: 'update_rougeLsum' } }, fmt(r.scores.update_rougeLsum.fmeasure)))));

    const copy = results[0].scores;
    const all = results[1].scores;
    $('worked-conclusion').textContent = `Copying the source scores ROUGE-L ${fmt(copy.rougeL.fmeasure)} — ` +
      `it shares every copied sentence with the reference — but UpdateROUGE-1 ${fmt(copy.update_rouge1.fmeasure)}, ` +
      'because it adds nothing. Appending all the evidence adds words, some of them right: UpdateROUGE-1 ' +
      `${fmt(all.update_rouge1.fmeasure)}. Only an output that adds what the reference adds scores high on both.`;
    setChildren($('worked-additions'), results.map((r) => [
      el('dt', {}, r.label),
      el('dd', {}, r.scores.predicted_additions || '(nothing)'),
    ]));
    showFaithfulness(api, inputs, normalizedInputs, gold, example.reference);
    document.body.dataset.ready = 'true';
  } catch (error) {
    showMessage($('status'), 'error', ...errorView(error, 'The worked example could not be computed'));
  }
}

main();
