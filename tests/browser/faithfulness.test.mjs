// The faithfulness metrics in the pages, headless Chromium: the Editor marks
// the unsupported entity tokens of a pasted output (an invented name is
// marked, a supported one is not; usable at 390 px), the Score page shows
// the CLI's faithfulness numbers, and "About the metrics" computes its
// invented-year example live.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startBrowser, openPage, root, outputDir } from './harness.mjs';

const cli = path.join(root, 'build', 'fruitbench');
const entityMetrics = ['unsupported_entity_tokens', 'entity_precision', 'entity_recall'];

let browser;

before(async () => {
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
});

/** The Editor with an article of our own and one text evidence item. */
async function editorWithOwnArticle(page) {
  await page.selectOption('#example-select', '');
  await page.waitForFunction(() => document.querySelector('#article').value === '');
  await page.fill('#article', 'Brevik is a town in Nordland. It had 7,000 inhabitants in 2011.');
  await page.waitForFunction(() => document.querySelector('#linearized').textContent.includes('Brevik is a'));
  await page.check('input[name="ev-kind"][value="text"]');
  await page.fill('#ev-title', 'Brevik');
  await page.fill('#ev-section', 'Politics');
  await page.fill('#ev-text', 'In 2023 Hanne Solberg became mayor of Brevik.');
  await page.click('#ev-add');
  await page.waitForSelector('#evidence-0');
}

/** Pastes an updated text (not EDIT5) as the model output. */
async function pasteText(page, text) {
  await page.check('input[name="output-kind"][value="text"]');
  await page.fill('#output', text);
  // The last sentence, whole: the diff has caught up with this text (it refreshes after a pause).
  const last = text.slice(text.lastIndexOf('. ', text.length - 2) + 2);
  await page.waitForFunction((expected) => document.querySelector('#diff').textContent.includes(expected), last);
}

test('Editor: an invented name in a pasted output is marked, a supported one is not', async () => {
  const page = await openPage(browser, 'index.html');
  await editorWithOwnArticle(page);

  // "Kari Nordvik" is in neither the article nor the evidence; "2023" is in the evidence.
  const source = 'Brevik is a town in Nordland. It had 7,000 inhabitants in 2011.';
  await pasteText(page, `${source} In 2023 Kari Nordvik became mayor.`);
  const marks = await page.$$eval('#diff mark.fb-unsupported', (n) => n.map((m) => [m.textContent, m.title]));
  assert.deepEqual(marks, [['Kari', 'In neither the article nor the evidence'],
    ['Nordvik', 'In neither the article nor the evidence']]);
  // Marked inside the new sentence only.
  assert.equal(await page.$$eval('#diff .fb-inserted mark.fb-unsupported', (n) => n.length), 2);
  const note = page.locator('#unsupported-note');
  assert.ok(await note.isVisible());
  assert.match(await note.textContent(), /^2 marked words appear in neither the article nor the evidence .*: Kari, Nordvik\.$/);

  // The name the evidence gives: nothing marked, no note.
  await pasteText(page, `${source} In 2023 Hanne Solberg became mayor.`);
  assert.equal(await page.$$eval('#diff mark.fb-unsupported', (n) => n.length), 0);
  assert.ok(await note.isHidden());

  // A phone: the marked output stays readable without horizontal scrolling.
  await pasteText(page, `${source} In 2023 Kari Nordvik became mayor.`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#diff mark.fb-unsupported').first().scrollIntoViewIfNeeded();
  const box = await page.locator('#diff mark.fb-unsupported').first().boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
  // The highlighted edits and the note wrap inside their boxes (no sideways scrolling there).
  for (const box of ['#diff', '#unsupported-note']) {
    const [scroll, client] = await page.$eval(box, (e) => [e.scrollWidth, e.clientWidth]);
    assert.ok(scroll <= client && client <= 390, `${box}: ${scroll} > ${client}`);
  }
  await page.screenshot({ path: path.join(outputDir, 'editor-unsupported-390.png') });
  await page.close();
});

test('Editor: hostile text around an invented name stays text', async () => {
  const page = await openPage(browser, 'index.html');
  await editorWithOwnArticle(page);
  await pasteText(page, 'Brevik is a town in Nordland. Mayor <img src=x onerror=alert(document.domain)> Olsen won.');
  assert.equal(await page.$$eval('#diff img', (n) => n.length), 0);
  assert.deepEqual(await page.$$eval('#diff mark.fb-unsupported', (n) => n.map((m) => m.textContent)), ['Olsen']);
  assert.ok((await page.textContent('#diff')).includes('<img src=x onerror=alert(document.domain)>'));
  assert.deepEqual(browser.dialogs, []);
  await page.close();
});

test('Score: the faithfulness table and per-example columns equal the native CLI', async () => {
  const gold = path.join(root, 'tests', 'fixtures', 'faithfulness', 'gold.jsonl');
  const pred = path.join(root, 'tests', 'fixtures', 'faithfulness', 'pred.jsonl');
  const report = JSON.parse(execFileSync(cli, ['score', '--gold', gold, '--pred', pred, '--format', 'json', '--quiet'],
    { encoding: 'utf8' }));
  const page = await openPage(browser, 'score.html');
  await page.setInputFiles('#gold-file', gold);
  await page.setInputFiles('#prediction-file', pred);
  await page.waitForSelector('#run-score:not([disabled])');
  await page.click('#run-score');
  await page.waitForSelector('#results:not([hidden])', { timeout: 60000 });
  for (const metric of entityMetrics) {
    const row = `#faithfulness tr[data-metric="${metric}"]`;
    assert.equal(await page.getAttribute(`${row} td[data-field="mean"]`, 'data-value'), String(report.mean[metric]));
    assert.equal(await page.textContent(`${row} td[data-field="defined"]`), String(report.defined[metric]));
    assert.equal(Number(await page.getAttribute(`${row} td[data-low]`, 'data-low')), report.bootstrap[metric].low);
  }
  // Per example, hand-computed (tests/cli_test.sh): t -> 1, 50, 66.67; b -> 0, null (–), 0.
  const rows = await page.$$eval('#examples tbody tr', (trs) => trs.map((tr) => [
    tr.querySelector('[data-field="unsupported_entity_tokens"]').textContent,
    tr.querySelector('[data-field="entity_precision"]').textContent,
    tr.querySelector('[data-field="entity_recall"]').textContent]));
  assert.deepEqual(rows, [['1', '50.00', '66.67'], ['0', '–', '0.00']]);
  await page.close();
});

test('About the metrics: an invented year barely moves UpdateROUGE, the entity check catches it', async () => {
  const page = await openPage(browser, 'metrics.html');
  const cell = (output, metric) => page.textContent(`#faithful-table tr[data-output="${output}"] td[data-metric="${metric}"]`);
  assert.equal(await cell('reference', 'unsupported_entity_tokens'), '0');
  assert.equal(await cell('invented', 'unsupported_entity_tokens'), '1 (2023)');
  assert.equal(await cell('reference', 'update_rouge1'), '100.00');
  assert.ok(Number(await cell('invented', 'update_rouge1')) > 95, await cell('invented', 'update_rouge1'));
  assert.match(await page.textContent('#faithful-conclusion'), /from 100\.00 to 9\d\.\d\d; .* from 0 to 1 unsupported entity tokens \(2023\)/);
  await page.close();
});
