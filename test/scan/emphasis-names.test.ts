import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setFastPaths } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths, scanJson } from '../support/fast-paths.js';

/**
 * passRefusedEmphasis after a refused emphasis "_scheme:": the later "_name:" of the run are
 * passed over when their name is the last one passed (by its key up to NAME_KEY_LENGTH, seven
 * characters; compared where it stands when longer) or a known scheme. Names of one to
 * fifteen characters, known and unknown of the same length, in any case: the scan must find
 * what the general code (`setFastPaths(false)`) and the slow path (`inPlace` off) find.
 */

afterEach(() => setFastPaths(true));

describe('emphasis names passed over in a refused run (passRefusedEmphasis)', () => {
  // Known names of 2 to 15 characters, and unknown ones of the same lengths (after a dot, a
  // known one starts: "a.ftp://..." is a URL, though "https" has the same length).
  const name = fc.constantFrom('im', 'ftp', 'ftq', 'http', 'https', 'a.ftp', 'x.http', 'a.svn+ssh', 'HTTP', 'htxp', 'gopher', 'gophes', 'svn+ssh', 'Svn+Ssh', 'svn+sst', 'z39.50s', 'prospero', 'prosperx', 'opaquelocktoken', 'opaquelocktokex', 'a', 'url', 'URL');
  const body = fc.constantFrom('a', 'a(', '(', '//a.example', '//b.example/x(', '//a.example_', 'http://c.example_', 'x_', '');
  const run = fc.array(fc.tuple(name, body).map(([n, b]) => `_${n}:${b}`), { minLength: 1, maxLength: 150 });
  const candidate = fc.constantFrom(' http://a.example/ ', ' _http://b.example_ ', '', ' ');

  it('fast path, general path and slow path: the same matches at the same offsets', () => {
    fc.assert(
      fc.property(fc.constantFrom('', '(', 'x'), run, candidate, run, (before, first, url, rest) => {
        expectSamePaths(before + first.join('') + url + rest.join(''), {}, [false, true]);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('a run of one name, then another of the same length, past a chunk of the pass', () => {
    for (const [known, other] of [['https', 'a.ftp'], ['gopher', 'x.http'], ['prospero', 'a.svn+ssh'], ['ftp', 'url'], ['ftp', 'URL'], ['http', 'htxp'], ['svn+ssh', 'svn+sst'], ['prospero', 'prosperx'], ['opaquelocktoken', 'opaquelocktokex'], ['HTTP', 'http']]) {
      for (const count of [1, 2, 3, 500, 520]) {
        const text = `(${`_${known}:a`.repeat(count)}_${other}://b.example/x(${`_${known}:a`.repeat(3)}`;
        const fast = scanJson(text, {}, 'fast');
        expect(fast, `${known} x ${count} ${other}`).toBe(scanJson(text, {}, 'general'));
        expect(fast, `${known} x ${count} ${other} (slow)`).toBe(scanJson(text, {}, 'slow'));
      }
    }
  });
});
