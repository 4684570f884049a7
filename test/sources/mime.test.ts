import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import he from 'he';
import iconv from 'iconv-lite';
import libmime from 'libmime';
import { describe, expect, it } from 'vitest';
import { decodeAttributeValue, decodeCharacterReference, decodeEncodedWord, decodeText, mapUtf8, parseContentType } from '../../src/sources/mime.js';

/** Checks that every character of the decoded text maps back to bytes that decode to it. */
function expectExactOffsets(bytes: Buffer, from: number, charset: string | undefined, decodeAlone: (slice: Buffer) => string): void {
  const decoded = decodeText(bytes, from, bytes.length, charset);
  expect(decoded.exact).toBe(true);
  const map = decoded.offsets();
  const text = decoded.text;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) continue; // second half of a surrogate pair
    const width = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
    const slice = bytes.subarray(map.start(i), map.end(i + width));
    expect(decodeAlone(slice)).toBe(text.slice(i, i + width));
    expect(map.start(i)).toBeGreaterThanOrEqual(from);
  }
  expect(map.end(text.length)).toBe(bytes.length);
}

describe('decodeText', () => {
  it('maps UTF-8 text back to its bytes, four-byte characters included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat(4), (text, pad) => {
        const bytes = Buffer.concat([Buffer.alloc(pad, 0x20), Buffer.from(text, 'utf8')]);
        expectExactOffsets(bytes, pad, 'utf-8', (slice) => slice.toString('utf8'));
      }),
    );
  });

  it('maps malformed UTF-8 the way the decoder put in U+FFFD (WHATWG Encoding §9.1.1)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 60 }), (data) => {
        const bytes = Buffer.from(data);
        const map = mapUtf8(bytes, 0, bytes.length);
        const text = bytes.toString('utf8');
        for (let i = 0; i < text.length; i++) {
          const code = text.charCodeAt(i);
          if (code >= 0xdc00 && code <= 0xdfff) continue;
          const width = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
          expect(bytes.subarray(map.start(i), map.end(i + width)).toString('utf8')).toBe(text.slice(i, i + width));
        }
        expect(map.end(text.length)).toBe(bytes.length);
      }),
    );
  });

  for (const charset of ['koi8-r', 'windows-1252', 'iso-8859-2', 'shift_jis', 'gbk', 'euc-kr', 'big5', 'euc-jp']) {
    it(`maps ${charset} text back to its bytes`, () => {
      const sample = 'see http://example.com/a?b=1 Привет 日本語 한국어 中文 ü é — end';
      const encodable = [...sample].filter((char) => iconv.decode(iconv.encode(char, charset), charset) === char).join('');
      const bytes = iconv.encode(encodable, charset);
      const decoded = decodeText(bytes, 0, bytes.length, charset);
      expect(decoded.text).toBe(encodable);
      expectExactOffsets(bytes, 0, charset, (slice) => iconv.decode(slice, charset));
    });
  }

  it('reads ISO-2022-JP (RFC 1468) and maps past its escape sequences', () => {
    // "日本 http://example.jp/ 語" with JIS X 0208 runs between ESC $ B and ESC ( B.
    const bytes = Buffer.from([
      0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42, ...Buffer.from(' http://example.jp/ '), 0x1b, 0x24, 0x42, 0x38, 0x6c, 0x1b, 0x28, 0x42,
    ]);
    const decoded = decodeText(bytes, 0, bytes.length, 'ISO-2022-JP');
    expect(decoded.text).toBe('日本 http://example.jp/ 語');
    expect(decoded.exact).toBe(true);
    const map = decoded.offsets();
    const at = decoded.text.indexOf('http');
    expect(bytes.subarray(map.start(at), map.end(at + 'http://example.jp/'.length)).toString('latin1')).toBe('http://example.jp/');
    expect(map.start(1)).toBe(5);
  });

  it('reads undeclared bytes as UTF-8 when valid, else as Latin-1', () => {
    expect(decodeText(Buffer.from('café', 'utf8'), 0, 5).text).toBe('café');
    const latin1 = Buffer.from('caf\xe9 \xa0', 'latin1');
    expect(decodeText(latin1, 0, latin1.length).text).toBe('café \u00a0');
    expect(decodeText(latin1, 0, latin1.length, 'us-ascii').text).toBe('café \u00a0');
  });

  it('says when a charset is unknown and still reads the text', () => {
    const bytes = Buffer.from('see http://example.com/', 'latin1');
    const decoded = decodeText(bytes, 0, bytes.length, 'x-no-such-charset');
    expect(decoded.known).toBe(false);
    expect(decoded.text).toBe('see http://example.com/');
    expect(decodeText(bytes, 0, bytes.length, 'utf-7').known).toBe(false);
    expect(decodeText(bytes, 0, bytes.length, 'KOI8-R').known).toBe(true);
  });
});

describe('header values', () => {
  it('parses Content-Type with RFC 2231 continuations and any case', () => {
    expect(parseContentType('Text/PLAIN; Charset="UTF-8"; format=flowed; DelSp=yes')).toEqual({
      mediaType: 'text/plain',
      params: { charset: 'UTF-8', format: 'flowed', delsp: 'yes' },
    });
    expect(parseContentType('multipart/mixed;\r\n boundary*0="abc";\r\n boundary*1="def"')?.params.boundary).toBe('abcdef');
    expect(parseContentType('garbage')).toBeUndefined();
    // The common unquoted form, read without libmime, gives what libmime gives.
    expect(parseContentType('multipart/alternative;\r\n\tBoundary=----=_Part_1; charset=UTF-8')).toEqual({
      mediaType: 'multipart/alternative',
      params: { boundary: '----=_Part_1', charset: 'UTF-8' },
    });
    expect(parseContentType('multipart/alternative; boundary="----=_Part_1"; charset=UTF-8')).toEqual(parseContentType('multipart/alternative; boundary=----=_Part_1; charset=UTF-8'));
  });

  it('decodes RFC 2047 encoded words, refusing unknown charsets', () => {
    expect(decodeEncodedWord('utf-8', 'Q', 'http=3A//example.com/_x')).toBe('http://example.com/ x');
    expect(decodeEncodedWord('iso-8859-1', 'B', 'SGVsbG8=')).toBe('Hello');
    expect(decodeEncodedWord('x-bogus', 'Q', 'abc')).toBeUndefined();
  });

  it('decodes encoded words as libmime does, whatever their text, in any charset and either encoding', () => {
    // The words of the common charsets are decoded without libmime (a field of thousands of
    // them was a hostile input); libmime stays the reference for what each word means.
    const piece = fc.constantFrom('=', '_', '3D', 'C3', 'A9', 'e9', 'F0', '9F', '8E', '80', '81', '8D', 'ff', 'G', 'z', 'SGVs', 'bG8', '4pyT', '/+', '-', '==', 'é', '日', '\ud800');
    const charset = fc.constantFrom('utf-8', 'UTF-8', 'utf8', 'us-ascii', 'iso-8859-1', 'ISO-8859-1*en', 'windows-1252', 'latin1', 'koi8-r', 'iso-8859-2');
    fc.assert(
      fc.property(charset, fc.constantFrom('Q', 'q', 'B', 'b'), fc.array(piece, { maxLength: 12 }), (name, encoding, pieces) => {
        const text = pieces.join('');
        expect(decodeEncodedWord(name, encoding, text)).toBe(libmime.decodeWord(name, encoding, text));
      }),
      { numRuns: 3000 },
    );
  });

  it('decodes HTML character references', () => {
    expect(decodeCharacterReference('&amp;', false)).toBe('&');
    expect(decodeCharacterReference('&#x2F;', false)).toBe('/');
    expect(decodeCharacterReference('&eacute;', false)).toBe('é');
    expect(decodeAttributeValue('http://a.example/?x=1&amp;y=2')).toBe('http://a.example/?x=1&y=2');
  });
});

describe('the paths that load no library', () => {
  // mime.ts answers these without loading libmime, iconv-lite or he (they load on first
  // use, for start-up time); each answer must be the library's.
  it('names the common charsets as libmime does', () => {
    for (const name of ['utf-8', 'UTF-8', ' Utf-8 ', 'us-ascii', 'US-ASCII', 'iso-8859-1', 'ISO-8859-1', 'windows-1252', 'Windows-1252']) {
      const decoded = decodeText(Buffer.from('abc'), 0, 3, name);
      expect(decoded.charset, name).toBe(libmime.normalizeCharset(name));
      expect(decoded.known, name).toBe(true);
      expect(iconv.encodingExists(decoded.charset), name).toBe(true);
    }
  });

  it('reads a Content-Type with plain quoted strings as libmime does', () => {
    const token = fc.stringMatching(/^[a-zA-Z0-9=._ -]{0,8}$/);
    const quoted = fc.stringMatching(/^[a-zA-Z0-9=._ ;"\\-]{0,8}$/).map((text) => `"${text}"`);
    const param = fc.tuple(fc.constantFrom('charset', 'Boundary', 'name', 'format', 'x'), fc.oneof(token, quoted), fc.constantFrom(';', '; ', ';\r\n\t'));
    fc.assert(
      fc.property(fc.constantFrom('text/plain', 'Multipart/Mixed', 'text', 'text/html '), fc.array(param, { maxLength: 4 }), (mediaType, params) => {
        const value = mediaType + params.map(([key, text, separator]) => `${separator}${key}=${text}`).join('');
        const reference = libmime.parseHeaderValue(value) as { value: string; params: Record<string, string> };
        const type = reference.value.trim().toLowerCase();
        const expected = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type)
          ? { mediaType: type, params: Object.fromEntries(Object.entries(reference.params).map(([key, text]) => [key.toLowerCase(), text])) }
          : undefined;
        expect(parseContentType(value)).toEqual(expected);
      }),
    );
  });

  it('decodes each character reference as he does: numeric, named, made up, in text and in attributes', () => {
    // Numeric references and names seen before are decoded without he; he stays the reference.
    const reference = fc.tuple(
      fc.constantFrom('&', '&#', '&#x', '&#X'),
      fc.array(fc.constantFrom('0', '1', '9', '65', '128', '159', '55296', 'D800', 'a', 'F', 'ff', '10FFFF', '110000', '99999999999', 'amp', 'eacute', 'not', 'notin', 'frac12', 'z', 'X'), { minLength: 1, maxLength: 4 }),
      fc.constantFrom(';', ''),
      fc.boolean(),
    );
    fc.assert(
      fc.property(reference, ([start, body, end, inAttribute]) => {
        const text = `${start}${body.join('')}${end}`;
        // Twice: the second answer may come from the cache.
        for (let i = 0; i < 2; i++) expect(decodeCharacterReference(text, inAttribute)).toBe(he.decode(text, { isAttributeValue: inAttribute }));
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes attribute values as he does', () => {
    const piece = fc.constantFrom('&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&#39;', '&nbsp;', '&', ';', 'amp', '&amp', '&eacute;', '&#x2F;', 'a', '=', ' ', '&ampx;', '&AMP;');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const value = pieces.join('');
        expect(decodeAttributeValue(value)).toBe(he.decode(value, { isAttributeValue: true }));
      }),
    );
  });
});

describe('the MIME library boundary', () => {
  it('is the only module that imports the MIME libraries', () => {
    const root = new URL('../../src/', import.meta.url);
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith(join('sources', 'mime.ts'))) {
          const source = readFileSync(path, 'utf8');
          if (/(?:from |require\()['"](?:mailparser|libmime|libqp|iconv-lite|he|encoding-japanese|@zone-eu\/mailsplit)(?:\/[^'"]*)?['"]/.test(source)) offenders.push(path);
        }
      }
    };
    walk(root.pathname);
    expect(offenders).toEqual([]);
  });
});
