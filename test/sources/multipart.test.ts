import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexOfNeedle, keyHash, MultipartLines, splitMultipart } from '../../src/sources/multipart.js';

const split = (body: string, boundary: string) => {
  const bytes = Buffer.from(`HEADER\n${body}`, 'latin1');
  const result = splitMultipart(bytes, 7, bytes.length, boundary);
  const texts: string[] = [];
  for (let i = 0; i < result.count; i++) texts.push(bytes.toString('latin1', result.bounds[2 * i], result.bounds[2 * i + 1]));
  return { ...result, texts };
};

describe('splitMultipart (RFC 2046 §5.1.1)', () => {
  it('finds the body parts between delimiters, without preamble, epilogue or the CRLF before a delimiter', () => {
    const result = split('preamble\r\n--b1\r\nA: 1\r\n\r\none\r\n--b1 \t\r\n\r\ntwo\r\n--b1--\r\nepilogue\r\n', 'b1');
    expect(result.texts).toEqual(['A: 1\r\n\r\none', '\r\ntwo']);
    expect(result.closed).toBe(true);
  });

  it('does not take a longer boundary, or one inside a line, for the delimiter', () => {
    const result = split('--b1\nx --b1\n--b1x\ny\n--b1--\n', 'b1');
    expect(result.texts).toEqual(['x --b1\n--b1x\ny']);
  });

  it('runs the last part to the end when the close delimiter is missing (a cut message)', () => {
    const result = split('--b\n\nfirst\n--b\n\nsecond, cut sh', 'b');
    expect(result.texts).toEqual(['\nfirst', '\nsecond, cut sh']);
    expect(result.closed).toBe(false);
  });

  it('finds no parts when the boundary never occurs', () => {
    expect([...split('just text\n', 'b').bounds]).toEqual([]);
  });

  it('handles a boundary at the very start of the body and empty parts', () => {
    const result = split('--z\n--z\n\nx\n--z--', 'z');
    expect(result.texts).toEqual(['', '\nx']);
  });

  it('splits many short parts, and parts far apart, as the delimiters are written', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(600), fc.constantFrom('', ' ', '\r')), { maxLength: 30 }), fc.boolean(), (parts, closed) => {
        const body = parts.map(([length, pad], i) => `--b${pad}\n${'y-\n'.repeat(length).slice(0, length)}${i}\n`).join('') + (closed ? '--b--\n' : '');
        const result = split(body, 'b');
        // Without the close delimiter, the last part runs to the end, its line break too.
        expect(result.texts).toEqual(parts.map(([length], i) => `${'y-\n'.repeat(length).slice(0, length)}${i}${!closed && i === parts.length - 1 ? '\n' : ''}`));
        expect(result.closed).toBe(closed);
      }),
      { numRuns: 300 },
    );
  });
});

describe('splitMultipart against native searches', () => {
  // The slow path: the same split with Buffer's own indexOf for every search.
  function splitNative(bytes: Buffer, from: number, to: number, boundary: string) {
    const view = bytes.subarray(from, to);
    const delimiter = Buffer.from(`--${boundary}`, 'latin1');
    const bounds: number[] = [];
    let partStart = -1;
    let search = 0;
    while (search < view.length) {
      const at = view.indexOf(delimiter, search);
      if (at < 0) break;
      search = at + delimiter.length;
      if (at > 0 && view[at - 1] !== 0x0a) continue;
      let after = at + delimiter.length;
      const close = view[after] === 0x2d && view[after + 1] === 0x2d;
      if (close) after += 2;
      let lineEnd = view.indexOf(0x0a, after);
      if (lineEnd < 0) lineEnd = view.length;
      if (!close && ![...view.subarray(after, lineEnd)].every((b) => b === 0x20 || b === 0x09 || b === 0x0d)) continue;
      if (partStart >= 0) {
        let end = at > 0 ? at - 1 : 0;
        if (end > partStart && view[end - 1] === 0x0d) end--;
        bounds.push(from + partStart, from + Math.max(partStart, end));
      }
      if (close) return { bounds: Int32Array.from(bounds), count: bounds.length / 2, closed: true };
      partStart = Math.min(lineEnd + 1, view.length);
      search = partStart;
    }
    if (partStart >= 0) bounds.push(from + partStart, to);
    return { bounds: Int32Array.from(bounds), count: bounds.length / 2, closed: false };
  }

  it('finds the parts native searches find, near and far (more than 256 bytes apart)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('--b', '--b--', '\n', '\r\n', ' ', '-', 'b', 'x'), fc.nat(700).map((n) => 'y'.repeat(n))), { maxLength: 60 }),
        fc.nat(5),
        (pieces, trim) => {
          const bytes = Buffer.from(pieces.join(''), 'latin1');
          const from = Math.min(trim, bytes.length);
          expect(splitMultipart(bytes, from, bytes.length, 'b')).toEqual(splitNative(bytes, from, bytes.length, 'b'));
        },
      ),
    );
  });

  it('finds with the table of delimiter lines (nested splits) the parts native searches find', () => {
    // The table stands in for the search only for boundaries and ranges where it is exact;
    // the property runs every boundary and range, those it refuses included.
    const piece = fc.constantFrom('--b', '--b1', '--b--', '--b1--', '--b--x', '--b-', '--b---', '--a b', '--a b--', '--', '\n', '\n', '\r\n', '\r', ' ', '\t', '-', 'b', '1', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), fc.constantFrom('b', 'b1', 'b-', 'b--x', 'a b', 'b ', '-', 'x', 'é'), fc.nat(), fc.nat(), (pieces, boundary, a, b) => {
        const bytes = Buffer.from(pieces.join(''), 'latin1');
        // Mostly ranges that start after and end at line breaks, as a caller's do.
        const breaks = [0, bytes.length, ...[...bytes.keys()].filter((i) => bytes[i] === 0x0a).flatMap((i) => [i, i + 1])];
        const ends = [breaks[a % breaks.length] as number, breaks[b % breaks.length] as number, a % (bytes.length + 1)].sort((x, y) => x - y);
        const [from, to] = a % 4 === 0 ? [ends[0] as number, ends[2] as number] : [Math.min(ends[0] as number, ends[1] as number), Math.max(ends[0] as number, ends[1] as number)];
        const lines = new MultipartLines();
        lines.searched = Number.POSITIVE_INFINITY; // the table, from the first split on
        expect(splitMultipart(bytes, from, to, boundary, lines)).toEqual(splitNative(bytes, from, to, boundary));
        // A second split of the same bytes reads the same table.
        expect(splitMultipart(bytes, 0, bytes.length, boundary, lines)).toEqual(splitNative(bytes, 0, bytes.length, boundary));
      }),
      { numRuns: 2000 },
    );
  });

  it('tells apart with the table two boundaries whose keys collide', () => {
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; pair === undefined; i++) {
      const boundary = `b${i}`;
      const key = keyHash(Buffer.from(boundary, 'latin1'), 0, boundary.length);
      const other = seen.get(key);
      if (other !== undefined) pair = [other, boundary];
      seen.set(key, boundary);
    }
    const [one, two] = pair;
    const bytes = Buffer.from(`--${one}\nA\n--${two}\nB\n--${one}\nC\n--${two}--\n--${one}--\n`, 'latin1');
    for (const boundary of pair) {
      const lines = new MultipartLines();
      lines.searched = Number.POSITIVE_INFINITY;
      expect(splitMultipart(bytes, 0, bytes.length, boundary, lines)).toEqual(splitNative(bytes, 0, bytes.length, boundary));
    }
    expect(splitNative(bytes, 0, bytes.length, one).count).toBe(2);
  });

  it('builds the table once the searches of one buffer add up to four times its length, and splits the same after', () => {
    const levels = Array.from({ length: 12 }, (_, i) => `Content-Type: multipart/mixed; boundary="b${i}"\n\n--b${i}\n`).join('');
    const bytes = Buffer.from(`${levels}x\n--b3--\n--b1\n\ny\n`, 'latin1');
    const lines = new MultipartLines();
    let searched = 0;
    for (let i = 0; i < 12; i++) {
      const from = bytes.indexOf(`\n--b${i}\n`) + 1;
      const tabled = searched >= 4 * bytes.length;
      expect(splitMultipart(bytes, from, bytes.length, `b${i}`, lines)).toEqual(splitNative(bytes, from, bytes.length, `b${i}`));
      expect([i, lines.count >= 0]).toEqual([i, tabled]);
      searched += bytes.length - from;
    }
    expect(lines.count).toBe(14);
  });
});

describe('indexOfNeedle (the skipping search of splitMultipart)', () => {
  it('finds what Buffer indexOf finds, needles repeating their own bytes, near and past the bytes it reads itself', () => {
    const alphabet = fc.constantFrom('-', 'b', 'a', '\n', 'x');
    fc.assert(
      fc.property(
        fc.array(fc.oneof(alphabet, fc.nat(300).map((n) => 'y'.repeat(n))), { maxLength: 80 }),
        fc.array(alphabet, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        (pieces, needlePieces, start) => {
          const view = Buffer.from(pieces.join(''), 'latin1');
          const needle = Buffer.from(needlePieces.join(''), 'latin1');
          const from = start % (view.length + 2);
          expect(indexOfNeedle(view, needle, from)).toBe(view.indexOf(needle, from));
          // Every occurrence, one after another, as a split searches them.
          for (let at = 0; at <= view.length; ) {
            const found = indexOfNeedle(view, needle, at);
            expect(found).toBe(view.indexOf(needle, at));
            if (found < 0) break;
            at = found + 1;
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
