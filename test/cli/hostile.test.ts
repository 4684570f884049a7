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
