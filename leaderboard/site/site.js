// The fruitbench leaderboard: renders data/leaderboard.json (one sortable
// table per benchmark, ties from the paired bootstrap shown as ties) and, on
// demand, data/compare/<benchmark>.json (the examples where two systems
// differ most, as the core's highlighted edits). Formats: leaderboard/FORMAT.md.
//
// Plain script, no dependencies, no WebAssembly, relative URLs only: any
// static host can serve the folder. Every string from the data reaches the
// page through textContent; the one piece of HTML is the core's diff HTML
// (its text escaped by the core), which is parsed inertly and copied through
// an allow-list of its own tags and attributes.
import { compareList, wireCompareEvidence } from './compare-view.mjs';
import { corpusLabels, entityMetrics, fmtCorpus, metricLabels } from './common.mjs';

(() => {
  const defaultMetrics = Object.keys(metricLabels);
  const kindLabels = { baseline: 'baseline', model: 'model', submission: 'submission' };
  const linkLabels = { paper: 'paper', code: 'code', model_card: 'model card' };
  const compareCache = new Map(); // compare path -> Promise<json>
  const $ = (id) => document.getElementById(id);

  // ------------------------------------------------------------ DOM helpers

  /** el('p', {class: 'x', dataset: {k: 'v'}}, 'text', child, …): strings become text nodes, never HTML. */
  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === 'dataset') Object.assign(node.dataset, value);
      else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    append(node, children);
    return node;
  }

  function append(node, children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }

  function setChildren(node, ...children) {
    node.replaceChildren();
    append(node, children);
    return node;
  }

  function showMessage(box, kind, ...children) {
    box.className = `message ${kind || ''}`.trim();
    setChildren(box, ...children);
    box.hidden = children.length === 0;
  }

  const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
  const fmt = (v, digits = 2) => (isNumber(v) ? v.toFixed(digits) : '–');
  const text = (v) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

  function formatParameters(n) {
    if (!isNumber(n)) return '–';
    if (n >= 1e9) return `${(n / 1e9).toFixed(n >= 1e10 ? 0 : 1)}B`;
    if (n >= 1e6) return `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)}M`;
    if (n >= 1e3) return `${(n / 1e3).toFixed(n >= 1e4 ? 0 : 1)}K`;
    return String(n);
  }

  function formatP(p) {
    if (!isNumber(p)) return 'not computed';
    return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
  }

  // ------------------------------------------------------------ URLs

  /** A relative path inside the site (no scheme, no "..", no leading slash), or null. */
  function sitePath(path) {
    if (typeof path !== 'string' || !/^[A-Za-z0-9._\-/]+$/.test(path)) return null;
    if (path.startsWith('/') || path.split('/').some((s) => s === '..' || s === '')) return null;
    return path;
  }

  /** A submission file name (one path segment). */
  function fileName(name) {
    return typeof name === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) ? name : null;
  }

  /** An absolute http(s) URL, or null: only these become links. */
  function webUrl(value) {
    if (typeof value !== 'string' || value.length > 2000 || !/^https?:\/\//i.test(value)) return null;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
    } catch {
      return null;
    }
  }

  async function fetchJson(path) {
    const response = await fetch(path, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.json();
  }

  // ------------------------------------------------------------ tables

  function metricsOf(benchmark) {
    const listed = Array.isArray(benchmark.metrics) ? benchmark.metrics : defaultMetrics;
    const first = benchmark.rows && benchmark.rows[0];
    return listed.filter((m) => typeof m === 'string' && (!first || (first.mean && m in first.mean)));
  }

  /** Metrics with one number per row (not precision/recall/F). */
  const isScalar = (metric) => metric === 'exact_match' || metric in entityMetrics;

  /** The faithfulness metrics the rows carry (bundles recomputed by this fruitbench have them). */
  function entityMetricsOf(benchmark) {
    const first = benchmark.rows && benchmark.rows[0];
    return Object.keys(entityMetrics).filter((m) => first && first.mean && m in first.mean);
  }

  function meanOf(row, metric) {
    const value = row.mean && row.mean[metric];
    // plain numbers: exact match, the faithfulness metrics and the DiffQG figures
    if (isScalar(metric) || isNumber(value)) return isNumber(value) ? value : null;
    return value && isNumber(value.fmeasure) ? value.fmeasure : null;
  }

  function intervalOf(row, metric) {
    const boot = row.bootstrap && row.bootstrap[metric];
    if (!boot || !boot.low || boot.high === undefined) return null;
    const plain = isScalar(metric) || isNumber(boot.low);
    const low = plain ? boot.low : boot.low.fmeasure;
    const high = plain ? boot.high : boot.high && boot.high.fmeasure;
    return isNumber(low) && isNumber(high) ? { low, high } : null;
  }

  function resamples(signature) {
    const match = /\|boot:(\d+)\|/.exec(text(signature));
    return match ? Number(match[1]) : 1000;
  }

  /** Tie groups in rank order: rows i and i+1 share a group when row i is tied_with_next. */
  function tieGroups(rows) {
    const info = rows.map(() => ({ group: -1, first: false, last: false }));
    let group = 0;
    for (let i = 0; i < rows.length; i++) {
      const tiedBefore = i > 0 && rows[i - 1].tied_with_next === true;
      const tiedAfter = rows[i].tied_with_next === true && i + 1 < rows.length;
      if (!tiedBefore && tiedAfter) group++;
      if (tiedBefore || tiedAfter) info[i] = { group, first: !tiedBefore, last: !tiedAfter };
    }
    return info;
  }

  function systemCell(row) {
    const system = row.system || {};
    const kind = kindLabels[system.kind] ? system.kind : null;
    return el('th', { scope: 'row', class: 'system-cell' },
      el('span', { class: 'system-name' }, text(system.name) || '(no name)'),
      kind ? el('span', { class: `kind kind-${kind}`, title: kind === 'baseline' ? 'A baseline, not a trained system'
        : kind === 'model' ? 'The fruitbench project\'s own model' : 'A submitted system' }, kindLabels[kind]) : null,
      system.team ? el('div', { class: 'system-team' }, text(system.team)) : null,
      system.description ? el('details', { class: 'about' }, el('summary', {}, 'About'),
        el('p', {}, text(system.description)), system.license ? el('p', {}, `License: ${text(system.license)}`) : null)
        : null);
  }

  function linksCell(row) {
    const links = [];
    const system = row.system || {};
    if (system.links && typeof system.links === 'object') {
      for (const [key, value] of Object.entries(system.links)) {
        const href = webUrl(value);
        if (!href) continue;
        links.push(el('a', { href, rel: 'noopener noreferrer nofollow', class: 'system-link', dataset: { link: key } },
          linkLabels[key] || key.replace(/_/g, ' ')));
      }
    }
    const bundle = fileName(row.submission);
    if (bundle) {
      links.push(el('a', { href: `submissions/${encodeURIComponent(bundle)}`, class: 'bundle-link',
        title: `The submission bundle ${bundle}: metadata, predictions and claimed scores` }, 'bundle'));
    }
    return el('td', { class: 'links-cell' }, links.length ? links : '–');
  }

  function tieText(rows, i) {
    const parts = [];
    if (i > 0 && rows[i - 1].tied_with_next === true) {
      parts.push(`not significantly different from rank ${rows[i - 1].rank} (${formatP(rows[i - 1].p_value_vs_next)})`);
    }
    if (rows[i].tied_with_next === true && i + 1 < rows.length) {
      parts.push(`not significantly different from rank ${rows[i + 1].rank} (${formatP(rows[i].p_value_vs_next)})`);
    }
    return parts.length ? `Tied: ${parts.join('; ')}.` : '';
  }

  function renderBenchmark(benchmark, index) {
    const rows = Array.isArray(benchmark.rows) ? benchmark.rows.slice() : [];
    rows.sort((a, b) => (a.rank - b.rank) || 0);
    const primary = typeof benchmark.primary_metric === 'string' ? benchmark.primary_metric : 'update_rougeLsum';
    const others = metricsOf(benchmark).filter((m) => m !== primary);
    const faithfulness = entityMetricsOf(benchmark);
    // FRUIT's corpus-level F1s (and surface recall), when every row has them.
    const corpusKeys = ['reference_f1', 'retention_f1', 'surface_recall'].filter((k) =>
      rows.length && rows.every((r) => r.corpus && isNumber(r.corpus[k])));
    const ties = tieGroups(rows);
    const headingId = `benchmark-${index}-heading`;
    const primaryLabel = metricLabels[primary] || primary;

    const columns = [
      { key: 'rank', label: 'Rank', cls: 'rank-col', first: 'ascending', value: (r) => r.rank },
      { key: 'system', label: 'System', cls: 'system-col', first: 'ascending',
        value: (r) => text(r.system && r.system.name).toLowerCase() },
      { key: primary, label: `${primaryLabel.replace('UpdateROUGE', 'Update\u00adROUGE')} F`, note: '95% interval',
        first: 'descending',
        value: (r) => meanOf(r, primary) },
      // A soft hyphen lets "UpdateROUGE-1" break after "Update" in a narrow header.
      ...others.map((m) => ({ key: m, label: (metricLabels[m] || m).replace('UpdateROUGE', 'Update\u00adROUGE'),
        first: 'descending', value: (r) => meanOf(r, m) })),
      ...faithfulness.map((m) => ({ key: m, label: entityMetrics[m].short, title: entityMetrics[m].label,
        first: entityMetrics[m].better === 'lower' ? 'ascending' : 'descending', value: (r) => meanOf(r, m) })),
      ...corpusKeys.map((k) => ({ key: `corpus.${k}`, label: corpusLabels[k], note: 'official, 0–1', first: 'descending',
        value: (r) => r.corpus[k] })),
      { key: 'parameters', label: 'Parameters', first: 'descending',
        value: (r) => (r.system && isNumber(r.system.parameters) ? r.system.parameters : null) },
      { key: 'date', label: 'Date', first: 'descending', value: (r) => text(r.system && r.system.date) || null },
      { key: 'links', label: 'Links', cls: 'links-col' },
    ];

    const bodyRows = rows.map((row, i) => {
      const tie = ties[i];
      const tieDescription = tieText(rows, i);
      const primaryMean = meanOf(row, primary);
      const interval = intervalOf(row, primary);
      const cells = [
        el('td', { class: 'rank-cell' },
          el('span', { class: 'rank' }, String(row.rank)),
          tieDescription ? [el('span', { class: 'tie-badge', title: tieDescription, 'aria-hidden': 'true' }, 'tie'),
            el('span', { class: 'visually-hidden' }, ` ${tieDescription}`)] : null),
        systemCell(row),
        el('td', {
          class: 'primary-cell', dataset: { metric: primary, value: String(primaryMean),
            low: interval ? String(interval.low) : '', high: interval ? String(interval.high) : '' },
        }, fmt(primaryMean),
        el('span', { class: 'interval' }, interval ? [el('span', { class: 'visually-hidden' }, '95% interval '),
          `${fmt(interval.low)}–${fmt(interval.high)}`] : 'no interval')),
        ...others.map((m) => {
          const value = meanOf(row, m);
          const range = intervalOf(row, m);
          return el('td', { dataset: { metric: m, value: String(value) },
            title: range ? `95% interval ${fmt(range.low)}–${fmt(range.high)}` : null }, fmt(value));
        }),
        ...faithfulness.map((m) => {
          const value = meanOf(row, m);
          const range = intervalOf(row, m);
          const examples = row.defined && isNumber(row.defined[m]) ? row.defined[m] : null;
          const title = [entityMetrics[m].label, examples === null ? null : `mean over ${examples} examples`,
            range ? `95% interval ${fmt(range.low)}–${fmt(range.high)}` : null].filter(Boolean).join('; ');
          return el('td', { class: 'entity-cell', dataset: { metric: m, value: String(value) }, title }, fmt(value));
        }),
        ...corpusKeys.map((k) => el('td', { dataset: { corpus: k, value: String(row.corpus[k]) } }, fmtCorpus(row.corpus[k]))),
        el('td', { class: 'parameters-cell', title: row.system && isNumber(row.system.parameters)
          ? `${row.system.parameters.toLocaleString('en-US')} parameters` : null },
        formatParameters(row.system && row.system.parameters)),
        el('td', { class: 'date-cell' }, text(row.system && row.system.date) || '–'),
        linksCell(row),
      ];
      const tr = el('tr', {
        class: tie.group >= 0 ? ['tie', tie.first ? 'tie-first' : '', tie.last ? 'tie-last' : ''].join(' ').trim() : null,
        title: tieDescription || null,
        dataset: {
          rank: String(row.rank), submission: text(row.submission), tiedWithNext: String(row.tied_with_next === true),
          pValue: isNumber(row.p_value_vs_next) ? String(row.p_value_vs_next) : '',
        },
      }, cells);
      tr._row = row;
      tr._tieClass = tr.className;
      return tr;
    });

    const tbody = el('tbody', {}, bodyRows);
    const headRow = el('tr', {}, columns.map((c) => {
      const content = c.first
        ? el('button', { type: 'button', class: 'sort' }, c.label)
        : c.label;
      return el('th', { scope: 'col', class: c.cls || null, title: c.title || null, dataset: { key: c.key } }, content,
        c.note ? el('span', { class: 'interval' }, c.note) : null);
    }));
    const table = el('table', { class: 'data leaderboard', dataset: { benchmark: text(benchmark.id) } },
      el('caption', { class: 'visually-hidden' },
        `${text(benchmark.name)}: systems ranked by mean ${primaryLabel} F. Column headers sort the table.`),
      el('thead', {}, headRow), tbody);

    // Sorting: one active column; its header has aria-sort. Ties keep their rank order.
    const sort = { key: 'rank', direction: 'ascending' };
    const applySort = () => {
      const column = columns.find((c) => c.key === sort.key);
      const sign = sort.direction === 'ascending' ? 1 : -1;
      const sorted = bodyRows.slice().sort((x, y) => {
        const a = column.value(x._row);
        const b = column.value(y._row);
        if (a === null && b === null) return x._row.rank - y._row.rank;
        if (a === null) return 1; // missing values last in either direction
        if (b === null) return -1;
        const order = typeof a === 'string' ? a.localeCompare(b) : a - b;
        return order * sign || x._row.rank - y._row.rank;
      });
      const inRankOrder = sort.key === 'rank' && sort.direction === 'ascending';
      for (const tr of sorted) tr.className = inRankOrder ? tr._tieClass : '';
      tbody.replaceChildren(...sorted);
      for (const th of headRow.children) {
        if (th.dataset.key === sort.key) th.setAttribute('aria-sort', sort.direction);
        else th.removeAttribute('aria-sort');
      }
      table.dataset.sort = `${sort.key}:${sort.direction}`;
    };
    headRow.addEventListener('click', (event) => {
      const button = event.target.closest('button.sort');
      if (!button) return;
      const key = button.parentElement.dataset.key;
      const column = columns.find((c) => c.key === key);
      if (sort.key === key) sort.direction = sort.direction === 'ascending' ? 'descending' : 'ascending';
      else {
        sort.key = key;
        sort.direction = column.first;
      }
      applySort();
    });
    applySort();

    const gold = sitePath(benchmark.gold);
    const inputs = sitePath(benchmark.inputs);
    const definition = sitePath(benchmark.definition);
    const n = isNumber(benchmark.n) ? benchmark.n : null;
    const hasTies = rows.some((r) => r.tied_with_next === true);
    return el('section', { class: 'panel benchmark', id: `benchmark-${index}`, 'aria-labelledby': headingId,
      dataset: { benchmark: text(benchmark.id) } },
    el('h2', { id: headingId }, text(benchmark.name) || text(benchmark.id)),
    benchmark.description ? el('p', { class: 'benchmark-description' }, text(benchmark.description)) : null,
    el('dl', { class: 'benchmark-meta' },
      el('dt', {}, 'Id'), el('dd', {}, el('code', {}, text(benchmark.id))),
      el('dt', {}, 'Examples'), el('dd', {}, n === null ? '–' : n.toLocaleString('en-US')),
      el('dt', {}, 'Ranked by'), el('dd', {}, `mean ${primaryLabel} F (0–100), with its 95% bootstrap interval`),
      el('dt', {}, 'Columns'), el('dd', {}, 'mean F-measure over the examples (0–100) for each metric; exact match ' +
        'in % of examples; hover a number for its 95% bootstrap interval'),
      el('dt', {}, 'Signature'), el('dd', { class: 'mono signature-text' }, text(benchmark.signature)),
      gold ? [el('dt', {}, 'Gold'), el('dd', {}, el('a', { href: gold, class: 'gold-link' }, gold),
        benchmark.gold_sha256 ? [' · sha256 ', el('code', { class: 'sha' }, text(benchmark.gold_sha256))] : null)] : null,
      inputs ? [el('dt', {}, 'Inputs'), el('dd', {}, el('a', { href: inputs }, inputs),
        ' (what systems run on)')] : null,
      definition ? [el('dt', {}, 'Definition'), el('dd', {}, el('a', { href: definition }, definition))] : null,
      benchmark.license ? [el('dt', {}, 'License'), el('dd', {}, text(benchmark.license))] : null,
      webUrl(benchmark.url) ? [el('dt', {}, 'More'), el('dd', {}, el('a', { href: webUrl(benchmark.url),
        rel: 'noopener noreferrer nofollow' }, text(benchmark.url)))] : null),
    el('div', { class: 'table-scroll' }, table),
    el('p', { class: 'tie-note' }, el('span', { class: 'swatch', 'aria-hidden': 'true' }),
      `Ties: between each row and the next, a paired bootstrap test (as sacrebleu's for BLEU) resamples the ` +
      `${n === null ? '' : `${n} `}examples ${resamples(benchmark.signature)} times with the benchmark's seed, the ` +
      `same resample for both systems, and counts how often the lower-ranked system's mean ${primaryLabel} F ` +
      'is at least the higher one\'s. When that p-value is 0.05 or more the two are not significantly ' +
      'different: such rows are grouped on a shaded band with a bracket and a “tie” mark (its tooltip gives ' +
      'the p-value), and their order may be chance.',
      hasTies ? '' : ' No two adjacent systems of this benchmark are tied.'),
    faithfulness.length ? el('p', { class: 'faithfulness-note' },
      'Unsupported, Entity P and Entity R are faithfulness metrics, not official FRUIT metrics (entity rule ' +
      'fruit-entity-v1): per example, the entity tokens (numbers, dates, capitalised words inside a sentence) ' +
      'that a system adds but neither the article nor the evidence contains, and the precision and recall of ' +
      'the set of entities it adds against the reference\'s; precision and recall are means over the examples ' +
      'that define them (their number is in each cell\'s tooltip).') : null);
  }

  // ------------------------------------------------------------ compare

  /** The pairs of a compare file: {a, b, examples: [{id, a: {fmeasure, html}, b: …, reference_html, evidence}]}. */
  function pairsOf(json) {
    const pairs = Array.isArray(json && json.pairs) ? json.pairs : [];
    return pairs.filter((p) => p && typeof p === 'object').map((p) => ({
      a: text(p.a), b: text(p.b), examples: Array.isArray(p.examples) ? p.examples.filter((e) => e && typeof e === 'object') : [],
    }));
  }

  function setUpCompare(benchmarks) {
    const ui = {
      section: $('compare'),
      form: $('compare-form'),
      benchmark: $('compare-benchmark'),
      benchmarkField: $('compare-benchmark-field'),
      a: $('compare-a'),
      b: $('compare-b'),
      swap: $('compare-swap'),
      message: $('compare-message'),
      results: $('compare-results'),
    };
    const usable = benchmarks.filter((b) => sitePath(b.compare) && Array.isArray(b.rows) && b.rows.length >= 2);
    if (!usable.length) return;
    ui.section.hidden = false;
    setChildren(ui.benchmark, usable.map((b, i) => el('option', { value: String(i) }, text(b.name) || text(b.id))));
    ui.benchmarkField.hidden = usable.length === 1;
    let run = 0;

    const fillSystems = () => {
      const benchmark = usable[Number(ui.benchmark.value) || 0];
      const rows = benchmark.rows.slice().sort((x, y) => x.rank - y.rank).filter((r) => fileName(r.submission));
      const options = () => rows.map((r) => el('option', { value: r.submission },
        `${r.rank}. ${text(r.system && r.system.name)}`));
      setChildren(ui.a, options());
      setChildren(ui.b, options());
      if (rows.length > 1) ui.b.value = rows[1].submission;
    };

    const compare = async () => {
      const id = ++run;
      const benchmark = usable[Number(ui.benchmark.value) || 0];
      const a = ui.a.value;
      const b = ui.b.value;
      setChildren(ui.results);
      if (a === b) {
        showMessage(ui.message, 'warning', el('p', {}, 'Choose two different systems.'));
        return;
      }
      showMessage(ui.message, '', el('p', {}, 'Loading…'));
      const path = sitePath(benchmark.compare);
      if (!compareCache.has(path)) compareCache.set(path, fetchJson(path));
      let json;
      try {
        json = await compareCache.get(path);
      } catch (error) {
        compareCache.delete(path);
        if (id === run) showMessage(ui.message, 'error', el('p', {}, `Cannot load ${path}: ${error.message}`));
        return;
      }
      if (id !== run) return;
      const pairs = pairsOf(json);
      let pair = pairs.find((p) => p.a === a && p.b === b);
      let swapped = false;
      if (!pair) {
        pair = pairs.find((p) => p.a === b && p.b === a);
        swapped = Boolean(pair);
      }
      if (!pair) {
        showMessage(ui.message, 'error', el('p', {}, `${path} has no comparison of these two systems.`));
        return;
      }
      const rowOf = (file) => benchmark.rows.find((r) => r.submission === file);
      const names = [a, b].map((file) => text(rowOf(file) && rowOf(file).system && rowOf(file).system.name) || file);
      const primary = metricLabels[benchmark.primary_metric] || text(benchmark.primary_metric);
      // Oriented as shown: A on the left, whichever order the file stores the pair in.
      const examples = pair.examples.map((e) => (swapped ? { ...e, a: e.b, b: e.a } : e));
      showMessage(ui.message, '', el('p', {},
        `${examples.length} example${examples.length === 1 ? '' : 's'} where A (${names[0]}) and B (${names[1]}) ` +
        `differ most in ${primary} F, largest difference first. Open one to see both updates.`));
      const list = compareList(examples, names, `cmp-${id}`, { a, b });
      setChildren(ui.results, list);
    };

    ui.benchmark.addEventListener('change', () => {
      fillSystems();
      setChildren(ui.results);
      showMessage(ui.message, '');
    });
    ui.form.addEventListener('submit', (event) => {
      event.preventDefault();
      compare();
    });
    ui.swap.addEventListener('click', () => {
      const a = ui.a.value;
      ui.a.value = ui.b.value;
      ui.b.value = a;
      compare();
    });
    wireCompareEvidence(ui.results);
    fillSystems();
  }

  // ------------------------------------------------------------ main

  async function main() {
    const status = $('status');
    let data;
    try {
      data = await fetchJson('data/leaderboard.json');
    } catch (error) {
      showMessage(status, 'error', el('p', {}, el('strong', {}, 'The leaderboard data could not be loaded: '),
        error.message),
      el('p', {}, 'Serve this folder over HTTP (any static server); browsers do not let pages read files from ',
        el('code', {}, 'file://'), '.'));
      document.body.dataset.ready = 'error';
      return;
    }
    const benchmarks = Array.isArray(data && data.benchmarks) ? data.benchmarks : [];
    if (data && data.generated_by) $('generated-by').textContent = `built by ${text(data.generated_by)}`;
    setChildren($('benchmarks'), benchmarks.map(renderBenchmark));
    if (benchmarks.length) showMessage(status, '');
    else showMessage(status, 'warning', el('p', {}, 'No benchmark has been published yet.'));
    setUpCompare(benchmarks);
    document.body.dataset.ready = 'true';
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
  else main();
})();
