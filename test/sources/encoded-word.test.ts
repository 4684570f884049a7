import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeWords, unknownWordCharsets } from '../../src/sources/encoded-word.js';
import { decodeEncodedWord, wordCharsetName } from '../../src/sources/mime.js';

/**
 * The reference: RFC 2047 §2 and §6.2 as one regular expression over at most 75 characters
 * from each `=?`, and `String#trim` for the white space between two words. The module reads
 * the words by hand instead (a field of thousands of words was a hostile input).
 */
function reference(text: string): { text: string; pieces: Array<[string, string]>; unknown: typeof unknownWordCharsets } | { unknown: typeof unknownWordCharsets } {
  // The whole words in charsets libmime does not know (libmime's normalisation, then
  // isKnownCharset, with no quick refusal): how many, the first one's offset and charset.
  const unknown = { count: 0, first: -1, charset: '' };
  const out: string[] = [];
  const pieces: Array<[string, string]> = []; // [decoded, source] in order
  let pos = 0;
  let copied = 0;
  let lastWordEnd = -1;
  let changed = false;
  while (pos < text.length) {
    const open = text.indexOf('=?', pos);
    if (open < 0) break;
    const word = /^=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/.exec(text.slice(open, open + 75));
    const value = word ? decodeEncodedWord(word[1]!, word[2]!, word[3]!) : undefined;
    if (word && wordCharsetName(word[1]!) === null && unknown.count++ === 0) {
      unknown.first = open;
      unknown.charset = word[1]!;
    }
    if (!word || value === undefined) {
      pos = open + 2;
      continue;
    }
    const gap = text.slice(copied, open);
    if (!(lastWordEnd === copied && gap.trim() === '')) {
      out.push(gap);
      pieces.push([gap, gap]);
    } else pieces.push(['', gap]);
    out.push(value);
    pieces.push([value, word[0]]);
    changed = true;
    pos = copied = lastWordEnd = open + word[0].length;
  }
  if (!changed) return { unknown };
  out.push(text.slice(copied));
  return { text: out.join(''), pieces, unknown };
}

/** decodeWords gives the reference's text, and maps every piece of it to where its source starts and ends. */
function expectLikeReference(text: string): void {
  const expected = reference(text);
  const actual = decodeWords(text);
  expect(unknownWordCharsets.count).toBe(expected.unknown.count);
  if (expected.unknown.count > 0) expect({ ...unknownWordCharsets }).toEqual(expected.unknown);
  if (!('text' in expected)) {
    expect(actual).toBeUndefined();
    return;
  }
  expect(actual?.text).toBe(expected.text);
  let out = 0;
  let source = 0;
  for (const [decoded, raw] of expected.pieces) {
    if (decoded.length > 0) {
      expect(actual!.map.start(out)).toBe(source);
      expect(actual!.map.end(out + decoded.length)).toBe(source + raw.length);
    }
    out += decoded.length;
    source += raw.length;
  }
}

describe('decodeWords (RFC 2047)', () => {
  it('decodes the words of a field, drops the white space between two words, and keeps the rest', () => {
    const field = ' =?utf-8?q?caf=C3=A9?= \t =?UTF-8?B?IGJhcg==?= and =?iso-8859-1?Q?=E9t=E9?=.';
    expect(decodeWords(field)?.text).toBe(' café bar and été.');
  });

  it('leaves alone what is not a word: too long, white space inside, an unknown charset or encoding', () => {
    const long = `=?utf-8?q?${'a'.repeat(70)}?=`;
    expect(decodeWords(long)).toBeUndefined();
    expect(decodeWords('=?utf-8?q?a b?= =?utf-8?x?ab?= =?x-bogus?q?ab?= =??q?ab?= =?utf-8?q?ab?')).toBeUndefined();
    // A word of exactly 75 characters is one; of 76, not.
    expect(decodeWords(`=?utf-8?q?${'a'.repeat(63)}?=`)?.text).toBe('a'.repeat(63));
    expect(decodeWords(`=?utf-8?q?${'a'.repeat(64)}?=`)).toBeUndefined();
    // The white space of other scripts separates words too (it is not part of one).
    expect(decodeWords('=?utf-8?q?a?=\u3000=?utf-8?q?b?=\u00a0x')?.text).toBe('ab\u00a0x');
  });

  it('decodes each word on its own: a character cut between two words is not joined (RFC 2047 §5)', () => {
    // Each encoded word must hold whole characters (§5), and libmime decodes word by word: the
    // halves of an `é` are two replacement characters, even though the words are decoded together.
    expect(decodeWords('=?utf-8?q?caf=C3?= =?utf-8?q?=A9?= =?utf-8?q?=E2=82=AC?=')?.text).toBe('caf\ufffd\ufffd\u20ac');
    expect(decodeWords('=?utf-8?q?=ED=A0=80=C0=AF?=')?.text).toBe('\ufffd'.repeat(5));
    expect(decodeWords('a =?utf-8?q?=F0=9F=98=80?= b =?windows-1252?q?=80?= c =?us-ascii?q?d?=')?.text).toBe('a \u{1f600} b \u20ac c d');
  });

  it('maps each decoded offset back into the word or gap it came from', () => {
    const field = 'see =?utf-8?q?http=3A//a.example/?= now';
    const words = decodeWords(field);
    expect(words?.text).toBe('see http://a.example/ now');
    const url = words!.text.indexOf('http');
    expect(words!.map.start(url)).toBe(field.indexOf('=?'));
    expect(words!.map.start(words!.text.indexOf('now'))).toBe(field.indexOf('now'));
  });

  it('decodes words in any charset and either encoding as libmime does, whole or mangled', () => {
    // Charsets decoded by hand (UTF-8 and the single-byte ones, through a table), aliases of
    // them, ones libmime reads as UTF-8 (ascii, 7bit) and ones of several bytes a character.
    const charsets = ['utf-8', 'UTF8', 'utf-8*en', 'us-ascii', 'ascii', '7bit', 'iso-8859-1', 'latin1', 'windows-1252', 'win-1251', 'iso-8859-2', 'ISO_8859-7', 'koi8-r', 'cp437', 'macintosh', 'tis-620', 'binary', 'gbk', 'shift_jis', 'utf-16le', 'iso-2022-jp', 'base64', 'x-bogus'];
    const hex = (b: number) => b.toString(16).padStart(2, '0');
    const q = (bytes: Uint8Array) => Array.from(bytes, (b) => (b > 0x20 && b < 0x7f && b !== 0x3d && b !== 0x3f && b !== 0x5f ? String.fromCharCode(b) : `=${b % 3 ? hex(b).toUpperCase() : hex(b)}`)).join('');
    // Well-formed payloads from any bytes, and mangled ones: stray `=`, padding mid-way, the URL-safe alphabet, characters outside it.
    const payload = fc.oneof(
      fc.uint8Array({ maxLength: 20 }).map((bytes) => ({ encoding: 'Q', text: q(bytes) })),
      fc.uint8Array({ maxLength: 30 }).map((bytes) => ({ encoding: 'B', text: Buffer.from(bytes).toString('base64') })),
      fc.array(fc.constantFrom('A', 'w', '9', '+', '/', '-', '_', '=', '!', '\u00e9', 'QQ==', 'w6k', '=C3', '=e9', '_', 'a'), { maxLength: 16 }).map((parts) => ({ encoding: parts.length % 2 ? 'b' : 'q', text: parts.join('') })),
    );
    const word = fc.tuple(fc.constantFrom(...charsets), payload).map(([charset, { encoding, text }]) => `=?${charset}?${encoding}?${text}?=`);
    fc.assert(
      fc.property(fc.array(fc.oneof(word, fc.constantFrom(' ', ' and ', '\u00a0', 'http://a.example/ ', '=?')), { minLength: 1, maxLength: 12, size: 'max' }), (parts) => {
        expectLikeReference(parts.join(''));
      }),
      { numRuns: 3000 },
    );
  });

  it('decodes B text by groups of four characters and by the character, wherever a group is broken', () => {
    // readBase64Token reads whole groups of the alphabet first and leaves the rest to a loop
    // by the character: a character that breaks a group (padding, one outside the alphabet,
    // one that is not ASCII) may stand at any place, and the bytes must come out as libmime's.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_';
    const letter = fc.constantFrom(...alphabet.split(''));
    const breaker = fc.constantFrom('=', '==', '!', '.', '\u00e9', '\u0100', '\x7f', '\x01');
    const text = fc.tuple(fc.array(letter, { maxLength: 40 }), fc.array(fc.tuple(fc.nat({ max: 40 }), breaker), { maxLength: 3 })).map(([letters, breaks]) => {
      const chars = [...letters];
      for (const [at, character] of breaks) chars.splice(Math.min(at, chars.length), 0, character);
      return chars.join('');
    });
    const charset = fc.constantFrom('utf-8', 'iso-8859-2', 'windows-1252', 'koi8-r');
    fc.assert(
      fc.property(fc.array(fc.tuple(charset, text), { minLength: 1, maxLength: 4 }), (words) => {
        expectLikeReference(words.map(([name, payload]) => `=?${name}?B?${payload}?=`).join(' and '));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a field whose words alternate between charsets, and one whose words are in a single-byte charset', () => {
    const field = Array.from({ length: 50 }, (_, i) => (i % 2 ? '=?iso-8859-2?q?=B1?=' : '=?utf-8?b?w6k=?=')).join(' ');
    expect(decodeWords(field)?.text).toBe('\u00e9\u0105'.repeat(25));
    expect(decodeWords('=?koi8-r?B?8NLJ18XU?= =?koi8-r?q?http=3A//a.example/?=')?.text).toBe('\u041f\u0440\u0438\u0432\u0435\u0442http://a.example/');
    // Box drawing in CP437 is three bytes of UTF-8 a byte: 18 bytes in 24 characters of base64
    // are 54 bytes of UTF-8, more than the 36 characters of the word, but 18 UTF-16 units,
    // which the field's run of units has room for.
    const boxes = `=?cp437?B?${Buffer.alloc(18, 0xc4).toString('base64')}?=`;
    expect(boxes).toHaveLength(36);
    expect(decodeWords(boxes.repeat(10))?.text).toBe('\u2500'.repeat(180));
  });

  it('decodes as the regular-expression reference does, text and offsets, on any mix of words and noise', () => {
    // Byte escapes that are whole UTF-8 characters, pieces of one, or never UTF-8 (overlong,
    // surrogate, above U+10FFFF), so that the UTF-8 runs decoded together meet every case.
    const bytes = ['=C3', '=A9', '=E2=82', '=AC', '=F0=9F=98=80', '=F0=9F', '=ED=A0=80', '=C0=AF', '=E0=80=80', '=F4=90=80=80', '=FF', '=E9', '=80'];
    const piece = fc.constantFrom('=?', '?=', '?', '=', 'utf-8', 'UTF-8', 'utf-8*en', 'us-ascii', 'windows-1252', 'iso-8859-1', 'x-bogus', '?q?', '?Q?', '?B?', '?b?', '?x?', 'caf=C3=A9', 'SGVsbG8=', 'http=3A//a.example/', '=3', '=a', '\x01', '\x7f', 'utf', 'utf-', '_', ' ', '\t', '\r\n ', '\u00a0', '\u2003', 'a', 'é', '\u{1f600}', '\ud800', '\udc00', '\u0144', 'x'.repeat(40), ...bytes);
    // Well-formed words too, which noise alone seldom makes.
    const word = fc
      .tuple(fc.constantFrom('utf-8', 'UTF-8', 'utf-8*en', 'utf-', 'utf-88', 'us-ascii', 'windows-1252', 'iso-8859-1', 'x-bogus'), fc.constantFrom('q', 'Q', 'b'), fc.array(fc.constantFrom('a', '_', '=', '=3', '\x7f', 'é', 'SGVsbG8=', ...bytes), { maxLength: 6 }))
      .map(([charset, encoding, payload]) => `=?${charset}?${encoding}?${payload.join('')}?=`);
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, word), { maxLength: 40, size: 'max' }), (parts) => {
        expectLikeReference(parts.join(''));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts the whole words in unknown charsets as the reference does, and reads the words that start inside them', () => {
    // A word in an unknown charset is passed over whole; a `=?` may start inside it only at
    // the last character of its charset or of its text (`=?x=?q?q?=41?=` holds `=?q?q?=41?=`).
    const charset = fc.constantFrom('x-k1', 'X-K2', 'x=', 'x-k=', '=', 'utf-8', 'q', 'iso-8859-2', 'utf-x1');
    const payload = fc.array(fc.constantFrom('a', '=', '=41', '=?', '?', '_', 'q', 'b', '=?utf-8?q?', '=?x-k3?q?', ' '), { maxLength: 5 }).map((parts) => parts.join(''));
    const word = fc.tuple(charset, fc.constantFrom('q', 'Q', 'b', 'x'), payload).map(([name, encoding, text]) => `=?${name}?${encoding}?${text}?=`);
    fc.assert(
      fc.property(fc.array(fc.oneof(word, fc.constantFrom(' ', '=', '?', '=?', '?=', ' and ', 'x-k4', 'http://a.example/ ')), { maxLength: 16, size: 'max' }), (parts) => {
        expectLikeReference(parts.join(''));
      }),
      { numRuns: 5000 },
    );
    expectLikeReference('=?x=?q?q?=41?=');
    expect(unknownWordCharsets.count).toBe(2);
    expectLikeReference('=?x-k1?q?a=?=?q?b?=');
    expect(unknownWordCharsets.count).toBe(2);
    expect(decodeWords('=?x-k1?q?a=?=?utf-8?q?b?=')?.text).toBe('=?x-k1?q?a=?b');
  });
});
