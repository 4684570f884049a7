// Properties of findUrls on arbitrary and URL-rich strings (a modest number of runs in
// `npm test`; `npm run fuzz` runs many more).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUrls, type Match, type RejectedCandidate } from '../../src/index.js';
import { MAX_WRAPPER_LINE_BREAKS } from '../../src/scan/wrapper.js';
import { fuzzRuns } from '../fuzz-runs.js';

/** Fragments that make the scanner's paths likely: wrappers, prefixes, breaks, quotes. */
const piece = fc.oneof(
  fc.string(),
  fc.constantFrom('<URL:', '<url: ', 'URL=<', 'URL:', '<', '>', 'http://', 'ftp://', 'mailto:', 'news:', 'www.', 'ftp.', '@', '-\n', '\n> ', '\n>> ', '\n\n', '(', ')', '.', ' ', '\u00a0', '#', '%', 'a.example', '/'),
);
const mailish = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

function checkPositions(text: string, item: Match | RejectedCandidate): void {
  const { start, end } = item.position;
  expect(text.slice(start.offset, end.offset)).toBe(item.raw);
  for (const point of [start, end]) {
    const before = text.slice(0, point.offset);
    expect(point.line).toBe(before.split('\n').length);
    expect(point.column).toBe(point.offset - (before.lastIndexOf('\n') + 1) + 1);
  }
}

describe('findUrls properties', () => {
  it('never throws, and every match and rejection is located exactly', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), mailish, fc.string({ unit: 'binary' })), fc.boolean(), fc.boolean(), (text, emails, schemeless) => {
        const rejected: RejectedCandidate[] = [];
        const matches = findUrls(text, { emails, schemeless, onReject: (r) => rejected.push(r) });
        for (const item of [...matches, ...rejected]) checkPositions(text, item);
        // In text order, never overlapping.
        const spans = [...matches, ...rejected].map((m) => m.position).sort((a, b) => a.start.offset - b.start.offset);
        for (let i = 1; i < spans.length; i++) expect(spans[i]!.start.offset).toBeGreaterThanOrEqual(spans[i - 1]!.end.offset);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('finds a URL wrapped in <URL:...> whatever whitespace is put inside', () => {
    const url = 'http://www.example.org/a/b.html?x=1#top';
    fc.assert(
      fc.property(fc.array(fc.constantFrom(' ', '\t', '\n   ', '\u00a0'), { minLength: url.length + 1, maxLength: url.length + 1 }), (spaces) => {
        // Past the line-break limit a wrapper is unterminated by design (tested elsewhere).
        fc.pre(spaces.filter((space) => space.includes('\n')).length <= MAX_WRAPPER_LINE_BREAKS);
        const body = [...url].map((char, i) => `${spaces[i]}${char}`).join('');
        const matches = findUrls(`see <URL:${body}> now`);
        expect(matches.map((m) => m.url)).toEqual([url]);
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});
