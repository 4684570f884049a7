// The in-place readers (src/schemes/in-place.ts) against the oracle: the same scan with
// every candidate handed as a string to its scheme's full parser. Output must be
// byte-identical, every field and key order included (compared as JSON), with and without
// rejections asked for, on the whole shared corpus and on generated URL-rich text.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Match, RejectedCandidate } from '../../src/index.js';
import { type FindUrlsOptions, scanText } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { filesUnder, readText } from '../support/corpus-files.js';

const shared = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const present = existsSync(shared);
if (!present) console.warn('skipping the in-place differential test on the shared corpus: ../shared/corpus is not beside this checkout');

/** Matches and rejections of one scan, as JSON: what a byte-identical comparison needs. */
function scanJson(text: string, options: FindUrlsOptions, inPlace: boolean, withRejections: boolean): string {
  const rejected: RejectedCandidate[] = [];
  const matches: Match[] = scanText(text, withRejections ? { ...options, onReject: (r) => rejected.push(r) } : options, inPlace);
  return JSON.stringify({ matches, rejected });
}

describe('in-place readers against the full parsers', () => {
  it.skipIf(!present)('give byte-identical findUrls output on every file of the shared corpus', () => {
    let files = 0;
    let matches = 0;
    for (const path of filesUnder(shared)) {
      const text = readText(path);
      // The default options (no rejections asked for: the fast paths that skip parsers
      // are on), then e-mail addresses with rejections.
      const plain = scanJson(text, {}, true, false);
      expect(plain, path).toBe(scanJson(text, {}, false, false));
      const emails = scanJson(text, { emails: true }, true, true);
      expect(emails, path).toBe(scanJson(text, { emails: true }, false, true));
      files++;
      matches += scanText(text, {}, true).length;
    }
    // The corpus is large; a handful of files or matches means it was not read.
    expect(files).toBeGreaterThan(1000);
    expect(matches).toBeGreaterThan(10_000);
  });

  /** Pieces that reach each branch of the readers: hosts, ports, user names, escapes, IRIs, fragments. */
  const piece = fc.oneof(
    { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'http://', 'HTTPS://', 'hTtp:', 'ws://', 'mailto:', 'MailTo:', 'ftp://', 'FTP://', 'news:', 'snews:', 'news://', '*', ';type=a', ';x', '<http:', '<news:', 'mailto:<', '?subject=', '&body=a%20b', '?To=', '&cc=', '?SUBJECT=', '&Subject=', '&In-Reply-To=', '&bcc=', '&keywords=', '&bodies=', '=', '<', '>', '<URL:', 'URL:', 'www.', '@', ' ', '\n',
        'a', 'example', '.com', '.', '..', '-', 'x-', '1', '192.168.0.1', '[::1]', ':', ':8080', ':80', ':443', 'user@', 'u:p@',
        '/', '/path', '?', '?q=1&b=2', '#', '#frag', '%', '%20', '%0d', '%0A', '%00', '%zz', '%e4%bd%a0', '~', '|', '^', '{', '}', '`',
        'é', '例え', '\u202e', '\u0085', '\ud800', '😀', 'bücher.de', 'xn--bcher-kva.de', "'", '(', ')', ',', ';', '=', '*', '+', '_', '!', '$',
        'a'.repeat(64), 'b'.repeat(70),
        // Wrappers read in place or not (a quote cuts the body, a missing "//" is repaired), fuzzy hosts.
        '"', 'URL=<', 'url:', '<URL: ', 'http:www.a.example', '-\n', '\n> ', 'example.com/x', '192.0.2.1:8080/', 'a.museum', 'www.a.example',
      ),
    },
  );
  const urlish = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

  it('give byte-identical output on generated URL-rich text, in every mode', () => {
    fc.assert(
      fc.property(urlish, fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (text, emails, schemeless, strict, fuzzy, punycode, withRejections) => {
        const options = { emails, schemeless, strict, fuzzy, punycode };
        expect(scanJson(text, options, true, withRejections)).toBe(scanJson(text, options, false, withRejections));
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });

  it('give mailto header fields the same null-prototype record, names in lower case', () => {
    const text = 'mailto:a@example.org?SUBJECT=hi&In-Reply-To=x&X-Other=y';
    const [fast] = scanText(text, {}, true);
    const [full] = scanText(text, {}, false);
    expect(Object.getPrototypeOf(fast?.parts.fields)).toBe(null);
    expect(Object.getPrototypeOf(full?.parts.fields)).toBe(null);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(full));
    expect(Object.keys(fast?.parts.fields ?? {})).toEqual(['subject', 'in-reply-to', 'x-other']);
  });

  it('really take the fast path: a plain URL comes back with the shared empty notes', () => {
    // Frozen shared arrays are what the in-place readers return; the full parsers build new ones.
    const [fast] = scanText('see http://www.example.com/a?b#c', {}, true);
    const [full] = scanText('see http://www.example.com/a?b#c', {}, false);
    expect(Object.isFrozen(fast?.parts.notes)).toBe(true);
    expect(Object.isFrozen(full?.parts.notes)).toBe(false);
    expect(fast).toEqual(full);
  });
});
