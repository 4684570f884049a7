// What a user sees of a match, object by object: own keys in order, JSON, a spread copy,
// prototypes and array contents. The in-place scan (fast paths on) against the slow path
// (every candidate given to its scheme's full parser, fast paths off), on generated text
// that reaches every context (bare, angle, wrapper with hyphen breaks, prefix, schemeless,
// email) and the in-place schemes (http, https, ftp, mailto, news) beside the others.
// Alternatives, which both paths build alike, are checked against hyphenReadings itself.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Match } from '../../src/index.js';
import { parseUrl } from '../../src/index.js';
import { type FindUrlsOptions, scanText, setFastPaths } from '../../src/scan/find-urls.js';
import { isRejection } from '../../src/schemes/parsed.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { seen } from '../support/match-shape.js';

function scanBoth(text: string, options: FindUrlsOptions): { fast: Match[]; slow: Match[] } {
  setFastPaths(true);
  const fast = scanText(text, options, true);
  setFastPaths(false);
  const slow = scanText(text, options, false);
  setFastPaths(true);
  return { fast, slow };
}

afterEach(() => setFastPaths(true));

const piece = fc.oneof(
  { weight: 1, arbitrary: fc.string({ maxLength: 5 }) },
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      'http://', 'https://', 'HTTP://', 'ftp://', 'mailto:', 'news:', 'nntp://', 'gopher://', 'telnet://', 'file:///', 'wais://', 'prospero://',
      '<', '>', '<URL:', 'URL:', 'URL=<', 'www.', 'ftp.', '@', ' ', '\n', '-\n   ', '-\n> ', '"',
      'a', 'host', 'some-', 'example', '.com', '.org', '.example', '.', '-', '1', '192.0.2.1', '[::1]', ':8080', 'user@', 'u:p@',
      '/', '/a/b', '/x.html', '?', '?q=1', '?subject=hi', '&body=a', '#', '#frag', '%20', '%0d', ';type=a', 'comp.mail.misc', '*', 'é', '|',
    ),
  },
);
/** Whole URLs in each context, so that every one is reached often. */
const unit = fc.constantFrom(
  ' <URL:http://www.some-\n   host.example/a-b.html> ', ' <URL:ftp://ftp.example.org/pub/x-\n  y.txt> ', ' URL=<http://a.example/> ', ' URL:news:comp.mail.misc ',
  ' www.example.com/a?b=c ', ' ftp.example.org ', ' <mailto:a@b.example?subject=x> ', ' a.b@example.com ', ' https://x.example/p#f ', ' <news:comp.os.linux> ',
  ' example.org/x ', ' 192.0.2.1:8080/ ', ' mailto:a@b.example?body=x ', ' mailto:a@b.example?X-Y=z ', ' mailto:a@b.example?Subject=x&body=y ',
);
const text = fc.array(fc.oneof({ weight: 4, arbitrary: piece }, { weight: 1, arbitrary: unit }), { maxLength: 30 }).map((parts) => parts.join(''));

describe('match objects', () => {
  it('look the same from the fast paths as from the slow path: keys, order, JSON, spread, prototypes', () => {
    fc.assert(
      fc.property(text, fc.boolean(), fc.boolean(), fc.boolean(), (input, emails, fuzzy, punycode) => {
        const { fast, slow } = scanBoth(input, { emails, fuzzy, punycode });
        expect(seen(fast)).toEqual(seen(slow));
      }),
      { numRuns: fuzzRuns(1500) },
    );
  });

  it('reach every context and the in-place schemes on the generated text', () => {
    const contexts = new Set<string>();
    const schemes = new Set<string>();
    fc.assert(
      fc.property(text, (input) => {
        for (const match of scanText(input, { emails: true }, true)) {
          contexts.add(match.context);
          schemes.add(match.scheme);
        }
      }),
      { numRuns: 3000, seed: 10 },
    );
    expect([...contexts].sort()).toEqual(['angle', 'bare', 'email', 'prefix', 'schemeless', 'wrapper']);
    for (const scheme of ['http', 'https', 'ftp', 'mailto', 'news']) expect(schemes).toContain(scheme);
  });

  it('list as alternatives the other hyphen readings that parse, in order, as plain arrays', () => {
    const bodies = fc.array(fc.constantFrom('www.', 'some-', 'host', 'a-', 'b', '.example', '/', 'x-', 'c.html', '%zz', '-'), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(fc.array(bodies, { minLength: 1, maxLength: 3 }), (lines) => {
        // A wrapper whose body is broken after each line's last character, as mail wraps it.
        const body = `http://${lines.map((line) => line.join('')).join('\n   ')}`;
        const [match] = scanText(`See <URL:${body}> now.`, {}, true);
        if (match === undefined) return;
        const readings = hyphenReadingsOf(body);
        const valid = readings.filter((reading) => !isRejection(parseUrl(reading)));
        expect(match.url).toBe(valid[0]);
        expect(match.alternatives).toEqual(valid.slice(1));
        expect(Object.getPrototypeOf(match.alternatives)).toBe(Array.prototype);
        expect(Object.keys(match.alternatives)).toEqual(valid.slice(1).map((_, index) => String(index)));
      }),
      { numRuns: fuzzRuns(1000) },
    );
  });
});

/**
 * The readings of a wrapper body per RFC 1738 Appendix, written out here: whitespace
 * at line breaks removed, and a hyphen just before a break kept or dropped, all kept
 * first, then dropped in every combination, fewest first (at most three breaks here).
 */
function hyphenReadingsOf(body: string): string[] {
  let url = '';
  const breaks: number[] = [];
  for (const line of body.split(/\n */)) {
    if (url !== '' && url.endsWith('-')) breaks.push(url.length - 1);
    url += line;
  }
  const masks = Array.from({ length: 1 << breaks.length }, (_, mask) => mask).sort((a, b) => popCount(a) - popCount(b) || a - b);
  return masks.map((mask) => url.split('').filter((_, i) => !breaks.some((at, bit) => at === i && mask & (1 << bit))).join(''));
}

function popCount(mask: number): number {
  let count = 0;
  for (let bits = mask; bits !== 0; bits >>= 1) count += bits & 1;
  return count;
}
