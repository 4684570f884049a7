import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuild, ROOT } from './run-cli.js';

let temp: string;
let input: string;

beforeAll(() => {
  requireBuild();
  temp = mkdtempSync(join(tmpdir(), 'urlsift-output-'));
  input = join(temp, 'wide.txt');
  // Lines with two- and three-byte UTF-8 characters around each URL: JSON records carry the
  // line, so a write that the full pipe cuts short can end inside a character.
  const lines: string[] = [];
  for (let i = 0; i < 20_000; i++) lines.push(`Grüße ☃ ${'é'.repeat(i % 7)} line ${i}: http://host${i % 97}.example.org/p/${i} ☃ ünd`);
  writeFileSync(input, `${lines.join('\n')}\n`);
});

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

/** Runs the command with its stdout on a pipe that is read in bursts, after pauses that let it fill. */
function readSlowly(args: readonly string[]): Promise<{ code: number | null; stdout: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    let chunks = 0;
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), 300);
    child.stdout.on('data', (chunk: Buffer) => {
      out.push(chunk);
      if (++chunks % 40 === 0) {
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 20);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out) }));
  });
}

describe('output to a pipe', () => {
  it('reaches a slow reader whole: every byte, in order, as written to a file', async () => {
    const file = join(temp, 'out.jsonl');
    const slow = await readSlowly(['--format', 'jsonl', input]);
    const direct = await readSlowly(['--format', 'jsonl', '--output', file, input]);
    expect(slow.code).toBe(0);
    expect(direct.code).toBe(0);
    const expected = readFileSync(file);
    expect(expected.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(slow.stdout.equals(expected)).toBe(true);
  }, 120_000);
});
