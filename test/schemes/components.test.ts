// RFC 3986 §3 components shared by every parser: scheme, fragment, bounded searches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beginUrl, finishUrl, indexIn, indexOfAny, isSchemeName, lastIndexIn, MAX_SCHEME_LENGTH, requireAuthority } from '../../src/schemes/components.js';
import { fuzzRuns } from '../fuzz-runs.js';

describe('isSchemeName (RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ))', () => {
  it.each(['http', 'HTTP', 'z39.50r', 'svn+ssh', 'x-foo', 'a'])('accepts %s', (name) => expect(isSchemeName(name)).toBe(true));
  it.each(['', '1http', '+a', 'ht_tp', 'ht tp', 'häh', 'a'.repeat(MAX_SCHEME_LENGTH + 1)])('refuses %j', (name) => expect(isSchemeName(name)).toBe(false));
});

describe('beginUrl', () => {
  it('splits the fragment at the first "#" and lower-cases the scheme', () => {
    const frame = beginUrl('HTTP://h/p#a#b', { strict: false });
    if ('reason' in frame) throw new Error(frame.reason);
    expect(frame.parsed).toEqual({ scheme: 'http', notes: [], fragment: 'a#b' });
    expect(frame.rest).toBe(5);
    expect(frame.end).toBe(10);
    expect(finishUrl(frame).notes).toEqual(['unsafe-char']);
  });
  it('an empty fragment is a fragment', () => {
    const frame = beginUrl('news:x#', { strict: true });
    expect('reason' in frame ? frame : frame.parsed).toEqual({ scheme: 'news', notes: [], fragment: '' });
  });
  it('refuses text without a scheme, and a scheme with nothing after it', () => {
    expect(beginUrl('no scheme', { strict: false })).toMatchObject({ reason: 'no-scheme' });
    expect(beginUrl(':x', { strict: false })).toMatchObject({ reason: 'no-scheme' });
    expect(beginUrl(`${'a'.repeat(40)}:x`, { strict: false })).toMatchObject({ reason: 'no-scheme' });
    expect(beginUrl('news:', { strict: false })).toMatchObject({ reason: 'empty', scheme: 'news', offset: 5 });
    expect(beginUrl('news:#x', { strict: false })).toMatchObject({ reason: 'empty', scheme: 'news' });
  });
  it('checks the fragment: escapes, and xchar in strict mode', () => {
    expect(beginUrl('http://h/#%zz', { strict: false })).toMatchObject({ reason: 'bad-escape', offset: 10 });
    expect(beginUrl('http://h/#a~b', { strict: true })).toMatchObject({ reason: 'bad-char', offset: 11 });
  });
});

describe('requireAuthority', () => {
  it('gives the offset after "//", or missing-authority', () => {
    const good = beginUrl('ftp://h', { strict: false });
    const bad = beginUrl('ftp:/h', { strict: false });
    if ('reason' in good || 'reason' in bad) throw new Error('frames expected');
    expect(requireAuthority(good)).toBe(6);
    expect(requireAuthority(bad)).toMatchObject({ reason: 'missing-authority', scheme: 'ftp', offset: 4 });
  });
  it('does not look past the fragment', () => {
    const frame = beginUrl('ftp:#//h', { strict: false });
    expect('reason' in frame ? frame.reason : requireAuthority(frame)).toBe('empty');
  });
});

describe('bounded searches', () => {
  it('indexIn finds a needle only wholly inside [from, to)', () => {
    expect(indexIn('a%09b', '%09', 0, 5)).toBe(1);
    expect(indexIn('a%09b', '%09', 0, 3)).toBe(3);
    expect(indexIn('a,b,c', ',', 2, 3)).toBe(3);
    expect(indexIn('a,b,c', ',', 2, 5)).toBe(3);
  });
  it('indexIn is the native search bounded to [from, to), for needles of one character and more', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '%', '0', '9', ','), { maxLength: 12 }).map((chars) => chars.join('')), fc.constantFrom('%', ',', '%09', 'a%'), fc.nat(12), fc.nat(12), (text, needle, a, b) => {
        const from = Math.min(a, b, text.length);
        const to = Math.min(Math.max(a, b), text.length);
        const found = text.slice(0, to).indexOf(needle, from);
        expect(indexIn(text, needle, from, to)).toBe(found === -1 ? to : found);
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });
  it('lastIndexIn and indexOfAny stay inside [from, to)', () => {
    expect(lastIndexIn('@a@b', '@', 1, 4)).toBe(2);
    expect(lastIndexIn('@ab', '@', 1, 3)).toBe(-1);
    expect(indexOfAny('ab/c?d', '/?', 0, 6)).toBe(2);
    expect(indexOfAny('ab/c?d', '/?', 0, 2)).toBe(2);
    expect(indexOfAny('abc', '/?', 0, 3)).toBe(3);
  });
});
