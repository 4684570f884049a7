import { describe, expect, it } from 'vitest';
import { quoteSignature, skipQuotePrefix } from '../../src/scan/quote-prefix.js';

describe('quoteSignature', () => {
  const signatureOf = (line: string) => quoteSignature(line, 0, line.indexOf('<'));

  it.each([
    ['> see <URL:', '>'],
    ['>> see <URL:', '>>'],
    ['> > see <URL:', '>>'],
    ['|> see <URL:', '|>'],
    [': see <URL:', ':'],
    ['  } see <URL:', '}'],
    ['C>>               <http:', 'C>>'],
    ['JS> see <URL:', 'JS>'],
  ])('reads the marks of %j as %j', (line, signature) => {
    expect(signatureOf(line)).toBe(signature);
  });

  it.each(['see <URL:', 'Note: see <URL:', 'Hello> <URL:', '   <URL:'])('finds no quote prefix in %j', (line) => {
    expect(signatureOf(line)).toBe('');
  });

  it('never reads past the wrapper', () => {
    expect(quoteSignature('<URL:>', 0, 0)).toBe('');
  });
});

describe('skipQuotePrefix', () => {
  it('skips the same marks, whatever whitespace stands between them', () => {
    expect(skipQuotePrefix('> c.html>', 0, '>')).toBe(1);
    expect(skipQuotePrefix('> > c', 0, '>>')).toBe(3);
    expect(skipQuotePrefix('C>>     bin/x', 0, 'C>>')).toBe(3);
  });

  it('refuses a line with other marks', () => {
    expect(skipQuotePrefix('c.html>', 0, '>')).toBe(-1);
    expect(skipQuotePrefix('| c', 0, '>')).toBe(-1);
    expect(skipQuotePrefix('> c', 0, '>>')).toBe(-1);
  });
});
