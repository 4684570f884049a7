import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitMultipart } from '../../src/sources/multipart.js';

const split = (body: string, boundary: string) => {
  const bytes = Buffer.from(`HEADER\n${body}`, 'latin1');
  const result = splitMultipart(bytes, 7, bytes.length, boundary);
  return { ...result, texts: result.parts.map((part) => bytes.toString('latin1', part.start, part.end)) };
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
    expect(split('just text\n', 'b').parts).toEqual([]);
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
    const parts: Array<{ start: number; end: number }> = [];
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
        parts.push({ start: from + partStart, end: from + Math.max(partStart, end) });
      }
      if (close) return { parts, closed: true };
      partStart = Math.min(lineEnd + 1, view.length);
      search = partStart;
    }
    if (partStart >= 0) parts.push({ start: from + partStart, end: to });
    return { parts, closed: false };
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
});
