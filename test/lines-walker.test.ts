// The scanner's line walker (pointOf) against a naive count of line breaks, with points
// far apart as the scanner asks for them: many lines walked per point, empty lines after
// long ones (once it has passed an empty line, the walker looks at the first character
// after a long line by hand) and after short ones, and texts without any empty line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countLineFeeds, createLineWalker, pointOf } from '../src/lines.js';
import { fuzzRuns } from './fuzz-runs.js';

function naivePoint(text: string, offset: number): { line: number; column: number; offset: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1, offset };
}

/** Lines of 0 units, of 1-3 (short), and long ones, made of characters that are not line breaks. */
const line = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 4, max: 60 })).map((length) => 'ab\r c'.repeat(20).slice(0, length));

describe('pointOf', () => {
  it('agrees with counting line breaks when points are far apart and ascending', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 80 }), fc.array(fc.nat(), { maxLength: 12 }), (lines, picks) => {
        const text = lines.join('\n');
        const offsets = picks.map((pick) => pick % (text.length + 1)).sort((a, b) => a - b);
        const walker = createLineWalker(text);
        for (const offset of offsets) expect(pointOf(walker, offset)).toEqual(naivePoint(text, offset));
      }),
      { numRuns: fuzzRuns(1000) },
    );
  });

  it('counts an empty line right after a long one once it looks at first characters by hand', () => {
    // The first empty line is found natively; the ones after a long line after it, by hand.
    const text = ['x'.repeat(30), '', 'y'.repeat(30), '', '', 'z'.repeat(30), '', 'w'].join('\n');
    const walker = createLineWalker(text);
    const last = text.length - 1;
    expect(pointOf(walker, text.indexOf('y'))).toEqual(naivePoint(text, text.indexOf('y')));
    expect(pointOf(walker, last)).toEqual({ line: 8, column: 1, offset: last });
  });
});

// Far apart, the walker jumps: the line feeds in between are counted in bulk (countLineFeeds,
// a WebAssembly vector loop over a UTF-16 copy), the line start found by one search back.
describe('countLineFeeds and the jumps of pointOf', () => {
  /** Units that are not line feeds but hold byte 0x0a in UTF-16 (U+010A, U+0A0A) or are not Latin-1. */
  const unit = fc.constantFrom('a', ' ', '\r', '\u010a', '\u0a0a', '\u0a00', 'é', '\u2028', '\ud83d', '\n', '\n', '\n');
  const text = fc.array(fc.oneof(unit, fc.integer({ min: 0, max: 200 }).map((n) => 'x'.repeat(n))), { maxLength: 400 }).map((parts) => parts.join(''));

  it('counts as many line feeds as splitting at them does, from any start to any end', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (text, a, b) => {
        const from = Math.min(a, b) % (text.length + 1);
        const to = from + (Math.max(a, b) % (text.length - from + 1));
        expect(countLineFeeds(text, from, to)).toBe(text.slice(from, to).split('\n').length - 1);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('counts across the pieces it copies at a time (64 Ki units)', () => {
    const text = ('ab\ncd\u010a\u0a00ef\n'.repeat(9000) + 'x'.repeat(70001) + '\n\n').repeat(2);
    for (const [from, to] of [[0, text.length], [3, 65536 + 5], [65535, 65537 * 2], [1, text.length - 1]] as const) {
      expect(countLineFeeds(text, from, to)).toBe(text.slice(from, to).split('\n').length - 1);
    }
  });

  it('agrees with counting line breaks when points are thousands of units apart', () => {
    const longText = fc.array(fc.oneof(line, fc.integer({ min: 100, max: 3000 }).map((n) => 'ab\u010a '.repeat(n).slice(0, n))), { maxLength: 60 }).map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(longText, fc.array(fc.nat(), { maxLength: 12 }), (text, picks) => {
        const offsets = picks.map((pick) => pick % (text.length + 1)).sort((a, b) => a - b);
        const walker = createLineWalker(text);
        for (const offset of offsets) expect(pointOf(walker, offset)).toEqual(naivePoint(text, offset));
        // And back again, as the scanner rarely asks.
        for (const offset of offsets.reverse()) expect(pointOf(walker, offset)).toEqual(naivePoint(text, offset));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
