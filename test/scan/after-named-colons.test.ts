import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setFastPaths } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths, scanJson } from '../support/fast-paths.js';

/**
 * The colon search after a colon that a name of the registry may end (nearNamingColon,
 * namesNoSchemeIn, mayBeName): the name's last character, read once, tells which lengths to
 * look at, and each is looked up by its first two characters and that last one; a colon
 * before what ends every bare run ("http: ", "news:\n", "ftp:<") is passed over, others go
 * on to the scan. Names in any case, every kind of character after the colon, and URLs
 * whose body starts with punctuation ("news:*", "mailto:%61@...") right after them: the
 * scan must find what the general code (`setFastPaths(false)`) and the slow path
 * (`inPlace` off) find, at the same offsets.
 */

afterEach(() => setFastPaths(true));

describe('colons after names of any case, before any character (nearNamingColon, mayBeName)', () => {
  // A name that ends as a scheme's does, its colon, then each kind of character after it.
  const named = fc.constantFrom('http', 'HTTP', 'News', 'ftp', 'tel', 'mid', 'xhttp', 'abcdefgh', 'a', 'URL', '-http', 'svn+ssh', 'Svn+SSH', 'z39.50s');
  const after = fc.constantFrom(' ', '\n', '\t', '<', '>', '"', ':', '::', 'a', 'ftp', '(', 'é', '漢', '.', '+', '-', '_', '@', '');
  const units = fc.array(fc.tuple(named, after).map(([name, next]) => `${name}:${next}`), { minLength: 1, maxLength: 120 });
  // Bodies that start with a scheme character, "/", or other punctuation ("%", "*", "~").
  const candidate = fc.constantFrom('http://a.example/', 'news:a@b', 'URL:ftp://d.example/', 'mailto:e@f.example', 'nntp:g', 'news:*', 'mailto:%61@b.example', 'ftp:~a', '');

  it('fast path, general path and slow path: the same matches at the same offsets', () => {
    fc.assert(
      fc.property(units, candidate, units, fc.boolean(), fc.boolean(), (before, url, rest, emails, fuzzy) => {
        expectSamePaths(before.join('') + url + ' ' + rest.join(''), { emails, fuzzy }, [false, true]);
      }),
      { numRuns: fuzzRuns(400) },
    );
  });

  it('a candidate after a run of named colons, each followed by one kind of character, is found where it stands', () => {
    const units = ['http: ', 'HTTP:\n', 'http:<', 'http::', 'http:a', 'http:(', 'http:é', 'ftp: a:', 'news:\tNEWS:', 'abcd:', 'tel:( ', 'svn+SSH:x'];
    for (const unit of units) {
      for (const url of ['http://a.example/', 'news:*', 'mailto:%61@b.example', 'ftp:~a']) {
        for (const count of [0, 1, 2, 7, 8, 9, 71, 72, 73, 1023, 1024, 1025]) {
          const text = `${unit.repeat(count)}${url} ${unit.repeat(3)}`;
          const fast = scanJson(text, {}, 'fast');
          expect(fast, `${JSON.stringify(unit)} x ${count} ${url}`).toBe(scanJson(text, {}, 'general'));
          expect(fast, `${JSON.stringify(unit)} x ${count} ${url} (slow)`).toBe(scanJson(text, {}, 'slow'));
        }
      }
    }
  });
});
