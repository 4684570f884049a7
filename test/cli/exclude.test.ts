import { describe, expect, it } from 'vitest';
import { matchesGlob } from '../../src/cli/exclude.js';

describe('matchesGlob', () => {
  it.each([
    ['notes.expected', '*.expected'],
    ['output.md', 'output.md'],
    ['a.txt', '?.txt'],
    ['anything', '*'],
    ['abcabcabd', '*abd'],
    ['x.tar.gz', '*.*.gz'],
    ['', '*'],
  ])('%s matches %s', (name, pattern) => {
    expect(matchesGlob(name, pattern)).toBe(true);
  });

  it.each([
    ['notes.txt', '*.expected'],
    ['output.md.bak', 'output.md'],
    ['ab.txt', '?.txt'],
    ['abcabcabc', '*abd'],
    ['', '?'],
    ['a', ''],
  ])('%s does not match %s', (name, pattern) => {
    expect(matchesGlob(name, pattern)).toBe(false);
  });

  it('stays fast on patterns made to backtrack', () => {
    // Only the last star is revisited: at most name x pattern steps, here 10^4 x 20.
    expect(matchesGlob('a'.repeat(10_000), `${'*a'.repeat(10)}b`)).toBe(false);
  });
});
