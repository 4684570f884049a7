import { describe, expect, it } from 'vitest';
import { trimTrailing } from '../../src/scan/trailing.js';

const trim = (candidate: string, minEnd = 0) => candidate.slice(0, trimTrailing(candidate, 0, candidate.length, minEnd));

describe('trimTrailing', () => {
  it.each([
    ['http://x.example/a.', 'http://x.example/a'],
    ['http://x.example/a,;:!?', 'http://x.example/a'],
    ["http://x.example/a'\"", 'http://x.example/a'],
    ['http://x.example/a*`', 'http://x.example/a'],
    ['http://x.example/)', 'http://x.example/'],
    ['http://x.example/a]', 'http://x.example/a'],
    ['http://x.example/a}', 'http://x.example/a'],
    ['http://en.wikipedia.org/wiki/Foo_(bar)).', 'http://en.wikipedia.org/wiki/Foo_(bar)'],
    ['http://x.example/a[1]', 'http://x.example/a[1]'],
    ['http://x.example/(a)(b))', 'http://x.example/(a)(b)'],
    ['http://x.example/a-', 'http://x.example/a-'],
  ])('%s -> %s', (candidate, expected) => {
    expect(trim(candidate)).toBe(expected);
  });

  it('never trims below the minimum end', () => {
    expect(trim('news:.', 5)).toBe('news:');
  });

  it('is linear on a long run of closing brackets', () => {
    const candidate = `http://x.example/${')'.repeat(100_000)}`;
    expect(trim(candidate)).toBe('http://x.example/');
  });
});
