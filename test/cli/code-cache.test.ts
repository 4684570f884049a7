// The command's V8 code cache (src/cli/code-cache.ts), as `npm run build` writes it.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheName, COMMAND_BUNDLE, compileCommand, loadCommand, runFromCodeCache } from '../../src/cli/code-cache.js';
import { setCommandV8Flags } from '../../src/cli/v8-flags.js';
import { requireBuild, ROOT } from './run-cli.js';

const dist = new URL('dist/', pathToFileURL(ROOT));
beforeAll(() => {
  requireBuild();
  // The command sets its V8 flags before it compiles (src/cli/v8-flags.ts), and V8 refuses
  // a cache made under other flags: this process compiles as the command does.
  setCommandV8Flags();
});

describe('the code cache', () => {
  it('is written by the build for this Node, and V8 takes it', () => {
    const bundle = new URL(COMMAND_BUNDLE, dist);
    const cache = new URL(cacheName(), dist);
    expect(existsSync(cache)).toBe(true);
    const script = compileCommand(bundle, readFileSync(bundle, 'utf8'), readFileSync(cache));
    expect(script.cachedDataRejected).toBe(false);
    // The same source with a change is refused: V8 checks the cache against the source.
    const changed = compileCommand(bundle, `${readFileSync(bundle, 'utf8')} `, readFileSync(cache));
    expect(changed.cachedDataRejected).toBe(true);
  });

  it('is left alone where there is none for this Node: the caller imports the ES module instead', async () => {
    expect(await runFromCodeCache(new URL('file:///nonexistent/urlsift/'), ['-o'])).toBeUndefined();
    expect(loadCommand(new URL('file:///nonexistent/urlsift/'))).toBeUndefined();
  });

  it('is taken in a worker thread too, which runs its loop from the same bundle (worker.ts)', async () => {
    // The worker compiles the bundle with the built compileCommand, and says whether V8 took the cache.
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      const { readFileSync } = require('node:fs');
      import(workerData.module).then(({ compileCommand, cacheName, COMMAND_BUNDLE }) => {
        const base = new URL(workerData.dist);
        const bundle = new URL(COMMAND_BUNDLE, base);
        parentPort.postMessage(compileCommand(bundle, readFileSync(bundle, 'utf8'), readFileSync(new URL(cacheName(), base))).cachedDataRejected);
      });
    `;
    const worker = new Worker(code, { eval: true, workerData: { module: new URL('cli/code-cache.js', dist).href, dist: dist.href } });
    const rejected = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(rejected).toBe(false);
    expect(typeof loadCommand(dist)?.serveUnits).toBe('function');
  });
});
