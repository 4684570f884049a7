import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildOffsetMap,
  buildReplacementMap,
  composeMaps,
  constantMap,
  copyMap,
  countLines,
  indexLines,
  locateInFrame,
  shiftMap,
} from '../../src/sources/raw-position.js';

/** For a list of (output units, input units) steps, the input span each output unit came from. */
function modelSpans(steps: Array<[number, number]>, inputStart: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let input = inputStart;
  for (const [out, inp] of steps) {
    if (out > 0) {
      const stride = inp % out === 0 ? inp / out : 0;
      for (let k = 0; k < out; k++) {
        spans.push(stride > 0 ? [input + k * stride, input + (k + 1) * stride] : [input, input + inp]);
      }
    }
    input += inp;
  }
  return spans;
}

describe('buildOffsetMap', () => {
  // Up to 200 steps: past the builder's first allocations (2 and 16 pieces, or the room a
  // decoder expected), so its growth is covered.
  it('maps every output unit to the input it came from, however the steps merge', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 7 })), { maxLength: 200, size: 'max' }),
        fc.nat(100),
        fc.integer({ min: -1, max: 40 }),
        (steps, inputStart, expectedPieces) => {
          const builder = buildOffsetMap(inputStart, expectedPieces);
          for (const [out, inp] of steps) builder.take(out, inp);
          const map = builder.finish();
          const spans = modelSpans(steps, inputStart);
          spans.forEach(([from, to], unit) => {
            expect(map.start(unit)).toBe(from);
            expect(map.end(unit + 1)).toBe(to);
          });
        },
      ),
    );
  });

  // Thousands of pieces: past the first array (1,024 pieces) into further ones, looked up in
  // any order (the builder remembers the piece it found last).
  it('maps every output unit past its first thousand pieces, whatever order offsets are asked in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 7 })), { minLength: 2500, maxLength: 4000 }),
        fc.nat(100),
        fc.integer(),
        fc.integer({ min: 0, max: 3000 }),
        (steps, inputStart, seed, expectedPieces) => {
          const builder = buildOffsetMap(inputStart, expectedPieces);
          for (const [out, inp] of steps) builder.take(out, inp);
          const map = builder.finish();
          const spans = modelSpans(steps, inputStart);
          // A fixed pseudo-random order of the output units, from the seed.
          const order = spans.map((_, unit) => unit);
          let state = seed | 1;
          for (let i = order.length - 1; i > 0; i--) {
            state = (Math.imul(state, 1103515245) + 12345) | 0;
            const j = (state >>> 1) % (i + 1);
            [order[i], order[j]] = [order[j] as number, order[i] as number];
          }
          for (const unit of order) {
            const [from, to] = spans[unit] as [number, number];
            expect(map.start(unit)).toBe(from);
            expect(map.end(unit + 1)).toBe(to);
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('keeps a run of escapes as one stride (quoted-printable =XX)', () => {
    const builder = buildOffsetMap(10);
    builder.take(2, 2); // "ab"
    builder.take(1, 3); // "=3D"
    builder.take(1, 3); // "=3D"
    builder.take(0, 3); // "=\r\n" soft break
    builder.take(3, 3); // "cde"
    const map = builder.finish();
    expect([0, 1, 2, 3, 4, 5, 6].map((offset) => map.start(offset))).toEqual([10, 11, 12, 15, 21, 22, 23]);
    expect([1, 2, 3, 4, 5, 6, 7].map((offset) => map.end(offset))).toEqual([11, 12, 15, 18, 22, 23, 24]);
  });

  it('copyMap is the map of one take(n, n), at every offset in and around the span', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(50), (from, length) => {
        const builder = buildOffsetMap(from);
        builder.take(length, length);
        const built = builder.finish();
        const copied = copyMap(from, from + length);
        for (let offset = -2; offset <= length + 2; offset++) {
          expect(copied.start(offset)).toBe(built.start(offset));
          expect(copied.end(offset)).toBe(built.end(offset));
        }
      }),
    );
  });

  it('composes with shift and constant maps', () => {
    const builder = buildOffsetMap(0);
    builder.take(3, 6);
    const inner = builder.finish();
    const composed = composeMaps(inner, shiftMap(100));
    expect(composed.start(1)).toBe(102);
    expect(composed.end(3)).toBe(106);
    const flat = composeMaps(inner, constantMap(7, 9));
    expect(flat.start(2)).toBe(7);
    expect(flat.end(2)).toBe(9);
  });
});

describe('buildReplacementMap', () => {
  /** Spans as decodeWords makes them: a gap (copied, or dropped), then input replaced by output. */
  const span = fc.record({ gap: fc.nat(4), drop: fc.boolean(), input: fc.integer({ min: 0, max: 9 }), output: fc.nat(4) });

  /** Both maps of the same steps: the general one from `take`, the replacement map from one entry per span. */
  function bothMaps(spans: Array<{ gap: number; drop: boolean; input: number; output: number }>, rest: number) {
    const general = buildOffsetMap(0);
    const replaced = buildReplacementMap();
    let input = 0;
    let output = 0;
    for (const { gap, drop, input: length, output: decoded } of spans) {
      general.take(drop ? 0 : gap, gap);
      input += gap;
      output += drop ? 0 : gap;
      general.take(decoded, length);
      replaced.replace(input, input + length, output, output + decoded);
      input += length;
      output += decoded;
    }
    general.take(rest, rest);
    return { general: general.finish(), replaced: replaced.finish(input + rest), outputLength: output + rest };
  }

  it('answers as the general map of the same steps does, at every offset in and around the output', () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 40, size: 'max' }), fc.nat(4), fc.boolean(), (spans, rest, backwards) => {
        const { general, replaced, outputLength } = bothMaps(spans, rest);
        const offsets: number[] = [];
        for (let offset = -2; offset <= outputLength + 2; offset++) offsets.push(offset);
        // In order (as a document's matches come), then backwards (the map remembers the span found last).
        if (backwards) offsets.reverse();
        for (const offset of offsets) {
          expect([offset, replaced.start(offset)]).toEqual([offset, general.start(offset)]);
          expect([offset, replaced.end(offset)]).toEqual([offset, general.end(offset)]);
        }
      }),
    );
  });

  it('answers as the general map does past thousands of spans, in any order', () => {
    fc.assert(
      fc.property(fc.array(span, { minLength: 1500, maxLength: 3000 }), fc.nat(4), fc.integer(), (spans, rest, seed) => {
        const { general, replaced, outputLength } = bothMaps(spans, rest);
        let state = seed | 1;
        for (let k = 0; k < 2000; k++) {
          state = (Math.imul(state, 1103515245) + 12345) | 0;
          const offset = ((state >>> 1) % (outputLength + 3)) - 1;
          expect(replaced.start(offset)).toBe(general.start(offset));
          expect(replaced.end(offset)).toBe(general.end(offset));
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe('line positions', () => {
  const text = fc
    .array(fc.constantFrom('a', 'b', '\n', '\r\n', 'é', ' '), { maxLength: 200 })
    .map((parts) => Buffer.from(parts.join(''), 'utf8'));

  it('locateInFrame agrees with counting line breaks by hand, in any query order', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(250), { maxLength: 30 }), fc.nat(1000), fc.integer({ min: 1, max: 50 }), (raw, queries, base, line) => {
        const locate = locateInFrame({ raw, offset: base, line });
        for (const query of queries) {
          const offset = Math.min(query, raw.length);
          const before = raw.subarray(0, offset);
          const lastBreak = before.lastIndexOf(10);
          expect(locate(offset)).toEqual({
            line: line + countByHand(before),
            column: offset - (lastBreak + 1) + 1,
            offset: base + offset,
          });
        }
      }),
    );
  });

  it('locateInFrame agrees with counting line breaks over thousands of lines, past each step it indexes by', () => {
    // Lines of any length from 0 to 200 bytes, about 200 KB: the line starts outgrow their first
    // array many times, and are indexed 64 KiB past an offset at a time.
    fc.assert(
      fc.property(fc.array(fc.nat(200), { minLength: 1500, maxLength: 2500 }), fc.nat(97), (lengths, stride) => {
        const raw = Buffer.from(lengths.map((length) => 'x'.repeat(length)).join('\n'));
        const lineOf = new Int32Array(raw.length + 1);
        const startOf = new Int32Array(raw.length + 1);
        for (let i = 0, line = 1, start = 0; i <= raw.length; i++) {
          lineOf[i] = line;
          startOf[i] = start;
          if (raw[i] === 10) {
            line++;
            start = i + 1;
          }
        }
        const locate = locateInFrame({ raw, offset: 7, line: 3 });
        const got: string[] = [];
        const expected: string[] = [];
        for (let offset = 0; offset <= raw.length; offset += stride + 1) {
          const point = locate(offset);
          got.push(`${point.line}:${point.column}:${point.offset}`);
          expected.push(`${2 + lineOf[offset]!}:${offset - startOf[offset]! + 1}:${7 + offset}`);
        }
        expect(got).toEqual(expected);
        // And back to the start.
        expect(locate(0)).toEqual({ line: 3, column: 1, offset: 7 });
      }),
      { numRuns: 10 },
    );
  });

  it('locateInFrame with the frame\'s line breaks counted (found from the end when nearer) agrees with counting by hand, in any query order', () => {
    // Lines of 0 to 300 bytes, up to 60 KB: points far apart, near either end, in any order,
    // repeated and back again; a frame that starts inside a line (column) and one that starts with a line break.
    const line = fc.tuple(fc.nat({ max: 300 }), fc.boolean()).map(([length, crlf]) => 'x'.repeat(length) + (crlf ? '\r\n' : '\n'));
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 200 }),
        fc.boolean(),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 9 }),
        fc.option(fc.integer({ min: 2, max: 50 }), { nil: undefined }),
        (lines, leadingBreak, fractions, first, column) => {
          const raw = Buffer.from((leadingBreak ? '\n' : '') + lines.join('') + (lines.length % 3 === 0 ? 'tail' : ''), 'latin1');
          const locate = locateInFrame({ raw, offset: 11, line: first, column, lineBreaks: countByHand(raw) });
          for (const fraction of fractions) {
            const offset = Math.round(fraction * raw.length);
            const before = raw.subarray(0, offset);
            const lastBreak = before.lastIndexOf(10);
            expect(locate(offset)).toEqual({
              line: first + countByHand(before),
              column: offset - (lastBreak + 1) + (lastBreak < 0 ? (column ?? 1) : 1),
              offset: 11 + offset,
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('countLines and indexLines count LF bytes and characters', () => {
    fc.assert(
      fc.property(text, (raw) => {
        expect(countLines(raw)).toBe(countByHand(raw));
        const string = raw.toString('latin1');
        const lines = indexLines(string);
        const offset = Math.floor(string.length / 2);
        expect(lines.lineOf(offset).line).toBe(countByHand(raw.subarray(0, offset)));
      }),
    );
  });
});

function countByHand(bytes: Uint8Array): number {
  let count = 0;
  for (const byte of bytes) if (byte === 10) count++;
  return count;
}
