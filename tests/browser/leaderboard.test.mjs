// The leaderboard in headless Chromium: the static site built by
// `fruitbench leaderboard build` (from the repository's submissions, and from
// a temporary leaderboard of hostile text with a certain tie) and the
// playground's Submit page, whose bundle `fruitbench leaderboard check` must
// accept — and reject once a number is edited. FRUITBENCH_TEST_LEADERBOARD=DIR
// (with benchmarks/ and submissions/) replaces the repository's leaderboard/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { startBrowser, openPage, root, outputDir } from './harness.mjs';
import { startServer, mimeTypes } from '../../web/server.mjs';

const cli = path.join(root, 'build', 'fruitbench');
const leaderboardDir = process.env.FRUITBENCH_TEST_LEADERBOARD || path.join(root, 'leaderboard');
const repoBenchmarks = path.join(leaderboardDir, 'benchmarks');
const repoSubmissions = path.join(leaderboardDir, 'submissions');
const repoFlags = ['--benchmarks', repoBenchmarks, '--submissions', repoSubmissions, '--site', path.join(root, 'leaderboard', 'site')];
const siteAssets = path.join(root, 'leaderboard', 'site');
const examplesGold = path.join(root, 'web', 'examples', 'gold.jsonl');
const examplesPred = path.join(root, 'web', 'examples', 'pred.jsonl');

let browser;
let scratch;
let repoSite;        // the repository's leaderboard, built into a temporary folder
let repoServer;      // ... served by web/server.mjs (COOP/COEP/CSP)
let hostile;         // {benchmarks, submissions, site}: hostile text, a tie
let hostileServer;
let plainServer;     // the hostile site from a bare static server: no COOP/COEP, no CSP
const origins = new Set();

/** Runs the native CLI; returns {status, stdout, stderr}. */
function run(args, options = {}) {
  const result = spawnSync(cli, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  return result;
}

function runOk(args) {
  const result = run(args);
  assert.equal(result.status, 0, `fruitbench ${args.join(' ')}\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** A static server with no headers but Content-Type: what a plain static host sends. */
function startPlainServer(dir) {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    let file = path.join(dir, pathname);
    if (!file.startsWith(dir) || pathname.includes('..')) {
      response.writeHead(404).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': mimeTypes[path.extname(file)] || 'application/octet-stream' });
    response.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) });
  }));
}

function readJsonl(file) {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

function writeJsonl(file, records) {
  fs.writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

/** The prediction JSONL a bundle holds (embedded lines, or its gzipped side file). */
function bundlePredictions(bundlePath) {
  const bundle = JSON.parse(fs.readFileSync(bundlePath, 'utf8'));
  if (Array.isArray(bundle.predictions.lines)) {
    return bundle.predictions.lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  }
  return zlib.gunzipSync(fs.readFileSync(path.join(path.dirname(bundlePath), bundle.predictions.file))).toString('utf8');
}

/** `fruitbench score` options from a signature: boot:N, seed:S, stem:yes. */
function signatureFlags(signature) {
  const flags = ['--bootstrap', /\|boot:(\d+)\|/.exec(signature)[1], '--seed', /\|seed:(\d+)\|/.exec(signature)[1]];
  if (/\|stem:yes\|/.test(signature)) flags.push('--stem');
  return flags;
}

/**
 * A temporary leaderboard on the playground's five examples: hostile HTML in
 * the evidence and in the predictions, metadata with & and quotes, and two
 * systems with the same predictions (a certain tie, p = 1).
 */
function makeHostileLeaderboard(dir) {
  const benchmarks = path.join(dir, 'benchmarks');
  const submissions = path.join(dir, 'submissions');
  fs.mkdirSync(benchmarks, { recursive: true });
  fs.mkdirSync(submissions, { recursive: true });
  const gold = readJsonl(examplesGold).map((g) => {
    const [article, context] = g.inputs.split(' [CONTEXT] ');
    // The first evidence item gains hostile text (its "(0) Title Section" head stays).
    const hostileContext = context.replace(/^(\(0\) \S+ \S+)/, '$1 <img src=x onerror=alert(\'one\')> &amp; "q"');
    return { id: g.id, inputs: `${article} [CONTEXT] ${hostileContext}`, targets: g.targets };
  });
  const goldFile = path.join(dir, 'gold.jsonl');
  writeJsonl(goldFile, gold);
  runOk(['leaderboard', 'add-benchmark', '--id', 'hostile', '--name', 'Hostile "text" & more',
    '--description', 'Evidence and predictions with HTML in them.', '--gold', goldFile, '--benchmarks', benchmarks]);

  const copy = path.join(dir, 'copy.jsonl');
  runOk(['baseline', '--input', goldFile, '--kind', 'copy-source', '--out', copy]);
  const tainted = readJsonl(examplesPred).map((p) => (p.targets !== undefined
    ? { id: p.id, targets: `${p.targets} (0) <script>alert('two')</script> A <img src=x onerror=alert('three')> fact.` }
    : { id: p.id, normalized_targets: `${p.normalized_targets} An <img src=x onerror=alert('four')> addition.` }));
  const taintedFile = path.join(dir, 'tainted.jsonl');
  writeJsonl(taintedFile, tainted);

  const systems = [
    ['copy-source', copy, { name: 'Copy Source', kind: 'baseline' }],
    ['tom-jerry', taintedFile, { name: 'Tom & Jerry\'s "Model"', kind: 'model', parameters: 60506624,
      links: { paper: 'https://example.org/paper?a=1&b=2', code: 'http://example.org/code' } }],
    ['twin', taintedFile, { name: 'Twin of Tom', kind: 'submission', parameters: 220000000 }],
  ];
  for (const [file, predictions, meta] of systems) {
    const system = { team: 'Team & "friends"', description: 'Described with & and "quotes".', parameters: null,
      license: 'CC BY 4.0', date: '2026-11-22', links: {}, ...meta };
    const systemFile = path.join(dir, `${file}.system.json`);
    fs.writeFileSync(systemFile, JSON.stringify(system));
    runOk(['leaderboard', 'bundle', '--benchmark', 'hostile', '--pred', predictions, '--system', systemFile,
      '--out', path.join(submissions, `${file}.json`), '--benchmarks', benchmarks]);
  }
  const site = path.join(dir, 'site');
  runOk(['leaderboard', 'build', '--out', site, '--benchmarks', benchmarks, '--submissions', submissions,
    '--site', siteAssets]);
  return { benchmarks, submissions, site };
}

before(async () => {
  browser = await startBrowser();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-leaderboard-test-'));
  assert.equal(run(['leaderboard', '--help']).status, 0, 'build/fruitbench has no leaderboard command: rebuild it');
  repoSite = path.join(scratch, 'repo-site');
  runOk(['leaderboard', 'build', '--out', repoSite, ...repoFlags]);
  // The Submit page reads the built leaderboard from web/generated/leaderboard/, as bash web/start.sh builds it.
  runOk(['leaderboard', 'build', '--out', path.join(root, 'web', 'generated', 'leaderboard'), ...repoFlags]);
  repoServer = await startServer({ port: 0, root: repoSite });
  hostile = makeHostileLeaderboard(path.join(scratch, 'hostile'));
  hostileServer = await startServer({ port: 0, root: hostile.site });
  plainServer = await startPlainServer(hostile.site);
  for (const url of [browser.url(), repoServer.url, hostileServer.url, plainServer.url]) origins.add(new URL(url).origin);
});

after(async () => {
  await browser?.close();
  await repoServer?.close();
  await hostileServer?.close();
  await plainServer?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

async function openSite(server) {
  const page = await browser.context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  return page;
}

/** The rows of a benchmark's table as shown. */
function tableRows(page, benchmark) {
  return page.$$eval(`table.leaderboard[data-benchmark="${benchmark}"] tbody tr`, (trs) => trs.map((tr) => {
    const primary = tr.querySelector('td.primary-cell');
    return {
      rank: Number(tr.dataset.rank),
      submission: tr.dataset.submission,
      name: tr.querySelector('.system-name').textContent,
      value: Number(primary.dataset.value),
      low: Number(primary.dataset.low),
      high: Number(primary.dataset.high),
      shown: primary.firstChild.textContent,
      interval: primary.querySelector('.interval').textContent,
      tie: tr.classList.contains('tie'),
    };
  }));
}

/** The repository's FRUIT benchmark (benchmarks are sorted by id; diffqg-wiki-v1 comes first). */
function fruitBenchmark(data) {
  return data.benchmarks.find((b) => b.id === 'fruitbench-wiki-v1') || data.benchmarks[0];
}

test('site: the repository\'s leaderboard ranks by the primary mean, with the numbers check recomputes', async () => {
  const data = JSON.parse(fs.readFileSync(path.join(repoSite, 'data', 'leaderboard.json'), 'utf8'));
  assert.ok(data.benchmarks.length >= 1, 'the repository has no benchmark');
  // What `leaderboard check` recomputed: "ok: PATH (BENCHMARK, NAME): METRIC F VALUE".
  const check = runOk(['leaderboard', 'check', ...repoFlags.slice(0, 4)]);
  const checked = new Map([...check.stdout.matchAll(/^ok: (.+?) \((.+?), .*\): (\w+) F (\S+)$/gm)]
    .map((m) => [path.basename(m[1]), { benchmark: m[2], metric: m[3], value: Number(m[4]) }]));
  assert.ok(checked.size >= 2, check.stdout);

  const page = await openSite(repoServer);
  // FRUIT benchmarks here (DiffQG bundles are re-scored by `leaderboard check` and tests/node/tasks.test.mjs).
  for (const benchmark of data.benchmarks.filter((b) => (b.task || 'fruit') === 'fruit')) {
    const primary = benchmark.primary_metric;
    const shown = await tableRows(page, benchmark.id);
    assert.ok(shown.length >= 2, `${benchmark.id}: ${shown.length} rows`);
    // The order of the data, which is the order of the primary means (ties in the number by name).
    const expected = benchmark.rows.slice().sort((a, b) => (b.mean[primary].fmeasure - a.mean[primary].fmeasure) ||
      a.system.name.localeCompare(b.system.name));
    assert.deepEqual(shown.map((r) => r.submission), expected.map((r) => r.submission));
    assert.deepEqual(shown.map((r) => r.rank), expected.map((_, i) => i + 1));
    assert.deepEqual(shown.map((r) => r.submission), benchmark.rows.map((r) => r.submission));
    const gold = path.join(repoSite, benchmark.gold);
    for (const [i, row] of shown.entries()) {
      const data_ = benchmark.rows[i];
      assert.equal(row.value, data_.mean[primary].fmeasure, `${row.submission} mean`);
      assert.equal(row.low, data_.bootstrap[primary].low.fmeasure, `${row.submission} low`);
      assert.equal(row.high, data_.bootstrap[primary].high.fmeasure, `${row.submission} high`);
      assert.equal(row.shown, row.value.toFixed(2));
      assert.match(row.interval, new RegExp(`${row.low.toFixed(2)}–${row.high.toFixed(2)}`));
      // leaderboard check's recomputed number (printed with 6 significant digits) ...
      const fromCheck = checked.get(row.submission);
      assert.ok(fromCheck, `check did not accept ${row.submission}`);
      assert.equal(fromCheck.metric, primary);
      assert.equal(fromCheck.value, Number(row.value.toPrecision(6)), `${row.submission} vs check`);
      // ... and every digit of the mean and interval, recomputed from the bundle's predictions.
      const predictions = path.join(scratch, `${row.submission}.pred.jsonl`);
      fs.writeFileSync(predictions, bundlePredictions(path.join(repoSubmissions, row.submission)));
      const report = JSON.parse(runOk(['score', '--gold', gold, '--pred', predictions, '--format', 'json', '--quiet',
        ...signatureFlags(benchmark.signature)]).stdout);
      assert.equal(row.value, report.mean[primary].fmeasure, `${row.submission} recomputed mean`);
      assert.equal(row.low, report.bootstrap[primary].low.fmeasure, `${row.submission} recomputed low`);
      assert.equal(row.high, report.bootstrap[primary].high.fmeasure, `${row.submission} recomputed high`);
      // The other metrics.
      for (const metric of benchmark.metrics.filter((m) => m !== primary)) {
        const cell = await page.$eval(`table.leaderboard[data-benchmark="${benchmark.id}"] tbody ` +
          `tr[data-submission="${row.submission}"] td[data-metric="${metric}"]`, (td) => Number(td.dataset.value));
        const want = metric === 'exact_match' ? report.mean.exact_match : report.mean[metric].fmeasure;
        assert.equal(cell, want, `${row.submission} ${metric}`);
      }
      // The faithfulness columns (null shows as –).
      for (const metric of ['unsupported_entity_tokens', 'entity_precision', 'entity_recall']) {
        const cell = await page.$eval(`table.leaderboard[data-benchmark="${benchmark.id}"] tbody ` +
          `tr[data-submission="${row.submission}"] td[data-metric="${metric}"]`, (td) => [td.dataset.value, td.textContent]);
        const want = report.mean[metric];
        assert.deepEqual(cell, [String(want), want === null ? '–' : want.toFixed(2)], `${row.submission} ${metric}`);
      }
    }
    // Flags, links, the explanation of ties.
    const kinds = await page.$$eval(`table.leaderboard[data-benchmark="${benchmark.id}"] .kind`,
      (n) => n.map((e) => e.textContent));
    assert.ok(kinds.includes('baseline'), kinds.join());
    assert.match(await page.textContent(`section[data-benchmark="${benchmark.id}"] .tie-note`), /paired bootstrap/);
    assert.equal(await page.getAttribute(`table.leaderboard[data-benchmark="${benchmark.id}"] th[data-key="rank"]`,
      'aria-sort'), 'ascending');
  }
  assert.equal(await page.getAttribute('#schema-link', 'href'), 'schema/submission.schema.json');
  const schema = await page.evaluate(async () => (await fetch('schema/submission.schema.json')).json());
  assert.ok(schema.properties && schema.properties.system, 'the schema describes a bundle');
  const bundleLink = await page.getAttribute('a.bundle-link', 'href');
  assert.match(bundleLink, /^submissions\/[\w.-]+\.json$/);
  assert.equal((await page.evaluate(async (href) => (await fetch(href)).status, bundleLink)), 200);
  await page.screenshot({ path: path.join(outputDir, 'leaderboard.png'), fullPage: true });
  await page.close();
});

test('site: every column sorts, with aria-sort on its header', async () => {
  const page = await openSite(repoServer);
  const table = 'table.leaderboard[data-benchmark="fruitbench-wiki-v1"]';
  const column = (metric) => page.$$eval(`${table} tbody td[data-metric="${metric}"]`, (n) => n.map((e) => Number(e.dataset.value)));
  const sortedHeaders = () => page.$$eval(`${table} thead th[aria-sort]`, (n) => n.map((e) => [e.dataset.key, e.getAttribute('aria-sort')]));

  assert.deepEqual(await sortedHeaders(), [['rank', 'ascending']]);
  // All headers but Links are buttons.
  const keys = await page.$$eval(`${table} thead th`, (n) => n.map((e) => [e.dataset.key, Boolean(e.querySelector('button.sort'))]));
  assert.deepEqual(keys.filter(([, b]) => !b).map(([k]) => k), ['links']);

  await page.click(`${table} th[data-key="rouge1"] button`);
  let values = await column('rouge1');
  assert.deepEqual(values, [...values].sort((a, b) => b - a));
  assert.deepEqual(await sortedHeaders(), [['rouge1', 'descending']]);
  await page.click(`${table} th[data-key="rouge1"] button`);
  values = await column('rouge1');
  assert.deepEqual(values, [...values].sort((a, b) => a - b));
  assert.deepEqual(await sortedHeaders(), [['rouge1', 'ascending']]);

  await page.click(`${table} th[data-key="system"] button`);
  const names = await page.$$eval(`${table} tbody .system-name`, (n) => n.map((e) => e.textContent.toLowerCase()));
  assert.deepEqual(names, [...names].sort((a, b) => a.localeCompare(b)));
  assert.deepEqual(await sortedHeaders(), [['system', 'ascending']]);

  // Keyboard: the rank header's button, focused and activated with Enter, restores the ranking.
  await page.focus(`${table} th[data-key="rank"] button`);
  await page.keyboard.press('Enter');
  const ranks = await page.$$eval(`${table} tbody tr`, (n) => n.map((e) => Number(e.dataset.rank)));
  assert.deepEqual(ranks, ranks.map((_, i) => i + 1));
  assert.deepEqual(await sortedHeaders(), [['rank', 'ascending']]);
  await page.close();
});

test('site: the compare view lists the examples where two systems differ most, as highlighted edits', async () => {
  const data = JSON.parse(fs.readFileSync(path.join(repoSite, 'data', 'leaderboard.json'), 'utf8'));
  const benchmark = fruitBenchmark(data);
  const [first, second] = benchmark.rows;
  const compare = JSON.parse(fs.readFileSync(path.join(repoSite, benchmark.compare), 'utf8'));
  const pair = compare.pairs.find((p) => (p.a === first.submission && p.b === second.submission) ||
    (p.a === second.submission && p.b === first.submission));
  assert.ok(pair, 'the compare data has the pair');
  const swapped = pair.a !== first.submission;

  const page = await openSite(repoServer);
  // The benchmark choice is shown only when several benchmarks have two systems to compare.
  if (await page.isVisible('#compare-benchmark')) {
    const usable = data.benchmarks.filter((b) => b.rows.length >= 2);  // the select's options, as site.js lists them
    await page.selectOption('#compare-benchmark', String(usable.indexOf(benchmark)));
  }
  await page.selectOption('#compare-a', first.submission);
  await page.selectOption('#compare-b', second.submission);
  await page.click('#compare-run');
  await page.waitForSelector('#compare-results .compare-item');
  const items = await page.$$eval('#compare-results .compare-item', (n) => n.map((e) => e.dataset.id));
  assert.deepEqual(items, pair.examples.map((e) => (typeof e.id === 'string' ? e.id : JSON.stringify(e.id))));
  assert.ok(items.length > 0 && items.length <= 20);
  const summary = await page.textContent('#compare-results .compare-item summary');
  const e0 = pair.examples[0];
  const [fa, fb] = swapped ? [e0.b.fmeasure, e0.a.fmeasure] : [e0.a.fmeasure, e0.b.fmeasure];
  assert.ok(summary.includes(`A ${fa.toFixed(2)} · B ${fb.toFixed(2)}`), summary);

  // Opening an example (keyboard: Enter on its summary) renders both updates with the Editor's classes.
  await page.focus('#compare-results .compare-item summary');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#compare-results .compare-item[open] .diff-view[data-side="b"] .fb-diff');
  const item = page.locator('#compare-results .compare-item[open]');
  assert.equal(await item.locator('.diff-view[data-side] .fb-diff').count(), 2);
  assert.ok(await item.locator('.fb-sent').count() > 0);
  assert.equal(await item.locator('.compare-sides h4').first().textContent(),
    `A: ${first.system.name} F ${fa.toFixed(2)}`);
  assert.ok(await item.locator('.evidence-item').count() === e0.evidence.length);

  // A reference badge jumps to its evidence item: open examples until one of the updates cites evidence.
  const badges = page.locator('#compare-results .compare-item[open] .compare-sides a.fb-ref:not(.missing)');
  for (let i = 1; i < items.length && !(await badges.count()); i++) {
    await page.click(`#compare-results .compare-item >> nth=${i} >> summary`);
  }
  const cites = pair.examples.some((e) => e.a.html.includes('fb-ref') || e.b.html.includes('fb-ref'));
  assert.equal(await badges.count() > 0, cites);
  if (cites) {
    const badge = badges.first();
    const href = await badge.getAttribute('href');
    assert.match(href, /^#cmp-\d+-\d+-evidence-\d+$/);
    assert.match(await badge.getAttribute('title'), /^Evidence \(\d+\): ./);
    await badge.click();
    await page.waitForSelector(`${href}.flash`);
    assert.equal(await page.evaluate(() => document.activeElement.id), href.slice(1));
  }
  await page.screenshot({ path: path.join(outputDir, 'leaderboard-compare.png'), fullPage: true });
  await page.close();
});

test('site: ties are grouped, hostile evidence and predictions render as text', async () => {
  const data = JSON.parse(fs.readFileSync(path.join(hostile.site, 'data', 'leaderboard.json'), 'utf8'));
  const benchmark = data.benchmarks[0];
  // The two systems with the same predictions are tied (p = 1); on 5 examples the copy baseline may be too.
  assert.deepEqual(benchmark.rows.map((r) => r.submission), ['tom-jerry.json', 'twin.json', 'copy-source.json']);
  assert.equal(benchmark.rows[0].tied_with_next, true);
  assert.equal(benchmark.rows[0].p_value_vs_next, 1);

  const page = await openSite(hostileServer);
  const rows = await tableRows(page, 'hostile');
  const tied = benchmark.rows.map((r, i) => r.tied_with_next || (i > 0 && benchmark.rows[i - 1].tied_with_next));
  assert.deepEqual(rows.map((r) => r.tie), tied);
  assert.equal(await page.$eval('tbody tr.tie-first', (tr) => tr.dataset.submission), 'tom-jerry.json');
  assert.equal(await page.$eval('tbody tr.tie-last', (tr) => tr.dataset.submission),
    benchmark.rows[1].tied_with_next ? 'copy-source.json' : 'twin.json');
  const title = await page.getAttribute('tbody tr[data-rank="1"] .tie-badge', 'title');
  assert.match(title, /not significantly different from rank 2 \(p = 1\.000\)/);
  assert.match(await page.textContent('tbody tr[data-rank="2"] .visually-hidden'), /rank 1 \(p = 1\.000\)/);
  assert.equal(await page.getAttribute('tbody tr[data-rank="1"]', 'data-p-value'), '1');
  // Sorted by another column, the band goes and the mark stays.
  await page.click('th[data-key="system"] button');
  assert.equal(await page.locator('tbody tr.tie').count(), 0);
  assert.equal(await page.locator('tbody .tie-badge').count(), tied.filter(Boolean).length);
  await page.click('th[data-key="rank"] button');
  assert.equal(await page.locator('tbody tr.tie').count(), tied.filter(Boolean).length);

  // Metadata with & and quotes, as text; links only from http(s) URLs.
  assert.equal(rows[0].name, 'Tom & Jerry\'s "Model"');
  assert.equal(await page.textContent('h2'), 'Hostile "text" & more');
  assert.equal(await page.getAttribute('tbody tr[data-rank="1"] a[data-link="paper"]', 'href'),
    'https://example.org/paper?a=1&b=2');
  assert.equal(await page.getAttribute('tbody tr[data-rank="1"] a[data-link="code"]', 'href'), 'http://example.org/code');
  assert.equal(await page.getAttribute('tbody tr[data-rank="1"] a[data-link="paper"]', 'rel'), 'noopener noreferrer nofollow');

  // The compare view of the tainted system against the copy baseline, every example opened.
  await page.selectOption('#compare-a', 'tom-jerry.json');
  await page.selectOption('#compare-b', 'copy-source.json');
  await page.click('#compare-run');
  await page.waitForSelector('#compare-results .compare-item');
  const count = await page.locator('#compare-results .compare-item').count();
  const compare = JSON.parse(fs.readFileSync(path.join(hostile.site, benchmark.compare), 'utf8'));
  assert.equal(count, compare.pairs.find((p) => p.a === 'copy-source.json' && p.b === 'tom-jerry.json').examples.length);
  assert.ok(count >= 3);
  for (let i = 0; i < count; i++) await page.click(`#compare-results .compare-item >> nth=${i} >> summary`);
  await page.click('#compare-results .compare-item >> nth=0 >> details.reference > summary');
  await page.waitForTimeout(300);
  const text = await page.textContent('#compare-results');
  assert.ok(text.includes('<script>alert(\'two\')</script> A <img src=x onerror=alert(\'three\')> fact.'),
    'the EDIT5 text, as text');
  assert.ok(text.includes('<img src=x onerror=alert(\'four\')> addition.'), 'the updated text, as text');
  assert.ok(text.includes('<img src=x onerror=alert(\'one\')>'), 'the evidence, as text');
  assert.ok(text.includes('&amp; "q"'), 'escaped text stays escaped text');
  assert.deepEqual(browser.dialogs, []);
  assert.equal(await page.$$eval('img', (n) => n.length), 0);
  assert.equal(await page.$$eval('main script, [onerror], [onload]', (n) => n.length), 0);
  assert.ok(await page.locator('#compare-results .diff-view ins').count() > 0);
  await page.screenshot({ path: path.join(outputDir, 'leaderboard-hostile.png'), fullPage: true });
  await page.close();
});

test('site: works from a static host without COOP/COEP (or any) headers', async () => {
  const page = await browser.context.newPage();
  const response = await page.goto(plainServer.url);
  assert.equal(response.headers()['cross-origin-embedder-policy'], undefined);
  assert.equal(response.headers()['cross-origin-opener-policy'], undefined);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  assert.equal((await tableRows(page, 'hostile')).length, 3);
  await page.selectOption('#compare-a', 'twin.json');
  await page.selectOption('#compare-b', 'copy-source.json');
  await page.click('#compare-run');
  await page.click('#compare-results .compare-item >> nth=0 >> summary');
  await page.waitForSelector('#compare-results .compare-item[open] .fb-diff');
  // The same page under the playground's server, which sends COOP/COEP and a strict CSP, is isolated.
  const isolated = await openSite(hostileServer);
  assert.equal(await isolated.evaluate(() => self.crossOriginIsolated), true);
  await isolated.close();
  await page.close();
});

test('site: without its data file, the page says how to serve it', async () => {
  const empty = path.join(scratch, 'empty-site');
  fs.mkdirSync(empty);
  for (const f of ['index.html', 'base.css', 'site.css', 'site.js', 'diff-view.mjs', 'common.mjs', 'compare-view.mjs', 'compare.css']) fs.copyFileSync(path.join(siteAssets, f), path.join(empty, f));
  const server = await startServer({ port: 0, root: empty });
  origins.add(new URL(server.url).origin);
  const page = await browser.context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="error"]');
  assert.match(await page.textContent('#status'), /could not be loaded: data\/leaderboard\.json: HTTP 404/);
  await page.close();
  await server.close();
  // The expected 404 is the only console error of this page; drop it from the suite's record.
  for (const error of errors) {
    const at = browser.consoleErrors.indexOf(error);
    if (at >= 0) browser.consoleErrors.splice(at, 1);
  }
});

/** Fills the Submit page's form. */
async function fillSystem(page, system) {
  await page.fill('#sys-name', system.name);
  await page.fill('#sys-team', system.team);
  await page.fill('#sys-description', system.description || '');
  await page.fill('#sys-parameters', system.parameters === undefined ? '' : String(system.parameters));
  await page.fill('#sys-license', system.license || '');
  await page.fill('#link-paper', system.paper || '');
}

async function openSubmit(benchmarkId) {
  const page = await openPage(browser, 'submit.html');
  await page.selectOption('#benchmark', benchmarkId);
  await page.waitForSelector('#gold-status[data-ok="true"]', { timeout: 30000 });
  return page;
}

async function download(page, selector, dir) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const target = path.join(dir, file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

test('submit: the page\'s bundle passes leaderboard check, adds a row, and fails once a number is edited', async () => {
  const data = JSON.parse(fs.readFileSync(path.join(root, 'web', 'generated', 'leaderboard', 'data', 'leaderboard.json'),
    'utf8'));
  const benchmark = fruitBenchmark(data);
  const primary = benchmark.primary_metric;
  // A prediction file: the predictions of a committed bundle of this benchmark, gzip-compressed.
  const predictionsText = bundlePredictions(path.join(repoSubmissions, benchmark.rows[0].submission));
  const plain = path.join(scratch, 'browser-predictions.jsonl');
  fs.writeFileSync(plain, predictionsText);
  const gz = path.join(scratch, 'browser-predictions.jsonl.gz');
  fs.writeFileSync(gz, zlib.gzipSync(predictionsText));
  const report = JSON.parse(runOk(['score', '--gold', path.join(repoBenchmarks, ...benchmark.gold.split('/').slice(1)),
    '--pred', plain, '--format', 'json', '--quiet', ...signatureFlags(benchmark.signature)]).stdout);

  const page = await openSubmit(benchmark.id);
  assert.match(await page.textContent('#benchmark-info'), /sha256 matches the benchmark's/);
  assert.match(await page.inputValue('#sys-date'), /^\d{4}-\d\d-\d\d$/);
  assert.equal(await page.inputValue('#sys-kind'), 'submission');
  await page.setInputFiles('#prediction-file', gz);
  await fillSystem(page, { name: 'Browser Test System', team: 'fruitbench tests', description: 'Made by a browser test.',
    parameters: 12345, license: 'CC BY 4.0', paper: 'https://example.org/paper' });
  await page.waitForSelector('#make-bundle:not([disabled])');
  await page.click('#make-bundle');
  await page.waitForSelector('#results:not([hidden])', { timeout: 60000 });
  assert.match(await page.textContent('#check-message'), /Valid: \d+ predictions checked and scored/);

  // Local scores: the CLI's numbers for the same predictions and signature.
  assert.equal(Number(await page.getAttribute('#primary-value', 'data-value')), report.mean[primary].fmeasure);
  assert.equal(Number(await page.getAttribute('#primary-interval', 'data-low')), report.bootstrap[primary].low.fmeasure);
  assert.equal(Number(await page.getAttribute('#primary-interval', 'data-high')), report.bootstrap[primary].high.fmeasure);
  for (const metric of ['update_rouge1', 'rougeL']) {
    assert.equal(Number(await page.getAttribute(`#scores tr[data-metric="${metric}"] td[data-field="fmeasure"]`,
      'data-value')), report.mean[metric].fmeasure, metric);
  }
  assert.equal(await page.textContent('#signature'), benchmark.signature);
  assert.match(await page.textContent('#cmd-copy'), /browser-test-system\.json leaderboard\/submissions\/$/);
  assert.equal(await page.textContent('#cmd-check'), './build/fruitbench leaderboard check');
  await page.screenshot({ path: path.join(outputDir, 'submit.png'), fullPage: true });

  // The download, named after the system, is what `fruitbench leaderboard bundle` writes for the same metadata.
  const submissions = path.join(scratch, 'submissions-with-browser-bundle');
  fs.mkdirSync(submissions);
  for (const name of fs.readdirSync(repoSubmissions)) fs.copyFileSync(path.join(repoSubmissions, name), path.join(submissions, name));
  const bundlePath = await download(page, '#download-bundle', submissions);
  assert.equal(path.basename(bundlePath), 'browser-test-system.json');
  if (await page.isVisible('#download-side')) await download(page, '#download-side', submissions);
  const bundle = JSON.parse(fs.readFileSync(bundlePath, 'utf8'));
  assert.deepEqual(bundle.system, { name: 'Browser Test System', team: 'fruitbench tests',
    description: 'Made by a browser test.', kind: 'submission', parameters: 12345, license: 'CC BY 4.0',
    date: bundle.system.date, links: { paper: 'https://example.org/paper' } });
  const systemFile = path.join(scratch, 'browser-system.json');
  fs.writeFileSync(systemFile, JSON.stringify(bundle.system));
  const cliBundle = path.join(scratch, 'cli-bundle.json');
  runOk(['leaderboard', 'bundle', '--benchmark', benchmark.id, '--pred', plain, '--system', systemFile, '--out', cliBundle,
    '--benchmarks', repoBenchmarks]);
  assert.equal(fs.readFileSync(bundlePath, 'utf8'), fs.readFileSync(cliBundle, 'utf8'));

  // Accepted by the check, and a new row in the built site.
  const check = run(['leaderboard', 'check', '--benchmarks', repoBenchmarks, '--submissions', submissions]);
  assert.equal(check.status, 0, check.stderr);
  assert.match(check.stdout, /ok: .*browser-test-system\.json \(.*Browser Test System\)/);
  const site = path.join(scratch, 'site-with-browser-bundle');
  runOk(['leaderboard', 'build', '--out', site, '--benchmarks', repoBenchmarks, '--submissions', submissions,
    '--site', siteAssets]);
  const built = JSON.parse(fs.readFileSync(path.join(site, 'data', 'leaderboard.json'), 'utf8'));
  const row = built.benchmarks.find((b) => b.id === benchmark.id).rows.find((r) => r.submission === 'browser-test-system.json');
  assert.equal(row.system.name, 'Browser Test System');
  assert.equal(row.mean[primary].fmeasure, report.mean[primary].fmeasure);

  // One number edited: rejected, naming the submission and the metric.
  bundle.scores.mean[primary].fmeasure += 0.01;
  fs.writeFileSync(bundlePath, JSON.stringify(bundle, null, 2));
  const tampered = run(['leaderboard', 'check', '--benchmarks', repoBenchmarks, '--submissions', submissions]);
  assert.equal(tampered.status, 1);
  assert.match(tampered.stderr, new RegExp(`browser-test-system\\.json.*scores\\.mean\\.${primary}\\.fmeasure`));
  assert.match(tampered.stderr, /rejected: .*browser-test-system\.json/);

  assert.equal(await page.isHidden('#name-taken'), true);
  // A name whose bundle file is already published is flagged.
  const taken = benchmark.rows.find((r) => /^[a-z0-9]+(-[a-z0-9]+)*\.json$/.test(r.submission));
  await page.fill('#sys-name', taken.submission.slice(0, -'.json'.length).replace(/-/g, ' '));
  await page.click('#make-bundle');
  await page.waitForSelector('#name-taken', { timeout: 60000 });
  assert.match(await page.textContent('#name-taken'), new RegExp(`${taken.submission.replace('.', '\\.')} is already`));

  // Editing the form hides the result: a download always matches the page.
  await page.fill('#sys-name', 'Another Name');
  assert.equal(await page.isHidden('#results'), true);
  await page.close();
});

test('submit: problems are listed by file, line and field, and marked in the form', async () => {
  const data = JSON.parse(fs.readFileSync(path.join(root, 'web', 'generated', 'leaderboard', 'data', 'leaderboard.json'),
    'utf8'));
  const benchmark = fruitBenchmark(data);
  const lines = bundlePredictions(path.join(repoSubmissions, benchmark.rows[0].submission)).trim().split('\n');
  const page = await openSubmit(benchmark.id);

  // Markup in the name: the error names the field, and the form marks it.
  const good = path.join(scratch, 'good.jsonl');
  fs.writeFileSync(good, lines.join('\n') + '\n');
  await page.setInputFiles('#prediction-file', good);
  await fillSystem(page, { name: 'Bad <b>name</b>', team: 'tests', paper: 'javascript:alert(1)' });
  await page.click('#make-bundle');
  await page.waitForSelector('#check-message.error:not([hidden])', { timeout: 60000 });
  let errors = await page.$$eval('#error-table tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset })));
  assert.ok(errors.some((e) => e.field === 'system.name'), JSON.stringify(errors));
  assert.ok(errors.some((e) => e.field === 'system.links.paper'), JSON.stringify(errors));
  assert.equal(await page.getAttribute('#sys-name', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#link-paper', 'aria-invalid'), 'true');
  assert.equal(await page.isVisible('#sys-name-error'), true);
  assert.equal(await page.getAttribute('#sys-team', 'aria-invalid'), null);
  assert.equal(await page.isHidden('#results'), true);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'check-message');
  assert.equal(await page.$$eval('main b, main a[href^="javascript"]', (n) => n.length), 0);
  await page.screenshot({ path: path.join(outputDir, 'submit-errors.png'), fullPage: true });

  // A duplicated id on line 2: the error names the file, the line and the field.
  const duplicated = path.join(scratch, 'duplicated.jsonl');
  fs.writeFileSync(duplicated, [lines[0], lines[0], ...lines.slice(2)].join('\n') + '\n');
  await page.setInputFiles('#prediction-file', duplicated);
  await fillSystem(page, { name: 'Fine name', team: 'tests' });
  await page.click('#make-bundle');
  await page.waitForFunction(() => document.querySelector('#error-table tbody tr[data-file="duplicated.jsonl"]'));
  errors = await page.$$eval('#error-table tbody tr', (trs) => trs.map((tr) => ({ ...tr.dataset })));
  assert.ok(errors.some((e) => e.file === 'duplicated.jsonl' && e.line === '2' && e.field === 'id'), JSON.stringify(errors));
  assert.equal(await page.getAttribute('#sys-name', 'aria-invalid'), null);

  // Invalid UTF-8 on line 3 is named before the core sees the file.
  const broken = path.join(scratch, 'broken.jsonl');
  fs.writeFileSync(broken, Buffer.concat([Buffer.from(`${lines[0]}\n${lines[1]}\n{"id": "`), Buffer.from([0xff, 0xfe]),
    Buffer.from('"}\n')]));
  await page.setInputFiles('#prediction-file', broken);
  await fillSystem(page, { name: 'Fine name', team: 'tests' });
  await page.click('#make-bundle');
  await page.waitForFunction(() => document.querySelector('#check-message').textContent.includes('invalid UTF-8'));
  assert.match(await page.textContent('#check-message'), /broken\.jsonl:3: invalid UTF-8/);
  assert.equal(await page.getAttribute('#sys-name', 'aria-invalid'), null);
  await page.close();
});

test('submit: predictions over 1 MiB go beside the bundle, gzipped, and pass the check', async () => {
  // A benchmark of 600 examples (the playground's five, 120 times) beside the repository's, in a copy.
  const benchmarks = path.join(scratch, 'benchmarks-with-big');
  fs.cpSync(repoBenchmarks, benchmarks, { recursive: true });
  const gold = readJsonl(examplesGold);
  const predictions = readJsonl(examplesPred);
  const filler = ' The committee met again later that year and published a long report on the matter.'.repeat(24);
  const bigGold = [];
  const bigPredictions = [];
  for (let k = 0; k < 120; k++) {
    for (const [i, g] of gold.entries()) {
      bigGold.push({ ...g, id: `${g.id}-${k}` });
      const p = predictions[i];
      bigPredictions.push(p.targets !== undefined
        ? { id: `${g.id}-${k}`, targets: `${p.targets} (0)${filler}` }
        : { id: `${g.id}-${k}`, normalized_targets: `${p.normalized_targets}${filler}` });
    }
  }
  const bigGoldFile = path.join(scratch, 'big-gold.jsonl');
  writeJsonl(bigGoldFile, bigGold);
  const bigPredictionsFile = path.join(scratch, 'big-predictions.jsonl');
  writeJsonl(bigPredictionsFile, bigPredictions);
  assert.ok(fs.statSync(bigPredictionsFile).size > (1 << 20));
  runOk(['leaderboard', 'add-benchmark', '--id', 'big', '--name', 'Big', '--gold', bigGoldFile, '--benchmarks', benchmarks]);
  const generated = path.join(root, 'web', 'generated', 'leaderboard');
  runOk(['leaderboard', 'build', '--out', generated, '--benchmarks', benchmarks, '--submissions', repoSubmissions,
    '--site', siteAssets]);
  try {
    const page = await openSubmit('big');
    await page.setInputFiles('#prediction-file', bigPredictionsFile);
    await fillSystem(page, { name: 'Big Files', team: 'tests' });
    await page.click('#make-bundle');
    await page.waitForSelector('#results:not([hidden])', { timeout: 120000 });
    assert.equal(await page.isVisible('#download-side'), true);
    assert.match(await page.textContent('#cmd-copy'), /big-files\.json ~\/Downloads\/big-files\.pred\.jsonl\.gz/);
    const submissions = path.join(scratch, 'big-submissions');
    fs.mkdirSync(submissions);
    const bundlePath = await download(page, '#download-bundle', submissions);
    const sidePath = await download(page, '#download-side', submissions);
    assert.equal(path.basename(sidePath), 'big-files.pred.jsonl.gz');
    const bundle = JSON.parse(fs.readFileSync(bundlePath, 'utf8'));
    assert.equal(bundle.predictions.file, 'big-files.pred.jsonl.gz');
    assert.equal(bundle.predictions.lines, undefined);
    // The side file is the predictions (known fields, compact), gzip-compressed by the browser.
    assert.equal(zlib.gunzipSync(fs.readFileSync(sidePath)).toString('utf8'),
      bigPredictions.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const check = run(['leaderboard', 'check', '--benchmarks', benchmarks, '--submissions', submissions]);
    assert.equal(check.status, 0, check.stderr);
    assert.match(check.stdout, /ok: .*big-files\.json/);
    await page.close();
  } finally {
    runOk(['leaderboard', 'build', '--out', generated, ...repoFlags]);
  }
});

test('the playground links the Submit page and the built leaderboard from every page', async () => {
  for (const file of ['index.html', 'score.html', 'metrics.html', 'submit.html']) {
    const page = await openPage(browser, file);
    const links = await page.$$eval('.site-nav a', (n) => n.map((a) => a.getAttribute('href')));
    assert.deepEqual(links, ['index.html', 'score.html', 'metrics.html', 'submit.html', 'generated/leaderboard/'], file);
    if (file === 'submit.html') {
      assert.equal(await page.getAttribute('.site-nav a[aria-current="page"]', 'href'), 'submit.html');
      await page.click('.site-nav a[href="generated/leaderboard/"]');
      // The site under the playground's server: cross-origin isolated, strict CSP, and it works.
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
      assert.ok(await page.locator('table.leaderboard tbody tr').count() >= 2);
      assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
    }
    await page.close();
  }
});

test('no page made a request outside its own origins, and no page error', () => {
  const outside = browser.requests.filter((url) => {
    if (url.startsWith('blob:') || url.startsWith('data:')) return false; // in-memory, no network
    return !origins.has(new URL(url).origin);
  });
  assert.deepEqual(outside, []);
  assert.deepEqual(browser.consoleErrors, []);
});
