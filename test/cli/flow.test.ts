// Flow control between the main thread and a worker (src/cli/flow.ts, worker.ts), on the
// BUILT worker: a worker whose output nobody writes stops where it is, even in the middle of
// one part whose URLs are all matched in one synchronous call, and goes on when told that
// its output was written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnwritten, MAX_UNWRITTEN_CHARS, type WorkerStart, wroteFor } from '../../src/cli/flow.js';
import type { UnitEvent, WorkUnit } from '../../src/cli/unit.js';
import { DEFAULT_UNIT_SETTINGS } from '../support/unit-settings.js';
import { requireBuild, ROOT } from './run-cli.js';

/** One message, one text part, this many URLs: about 2.5 MB of input, 15 MB of jsonl records, matched in one synchronous call. */
const URLS = 50_000;
/** What the worker holds back at most: the limit, and the batch that crossed it (64 KiB of characters). */
const MAX_POSTED = MAX_UNWRITTEN_CHARS + 64 * 1024 + 4096;

let dir: string;
let mail: string;
beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'urlsift-flow-'));
  mail = join(dir, 'dense.eml');
  const body = Array.from({ length: URLS }, (_, i) => `http://flow.example/${i.toString(36)}x${'y'.repeat(40)}`).join(' ');
  writeFileSync(mail, `From: a@b.example\nSubject: dense\n\n${body}\n`);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a worker whose output is not written', () => {
  it('stops after MAX_UNWRITTEN_CHARS in the middle of a part, and finishes once its output is written', async () => {
    const unwritten = createUnwritten();
    const worker = new Worker(join(ROOT, 'dist/cli/worker.js'), { workerData: { settings: { ...DEFAULT_UNIT_SETTINGS, format: 'jsonl' }, unwritten } satisfies WorkerStart });
    try {
      let posted = 0;
      let lines = 0;
      let done = false;
      let heard = Date.now();
      let writing = false;
      worker.on('message', (events: UnitEvent[]) => {
        heard = Date.now();
        for (const event of events) {
          if (event.type === 'batch') {
            posted += event.size;
            lines += event.batch.count;
            // Written at once, after the first pause: the main thread's part.
            if (writing) wroteFor(unwritten, event.size);
          }
          if (event.type === 'done') done = true;
        }
      });
      const unit: WorkUnit = { seq: 0, path: mail, kind: 'auto', bytes: 0, newFile: true };
      worker.postMessage({ type: 'unit', unit });
      // Nothing written: the worker posts up to the limit, then waits.
      while (Date.now() - heard < 1500 && !done) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(done).toBe(false);
      expect(posted).toBeGreaterThan(MAX_UNWRITTEN_CHARS);
      expect(posted).toBeLessThan(MAX_POSTED);
      // Written: it goes on to the end.
      writing = true;
      wroteFor(unwritten, posted);
      const until = Date.now() + 60_000;
      while (!done && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(done).toBe(true);
      expect(lines).toBe(URLS);
    } finally {
      await worker.terminate();
    }
  }, 90_000);
});
