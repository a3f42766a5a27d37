// End-to-end tests of the playground in headless Chromium: the Editor, the
// Score page against the native CLI, escaping, cross-origin isolation, and
// that no page makes a request outside its own origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { startBrowser, openPage, root, outputDir, selectOwnArticle, typeArticle, addTextEvidence, addTableEvidence }
  from './harness.mjs';

const cli = path.join(root, 'build', 'fruitbench');
const goldPath = path.join(root, 'web', 'examples', 'gold.jsonl');
const predPath = path.join(root, 'web', 'examples', 'pred.jsonl');
const metrics = ['update_rouge1', 'update_rouge2', 'update_rougeLsum', 'rouge1', 'rouge2', 'rougeL'];

let browser;
let scratch;

before(async () => {
  browser = await startBrowser();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-browser-test-'));
});

after(async () => {
  await browser?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** The native CLI's report and per-example lines for the same files and options. */
function cliScore(gold, pred, flags = []) {
  const perExample = path.join(scratch, `per-example-${Date.now()}-${Math.random()}.jsonl`);
  const report = execFileSync(cli, ['score', '--gold', gold, '--pred', pred, '--format', 'json', '--quiet',
    '--per-example', perExample, ...flags], { encoding: 'utf8' });
  return { reportText: report, report: JSON.parse(report), perExampleText: fs.readFileSync(perExample, 'utf8') };
}

const article = 'The Kessel Harbor Bridge is a cable-stayed bridge over the Marrow Estuary in northern Valdia. ' +
  'Construction began in 2016 and was expected to take four years. ' +
  'The bridge is designed to carry four lanes of road traffic and a light-rail line.';

test('cross-origin isolation holds on every page and in the scoring worker', async () => {
  for (const file of ['index.html', 'score.html', 'metrics.html']) {
    const page = await openPage(browser, file);
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), true, file);
    assert.equal(await page.evaluate(() => typeof SharedArrayBuffer), 'function', file);
    await page.close();
  }
  // The scoring worker (a module worker served with COEP) is isolated too.
  const page = await openPage(browser, 'score.html');
  await page.waitForSelector('body[data-worker-isolated]', { timeout: 30000 });
  assert.equal(await page.getAttribute('body', 'data-worker-isolated'), 'true');
  await page.close();
});

test('Editor: a pasted article and evidence give the linearized input with its markers', async () => {
  const page = await openPage(browser, 'index.html');
  await selectOwnArticle(page);
  await typeArticle(page, article);
  await addTextEvidence(page, {
    title: 'Kessel Harbor Bridge', section: 'Opening',
    text: 'The bridge was opened to traffic on 14 March 2021 by Transport Minister Ilse Marrow.',
  });
  await addTableEvidence(page, {
    title: 'Marrow Estuary', section: 'Crossings', caption: 'Fixed crossings',
    table: '| Crossing | Type | Opened |\n|---|---|---|\n| Kessel Harbor Bridge | Cable-stayed | 2021 |\n' +
      '| Old Ferry Tunnel | Immersed tube | 1978 |',
  });
  await page.waitForSelector('#evidence-1');
  const linearized = await page.textContent('#linearized');
  assert.ok(linearized.includes('[CONTEXT]'), linearized);
  assert.ok(linearized.startsWith('[0] The Kessel Harbor Bridge is a cable-stayed bridge'), linearized);
  for (const marker of ['[1] Construction began', '[2] The bridge is designed', '(0) Kessel_Harbor_Bridge Opening',
    '(1) Marrow_Estuary Crossings - Table [CAPTION] Fixed crossings [HEADER] [COL] Crossing [COL] Type [COL] Opened ' +
    '[ROW] [COL] Kessel Harbor Bridge [COL] Cable-stayed [COL] 2021 [ROW] [COL] Old Ferry Tunnel']) {
    assert.ok(linearized.includes(marker), `missing ${marker} in ${linearized}`);
  }
  // Markers are visually distinguished: sentence indices, [CONTEXT], evidence and table markers.
  assert.deepEqual(await page.$$eval('#linearized .mk-sent', (n) => n.map((e) => e.textContent)), ['[0]', '[1]', '[2]']);
  assert.deepEqual(await page.$$eval('#linearized .mk-context', (n) => n.map((e) => e.textContent)), ['[CONTEXT]']);
  assert.deepEqual(await page.$$eval('#linearized .mk-ev', (n) => n.map((e) => e.textContent)), ['(0)', '(1)']);
  assert.ok((await page.$$('#linearized .mk-table')).length >= 10);
  assert.match(await page.textContent('#linearized-summary'), /3 sentences · 2 evidence items/);
  // The evidence list renders the table as a table.
  assert.equal(await page.$$eval('#evidence-1 table td', (n) => n.length), 6);

  // A table with a ragged row is refused with the parser's message.
  await addTableEvidence(page, {
    title: 'Broken', section: 'Table', caption: '', table: 'a\tb\tc\n1\t2\t3\n4\t5',
  });
  await page.waitForSelector('#ev-error:not([hidden])');
  const error = await page.textContent('#ev-error');
  assert.match(error, /Cannot add this evidence/);
  assert.match(error, /row 3/i);
  assert.equal(await page.$$eval('.evidence-item', (n) => n.length), 2);

  // Text that would change how the input is read is refused, naming the sentence.
  await page.fill('#article', 'A first sentence. A second one with [CONTEXT] inside.');
  await page.waitForSelector('#linearize-error:not([hidden])');
  assert.match(await page.textContent('#linearize-error'), /article sentence \[1\].*\[CONTEXT\]/);
  await page.close();
});

test('Editor: baselines give highlighted edits whose reference badges point at evidence', async () => {
  const page = await openPage(browser, 'index.html');
  await selectOwnArticle(page);
  await typeArticle(page, article);
  await addTextEvidence(page, {
    title: 'Kessel Harbor Bridge', section: 'Opening',
    text: 'The bridge was opened to traffic on 14 March 2021 by Transport Minister Ilse Marrow.',
  });
  await addTextEvidence(page, {
    title: 'Valdia Light Rail', section: 'Lines',
    text: 'The Harbor Line began service across the bridge in September 2022.',
  });
  await page.waitForSelector('#evidence-1');

  await page.click('#baseline-copy');
  await page.waitForFunction(() => document.querySelector('#output').value.trim() !== '');
  const copy = await page.inputValue('#output');
  assert.match(copy, /^\[0\]\s*\[1\]\s*\[2\]\s*$/);
  await page.waitForSelector('#diff .fb-diff');
  assert.equal(await page.$$eval('#diff .fb-copied', (n) => n.length), 3);
  assert.equal(await page.$$eval('#diff details.copied-run', (n) => n.length), 1);
  assert.equal(await page.$$eval('#diff ins', (n) => n.length), 0);

  await page.click('#baseline-all');
  await page.waitForFunction((previous) => document.querySelector('#output').value !== previous, copy);
  const all = await page.inputValue('#output');
  assert.match(all, /^\[0\] \[1\] \[2\] \(0\) .*\(1\) /s);
  await page.waitForSelector('#diff .fb-inserted ins');
  const inserted = await page.$$eval('#diff .fb-inserted', (n) => n.map((e) => e.textContent));
  assert.ok(inserted.some((t) => t.includes('14 March 2021')), inserted.join('|'));
  assert.match(await page.textContent('#diagnostics'), /Well-formed EDIT5/);

  // A reference badge highlights and scrolls to its evidence item.
  const badge = page.locator('#diff a.fb-ref[data-evidence="1"]').first();
  assert.equal(await badge.getAttribute('href'), '#evidence-1');
  await badge.click();
  await page.waitForSelector('#evidence-1.flash');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'evidence-1');

  // An edited sentence shows word-level insertions and deletions.
  await page.fill('#output', '[0] [1] (0) The bridge is designed to carry six lanes of road traffic. [2]');
  await page.waitForSelector('#diff .fb-inserted, #diff .fb-edited');
  await page.fill('#output', '[0] [1] (0) The bridge carries four lanes of road traffic and a light-rail line.');
  await page.waitForSelector('#diff .fb-edited del');
  assert.ok((await page.$$('#diff .fb-edited ins')).length > 0);
  await page.close();
});

test('Editor: malformed EDIT5 is explained unit by unit', async () => {
  const page = await openPage(browser, 'index.html');
  await selectOwnArticle(page);
  await typeArticle(page, article);
  await addTextEvidence(page, { title: 'Kessel Harbor Bridge', section: 'Opening', text: 'It opened in 2021.' });
  await page.waitForSelector('#evidence-0');
  await page.fill('#output', '[0] [7] (4) It opened in 2021. [2] [1]');
  await page.waitForSelector('#diagnostics.warning');
  const text = await page.textContent('#diagnostics');
  assert.match(text, /copy-out-of-range/);
  assert.match(text, /missing-evidence/);
  assert.match(text, /copy-out-of-order/);
  assert.match(text, /Unit 2 \[7\]/);
  // The badge of the missing evidence item says so.
  assert.equal(await page.$$eval('#diff a.fb-ref.missing', (n) => n.length), 1);
  await page.close();
});

test('Editor: UpdateROUGE and ROUGE side by side, copying scores 0 UpdateROUGE', async () => {
  const page = await openPage(browser, 'index.html');
  await page.selectOption('#example-select', 'salt-orchard.json');
  await page.waitForFunction(() => document.querySelector('#article').value.startsWith('The Salt Orchard'));
  await page.click('#baseline-copy');
  await page.waitForSelector('#scores .score-card.update');
  const cell = async (metric) => page.textContent(`#scores tr[data-metric="${metric}"] td.f`);
  assert.equal(await cell('update_rouge1'), '0.00');
  assert.ok(Number(await cell('rougeL')) > 50);
  assert.match(await page.textContent('#why'), /ROUGE credits the 4 copied sentences; UpdateROUGE only scores the added/);

  await page.click('#example-output');
  await page.waitForFunction(() => document.querySelector('#scores tr[data-metric="update_rouge1"] td.f')
    ?.textContent !== '0.00');
  assert.ok(Number(await cell('update_rouge1')) > 0);
  assert.match(await page.textContent('#why'), /the reference adds \d+ words, this output adds \d+ words/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outputDir, 'editor.png'), fullPage: true });
  await page.close();
});

test('user text is rendered as text: no script runs, no element is created', async () => {
  const page = await openPage(browser, 'index.html');
  const hostile = 'The <img src=x onerror=alert(1)> bridge is long. It has <script>alert(1)</script> lanes. ' +
    'Its <b onmouseover=alert(2)>name</b> is "quoted" & \'single\'.';
  await selectOwnArticle(page);
  await page.fill('#article', hostile);
  await addTextEvidence(page, {
    title: '<img src=x onerror=alert(3)>', section: '<script>alert(4)</script>',
    text: 'New <img src=x onerror=alert(5)> fact <svg onload=alert(6)>.',
  });
  await addTableEvidence(page, {
    title: 'T', section: 'S', caption: '<img src=x onerror=alert(7)>',
    table: '| <b>h</b> | <script>alert(8)</script> |\n|---|---|\n| <img src=x onerror=alert(9)> | x |',
  });
  await page.waitForSelector('#evidence-1');
  await page.click('#baseline-all');
  await page.waitForSelector('#diff .fb-inserted');
  await page.fill('#reference', '[0] (0) <img src=x onerror=alert(10)> added. [1] [2]');
  await page.waitForSelector('#scores .score-card');
  await page.click('#diff details.copied-run summary');
  await page.waitForTimeout(300);

  assert.deepEqual(browser.dialogs, []);
  assert.equal(await page.$$eval('img[src="x"]', (n) => n.length), 0);
  assert.equal(await page.$$eval('main script, main svg[onload], main b', (n) => n.length), 0);
  assert.equal(await page.$$eval('[onerror], [onload], [onmouseover]', (n) => n.length), 0);
  assert.ok((await page.textContent('#linearized')).includes('<img src=x onerror=alert(1)>'));
  assert.ok((await page.textContent('#diff')).includes('<script>alert(1)</script>'));
  assert.ok((await page.textContent('#evidence-0')).includes('<img src=x onerror=alert(3)>'));
  assert.ok((await page.textContent('#evidence-1')).includes('<script>alert(8)</script>'));
  await page.close();
});

test('Score: the bundled files give exactly the native CLI numbers, report and per-example lines', async () => {
  const expected = cliScore(goldPath, predPath);
  const page = await openPage(browser, 'score.html');
  await page.setInputFiles('#gold-file', goldPath);
  await page.setInputFiles('#prediction-file', predPath);
  assert.match(await page.textContent('#gold-zone .file-info'), /gold\.jsonl\s+4\.\d KiB \(4,582 bytes\)/);
  await page.waitForSelector('#run-score:not([disabled])');
  await page.click('#run-score');
  await page.waitForSelector('#results:not([hidden])', { timeout: 60000 });

  for (const metric of metrics) {
    for (const field of ['precision', 'recall', 'fmeasure']) {
      const td = page.locator(`#aggregate tr[data-metric="${metric}"] td[data-field="${field}"]`);
      const want = expected.report.mean[metric][field];
      assert.equal(Number(await td.getAttribute('data-value')), want, `${metric}.${field}`);
      assert.equal(await td.textContent(), want.toFixed(2), `${metric}.${field} shown`);
    }
    const interval = page.locator(`#aggregate tr[data-metric="${metric}"] td[data-low]`);
    assert.equal(Number(await interval.getAttribute('data-low')), expected.report.bootstrap[metric].low.fmeasure);
    assert.equal(Number(await interval.getAttribute('data-high')), expected.report.bootstrap[metric].high.fmeasure);
  }
  const em = page.locator('#aggregate tr[data-metric="exact_match"] td[data-field="fmeasure"]');
  assert.equal(Number(await em.getAttribute('data-value')), expected.report.mean.exact_match);
  assert.equal(await page.textContent('#signature'), expected.report.signature);
  assert.match(await page.textContent('#progress-text'), /5 examples scored/);

  // Downloads: byte-identical to `fruitbench score --format json` and `--per-example`.
  const [report] = await Promise.all([page.waitForEvent('download'), page.click('#download-report')]);
  assert.equal(report.suggestedFilename(), 'fruitbench-report.json');
  assert.equal(fs.readFileSync(await report.path(), 'utf8'), expected.reportText);
  const [lines] = await Promise.all([page.waitForEvent('download'), page.click('#download-examples')]);
  assert.equal(fs.readFileSync(await lines.path(), 'utf8'), expected.perExampleText);

  // Per-example table and histogram.
  const cliExamples = expected.perExampleText.trim().split('\n').map((l) => JSON.parse(l));
  const rows = await page.$$eval('#examples tbody tr', (trs) => trs.map((tr) => ({
    id: tr.querySelector('.open-example').textContent,
    u1: Number(tr.querySelector('[data-field="update_rouge1"]').dataset.value),
    rL: Number(tr.querySelector('[data-field="rougeL"]').dataset.value),
    em: Number(tr.querySelector('[data-field="exact_match"]').dataset.value),
  })));
  assert.deepEqual(rows, cliExamples.map((e) => ({
    id: e.id, u1: e.update_rouge1.fmeasure, rL: e.rougeL.fmeasure, em: e.exact_match,
  })));
  const bins = new Array(10).fill(0);
  for (const e of cliExamples) bins[Math.min(9, Math.floor(e.update_rouge1.fmeasure / 10))]++;
  assert.deepEqual(await page.$$eval('#histogram g[data-bin]', (g) => g.map((e) => Number(e.dataset.count))), bins);
  assert.match(await page.getAttribute('#histogram svg', 'aria-labelledby'), /histogram-title/);

  // Sorting by UpdateROUGE-1 F, descending first.
  await page.click('#examples th[data-key="u1"] button');
  const sorted = await page.$$eval('#examples tbody [data-field="update_rouge1"]', (n) => n.map((e) => Number(e.dataset.value)));
  assert.deepEqual(sorted, [...sorted].sort((a, b) => b - a));
  assert.equal(await page.getAttribute('#examples th[data-key="u1"]', 'aria-sort'), 'descending');
  await page.click('#examples th[data-key="index"] button');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outputDir, 'score.png'), fullPage: true });

  // Options reach the core: stemming, bootstrap size and seed.
  const withOptions = cliScore(goldPath, predPath, ['--stem', '--bootstrap', '200', '--seed', '7']);
  await page.check('#opt-stem');
  await page.fill('#opt-bootstrap', '200');
  await page.fill('#opt-seed', '7');
  await page.click('#run-score');
  await page.waitForFunction((signature) => document.querySelector('#signature').textContent === signature &&
    !document.querySelector('#results').hidden, withOptions.report.signature, { timeout: 60000 });
  const [report2] = await Promise.all([page.waitForEvent('download'), page.click('#download-report')]);
  assert.equal(fs.readFileSync(await report2.path(), 'utf8'), withOptions.reportText);
  await page.close();
});

test('Score: a second prediction file gives `fruitbench compare` byte for byte and the differing examples', async () => {
  // The CLI runs beside copies of the files, so that its file names are the page's File names.
  const dir = fs.mkdtempSync(path.join(scratch, 'compare-'));
  fs.copyFileSync(goldPath, path.join(dir, 'gold.jsonl'));
  fs.copyFileSync(predPath, path.join(dir, 'a.jsonl'));
  execFileSync(cli, ['baseline', '--input', 'gold.jsonl', '--kind', 'copy-source', '--out', 'b.jsonl'], { cwd: dir });
  const page = await openPage(browser, 'score.html');
  await page.setInputFiles('#gold-file', path.join(dir, 'gold.jsonl'));
  await page.setInputFiles('#prediction-file', path.join(dir, 'a.jsonl'));
  await page.setInputFiles('#prediction-b-file', path.join(dir, 'b.jsonl'));
  for (const method of ['bootstrap', 'randomization']) {
    const expected = execFileSync(cli, ['compare', '--gold', 'gold.jsonl', '--pred', 'a.jsonl', '--pred', 'b.jsonl',
      '--method', method, '--format', 'json'], { cwd: dir, encoding: 'utf8' });
    const want = JSON.parse(expected);
    await page.selectOption('#opt-method', method);
    await page.waitForSelector('#run-score:not([disabled])');
    await page.click('#run-score');
    await page.waitForFunction((signature) => !document.querySelector('#comparison').hidden &&
      document.querySelector('#comparison-signature').textContent === signature, want.signature, { timeout: 60000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-comparison')]);
    assert.equal(fs.readFileSync(await download.path(), 'utf8'), expected);
    const shown = await page.$$eval('#comparison-table tbody tr', (trs) => trs.map((tr) => [tr.dataset.metric,
      Number(tr.dataset.pValue), Number(tr.dataset.difference)]));
    assert.deepEqual(shown, Object.entries(want.metrics).map(([k, m]) => [k, m.p_value, m.difference]));
    const ids = await page.$$eval('#comparison-examples .compare-item', (items) => items.map((d) => d.dataset.id));
    assert.deepEqual(ids, want.differ_most.map((d) => (typeof d.id === 'string' ? d.id : JSON.stringify(d.id))));
  }
  // An example opens into both updates and the reference, as the leaderboard's compare view.
  await page.click('#comparison-examples .compare-item > summary');
  await page.waitForSelector('#comparison-examples .compare-item[open] .diff-view[data-side="b"] .fb-diff');
  assert.equal(await page.locator('#comparison-examples .compare-item[open] .diff-view[data-side]').count(), 2);
  assert.ok(await page.locator('#comparison-examples .compare-item[open] details.reference .fb-diff').count());
  // The corpus-level metrics of the EDIT5 predictions, as the CLI's report.
  const report = JSON.parse(execFileSync(cli, ['score', '--gold', 'gold.jsonl', '--pred', 'a.jsonl', '--format', 'json'],
    { cwd: dir, encoding: 'utf8' }));
  const corpus = await page.$$eval('#corpus-table tr', (trs) => Object.fromEntries(trs.map((tr) =>
    [tr.dataset.metric, Number(tr.querySelector('td').dataset.value)])));
  assert.deepEqual(corpus, report.corpus);
  await page.screenshot({ path: path.join(outputDir, 'score-compare.png'), fullPage: true });
  await page.close();
});

test('Score: an example opens in the Editor with its inputs, prediction diff and the same scores', async () => {
  const expected = cliScore(goldPath, predPath, ['--bootstrap', '0']);
  const byId = new Map(expected.perExampleText.trim().split('\n').map((l) => JSON.parse(l)).map((e) => [e.id, e]));
  const page = await openPage(browser, 'score.html');
  await page.click('#use-example'); // the bundled web/examples/gold.jsonl and pred.jsonl
  await page.waitForFunction(() => document.querySelector('#prediction-zone .file-name').textContent === 'pred.jsonl');
  assert.equal(await page.textContent('#gold-zone .file-name'), 'gold.jsonl');
  await page.fill('#opt-bootstrap', '0');
  await page.waitForSelector('#run-score:not([disabled])');
  await page.click('#run-score');
  await page.waitForSelector('#results:not([hidden])', { timeout: 60000 });

  // harbor-bridge: an EDIT5 prediction; ostrava-choir: a normalized_targets (text) prediction.
  for (const [id, kind] of [['harbor-bridge', 'edit5'], ['ostrava-choir', 'text']]) {
    const [editor] = await Promise.all([
      browser.context.waitForEvent('page'),
      page.click(`#examples .open-example:text-is("${id}")`),
    ]);
    await editor.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    assert.equal(new URL(editor.url()).search, '?from=score');
    assert.match(await editor.textContent('#from-score'), new RegExp(`Example "${id}" from the Score page`));
    assert.equal(await editor.$eval(`input[name="output-kind"][value="${kind}"]`, (e) => e.checked), true);
    const gold = fs.readFileSync(goldPath, 'utf8').split('\n').map((l) => l && JSON.parse(l)).find((g) => g.id === id);
    assert.equal(await editor.textContent('#linearized'), gold.inputs);
    await editor.waitForSelector('#diff .fb-diff');
    await editor.waitForSelector('#scores .score-card');
    const want = byId.get(id);
    for (const metric of metrics) {
      assert.equal(await editor.textContent(`#scores tr[data-metric="${metric}"] td.f`),
        want[metric].fmeasure.toFixed(2), `${id} ${metric}`);
    }
    if (id === 'harbor-bridge') {
      await editor.evaluate(() => window.scrollTo(0, 0));
      await editor.screenshot({ path: path.join(outputDir, 'editor-from-score.png'), fullPage: true });
    }
    const evidenceItems = await editor.$$eval('.evidence-item', (n) => n.length);
    assert.ok(evidenceItems > 0);
    // Inputs are locked until "Edit these inputs".
    assert.equal(await editor.$eval('#article', (e) => e.readOnly), true);
    await editor.click('#unlock-inputs');
    await editor.waitForFunction(() => !document.querySelector('#article').readOnly);
    // Rebuilt from the article and evidence: the same sentences and evidence items (a table item's
    // section gains linearize()'s " - Table" when the file's lacks it).
    const rebuilt = await editor.textContent('#linearized');
    assert.equal(rebuilt.split('[CONTEXT]')[0], gold.inputs.split('[CONTEXT]')[0]);
    assert.equal(await editor.$$eval('.evidence-item', (n) => n.length), evidenceItems);
    await editor.close();
  }
  await page.close();
});

test('Score: a malformed prediction file shows the line-precise error', async () => {
  const lines = fs.readFileSync(predPath, 'utf8').split('\n');
  lines[1] = '{"id": "ostrava-choir", "normalized_targets": "broken';
  const broken = path.join(scratch, 'pred.jsonl');
  fs.writeFileSync(broken, lines.join('\n'));
  const native = spawnSync(cli, ['score', '--gold', goldPath, '--pred', broken], { encoding: 'utf8', cwd: scratch });
  assert.equal(native.status, 1);
  const nativeMessage = native.stderr.trim().replace(/^fruitbench: error: .*?pred\.jsonl/, 'pred.jsonl');

  const page = await openPage(browser, 'score.html');
  await page.setInputFiles('#gold-file', goldPath);
  await page.setInputFiles('#prediction-file', broken);
  await page.waitForSelector('#run-score:not([disabled])');
  await page.click('#run-score');
  await page.waitForSelector('#run-message.error:not([hidden])', { timeout: 60000 });
  const text = await page.textContent('#run-message');
  assert.ok(text.includes('pred.jsonl:2: invalid JSON'), text);
  assert.ok(text.includes(nativeMessage), `${text}\n!=\n${nativeMessage}`);
  assert.deepEqual(await page.$$eval('#run-message .error-location dt', (n) => n.map((e) => e.textContent)),
    ['File', 'Line', 'Reason']);
  assert.deepEqual((await page.$$eval('#run-message .error-location dd', (n) => n.map((e) => e.textContent))).slice(0, 2),
    ['pred.jsonl', '2']);
  assert.equal(await page.isHidden('#results'), true);
  await page.screenshot({ path: path.join(outputDir, 'score-error.png'), fullPage: true });

  // A prediction id that gold does not have names the field.
  const unknown = path.join(scratch, 'unknown.jsonl');
  fs.writeFileSync(unknown, fs.readFileSync(predPath, 'utf8').replace('"mirek-novak"', '"nobody"'));
  await page.setInputFiles('#prediction-file', unknown);
  await page.click('#run-score');
  await page.waitForFunction(() => document.querySelector('#run-message').textContent.includes('unknown.jsonl'));
  const unknownText = await page.textContent('#run-message');
  assert.ok(unknownText.includes("gold.jsonl:3: field 'id': 'mirek-novak' has no prediction in unknown.jsonl"),
    unknownText);
  assert.match(unknownText, /Field\s*id/);
  await page.close();
});

test('About the metrics: copying the source scores high ROUGE but 0 UpdateROUGE', async () => {
  const page = await openPage(browser, 'metrics.html');
  const cell = (output, metric) => page.textContent(`#worked-table tr[data-output="${output}"] td[data-metric="${metric}"]`);
  assert.equal(await cell('copy-source', 'update_rouge1'), '0.00');
  assert.ok(Number(await cell('copy-source', 'rougeL')) > 50);
  assert.equal(await cell('reference', 'update_rouge1'), '100.00');
  assert.match(await page.textContent('#worked-conclusion'), /Copying the source scores ROUGE-L \d+\.\d\d .* UpdateROUGE-1 0\.00/);
  await page.screenshot({ path: path.join(outputDir, 'metrics.png'), fullPage: true });
  await page.close();
});

test('no page made a request outside its own origin, and no page error', () => {
  const origin = new URL(browser.url()).origin;
  const outside = browser.requests.filter((url) => {
    if (url.startsWith('blob:') || url.startsWith('data:')) return false; // in-memory, no network
    return new URL(url).origin !== origin;
  });
  assert.deepEqual(outside, []);
  assert.ok(browser.requests.length > 20, `recorded ${browser.requests.length} requests`);
  const errors = browser.consoleErrors;
  assert.deepEqual(errors, []);
});
