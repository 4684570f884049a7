// End-to-end: bad input and hostile trees on the built command (issue 12). Each case costs
// one process; the inputs are small and written here.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, linesOf, requireBuild, ROOT, runCli, runCliAsync } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'urlsift-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(requireBuild);

describe('urlsift on a hostile directory tree', () => {
  it('exits 0 with every real file\'s URLs past a symlink loop, a link to a directory and a broken link', () => {
    const tree = join(dir, 'tree');
    mkdirSync(join(tree, 'sub'), { recursive: true });
    writeFileSync(join(tree, 'a.txt'), 'see http://a.example/one\n');
    writeFileSync(join(tree, 'sub/b.txt'), 'see http://b.example/two\n');
    symlinkSync('..', join(tree, 'sub/loop'));
    symlinkSync('sub', join(tree, 'link-to-dir'));
    symlinkSync('nowhere', join(tree, 'broken'));
    const result = runCli([tree]);
    expect(linesOf(result.stdout)).toEqual([`${tree}/a.txt:1:5\thttp://a.example/one`, `${tree}/sub/b.txt:1:5\thttp://b.example/two`]);
    expect(linesOf(result.stderr)).toEqual([`urlsift: ${tree}/broken: broken symbolic link: its target does not exist`]);
    expect(result.code).toBe(0);
  });

  it('refuses an xz file by name with exit 2, and still reads the other files', () => {
    const xz = join(dir, 'box.xz');
    writeFileSync(xz, Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04]));
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'see http://c.example/\n');
    const result = runCli([xz, text]);
    expect(linesOf(result.stdout)).toEqual([`${text}:1:5\thttp://c.example/`]);
    expect(linesOf(result.stderr)).toEqual([`urlsift: ${xz}: xz-compressed data cannot be read; decompress it first (xz -dc ${xz} | urlsift -)`]);
    expect(result.code).toBe(2);
  });

  it('reads a FIFO named on the command line as it streams (no positioned reads: ESPIPE)', async () => {
    const fifo = join(dir, 'fifo');
    spawnSync('mkfifo', [fifo]);
    // The writer is its own process: the FIFO opens when both ends are there.
    const writer = spawn('sh', ['-c', 'printf "see http://fifo.example/x\\n" > "$1"', 'sh', fifo]);
    const written = new Promise((resolve) => writer.on('close', resolve));
    const result = await runCliAsync([fifo]);
    await written;
    expect(linesOf(result.stdout)).toEqual([`${fifo}:1:5\thttp://fifo.example/x`]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('reads /dev/stdin named as a file when standard input is a pipe', () => {
    // A shell pipe: Node's own child stdin is a socket, which /dev/stdin cannot open (ENXIO).
    const spawned = spawnSync('sh', ['-c', 'printf "see http://stdin.example/y\\n" | "$0" "$1" /dev/stdin', process.execPath, CLI], { cwd: ROOT, encoding: 'utf8' });
    const result = { stdout: spawned.stdout, code: spawned.status };
    expect(linesOf(result.stdout)).toEqual(['/dev/stdin:1:5\thttp://stdin.example/y']);
    expect(result.code).toBe(0);
  });
});

/** `count` tiny messages, one URL each. */
const messages = (count: number): string =>
  Array.from({ length: count }, (_, i) => `From a@example.org Mon Jan  1 00:00:00 2024\nSubject: ${i}\n\nhttp://a.example/${i}\n\n`).join('');

describe('urlsift when its output or its run is cut short', () => {
  it('on SIGINT writes every whole record found so far, and closes the JSON array', async () => {
    const child = spawn(process.execPath, [CLI, '--format', 'json', '--no-progress', '-'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // Enough records to leave the scanner; standard input stays open, so the run waits for more.
    child.stdin.write(messages(300));
    const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // Interrupted once it has written something: it is then past start-up and waiting for input.
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.kill('SIGINT');
    expect(await ended).toBe(130);
    const records = JSON.parse(stdout) as Array<{ url: string }>;
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((record) => record.url)).toEqual(Array.from({ length: records.length }, (_, i) => `http://a.example/${i}`));
  });

  // Issue 12: Ctrl-C waited for the end of the message being matched (a 31 MB message of
  // dense URLs: 7.7 s). Each case is interrupted at its first output, while the scanner is in
  // its one long message (the signal goes at the first record), and must end long before that
  // message could have been matched whole: fewer records than it holds, each whole and in order.
  describe('on SIGINT inside one long message', () => {
    /** A message of `count` URLs, `http://a.example/` and a space each, on one line. */
    const oneLine = (count: number): string => `From: a@example.org\nSubject: dense\n\n${'http://a.example/ '.repeat(count)}\n`;
    /** A message of `count` URLs, one a line. */
    const perLine = (count: number): string => `From: a@example.org\nSubject: dense\n\n${'http://a.example/\n'.repeat(count)}`;

    /**
     * Runs `urlsift args`, sends SIGINT at its first record (not at the format's header,
     * which is written before any input is read), and returns what it wrote.
     */
    const interruptAtFirstRecord = (args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, '--no-progress', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        const out: Buffer[] = [];
        let sent = false;
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out.push(chunk);
          if (!sent && chunk.includes('http://')) {
            sent = true;
            child.kill('SIGINT');
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr }));
      });

    it('-j 1: stops within the message, every CSV line whole', async () => {
      const count = 160_000; // 2.9 MB; matched whole, about half a second of CPU
      const file = join(dir, 'one-line.eml');
      writeFileSync(file, oneLine(count));
      const result = await interruptAtFirstRecord(['-j', '1', '--format', 'csv', file]);
      expect(result.code).toBe(130);
      expect(result.stderr).toBe('');
      expect(result.stdout.endsWith('\n')).toBe(true);
      const [header, ...records] = linesOf(result.stdout);
      expect(header?.startsWith('url,scheme,context,file,line,column,')).toBe(true);
      expect(records.length).toBeGreaterThan(0);
      expect(records.length).toBeLessThan(count);
      // The first records of the line, in order: the k-th starts at column 1 + 18k.
      const columns = records.map((record) => record.split(',').slice(0, 6));
      expect(columns).toEqual(records.map((_, k) => ['http://a.example/', 'http', 'bare', file, '4', String(1 + 18 * k)]));
    });

    it('-j 2: stops within the main thread\'s message while a worker waits, the JSON array closed', async () => {
      const count = 120_000; // 2.2 MB each
      const first = join(dir, 'per-line-1.eml');
      const second = join(dir, 'per-line-2.eml');
      writeFileSync(first, perLine(count));
      writeFileSync(second, perLine(count));
      // The main thread takes the first file, a worker the second, whose output waits for the first's.
      const result = await interruptAtFirstRecord(['-j', '2', '--format', 'json', first, second]);
      expect(result.code).toBe(130);
      expect(result.stderr).toBe('');
      const records = JSON.parse(result.stdout) as Array<{ url: string; file: string; line: number }>;
      expect(records.length).toBeGreaterThan(0);
      expect(records.length).toBeLessThan(count);
      expect(records.map(({ url, file, line }) => [url, file, line])).toEqual(records.map((_, k) => ['http://a.example/', first, 4 + k]));
    });
  });

  // The main thread matches a document over 1 MiB in steps, with event-loop turns between them
  // (so that SIGINT is heard); a worker matches it in one call. Both must print the same.
  it('prints the same for a long message matched in steps on the main thread (-j 1) as a worker prints (-j 2)', () => {
    // A text part of 1.3 MB and an HTML part of 1.2 MB: URLs, refused candidates (--explain), wrapped URLs
    // cut by a line break, e-mail addresses, and links whose href and text both hold a URL.
    const text: string[] = [];
    const html: string[] = [];
    for (let i = 0; i < 22_000; i++) {
      text.push(i % 7 === 0 ? `bad http://bad${i}.example:99999/ port` : i % 5 === 0 ? `<URL:http://wrap.example/${i}/\n  more>` : `line ${i} see http://t.example/${i}?q=${i % 13} and ann${i}@mail.example.`);
      if (i % 2 === 0) html.push(`<p>${i % 3 === 0 ? 'plain words' : `text http://h.example/${i}`} <a href="http://a.example/${i}">link</a> <img src="ftp://f.example/${i}.png"></p>`);
    }
    const mbox = [
      // An unknown charset: an error record in the same batch as the long part.
      'From a@example.org Mon Jan  1 00:00:00 2024\nSubject: text\nContent-Type: text/plain; charset=x-nonesuch\n\n',
      `${text.join('\n')}\n\n`,
      'From b@example.org Mon Jan  1 00:00:00 2024\nSubject: html\nContent-Type: text/html; charset=utf-8\n\n',
      `<html><body>${html.join('\n')}</body></html>\n`,
    ].join('');
    const big = join(dir, 'long-parts.mbox');
    const small = join(dir, 'small.txt');
    writeFileSync(big, mbox);
    writeFileSync(small, 'see http://small.example/\n');
    // With -j 2 the main thread takes the first file and a worker the second.
    const args = ['--format', 'jsonl', '--explain', '--emails', small, big];
    const stepped = runCli(['-j', '1', ...args]);
    const whole = runCli(['-j', '2', ...args]);
    expect(stepped.code).toBe(0);
    expect(linesOf(stepped.stdout).length).toBeGreaterThan(50_000);
    expect(stepped.stdout).toBe(whole.stdout);
    expect(stepped.stderr).toBe(whole.stderr);
    expect(stepped.stderr).toContain('[unknown-charset]');
  });

  it.skipIf(!existsSync('/dev/full'))('on a full device (> /dev/full) says so once and exits 2', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const result = spawnSync(process.execPath, [CLI, '-'], { cwd: ROOT, input: messages(10), stdio: ['pipe', full, 'pipe'], encoding: 'utf8' });
      expect(result.stderr).toBe('urlsift: (standard output): No space left on device\n');
      expect(result.status).toBe(2);
    } finally {
      closeSync(full);
    }
  });
});
