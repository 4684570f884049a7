import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLocator, lastIndexAtOrBefore } from '../src/lines.js';

describe('createLocator', () => {
  const text = 'ab\ncd\r\n\nef';

  it('gives 1-based lines and columns and keeps the offset', () => {
    const locate = createLocator(text);
    expect(locate(0)).toEqual({ line: 1, column: 1, offset: 0 });
    expect(locate(2)).toEqual({ line: 1, column: 3, offset: 2 }); // the \n itself ends line 1
    expect(locate(3)).toEqual({ line: 2, column: 1, offset: 3 });
    expect(locate(5)).toEqual({ line: 2, column: 3, offset: 5 }); // \r is part of line 2
    expect(locate(7)).toEqual({ line: 3, column: 1, offset: 7 }); // an empty line
    expect(locate(8)).toEqual({ line: 4, column: 1, offset: 8 });
    expect(locate(text.length)).toEqual({ line: 4, column: 3, offset: 10 });
  });

  it('answers offsets asked out of order, including back to the first lines', () => {
    const locate = createLocator(text);
    const inOrder = [...Array(text.length + 1).keys()].map((offset) => createLocator(text)(offset));
    for (const offset of [10, 0, 9, 3, 8, 1, 4, 2, 7]) expect(locate(offset)).toEqual(inOrder[offset]);
  });

  it('agrees with counting line breaks, over short lines and long, in increasing order and not', () => {
    // Lines from empty to past the length read by hand after a short line (4), up to and
    // past the length of a short line (16), so that both searches, and the change from one
    // to the other, are walked.
    const line = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 14, max: 40 })).map((length) => 'x\r'.repeat(length).slice(0, length));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 20 }), (lines, jumps) => {
        const text = lines.join('\n');
        const expected = (offset: number) => {
          const before = text.slice(0, offset);
          const lineStart = before.lastIndexOf('\n') + 1;
          return { line: before.split('\n').length, column: offset - lineStart + 1, offset };
        };
        const locate = createLocator(text);
        for (let offset = 0; offset <= text.length; offset++) expect(locate(offset)).toEqual(expected(offset));
        const jumping = createLocator(text);
        for (const jump of jumps) {
          const offset = jump % (text.length + 1);
          expect(jumping(offset)).toEqual(expected(offset));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('handles a text that starts with line breaks', () => {
    const locate = createLocator('\n\nx');
    expect(locate(2)).toEqual({ line: 3, column: 1, offset: 2 });
    expect(locate(1)).toEqual({ line: 2, column: 1, offset: 1 });
    expect(locate(0)).toEqual({ line: 1, column: 1, offset: 0 });
  });
});

describe('lastIndexAtOrBefore', () => {
  const starts = [0, 3, 3, 8, 20];
  const search = (target: number) => lastIndexAtOrBefore(starts.length, (i) => starts[i] as number, target);

  it('gives the last index whose value is at or before the target', () => {
    expect([0, 2, 3, 7, 8, 19, 20, 1000].map(search)).toEqual([0, 0, 2, 2, 3, 3, 4, 4]);
  });

  it('gives 0 below the first value and for an empty list', () => {
    expect(search(-5)).toBe(0);
    expect(lastIndexAtOrBefore(0, () => 0, 10)).toBe(0);
  });
});
