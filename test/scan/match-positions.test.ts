// Every match's points against a naive count of line breaks: the scanner's locator walks
// forward once, and the end of a URL on its start's line is worked out from the start's
// point without a walk (positionOf), so both are checked, with URLs that end on their
// line, at its "\n", and on a later line (wrappers broken across lines).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUrls } from '../../src/index.js';
import { fuzzRuns } from '../fuzz-runs.js';

/** The point of `offset` by counting line breaks before it. */
function naivePoint(text: string, offset: number): { line: number; column: number; offset: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1, offset };
}

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\n', '\n\n', ' ', 'word ', 'x'.repeat(40), '\r\n', '> ') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'http://a.example/x', 'https://www.example.com/a?b#c', 'ftp://ftp.example.net/pub/', 'mailto:u@example.org', 'news:comp.mail.misc',
      '<URL:http://a.example/pa\n   th>', '<URL:http://www.some-\n   host.example/a.html>', '<http://b.example/\n>', 'www.example.org', '(see http://c.example/x).',
      'http://d.example:8080/', '<mailto:list@example.org?subject=help>',
    ),
  },
);

describe('match positions', () => {
  it('agree with counting line breaks, start and end, on text with many and few lines between matches', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        for (const match of findUrls(text)) {
          const { start, end } = match.position;
          expect(start).toEqual(naivePoint(text, start.offset));
          expect(end).toEqual(naivePoint(text, end.offset));
          expect(text.slice(start.offset, end.offset)).toBe(match.raw);
        }
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('put the end of a URL that ends at its line break on that line, and a wrapper broken across lines on the next', () => {
    const text = 'a http://a.example/x\n<URL:http://b.example/pa\n  th>\n';
    const [first, second] = findUrls(text);
    expect(first?.position.end).toEqual({ line: 1, column: 21, offset: 20 });
    expect(second?.position.start).toEqual({ line: 2, column: 1, offset: 21 });
    expect(second?.position.end).toEqual({ line: 3, column: 6, offset: 51 });
  });
});
