// End-to-end runs of the built command on the real mail and news in ../shared/corpus:
// the output with -j 2 is byte for byte the output with -j 1, and --stats counts the
// usrp-users mbox's messages as Python's mailbox.mbox does. Skipped, with a note, when
// ../shared or python3 is absent.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, linesOf, requireBuild, ROOT, SHARED_CORPUS } from './run-cli.js';
import { lineIndexOf } from '../support/line-index.js';

const USRP_GZ = join(SHARED_CORPUS, 'mbox', 'usrp-users-2019-04_to_2020-04.mbox.gz');
const haveCorpus = existsSync(USRP_GZ);
const havePython = spawnSync('python3', ['-c', 'import mailbox'], { stdio: 'ignore' }).status === 0;
if (!haveCorpus) console.warn(`[urlsift] ${SHARED_CORPUS} is absent: the shared-corpus CLI tests are skipped`);
else if (!havePython) console.warn('[urlsift] python3 is absent: the mailbox.mbox message-count oracle is skipped');

let temp: string;
beforeAll(() => {
  requireBuild();
  temp = mkdtempSync(join(tmpdir(), 'urlsift-shared-'));
});
afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

/** Runs the command with stdout and stderr going to files; returns the exit code and the file paths. */
async function runToFiles(name: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const stdout = join(temp, `${name}.out`);
  const stderr = join(temp, `${name}.err`);
  const out = openSync(stdout, 'w');
  const err = openSync(stderr, 'w');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', out, err] });
      child.on('error', reject);
      child.on('close', resolve);
    });
    return { code, stdout, stderr };
  } finally {
    closeSync(out);
    closeSync(err);
  }
}

function digest(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** The first line where two files differ, for a readable failure. */
function firstDifference(a: string, b: string): string {
  const left = linesOf(readFileSync(a, 'utf8'));
  const right = linesOf(readFileSync(b, 'utf8'));
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i] !== right[i]) return `line ${i + 1}:\n  ${left[i]}\n  ${right[i]}`;
  }
  return 'no difference';
}

describe.skipIf(!haveCorpus)('urlsift on ../shared/corpus', () => {
  it('-j 2 prints byte for byte what -j 1 prints (stdout and stderr, every format field and rejection)', async () => {
    const args = ['--format', 'jsonl', '--explain', SHARED_CORPUS];
    const one = await runToFiles('corpus-j1', ['-j', '1', ...args]);
    const two = await runToFiles('corpus-j2', ['-j', '2', ...args]);
    expect(one.code).toBe(0);
    expect(two.code).toBe(one.code);
    if (digest(one.stdout) !== digest(two.stdout)) expect.fail(`stdout differs at ${firstDifference(one.stdout, two.stdout)}`);
    if (digest(one.stderr) !== digest(two.stderr)) expect.fail(`stderr differs at ${firstDifference(one.stderr, two.stderr)}`);
    // Every kind of input in the corpus was read: mbox, pipermail .txt.gz, articles, MIME fixtures, RFC text.
    const files = new Set(linesOf(readFileSync(one.stdout, 'utf8')).map((line) => (JSON.parse(line) as { file: string }).file.split('/').slice(-3, -1).join('/')));
    for (const folder of ['corpus/mbox', 'pipermail/twisted-python', 'mini_newsgroups/comp.graphics', 'corpus/rfc']) expect(files).toContain(folder);
  }, 900_000);
});

describe.skipIf(!haveCorpus)('urlsift on the decompressed usrp-users mbox', () => {
  let mbox: string;
  beforeAll(async () => {
    mbox = join(temp, 'usrp-users.mbox');
    await pipeline(createReadStream(USRP_GZ), createGunzip(), createWriteStream(mbox));
  }, 300_000);

  it.skipIf(!havePython)('--stats counts as many messages as Python\'s mailbox.mbox', async () => {
    const oracle = spawnSync('python3', ['-c', 'import mailbox, sys; print(len(mailbox.mbox(sys.argv[1])))', mbox], { encoding: 'utf8' });
    expect(oracle.status).toBe(0);
    const expected = Number(oracle.stdout.trim());
    expect(expected).toBeGreaterThan(2000);
    const run = await runToFiles('usrp-stats', ['--format', 'jsonl', '--stats', '-j', '2', mbox]);
    expect(run.code).toBe(0);
    const stats = JSON.parse(linesOf(readFileSync(run.stderr, 'utf8')).at(-1)!) as { files: number; messages: number; matches: number };
    expect(stats.messages).toBe(expected);
    expect(stats.files).toBe(1);
    expect(stats.matches).toBe(linesOf(readFileSync(run.stdout, 'utf8')).length);
  }, 900_000);

  it('split across workers (-j 2) it prints what one whole-file scan (-j 1) prints, with lines and columns true to the file', async () => {
    const two = await runToFiles('usrp-j2', ['--format', 'jsonl', '-j', '2', mbox]);
    const one = await runToFiles('usrp-j1', ['--format', 'jsonl', '-j', '1', mbox]);
    expect(two.code).toBe(0);
    if (digest(one.stdout) !== digest(two.stdout)) expect.fail(`stdout differs at ${firstDifference(one.stdout, two.stdout)}`);
    expect(readFileSync(two.stderr, 'utf8')).toBe(readFileSync(one.stderr, 'utf8'));

    // Line and column follow from the byte offset in the raw file, in every range.
    const raw = readFileSync(mbox);
    const { lineOf, lineStarts } = lineIndexOf(raw);
    const records = linesOf(readFileSync(two.stdout, 'utf8')).map((line) => JSON.parse(line) as { line: number; column: number; offset: number; endLine: number; endColumn: number; endOffset: number; message: number });
    expect(records.length).toBeGreaterThan(10_000);
    let lastMessage = 0;
    for (const record of records) {
      const line = lineOf(record.offset);
      expect([record.line, record.column]).toEqual([line + 1, record.offset - lineStarts[line]! + 1]);
      const endLine = lineOf(record.endOffset);
      expect([record.endLine, record.endColumn]).toEqual([endLine + 1, record.endOffset - lineStarts[endLine]! + 1]);
      expect(record.message).toBeGreaterThanOrEqual(lastMessage);
      lastMessage = record.message;
    }
  }, 900_000);
});
