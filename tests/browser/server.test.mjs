// web/server.mjs: headers on every response, MIME types, no path traversal,
// port fallback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../web/server.mjs';

let server;

/** A raw GET: the path is sent exactly as given (no URL normalization). */
function get(port, rawPath, method = 'GET') {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, method }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers,
        body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}

const required = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

function checkSecurityHeaders(response, what) {
  for (const [name, value] of Object.entries(required)) {
    assert.equal(response.headers[name], value, `${what}: ${name}`);
  }
  const csp = response.headers['content-security-policy'];
  for (const directive of ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self'",
    "img-src 'self' data:", "connect-src 'self'", "worker-src 'self'"]) {
    assert.ok(csp.includes(directive), `${what}: CSP has ${directive}: ${csp}`);
  }
  assert.ok(!csp.includes("'unsafe-inline'") && !csp.includes("'unsafe-eval'"), `${what}: CSP is strict`);
}

before(async () => {
  server = await startServer({ port: 0 });
});

after(async () => {
  await server.close();
});

test('binds 127.0.0.1 and serves the pages with the security headers', async () => {
  assert.equal(server.server.address().address, '127.0.0.1');
  for (const [file, type] of [
    ['/', 'text/html'], ['/index.html', 'text/html'], ['/score.html', 'text/html'], ['/metrics.html', 'text/html'],
    ['/submit.html', 'text/html'], ['/js/submit.mjs', 'text/javascript'], ['/js/submit-worker.mjs', 'text/javascript'],
    ['/js/editor.mjs', 'text/javascript'], ['/js/score-worker.mjs', 'text/javascript'],
    ['/css/site.css', 'text/css'], ['/examples/index.json', 'application/json'],
    ['/examples/gold.jsonl', 'application/jsonl'], ['/favicon.svg', 'image/svg+xml'],
    ['/generated/fruitbench.mjs', 'text/javascript'],
  ]) {
    const response = await get(server.port, file);
    assert.equal(response.status, 200, file);
    assert.ok(response.headers['content-type'].startsWith(type), `${file}: ${response.headers['content-type']}`);
    checkSecurityHeaders(response, file);
  }
});

test('404s carry the same headers; nothing outside web/ is served', async () => {
  for (const rawPath of [
    '/missing.html', '/../package.json', '/..%2fpackage.json', '/%2e%2e/package.json', '/js/../../package.json',
    '/js/%2e%2e/%2e%2e/CMakeLists.txt', '/%2e%2e%2f%2e%2e%2fetc/passwd', '/..\\package.json', '/js%5c..%5c..%5cpackage.json',
    '/.gitignore', '/generated/%00', '//etc/passwd', '/server.mjs/..%2f..%2fpackage.json', '/examples/..%2f..%2f.git/config',
  ]) {
    const response = await get(server.port, rawPath);
    assert.equal(response.status, 404, `${rawPath} -> ${response.status}`);
    assert.equal(response.body, '404 Not Found\n', `${rawPath} leaked a file`);
    checkSecurityHeaders(response, rawPath);
  }
});

test('only GET and HEAD', async () => {
  const head = await get(server.port, '/index.html', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  const post = await get(server.port, '/index.html', 'POST');
  assert.equal(post.status, 405);
  checkSecurityHeaders(post, 'POST');
});

test('a taken port makes it try the next one', async () => {
  const blocker = net.createServer();
  await new Promise((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const taken = blocker.address().port;
  try {
    const next = await startServer({ port: taken });
    try {
      assert.ok(next.port > taken && next.port <= taken + 20, `${next.port} after ${taken}`);
      assert.equal(next.url, `http://127.0.0.1:${next.port}/`);
    } finally {
      await next.close();
    }
  } finally {
    blocker.close();
  }
});

test('symbolic links out of the served folder are 404', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-server-'));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'fruitbench-outside-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, 'secret.txt'));
  fs.symlinkSync(outside, path.join(dir, 'out'));
  const local = await startServer({ port: 0, root: dir });
  try {
    assert.equal((await get(local.port, '/')).status, 200);
    assert.equal((await get(local.port, '/secret.txt')).status, 404);
    assert.equal((await get(local.port, '/out/secret.txt')).status, 404);
  } finally {
    await local.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
});
