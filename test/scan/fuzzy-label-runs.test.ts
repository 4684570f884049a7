import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { scanText, setFastPaths } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths } from '../support/fast-paths.js';

/**
 * Fuzzy mode, runs of dots that fuzzyLabelEndsAt refuses ("a.(" repeated), passed over
 * by pastFuzzyLabels up to NAMELESS_STEPS (64) at a time, held to the general code
 * (`setFastPaths(false)`, which takes each dot to atDot) and to the slow path: the same
 * matches at the same offsets, notes included.
 */

afterEach(() => setFastPaths(true));

describe('fuzzy mode, runs of refused labels', () => {
  it('a real host after a long run of "a.(": found at its offset', () => {
    const text = 'a.('.repeat(200) + 'b.example.com/x a.(a.(www.c.example';
    expect(scanText(text, { fuzzy: true }, true).map((m) => [m.url, m.position.start.offset])).toEqual([
      ['http://b.example.com/x', 600],
      ['http://www.c.example', 622],
    ]);
    expectSamePaths(text, { fuzzy: true });
  });

  const unit = fc.constantFrom(
    'a.(', 'a.', '.a', 'a.b', 'ab.', 'a9.(', 'w.(', 'p.(', 'W.', 'www.(', 'ftp.(', 'a..', 'a.-', 'a._', 'a. ', 'a.\n', 'é.(', '漢a.(', '1.2.3.4', 'a.io', 'a.com(', ':', '(', ' ', 'a',
  );
  const middle = fc.constantFrom('', 'b.example.com/x', 'www.c.example', 'http://d.example/', '10.1.2.3:80/', 'a@b.example', 'x.io', '<e.example>', 'www.a(');
  // Each unit repeated up to past twice NAMELESS_STEPS in a row.
  const repeated = fc.array(fc.tuple(unit, fc.integer({ min: 1, max: 140 })).map(([u, n]) => u.repeat(n)), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));
  const texts = fc.tuple(repeated, middle, repeated, middle).map((parts) => parts.join(''));
  it('generated runs of labels and dots around real hosts: the same matches on every path', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), (text, emails, strict) => {
        expectSamePaths(text, { fuzzy: true, emails, strict });
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
