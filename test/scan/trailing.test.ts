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
    // A hyphen at the end of the text or a line may be a break inside the URL: kept.
    ['http://x.example/a-', 'http://x.example/a-'],
    // A possessive "'s" is the sentence's.
    ["http://x.example/a's", 'http://x.example/a'],
    ["http://x.example/a'S.", 'http://x.example/a'],
    ['http://x.example/as', 'http://x.example/as'],
  ])('%s -> %s', (candidate, expected) => {
    expect(trim(candidate)).toBe(expected);
  });

  it('gives back a hyphen that a space and more of the sentence, or punctuation, follows', () => {
    const run = (text: string) => text.slice(0, trimTrailing(text, 0, text.indexOf(' ') === -1 ? text.length : text.indexOf(' '), 0));
    expect(run('http://x.example/a- next')).toBe('http://x.example/a');
    expect(run('http://x.example/a-- next')).toBe('http://x.example/a');
    expect(run('http://x.example/a-, next')).toBe('http://x.example/a');
    expect(run('http://x.example/a- \nnext')).toBe('http://x.example/a-');
    expect(trim('http://x.example/a-\nnext'.slice(0, 19))).toBe('http://x.example/a-');
  });

  it('never trims below the minimum end', () => {
    expect(trim('news:.', 5)).toBe('news:');
  });

  it('is linear on a long run of closing brackets', () => {
    const candidate = `http://x.example/${')'.repeat(100_000)}`;
    expect(trim(candidate)).toBe('http://x.example/');
  });
});
