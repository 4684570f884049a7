import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrapFlowed } from '../../src/sources/flowed.js';

describe('unwrapFlowed (RFC 3676)', () => {
  it('joins a line ending in a space with the next (§4.1)', () => {
    expect(unwrapFlowed('see http://example.com/ \r\nfor more\r\nfixed\r\n', false).text).toBe('see http://example.com/ for more\r\nfixed\r\n');
  });

  it('deletes the space before a soft break with delsp=yes (§4.1), joining a broken URL', () => {
    expect(unwrapFlowed('http://example.com/very/ \r\nlong/path\r\n', true).text).toBe('http://example.com/very/long/path\r\n');
  });

  it('joins quoted lines of the same depth and drops the quote marks of the continuation (§4.5)', () => {
    expect(unwrapFlowed('> http://example.com/a/ \n> b/c\n>> other\n', true).text).toBe('> http://example.com/a/b/c\n>> other\n');
  });

  it('reads a flowed line before a change of depth as fixed (§4.5)', () => {
    expect(unwrapFlowed('> one \n>> two\n', false).text).toBe('> one \n>> two\n');
  });

  it('undoes space-stuffing (§4.4) and keeps the signature separator fixed (§4.3)', () => {
    expect(unwrapFlowed(' From here\n-- \nsig\n', false).text).toBe('From here\n-- \nsig\n');
  });

  it('ends a paragraph at a signature separator even after a flowed line (§4.1)', () => {
    expect(unwrapFlowed('see http://example.com/ \n-- \nsig\n', true).text).toBe('see http://example.com/\n-- \nsig\n');
  });

  it('maps every kept character to the same character in the flowed text', () => {
    const flowed = fc.array(fc.constantFrom('a', 'b', ' ', '>', '\n', '\r\n', ' \n', ' \r\n', '-- \n', 'http://x.y/'), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(flowed, fc.boolean(), (source, delsp) => {
        const { text, map } = unwrapFlowed(source, delsp);
        for (let i = 0; i < text.length; i++) {
          const from = map.start(i);
          // A line break put back where a flowed line met another depth maps to no character.
          if (map.end(i + 1) === from) continue;
          expect(source[from]).toBe(text[i]);
        }
      }),
    );
  });
});
