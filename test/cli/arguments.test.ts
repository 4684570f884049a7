import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { argumentPath, recoverArguments } from '../../src/cli/arguments.js';

const dir = mkdtempSync(join(tmpdir(), 'urlsift-argv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A /proc/self/cmdline of these entries (NUL after each, as Linux writes it). */
function cmdline(...entries: Array<string | Buffer>): string {
  const file = join(dir, `cmdline-${Math.random()}`);
  writeFileSync(file, Buffer.concat(entries.flatMap((entry) => [Buffer.from(entry), Buffer.from([0])])));
  return file;
}

describe('the command line as bytes', () => {
  const latin1 = Buffer.from('caf\xe9.txt', 'latin1');
  // What Node gives for those bytes in process.argv.
  const lossy = latin1.toString('utf8');

  it('reads the bytes of a lossily decoded argument back, past node options before the script', () => {
    const file = cmdline('node', '--cpu-prof', 'cli.js', '-o', latin1, 'plain.txt');
    const recovered = recoverArguments(['-o', lossy, 'plain.txt'], file);
    expect(recovered.args).toEqual(['-o', 'caf%E9.txt', 'plain.txt']);
    expect(argumentPath('caf%E9.txt', recovered)).toEqual(latin1);
    expect(argumentPath('plain.txt', recovered)).toBe('plain.txt');
  });

  it('tells two names apart that Node decodes to the same text', () => {
    const other = Buffer.from('caf\xe8.txt', 'latin1');
    const recovered = recoverArguments([lossy, other.toString('utf8')], cmdline('node', 'cli.js', latin1, other));
    expect(recovered.args).toEqual(['caf%E9.txt', 'caf%E8.txt']);
    expect(argumentPath('caf%E8.txt', recovered)).toEqual(other);
  });

  it('keeps the arguments as they are when the bytes cannot be had or do not match', () => {
    expect(recoverArguments([lossy], join(dir, 'no-such-cmdline')).args).toEqual([lossy]);
    expect(recoverArguments([lossy], cmdline('node', 'cli.js', 'something-else')).args).toEqual([lossy]);
    // A real U+FFFD is valid UTF-8: nothing to recover.
    expect(recoverArguments(['odd\uFFFD'], cmdline('node', 'cli.js', 'odd\uFFFD')).args).toEqual(['odd\uFFFD']);
  });
});
