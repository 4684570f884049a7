// Character classes (RFC 1738 §2.2, §5; RFC 3986 §2) and the component check.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPart,
  decodePercent,
  PCHAR,
  QUERY_3986,
  scanPart,
  scanPartFrom,
  UCHAR,
  UNSAFE,
  XCHAR,
  type CharClass,
  type PartRule,
} from '../../src/schemes/characters.js';
import type { ParseState } from '../../src/schemes/parsed.js';
import { fuzzRuns } from '../fuzz-runs.js';

function members(set: CharClass): string {
  let out = '';
  for (let code = 0; code < 128; code++) if (set[code] === 1) out += String.fromCharCode(code);
  return out;
}

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('the classes say what the RFCs say', () => {
  it('uchar = unreserved = alpha | digit | safe | extra (RFC 1738 §5)', () => {
    expect(members(UCHAR)).toBe([...`${ALNUM}$-_.+!*'(),`].sort().join(''));
  });
  it('xchar = unreserved | reserved (RFC 1738 §5; escapes are checked apart)', () => {
    expect(members(XCHAR)).toBe([...`${ALNUM}$-_.+!*'(),;/?:@&=`].sort().join(''));
  });
  it('every printable US-ASCII character is xchar, national, punctuation or space (RFC 1738 §2.2)', () => {
    const national = '{}|\\^~[]`';
    const punctuation = '<>#%"';
    for (const char of PRINTABLE) {
      const code = char.charCodeAt(0);
      const kinds = [XCHAR[code] === 1, national.includes(char), punctuation.includes(char), char === ' '].filter(Boolean);
      expect(kinds, char).toHaveLength(1);
    }
    expect(members(UNSAFE)).toBe([...`${national}#`].sort().join(''));
  });
  it('pchar = unreserved / sub-delims / ":" / "@" (RFC 3986 §3.3); query adds "/" and "?"', () => {
    expect(members(PCHAR)).toBe([...`${ALNUM}-._~!$&'()*+,;=:@`].sort().join(''));
    expect(members(QUERY_3986)).toBe([...`${ALNUM}-._~!$&'()*+,;=:@/?`].sort().join(''));
  });
});

const SENT: PartRule = { name: 'path', strict: UCHAR, lenient: PCHAR, sent: true };
const KEPT: PartRule = { ...SENT, sent: false };

function run(text: string, rule: PartRule, strict: boolean) {
  const state: ParseState = { url: `x:${text}`, scheme: 'x', strict, notes: [] };
  const result = checkPart(state, 2, state.url.length, rule);
  return { result, notes: [...state.notes].sort() };
}

describe('checkPart', () => {
  it('accepts escapes in both modes (RFC 1738 §2.2: "%" followed by two hex digits, either case)', () => {
    for (const strict of [false, true]) expect(run('a%2Fb%2fc%7E', SENT, strict)).toEqual({ result: undefined, notes: [] });
  });
  it('refuses a "%" without two hex digits in both modes, with where', () => {
    for (const strict of [false, true]) {
      for (const text of ['%', '%4', '%4g', 'a%%41', '%G0']) {
        const { result } = run(text, SENT, strict);
        expect(result, text).toMatchObject({ reason: 'bad-escape', scheme: 'x', offset: 2 + text.indexOf('%') });
        expect(result?.detail).toContain('path');
      }
    }
  });
  it('notes encoded-control for %0D, %0A and %00 in a part that is sent on (RFC 1738 §6), not otherwise', () => {
    for (const escape of ['%0D', '%0a', '%00']) {
      expect(run(`a${escape}b`, SENT, false).notes).toEqual(['encoded-control']);
      expect(run(`a${escape}b`, KEPT, false).notes).toEqual([]);
    }
    expect(run('a%09b%7F', SENT, false).notes).toEqual([]);
  });
  it('lenient: RFC 1738 unsafe characters pass with the note unsafe-char; strict refuses them', () => {
    for (const char of '{}|\\^~[]`') {
      expect(run(`a${char}b`, SENT, false), char).toEqual({ result: undefined, notes: ['unsafe-char'] });
      expect(run(`a${char}b`, SENT, true).result, char).toMatchObject({ reason: 'bad-char', offset: 3 });
    }
  });
  it('refuses what no mode allows: space, controls, "<", ">", \'"\'', () => {
    for (const char of [' ', '\t', '\n', '\u0000', '\u007f', '<', '>', '"']) {
      for (const strict of [false, true]) expect(run(`a${char}`, SENT, strict).result, JSON.stringify(char)).toMatchObject({ reason: 'bad-char', offset: 3 });
    }
  });
  it('uses the rule\'s own reason', () => {
    expect(run('a b', { ...SENT, reason: 'bad-group' }, false).result).toHaveProperty('reason', 'bad-group');
  });
  it('lenient: RFC 3987 IRI characters pass with unsafe-char, astral ones too', () => {
    expect(run('caf\u00e9/\u65e5\u672c/\u{1F600}', { ...SENT, lenient: QUERY_3986 }, false)).toEqual({ result: undefined, notes: ['unsafe-char'] });
  });
  it('refuses C1 controls, lone surrogates, non-characters, specials and bidi controls (RFC 3987 §2.2, §4.1)', () => {
    for (const char of ['\u0085', '\ud800', '\udc00', '\ufdd0', '\ufffe', '\ufffd', '\u{1FFFF}', '\u202e', '\u200f', '\u2066', '\u061c']) {
      expect(run(`a${char}b`, SENT, false).result, escape(char)).toMatchObject({ reason: 'bad-char', offset: 3 });
    }
  });
  it('strict: no non-ASCII at all', () => {
    expect(run('caf\u00e9', SENT, true).result).toMatchObject({ reason: 'bad-char', offset: 5 });
  });
  it('names the character in the detail', () => {
    expect(run('a b', SENT, false).result?.detail).toContain('U+0020');
    expect(run('a~b', SENT, true).result?.detail).toContain('"~" (U+007E)');
  });
});

describe('decodePercent', () => {
  it('decodes escapes as UTF-8 and keeps other characters', () => {
    expect(decodePercent('caf%C3%A9')).toBe('café');
    expect(decodePercent('a%2Fb')).toBe('a/b');
    expect(decodePercent('bücher')).toBe('bücher');
    expect(decodePercent('%F0%9F%98%80\u{1F600}')).toBe('\u{1F600}\u{1F600}');
  });
  it('gives undefined for malformed escapes and for octets that are not UTF-8', () => {
    expect(decodePercent('%')).toBeUndefined();
    expect(decodePercent('%zz')).toBeUndefined();
    expect(decodePercent('%C3')).toBeUndefined();
    expect(decodePercent('%FF')).toBeUndefined();
  });
});

describe('scanPart: plain characters first, then the whole walk', () => {
  // Plain, unsafe, escaped, refused, non-ASCII and surrogate pieces, in any order.
  const piece = fc.constantFrom('a', 'Z', '9', '-', '/', '?', ':', '@', '~', '{', '|', '^', '#', ' ', '"', '<', '%41', '%0d', '%0A', '%00', '%', '%4', '%zz', 'é', '例', '\u0085', '\ud83d\ude00', '\ud83d', '\ufdd0', '\u202e');
  const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
  const rules: PartRule[] = [
    { name: 'path', strict: XCHAR, lenient: QUERY_3986, sent: true },
    { name: 'fragment', strict: UCHAR, lenient: PCHAR, sent: false },
  ];
  it('gives what the whole walk gives, offsets and note bits, wherever the part stands', () => {
    fc.assert(
      fc.property(text, fc.nat(12), fc.nat(12), fc.constantFrom(...rules), fc.boolean(), (whole, a, b, rule, strict) => {
        const start = Math.min(a, b, whole.length);
        const end = Math.min(Math.max(a, b), whole.length);
        expect(scanPart(whole, start, end, rule, strict)).toBe(scanPartFrom(whole, start, end, rule, strict));
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });
});
