// End-to-end: file names that are not valid UTF-8 (issue 12). grep reads them; urlsift must
// too, given on the command line as raw bytes or found while walking, and show them the
// same way (`%XX` for each byte that is not UTF-8) in every format and on stderr.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, linesOf, requireBuild } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'urlsift-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(requireBuild);

/** "café.txt" in ISO-8859-1 (E9 is no UTF-8), beside a "café" in UTF-8. */
const latin1Name = Buffer.from('d/caf\xe9.txt', 'latin1');
let made = true;
try {
  mkdirSync(join(dir, 'd'));
  writeFileSync(Buffer.concat([Buffer.from(`${dir}/`), latin1Name]), 'see http://latin1.example/\n');
  writeFileSync(join(dir, 'd', 'café.txt'), 'see http://utf8.example/\n');
  writeFileSync(Buffer.concat([Buffer.from(`${dir}/`), Buffer.from('empty\xe9.txt', 'latin1')]), 'no links here\n');
  // An mbox of six messages, cut into byte ranges for the workers (URLSIFT_RANGE_BYTES below).
  const messages = [1, 2, 3, 4, 5, 6].map((i) => `From a@b Mon Jan  1 00:00:00 2024\nSubject: m${i}\n\nsee http://box.example/${i} and enough text to pass a range\n\n`);
  writeFileSync(Buffer.concat([Buffer.from(`${dir}/`), Buffer.from('box\xe9.mbox', 'latin1')]), messages.join(''));
} catch {
  made = false; // some file systems refuse names that are not UTF-8
}

/**
 * Runs `urlsift` through bash in `dir`, so that `$(printf '\xe9')` puts the raw byte into
 * its argv, as a shell does for a user (Node's spawn takes only strings).
 */
function urlsift(args: string, env: Record<string, string> = {}): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync('bash', ['-c', `exec "${process.execPath}" "${CLI}" ${args}`], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.skipIf(!made)('file names that are not UTF-8 (skipped when the file system refuses such a name)', () => {
  it('are read while walking a directory, and shown with %E9', () => {
    const result = urlsift('d');
    expect(linesOf(result.stdout)).toEqual(['d/caf%E9.txt:1:5\thttp://latin1.example/', 'd/café.txt:1:5\thttp://utf8.example/']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('are read when named on the command line by their bytes, in JSON too', () => {
    const result = urlsift(`--format jsonl "$(printf 'd/caf\\xe9.txt')"`);
    const records = linesOf(result.stdout).map((line) => JSON.parse(line) as { file: string; url: string; lineText: string });
    expect(records.map(({ file, url, lineText }) => ({ file, url, lineText }))).toEqual([{ file: 'd/caf%E9.txt', url: 'http://latin1.example/', lineText: 'see http://latin1.example/' }]);
    expect(result.code).toBe(0);
  });

  it('read on worker threads (-j 2) and named in CSV and in the error line for a missing one, exit 2', () => {
    const result = urlsift(`-j 2 --format csv "$(printf 'd/caf\\xe9.txt')" d "$(printf 'gone\\xff\\e[31m')"`);
    const rows = linesOf(result.stdout).map((line) => line.split(',').slice(0, 4).join(','));
    expect(rows).toEqual([
      'url,scheme,context,file',
      'http://latin1.example/,http,bare,d/caf%E9.txt',
      'http://latin1.example/,http,bare,d/caf%E9.txt',
      'http://utf8.example/,http,bare,d/café.txt',
    ]);
    // The missing name's byte FF and its ESC are both escaped; nothing reaches the terminal raw.
    expect(linesOf(result.stderr)).toEqual(['urlsift: gone%FF%1B[31m: No such file or directory']);
    expect(result.code).toBe(2);
  });

  it('are read by byte ranges of a large mbox on worker threads, with each match\'s line', () => {
    const result = urlsift(`-j 2 --format jsonl "$(printf 'box\\xe9.mbox')"`, { URLSIFT_RANGE_BYTES: '64' });
    const records = linesOf(result.stdout).map((line) => JSON.parse(line) as { file: string; line: number; lineText: string });
    expect(records.map(({ file, line, lineText }) => `${file}:${line}: ${lineText}`)).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => `box%E9.mbox:${5 * i - 1}: see http://box.example/${i} and enough text to pass a range`),
    );
    expect(result.code).toBe(0);
  });

  it('are read by urlsift pick too, and named the same way', () => {
    // Without a terminal pick stops before drawing, but after reading: a file without URLs says so.
    const empty = urlsift(`pick "$(printf 'empty\\xe9.txt')" < /dev/null`);
    expect(empty.stderr).toBe('urlsift pick: no URL found in empty%E9.txt\n');
    expect(empty.code).toBe(1);
    const missing = urlsift(`pick "$(printf 'gone\\xff')" < /dev/null`);
    expect(linesOf(missing.stderr)).toEqual(['urlsift pick: gone%FF: No such file or directory', 'urlsift pick: no URL found in gone%FF']);
    expect(missing.code).toBe(2);
  });
});
