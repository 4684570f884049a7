// The matches a scan of a long text keeps come from literal sites of their own (record in
// src/scan/find-urls.ts, LONG_TEXT_UNITS): they must look exactly like the matches handed
// to eachUrl's callback, which come from the others, and stand at the same places as the
// matches of the short text alone. Generated text in every context, after a filler that
// makes the text long.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FindUrlsOptions, Match } from '../../src/index.js';
import { eachUrl, findUrls, LONG_TEXT_UNITS } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { seen } from '../support/match-shape.js';

/** Lines of 63 spaces: the filler that makes a text long, with no URL in it. */
const FILLER_LINES = Math.ceil(LONG_TEXT_UNITS / 64);
const FILLER = `${' '.repeat(63)}\n`.repeat(FILLER_LINES);

/** Whole URLs in each context, hyphen breaks and a URL over two lines among them. */
const unit = fc.constantFrom(
  ' <URL:http://www.some-\n   host.example/a-b.html> ', ' <URL:ftp://ftp.example.org/pub/x-\n  y.txt> ', ' URL=<http://a.example/> ', ' URL:news:comp.mail.misc ',
  ' www.example.com/a?b=c ', ' ftp.example.org ', ' <mailto:a@b.example?subject=x> ', ' a.b@example.com ', ' https://x.example/p#f ', ' <news:comp.os.linux> ',
  ' http://a.example/p#f ', ' mailto:a@b.example?body=x ', ' <URL:http://x.example/\n  a#b> ', ' gopher://g.example/1 ', 'word', '\n', '-', '.',
);
const text = fc.array(unit, { minLength: 1, maxLength: 24 }).map((units) => units.join(''));
const options = fc.record({ emails: fc.boolean(), fuzzy: fc.boolean(), punycode: fc.boolean() }) as fc.Arbitrary<FindUrlsOptions>;

describe('matches kept from a long text', () => {
  it('look like the matches handed on, and stand where those of the short text alone stand', () => {
    fc.assert(
      fc.property(text, options, (short, opts) => {
        const long = FILLER + short;
        expect(long.length).toBeGreaterThanOrEqual(LONG_TEXT_UNITS);
        const kept = findUrls(long, opts);
        const handed: Match[] = [];
        eachUrl(long, opts, (match) => handed.push(match));
        expect(seen(kept)).toEqual(seen(handed));
        const alone = findUrls(short, opts);
        expect(kept.length).toBe(alone.length);
        kept.forEach((match, index) => {
          const { position, ...rest } = alone[index] as Match;
          expect(JSON.stringify({ ...match, position: undefined })).toBe(JSON.stringify({ ...rest, position: undefined }));
          for (const side of ['start', 'end'] as const) {
            expect(match.position[side]).toEqual({ line: position[side].line + FILLER_LINES, column: position[side].column, offset: position[side].offset + FILLER.length });
          }
          expect(long.slice(match.position.start.offset, match.position.end.offset)).toBe(match.raw);
        });
      }),
      { numRuns: fuzzRuns(40) },
    );
  });
});
