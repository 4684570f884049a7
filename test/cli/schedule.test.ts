// The scheduler of src/cli/schedule.ts, run through the BUILT command: `-j 2` on an mbox
// cut into byte ranges must start a worker thread and print what `-j 1` prints. The
// output alone cannot tell who scanned a range, so each run is given a preload (Node's
// `--import`) that counts the Worker threads the main thread starts and says how many on
// stderr as the process exits.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, linesOf, requireBuild, ROOT } from './run-cli.js';

/** Counts `new Worker(...)` on the main thread and prints the count at exit. */
const COUNT_WORKERS = `
import threads from 'node:worker_threads';
import { syncBuiltinESMExports } from 'node:module';
if (threads.isMainThread) {
  let started = 0;
  const Worker = threads.Worker;
  threads.Worker = class extends Worker {
    constructor(...args) {
      super(...args);
      started++;
    }
  };
  syncBuiltinESMExports();
  process.on('exit', () => process.stderr.write('workers started: ' + started + '\\n'));
}
`;

const MESSAGES = 2500;

let dir: string;
let mbox: string;
beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'urlsift-schedule-'));
  mbox = join(dir, 'box.mbox');
  // About 2 MB: the planner cuts it by offsets at once, and the threads find each range's
  // messages (ranges.ts), the main thread's first range before any worker has started.
  const filler = 'text without links '.repeat(20);
  const messages = Array.from({ length: MESSAGES }, (_, i) => `From a@b Mon Jan  1 00:00:00 2024\nSubject: m${i}\n\nsee http://box.example/${i}\n${filler}\n${filler}\n\n`);
  writeFileSync(mbox, messages.join(''));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function urlsift(jobs: number): { stdout: string; workers: number; code: number | null } {
  const preload = `data:text/javascript,${encodeURIComponent(COUNT_WORKERS)}`;
  const result = spawnSync(process.execPath, ['--import', preload, CLI, '-j', String(jobs), '--format', 'jsonl', mbox], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // Ranges of 64 KiB: many units to share out.
    env: { ...process.env, URLSIFT_RANGE_BYTES: String(64 * 1024) },
  });
  const counted = /workers started: (\d+)/.exec(result.stderr);
  return { stdout: result.stdout, workers: counted ? Number(counted[1]) : -1, code: result.status };
}

describe('jobs', () => {
  it('-j 2 on an mbox cut into ranges starts a worker beside the main thread, and prints what -j 1 prints', () => {
    const one = urlsift(1);
    const two = urlsift(2);
    expect(one.workers).toBe(0);
    expect(two.workers).toBe(1);
    expect(linesOf(one.stdout)).toHaveLength(MESSAGES);
    expect(two.stdout).toBe(one.stdout);
    expect(two.code).toBe(0);
  });

  it('-j 3 starts two workers', () => {
    expect(urlsift(3).workers).toBe(2);
  });
});
