// The npm package: `npm pack` makes a tarball that installs into an empty
// folder (no dependency to fetch: ONNX Runtime is an optional peer) and
// whose `fruitbench` bin prints what the native CLI prints; its main export
// loads the WebAssembly API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { conformanceCases, native, root, run } from './helpers.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'fruitbench-pack-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

test('npm pack → npm install in an empty folder → npx fruitbench equals the native CLI', () => {
  const packed = run('npm', ['pack', '--pack-destination', work, '--loglevel=error']);
  assert.equal(packed.status, 0, packed.stderr);
  const tarballs = readdirSync(work).filter((f) => f.endsWith('.tgz'));
  assert.deepEqual(tarballs, ['fruitbench-0.1.0.tgz']);

  const app = path.join(work, 'app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
  const npmEnv = { ...process.env, npm_config_loglevel: 'error', npm_config_audit: 'false', npm_config_fund: 'false' };
  const installed = run('npm', ['install', '--offline', path.join(work, tarballs[0])], { cwd: app, env: npmEnv });
  assert.equal(installed.status, 0, installed.stderr);

  for (const { gold, pred } of conformanceCases().filter((c) => ['basic', 'edit5'].includes(c.name))) {
    for (const args of [['score', '--gold', gold, '--pred', pred, '--format', 'json'],
                        ['score', '--gold', gold, '--pred', pred],
                        ['compare', '--gold', gold, '--pred', pred, '--pred', pred, '--format', 'json']]) {
      const fromBin = run('npx', ['--offline', '--no-install', 'fruitbench', ...args], { cwd: app, env: npmEnv });
      assert.equal(fromBin.status, 0, fromBin.stderr);
      assert.equal(fromBin.stdout, native(args), args.join(' '));
    }
  }
  const help = run('npx', ['--offline', '--no-install', 'fruitbench-edit', '--help'], { cwd: app, env: npmEnv });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /--model DIR/);

  // The main export: the JS API over the packaged WebAssembly module.
  const script = `import { loadFruitbench, fileSource } from 'fruitbench';
    const fb = await loadFruitbench();
    const [gold, pred] = process.argv.slice(1);
    process.stdout.write(fb.evaluate(fileSource(gold), fileSource(pred)).text);`;
  const [{ gold, pred }] = conformanceCases().filter((c) => c.name === 'basic');
  const fromApi = run('node', ['--input-type=module', '-e', script, gold, pred], { cwd: app });
  assert.equal(fromApi.status, 0, fromApi.stderr);
  assert.equal(fromApi.stdout, native(['score', '--gold', gold, '--pred', pred, '--format', 'json']));
  assert.ok(root);
});
