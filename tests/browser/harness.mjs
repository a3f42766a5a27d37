// Shared setup of the browser tests: the playground's own server on a free
// port, Debian's Chromium driven by playwright-core (fresh profile, no
// background networking), and a record of every request the pages make.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../web/server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const outputDir = path.join(root, 'tests', 'output');
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

/** Fails early, saying what to run, when something the tests need is missing. */
export function checkPrerequisites() {
  const missing = [];
  if (!fs.existsSync(chromiumPath)) missing.push(`${chromiumPath} (apt-get install -y chromium)`);
  const module = path.join(root, 'web', 'generated', 'fruitbench.mjs');
  if (!fs.existsSync(module)) {
    missing.push('web/generated/fruitbench.mjs (bash wasm/build.sh)');
  } else if (fs.readFileSync(module, 'utf8').includes('new Function(')) {
    missing.push('web/generated/fruitbench.mjs built with -sDYNAMIC_EXECUTION=0 (Embind\'s new Function is blocked ' +
      "by the pages' Content-Security-Policy)");
  }
  if (!fs.existsSync(path.join(root, 'build', 'fruitbench'))) missing.push('build/fruitbench (bash .ci/setup.sh)');
  if (missing.length) throw new Error(`browser tests need: ${missing.join('; ')}`);
}

export async function startBrowser() {
  checkPrerequisites();
  const server = await startServer({ port: 0 });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic'],
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const requests = [];
  const consoleErrors = [];
  const dialogs = [];
  context.on('request', (request) => requests.push(request.url()));
  const watch = (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss().catch(() => {});
    });
  };
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
  fs.mkdirSync(outputDir, { recursive: true });
  return {
    server,
    context,
    requests,
    consoleErrors,
    dialogs,
    url: (relative = '') => new URL(relative, server.url).href,
    async close() {
      await context.close();
      await server.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Opens a page and waits until its script says it is ready. */
export async function openPage(browser, relative) {
  const page = await browser.context.newPage();
  await page.goto(browser.url(relative));
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  return page;
}

// Filling in the Editor as a user does: their own article, text and table evidence.

export async function selectOwnArticle(page) {
  await page.selectOption('#example-select', '');
  await page.waitForFunction(() => document.querySelector('#article').value === '');
}

export async function typeArticle(page, text) {
  await page.fill('#article', text);
  await page.waitForFunction((expected) => {
    const box = document.querySelector('#linearized');
    return box.textContent.includes(expected);
  }, text.split(' ').slice(0, 3).join(' '));
}

export async function addTextEvidence(page, { title, section, text }) {
  await page.check('input[name="ev-kind"][value="text"]');
  await page.fill('#ev-title', title);
  await page.fill('#ev-section', section);
  await page.fill('#ev-text', text);
  await page.click('#ev-add');
}

export async function addTableEvidence(page, { title, section, caption, table }) {
  await page.check('input[name="ev-kind"][value="table"]');
  await page.fill('#ev-title', title);
  await page.fill('#ev-section', section);
  await page.fill('#ev-caption', caption);
  await page.fill('#ev-table', table);
  await page.click('#ev-add');
}
