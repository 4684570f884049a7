import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setFastPaths } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths, scanJson } from '../support/fast-paths.js';

/**
 * nearNamingColon, the colon search's read by hand after a refused colon: colons after
 * words that name no scheme ("tel:( ", "abcd:", "a:") and named schemes' colons before no
 * body ("http: ") count toward its pattern search (DENSE_RUN), which finds the next colon
 * a name of the registry ends (namedColon). Whatever it passes over, the scan must find
 * what the general code (`setFastPaths(false)`) and the slow path (`inPlace` off) find, at
 * the same offsets.
 */

afterEach(() => setFastPaths(true));

describe('colons read by hand after refused colons (nearNamingColon)', () => {
  // Refused by name (labels, words that end as a scheme's name does or as none does), refused
  // for their empty body, and words whose colon a candidate follows.
  const refused = fc.constantFrom('tel:( ', 'urn:x ', 'mid:', 'cid:(', 'abcd:', 'abcdefgh:', 'a:', 'xhttp:', 'Subject:', '10:30', 'http: ', 'news:\n', 'ftp:"', 'x');
  const candidate = fc.constantFrom('http://a.example/', 'tel:http://b.example/', 'news:a@b', 'abcd:http://c.example/ ', 'URL:ftp://d.example/', 'mailto:e@f.example', 'xhttp:x', 'nntp:g');
  const texts = fc
    .tuple(fc.array(refused, { minLength: 1, maxLength: 160 }), fc.array(fc.tuple(candidate, fc.array(refused, { maxLength: 100 })), { maxLength: 3 }))
    .map(([before, rest]) => before.join('') + rest.map(([c, after]) => c + after.join('')).join(''));

  it('fast path, general path and slow path: the same matches at the same offsets', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), (text, emails, fuzzy) => {
        expectSamePaths(text, { emails, fuzzy });
      }),
      { numRuns: fuzzRuns(400) },
    );
  });

  it('a candidate after each count of refused colons, around DENSE_RUN and PASS_STEPS, is found where it stands', () => {
    for (const unit of ['tel:( ', 'abcd:', 'a:', 'urn:x ', 'http: ']) {
      // Around DENSE_RUN (8), past it (72) and around PASS_STEPS (1,024), where the read hands back to colonFrom.
      for (const count of [...Array.from({ length: 91 }, (_, n) => n), ...Array.from({ length: 40 }, (_, n) => 1016 + n), 2049, 2060]) {
        const text = `${unit.repeat(count)}http://a.example/ ${unit.repeat(3)}`;
        const fast = scanJson(text, {}, 'fast');
        expect(fast, `${unit} x ${count}`).toBe(scanJson(text, {}, 'slow'));
        const { matches } = JSON.parse(fast) as { matches: { position: { start: { offset: number } } }[] };
        expect(matches.map((m) => m.position.start.offset), `${unit} x ${count}`).toEqual([unit.repeat(count).length]);
      }
    }
  });
});
