// The scanner's line walker (pointOf) against a naive count of line breaks, with points
// far apart as the scanner asks for them: many lines walked per point, empty lines after
// long ones (once it has passed an empty line, the walker looks at the first character
// after a long line by hand) and after short ones, and texts without any empty line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineWalker, pointOf } from '../src/lines.js';
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
