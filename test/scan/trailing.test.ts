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
    ['http://x.example/a[b]', 'http://x.example/a[b]'],
    // A footnote mark of at most three digits goes back to the text; a longer index stays.
    ['http://x.example/a[1]', 'http://x.example/a'],
    ['http://x.example/a[12]).', 'http://x.example/a'],
    ['http://x.example/a[1234]', 'http://x.example/a[1234]'],
    ['http://x.example/[1]', 'http://x.example/'],
    ['http://x.example/(a)(b))', 'http://x.example/(a)(b)'],
    // A hyphen ending the run is a dash of the sentence; a possessive "'s" is the sentence's.
    ['http://x.example/a-', 'http://x.example/a'],
    ['http://x.example/a--', 'http://x.example/a'],
    ["http://x.example/a's", 'http://x.example/a'],
    ["http://x.example/a'S.", 'http://x.example/a'],
    ['http://x.example/as', 'http://x.example/as'],
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
