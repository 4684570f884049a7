import { describe, expect, it } from 'vitest';
import { MAX_WRAPPER_LENGTH, MAX_WRAPPER_LINE_BREAKS, readWrapperBody } from '../../src/scan/wrapper.js';

/** Reads the wrapper whose `<` is the first in `text`, with its body after `prefix`. */
function read(text: string, prefix = '<URL:') {
  const open = text.indexOf('<');
  return readWrapperBody(text, open + prefix.length, open);
}

describe('readWrapperBody', () => {
  it('removes every whitespace character and ends after the first ">"', () => {
    const text = '<URL: http://a.example/\tb\u00a0c\r\n   d> tail';
    expect(read(text)).toEqual({ end: text.indexOf('>') + 1, url: 'http://a.example/bcd', hyphenBreaks: [], quotePrefix: false });
  });

  it('records hyphens at line ends, trailing spaces allowed', () => {
    const body = read('<URL:http://a-\n b-  \n c>');
    expect(body?.url).toBe('http://a-b-c');
    expect(body?.hyphenBreaks).toEqual([8, 10]);
  });

  it('drops the first line\'s quote prefix from continuation lines', () => {
    const body = read('>> x <URL:http://a/\n>> b/\n>>c>');
    expect(body?.url).toBe('http://a/b/c');
    expect(body?.quotePrefix).toBe(true);
  });

  it('is unterminated at a "<", a blank line, the end of the text, or past its limits', () => {
    expect(read('<URL:http://a/ <b>')).toBeUndefined();
    expect(read('<URL:http://a/\n\nb>')).toBeUndefined();
    expect(read('> <URL:http://a/\n>\n> b>')).toBeUndefined();
    expect(read('<URL:http://a/')).toBeUndefined();
    expect(read(`<URL:http://a/${'b'.repeat(MAX_WRAPPER_LENGTH)}>`)).toBeUndefined();
    expect(read(`<URL:http://a/${'b\n'.repeat(MAX_WRAPPER_LINE_BREAKS + 1)}>`)).toBeUndefined();
    expect(read(`<URL:http://a/${'b\n'.repeat(MAX_WRAPPER_LINE_BREAKS)}>`)?.url).toBe(`http://a/${'b'.repeat(MAX_WRAPPER_LINE_BREAKS)}`);
  });
});
