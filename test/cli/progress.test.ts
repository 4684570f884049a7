// The progress display of the built command: drawn on stderr when stderr is a terminal
// (a pseudo-terminal made with python3's pty module), never when stderr is a pipe.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes, formatSeconds } from '../../src/cli/progress.js';
import { CLI, requireBuild, ROOT, runCli } from './run-cli.js';

/** Runs a command with stderr on a 100-column pseudo-terminal and prints what the terminal received. */
const PTY_SCRIPT = `
import fcntl, os, pty, struct, subprocess, sys, termios
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 100, 0, 0))
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
os.close(slave)
received = b''
while True:
    try:
        data = os.read(master, 65536)
    except OSError:
        break
    if not data:
        break
    received += data
child.wait()
sys.stdout.buffer.write(received)
sys.exit(child.returncode)
`;

const ptyWorks = spawnSync('python3', ['-c', PTY_SCRIPT, 'true'], { stdio: 'ignore' }).status === 0;
if (!ptyWorks) console.warn('[urlsift] python3 with the pty module is not available: the progress-on-a-terminal test is skipped');

let temp: string;
let input: string;
beforeAll(() => {
  requireBuild();
  temp = mkdtempSync(join(tmpdir(), 'urlsift-progress-'));
  // About 30 MB: long enough (well over the display's 250 ms delay) on any machine.
  input = join(temp, 'long.txt');
  const lines: string[] = [];
  for (let i = 0; i < 400_000; i++) lines.push(`A line of mail-like text, number ${i}, pointing at http://host${i % 101}.example.org/p/${i}.`);
  writeFileSync(input, `${lines.join('\n')}\n`);
});
afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

function onTerminal(args: readonly string[]): { code: number | null; terminal: string } {
  const result = spawnSync('python3', ['-c', PTY_SCRIPT, process.execPath, CLI, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status, terminal: result.stdout };
}

describe.skipIf(!ptyWorks)('progress on a terminal', () => {
  // One job scans on the main thread; two paths on two jobs: the main thread and a worker report.
  it.each([
    ['-j 1', (): string[] => ['-j', '1', input]],
    ['-j 2, two paths', (): string[] => ['-j', '2', input, input]],
  ])('is drawn on stderr: bytes, messages, rate and ETA (%s)', (_name, args) => {
    const { code, terminal } = onTerminal(args());
    expect(code).toBe(0);
    expect(terminal).toMatch(/urlsift .*\d+% \| [\d.]+ [kMG]?B of [\d.]+ [kMG]?B\+? \| \d+ messages \| [\d.]+ [kMG]?B\/s \| ETA /);
  }, 300_000);

  it('is not drawn with --no-progress', () => {
    const { code, terminal } = onTerminal(['--no-progress', '-j', '1', input]);
    expect(code).toBe(0);
    expect(terminal).toBe('');
  }, 300_000);
});

describe('progress on a pipe', () => {
  it('is never drawn, even when asked for', () => {
    const { code, stderr } = runCli(['--progress', '-j', '2', input]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  }, 300_000);
});

describe('what the display shows', () => {
  it('sizes in B, kB, MB and GB (powers of 1000)', () => {
    expect([formatBytes(999), formatBytes(1500), formatBytes(101_253_897), formatBytes(1_012_538_970)]).toEqual(['999 B', '1.5 kB', '101.3 MB', '1.01 GB']);
  });

  it('durations in seconds, minutes and hours', () => {
    expect([formatSeconds(0.4), formatSeconds(59.6), formatSeconds(185), formatSeconds(3720)]).toEqual(['0s', '1m00s', '3m05s', '1h02m']);
  });
});
