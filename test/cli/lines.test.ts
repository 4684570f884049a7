import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineWindow, lookBehindBytes, MAX_LINE_BYTES } from '../../src/cli/lines.js';

const TEXT = 'first line\r\nsecond http://a.example/x here\nthird\n\nfifth, last';

/** A window fed `text` in pieces of `size` bytes; `end` marks the end of input. */
function windowOf(text: string, size: number, end = true) {
  const bytes = Buffer.from(text, 'utf8');
  const window = createLineWindow();
  for (let i = 0; i < bytes.length; i += size) window.add(bytes.subarray(i, i + size));
  if (end) window.end();
  return window;
}

describe('createLineWindow', () => {
  const start = Buffer.from(TEXT).indexOf('http');
  const end = start + 'http://a.example/x'.length;

  it.each([1, 2, 7, 1000])('cuts the same lines whatever the chunk size (%i bytes)', (size) => {
    const lines = windowOf(TEXT, size).linesAt(start, end, 5, 5);
    expect(lines).toEqual({ line: 'second http://a.example/x here', matchStart: 7, matchEnd: 25, before: ['first line'], after: ['third', '', 'fifth, last'] });
    expect(lines?.line.slice(lines.matchStart, lines.matchEnd)).toBe('http://a.example/x');
  });

  it('cuts the same lines after forgetting what lies more than lookBehindBytes before the match', () => {
    // Long lines, so that the look-behind reaches the cuts of MAX_LINE_BYTES, in small chunks.
    const long = (c: string): string => c.repeat(MAX_LINE_BYTES + 100);
    const text = `${long('a')}\n${long('b')}\n${long('c')}\nd http://d.example/ d\n${long('e')}\n`;
    const at = Buffer.from(text).indexOf('http');
    for (const before of [0, 1, 2]) {
      const whole = windowOf(text, 64).linesAt(at, at + 17, before, 1);
      const window = windowOf(text, 64);
      window.forget(at - lookBehindBytes(before));
      expect(window.linesAt(at, at + 17, before, 1)).toEqual(whole);
      expect(whole?.before).toHaveLength(before);
      // Forgetting past the match loses its line: the window says so rather than cutting it.
      window.forget(at + 200);
      expect(window.linesAt(at, at + 17, before, 1)).toBeNull();
    }
  });

  it('waits for the lines after the match until they are read, or the input ends', () => {
    const bytes = Buffer.from(TEXT);
    const window = createLineWindow();
    window.add(bytes.subarray(0, end + 6));
    expect(window.linesAt(start, end, 0, 1)).toBeUndefined();
    window.add(bytes.subarray(end + 6));
    expect(window.linesAt(start, end, 0, 1)?.after).toEqual(['third']);
    expect(window.linesAt(start, end, 0, 9)).toBeUndefined();
    window.end();
    expect(window.linesAt(start, end, 0, 9)?.after).toEqual(['third', '', 'fifth, last']);
  });

  it('counts columns in characters for the highlight when the line holds UTF-8', () => {
    const text = 'Grüße: http://b.example/ ok\n';
    const at = Buffer.from(text).indexOf('http');
    expect(windowOf(text, 3).linesAt(at, at + 17, 0, 0)).toMatchObject({ line: 'Grüße: http://b.example/ ok', matchStart: 7, matchEnd: 24 });
  });

  it('cuts a very long line to MAX_LINE_BYTES around the match', () => {
    const text = `${'x'.repeat(3 * MAX_LINE_BYTES)} http://c.example/ ${'y'.repeat(3 * MAX_LINE_BYTES)}\nnext\n`;
    const at = Buffer.from(text).indexOf('http');
    const lines = windowOf(text, 4096).linesAt(at, at + 17, 0, 1);
    expect(lines?.line.length).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(lines?.line.slice(lines.matchStart, lines.matchEnd)).toBe('http://c.example/');
    expect(lines?.after).toEqual(['next']);
  });

  it('finds the line after a line too long to show whole as a fresh window does, for matches in any order, while chunks still come', () => {
    // The window keeps where the last search found the end of a long line (matches on a line
    // of megabytes all ask for it). A fresh window for each question has nothing kept.
    const length = fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: MAX_LINE_BYTES - 2, max: MAX_LINE_BYTES + 2 }), fc.integer({ min: 2 * MAX_LINE_BYTES, max: 3 * MAX_LINE_BYTES }));
    const line = fc.tuple(length, fc.constantFrom('a', 'é', '\r')).map(([n, c]) => c.repeat(n));
    const question = fc.record({ at: fc.nat(), span: fc.integer({ min: 0, max: 40 }), after: fc.integer({ min: 0, max: 2 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.boolean(), fc.integer({ min: 1, max: 5 * MAX_LINE_BYTES }), fc.array(fc.array(question, { maxLength: 4 }), { maxLength: 40 }), (lines, lastBreak, size, asked) => {
        const bytes = Buffer.from(lines.join('\n') + (lastBreak ? '\n' : ''), 'utf8');
        const chunks: Buffer[] = [];
        for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
        const window = createLineWindow();
        const fresh = (read: number, ended: boolean) => {
          const made = createLineWindow();
          for (const chunk of chunks.slice(0, read)) made.add(chunk);
          if (ended) made.end();
          return made;
        };
        // The questions after each chunk added, then after the end.
        for (let read = 0; read <= chunks.length; read++) {
          const ended = read === chunks.length;
          if (ended) window.end();
          else window.add(chunks[read] as Buffer);
          const total = chunks.slice(0, ended ? read : read + 1).reduce((sum, chunk) => sum + chunk.length, 0);
          for (const { at, span, after } of asked[read] ?? []) {
            const start = at % Math.max(1, total);
            const end = Math.min(total, start + span);
            expect(window.linesAt(start, end, 0, after), `bytes ${start}-${end}, ${after} after, ${read} chunks`).toEqual(fresh(ended ? read : read + 1, ended).linesAt(start, end, 0, after));
          }
        }
      }),
      { numRuns: 100 },
    );
    // The line's break is the first byte of a chunk that comes after the question.
    const long = 'a'.repeat(3 * MAX_LINE_BYTES);
    const window = createLineWindow();
    window.add(Buffer.from(long));
    expect(window.linesAt(10, 12, 0, 1)).toBeUndefined();
    window.add(Buffer.from('\nnext\n'));
    expect(window.linesAt(20, 22, 0, 1)?.after).toEqual(['next']);
  });

  it('starts at a range offset (a split mbox)', () => {
    const window = createLineWindow(1000);
    window.add(Buffer.from('From x\nsee http://d.example/\n'));
    window.end();
    expect(window.linesAt(1011, 1028, 3, 3)).toEqual({ line: 'see http://d.example/', matchStart: 4, matchEnd: 21, before: ['From x'], after: [] });
  });

  it('gives the same line without context lines (the one-chunk path) as the general path does', () => {
    // Lines of ASCII, UTF-8, CRLF, empty lines, and lines longer than the cut; every start and
    // several ends, cut into chunks of many sizes (lines then straddle chunk boundaries).
    const pieces = ['plain http://a.example/', 'Grüße http://b.example/ ok\r', '', '\r', 'ümlaut', 'x'.repeat(MAX_LINE_BYTES + 300), 'tail ☃ end'];
    const text = `${pieces.join('\n')}\nlast line without break`;
    const total = Buffer.byteLength(text);
    for (const size of [3, 64, 777, 4096, 1 << 20]) {
      const window = windowOf(text, size);
      for (let start = 0; start < total; start += start < 200 || start > total - 400 ? 1 : 97) {
        for (const length of [0, 1, 17, 5000]) {
          const end = Math.min(total, start + length);
          const general = window.linesAt(start, end, 0, 1);
          const own = window.linesAt(start, end, 0, 0);
          expect(own, `chunks of ${size}, bytes ${start}-${end}`).toEqual(general && { ...general, after: [] });
        }
      }
    }
  });
});
