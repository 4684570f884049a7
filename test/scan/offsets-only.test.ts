// Scans whose callback is marked offsetsOnly (the command line's lean path reads each match's
// offsets alone) skip the walk of the text's lines: against the same scan with a plain
// callback, its oracle, every match is the same, every field, key and key order, except
// each point's line (0) and column (offset + 1); with rejections asked for, nothing differs.
// On the shared corpus and generated multi-line text, through eachUrl and the resumable scan.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Match, Point } from '../../src/scan/match.js';
import { eachUrl, type FindUrlsOptions, offsetsOnly, scanUrlsBefore, startUrlScan } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { filesUnder, readText } from '../support/corpus-files.js';
import { seen } from '../support/match-shape.js';

const shared = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const present = existsSync(shared);
if (!present) console.warn('skipping the offsets-only test on the shared corpus: ../shared/corpus is not beside this checkout');

/** What a plain callback gets, its points changed as offsetsOnly promises: line 0, column offset + 1. */
function promised(matches: Match[]): Match[] {
  const point = ({ offset }: Point): Point => ({ line: 0, column: offset + 1, offset });
  return matches.map((match) => ({ ...match, position: { start: point(match.position.start), end: point(match.position.end) } }));
}

/** The matches of eachUrl with a plain callback (`marked` false) or an offsetsOnly one, and the rejections' JSON. */
function scanned(text: string, options: FindUrlsOptions, marked: boolean, withRejections: boolean): { matches: Match[]; rejected: string[] } {
  const matches: Match[] = [];
  const rejected: string[] = [];
  const onMatch = (match: Match): void => void matches.push(match);
  const onReject = withRejections ? (rejection: unknown) => void rejected.push(JSON.stringify(rejection)) : undefined;
  eachUrl(text, { ...options, onReject }, marked ? offsetsOnly(onMatch) : onMatch);
  return { matches, rejected };
}

/** {@link scanned} through the resumable scan, `step` characters at a time. */
function stepped(text: string, options: FindUrlsOptions, marked: boolean, step: number): Match[] {
  const matches: Match[] = [];
  const onMatch = (match: Match): void => void matches.push(match);
  const scan = startUrlScan(text, options, marked ? offsetsOnly(onMatch) : onMatch);
  for (let until = step; !scanUrlsBefore(scan, until); until += step);
  return matches;
}

/** Checks one text in both modes, with and without rejections; returns how many matches it holds. */
function check(text: string, options: FindUrlsOptions, label: string): number {
  const plain = scanned(text, options, false, false).matches;
  expect(seen(scanned(text, options, true, false).matches), label).toEqual(seen(promised(plain)));
  // Rejections asked for: their positions are read, so the lines are walked for the matches too.
  const withRejections = scanned(text, options, false, true);
  const markedWithRejections = scanned(text, options, true, true);
  expect(seen(markedWithRejections.matches), label).toEqual(seen(withRejections.matches));
  expect(markedWithRejections.rejected, label).toEqual(withRejections.rejected);
  return plain.length;
}

describe('offsetsOnly scans', () => {
  it.skipIf(!present)('find the same matches as plain scans on the shared corpus, lines and columns left out', () => {
    let files = 0;
    let matches = 0;
    let multiLine = 0;
    for (const path of filesUnder(shared)) {
      // Every twentieth file: the corpus is large, and the generated text below covers the modes.
      if (files++ % 20 !== 0) continue;
      const text = readText(path);
      matches += check(text, files % 2 === 0 ? {} : { emails: true, fuzzy: true }, path);
      if (text.indexOf('\n') !== text.lastIndexOf('\n')) multiLine++;
    }
    expect(matches).toBeGreaterThan(1_000);
    expect(multiLine).toBeGreaterThan(30);
  });

  const piece = fc.constantFrom(
    'http://', 'HTTPS://', 'mailto:', 'ftp://', 'news:', '<http:', '<URL:', 'URL:', 'URL=<', 'www.', '@', ' ', '\n', '\n\n', '\r\n', '-\n   ', '\n> ', '"', '(', ')', '<', '>',
    'a', 'example', '.com', '.', '-', '1', '192.0.2.1:8080/', ':', 'user@', '/path', '?q=1', '#frag', 'é', '😀', 'x'.repeat(70),
  );
  const text = fc.array(piece, { minLength: 1, maxLength: 60 }).map((parts) => parts.join(''));

  it('find the same matches as plain scans on generated text, in every mode and at every step', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 40 }), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (input, step, emails, schemeless, strict, fuzzy) => {
        const options = { emails, schemeless, strict, fuzzy };
        check(input, options, JSON.stringify(input));
        expect(seen(stepped(input, options, true, step))).toEqual(seen(promised(stepped(input, options, false, step))));
      }),
      { numRuns: fuzzRuns(1500) },
    );
  });

  it('leave the points of other scans alone: a plain callback after a marked one walks the lines', () => {
    const input = 'one\ntwo http://a.example/\nthree <URL:http://b.example/>\n';
    const before = scanned(input, {}, false, false).matches;
    scanned(input, {}, true, false);
    const after = scanned(input, {}, false, false).matches;
    expect(seen(after)).toEqual(seen(before));
    expect(after.map((match) => [match.position.start.line, match.position.start.column, match.position.end.line])).toEqual([
      [2, 5, 2],
      [3, 7, 3],
    ]);
    const marked = scanned(input, {}, true, false).matches;
    expect(marked.map((match) => [match.position.start.line, match.position.start.column, match.position.end.column])).toEqual([
      [0, 9, 26],
      [0, 33, 56],
    ]);
  });

  it('return the callback they mark', () => {
    const onMatch = (): void => undefined;
    expect(offsetsOnly(onMatch)).toBe(onMatch);
  });
});
