import { describe, expect, it } from 'vitest';
import { bareRunEnd, emailAt, schemelessAt } from '../../src/scan/bare.js';

describe('bareRunEnd', () => {
  it.each([
    ['http://a.example/ rest', 17],
    ['http://a.example/<b>', 17],
    ['http://a.example/"', 17],
    ['http://a.example/\u00a0x', 17],
    ['http://a.example/\u201d', 17],
    ['http://a.example/', 17],
  ])('ends %j at %i', (text, end) => {
    expect(bareRunEnd(text, 0)).toBe(end);
  });
});

describe('schemelessAt', () => {
  it('finds www. and ftp. at a word start', () => {
    expect(schemelessAt('see www.example.com', 7, 0)).toEqual({ start: 4, scheme: 'http' });
    expect(schemelessAt('FTP.example.org', 3, 0)).toEqual({ start: 0, scheme: 'ftp' });
  });

  it('refuses them inside words, URLs and addresses, or before the floor', () => {
    expect(schemelessAt('nowww.example.com', 5, 0)).toBeUndefined();
    expect(schemelessAt('http://www.example.com', 10, 0)).toBeUndefined();
    expect(schemelessAt('joe@www.example.com', 7, 0)).toBeUndefined();
    expect(schemelessAt('www. alone', 3, 0)).toBeUndefined();
    expect(schemelessAt('www.example.com', 3, 1)).toBeUndefined();
  });
});

describe('emailAt', () => {
  const span = (text: string) => {
    const found = emailAt(text, text.indexOf('@'), 0);
    return found && text.slice(found.start, found.end);
  };

  it.each([
    ['mail joe.bloggs+list@example.com.', 'joe.bloggs+list@example.com'],
    ['<jane@mail.example.org>', 'jane@mail.example.org'],
    ['.dot@example.com', 'dot@example.com'],
  ])('finds the address in %j', (text, address) => {
    expect(span(text)).toBe(address);
  });

  it.each(['@handle', 'user@ x', 'a@b', 'mail@localhost', 'x@1.2.3.4', 'x@-a.example'])('finds none in %j', (text) => {
    expect(span(text)).toBeUndefined();
  });

  it('refuses a local part longer than RFC 5321 allows', () => {
    expect(span(`${'a'.repeat(65)}@example.com`)).toBeUndefined();
    expect(span(`${'a'.repeat(64)}@example.com`)).toBe(`${'a'.repeat(64)}@example.com`);
  });
});
