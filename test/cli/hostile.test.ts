// End-to-end: bad input and hostile trees on the built command (issue 12). Each case costs
// one process; the inputs are small and written here.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesOf, requireBuild, runCli } from './run-cli.js';

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
    expect(linesOf(result.stderr)).toEqual([`urlsift: ${xz}: xz-compressed data cannot be read; decompress it first (xz -dc ${xz} | urlsift -) [unsupported-compression]`]);
    expect(result.code).toBe(2);
  });
});
