// The picker's input: URLs with the lines they were found on, and the wrapper highlighted.
import { describe, expect, it } from 'vitest';
import { collectItems, contextLines, MAX_CONTEXT_CHARS, MAX_CONTEXT_LINES } from '../../../src/cli/pick/collect.js';

describe('collectItems', () => {
  it('gives the Appendix example its three URLs with the lines each wrapper spans', async () => {
    const { items, errors } = await collectItems([{ input: 'corpus/scan/appendix-rfc-layout.txt' }], {});
    expect(errors).toEqual([]);
    expect(items.map((found) => found.readings[0])).toEqual([
      'ftp://info.cern.ch/pub/www/doc;type=d',
      'ftp://ds.internic.net/rfc',
      'http://ds.internic.net/instructions/overview.html#WARNING',
    ]);
    const first = items[0]!;
    const highlighted = first.lines.map((line) => line.text.slice(line.highlightStart, line.highlightEnd));
    // The wrapper's span takes the next line's indentation with it (the Appendix's whitespace inside a wrapper).
    expect(highlighted).toEqual(['<URL:ftp://info.cern.ch/pub/www/doc;', '      type=d>']);
    expect(first.lines[0]!.text).toBe('      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;');
  });

  it('reads a mail message through its MIME encoding', async () => {
    const message = 'Subject: qp\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nsee <http://qp.example/a=3Db> now\r\n';
    const { items } = await collectItems([{ input: Buffer.from(message), name: '-' }], {});
    expect(items.map((found) => found.readings[0])).toEqual(['http://qp.example/a=b']);
    expect(items[0]!.lines[0]!.text).toBe('see <http://qp.example/a=b> now');
  });
});

describe('contextLines', () => {
  it('keeps at most MAX_CONTEXT_LINES lines of a long unterminated span', () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    expect(contextLines(text, 0, text.length)).toHaveLength(MAX_CONTEXT_LINES);
  });

  it('cuts a huge line around the URL and keeps the highlight on it', () => {
    const url = 'http://far.example/';
    const text = `${'x'.repeat(100_000)} ${url} ${'y'.repeat(100_000)}`;
    const start = text.indexOf(url);
    const [line] = contextLines(text, start, start + url.length);
    expect(line!.text.length).toBeLessThanOrEqual(MAX_CONTEXT_CHARS);
    expect(line!.text.slice(line!.highlightStart, line!.highlightEnd)).toBe(url);
  });
});
