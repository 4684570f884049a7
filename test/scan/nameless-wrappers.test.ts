import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { scanText, setFastPaths } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths } from '../support/fast-paths.js';

/**
 * Runs of "<" each before a run of scheme characters that the next "<" ends ("<a<a",
 * "<ab+c<"), passed over by pastNamelessWrappers up to NAMELESS_STEPS (64) at a time, held
 * to the general code (`setFastPaths(false)`, which takes each "<" to atAngle) and to the
 * slow path: the same matches at the same offsets, notes included.
 */

afterEach(() => setFastPaths(true));

describe('runs of nameless wrappers', () => {
  it('a real wrapper after a long run of "<a": found at its offset', () => {
    const text = '<a'.repeat(200) + '<http://a.example/> <a<URL:http://b.example/>';
    expect(scanText(text, {}, true).map((m) => [m.url, m.position.start.offset])).toEqual([
      ['http://a.example/', 400],
      ['http://b.example/', 422],
    ]);
    expectSamePaths(text, {});
  });

  // Runs of scheme characters after "<" of 31 to 34: around MAX_SCHEME_LENGTH (32) and one more.
  const unit = fc.constantFrom(
    '<a', '<ab+c', '<a-b.c', '<A9', '<http', '<url', '<URL', '<u', '<', '<<', '<:', '<a:', '<http:', '<URL:', '=<a', '<a=', '<a ', 'a', ' ',
    '<abcdefghijklmnopqrstuvwxyz01234', '<abcdefghijklmnopqrstuvwxyz0123', '<abcdefghijklmnopqrstuvwxyz012345', '<abcdefghijklmnopqrstuvwxyz0123456', '<mailto:a@b.example>', '<http:/', '<a.b.example>',
  );
  const middle = fc.constantFrom('', 'http://a.example/', '<http://a.example/>', '<URL:http://b.example/>', 'URL=<http://c.example/>', 'www.b.com', 'a@b.example', '<www.d.example>', '<a');
  // Each unit repeated up to past twice NAMELESS_STEPS in a row.
  const repeated = fc.array(fc.tuple(unit, fc.integer({ min: 1, max: 140 })).map(([u, n]) => u.repeat(n)), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));
  const texts = fc.tuple(repeated, middle, repeated, middle).map((parts) => parts.join(''));
  it('generated runs of "<" and scheme characters around real wrappers: the same matches on every path', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), fc.boolean(), (text, emails, fuzzy, strict) => {
        expectSamePaths(text, { emails, fuzzy, strict });
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
