import { describe, expect, it } from 'vitest';
import { hyphenReadings, MAX_HYPHEN_BREAKS } from '../../src/scan/hyphen.js';

describe('hyphenReadings', () => {
  it('gives the URL alone when no hyphen stood at a line end', () => {
    expect(hyphenReadings('http://a-b.example/', [])).toEqual(['http://a-b.example/']);
  });

  it('keeps every hyphen first, then drops them in every combination, fewest first', () => {
    const url = 'http://www.some-host.example/a-b-c.html';
    const breaks = [url.indexOf('-'), url.lastIndexOf('-')];
    expect(hyphenReadings(url, breaks)).toEqual([
      'http://www.some-host.example/a-b-c.html',
      'http://www.somehost.example/a-b-c.html',
      'http://www.some-host.example/a-bc.html',
      'http://www.somehost.example/a-bc.html',
    ]);
  });

  it('offers only all-kept and all-dropped past the limit', () => {
    const url = 'a-b-c-d-e-f';
    const breaks = [1, 3, 5, 7, 9].slice(0, MAX_HYPHEN_BREAKS + 1);
    const readings = hyphenReadings(url, breaks);
    expect(readings).toHaveLength(2);
    expect(readings[0]).toBe(url);
    expect(readings[1]).toBe(url.split('').filter((_, i) => !breaks.includes(i)).join(''));
  });
});
