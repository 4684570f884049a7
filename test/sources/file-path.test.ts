import { describe, expect, it } from 'vitest';
import { displayPath, filePathFromBytes, joinPath } from '../../src/sources/file-path.js';

const bytes = (...values: Array<number | string>): Buffer => Buffer.concat(values.map((v) => (typeof v === 'number' ? Buffer.from([v]) : Buffer.from(v, 'utf8'))));

describe('file paths as bytes', () => {
  it('keeps a name that is valid UTF-8 a string, U+FFFD included, and anything else bytes', () => {
    expect(filePathFromBytes(bytes('caf', 0xc3, 0xa9))).toBe('café');
    expect(filePathFromBytes(bytes('odd', 0xef, 0xbf, 0xbd))).toBe('odd\uFFFD'); // a real U+FFFD
    const latin1 = bytes('caf', 0xe9);
    expect(filePathFromBytes(latin1)).toBe(latin1);
  });

  it('shows each byte outside a valid UTF-8 sequence as %XX, and decodes the rest', () => {
    expect(displayPath('plain/name.txt')).toBe('plain/name.txt');
    expect(displayPath(bytes('d/caf', 0xe9, '.txt'))).toBe('d/caf%E9.txt');
    expect(displayPath(bytes('é', 0xff, 0xfe, 'ü'))).toBe('é%FF%FEü');
    // Sequences RFC 3629 forbids: cut short, overlong, a UTF-16 surrogate, above U+10FFFF.
    expect(displayPath(bytes('a', 0xe2, 0x82))).toBe('a%E2%82');
    expect(displayPath(bytes(0xc0, 0xaf))).toBe('%C0%AF');
    expect(displayPath(bytes(0xe0, 0x80, 0xaf))).toBe('%E0%80%AF');
    expect(displayPath(bytes(0xed, 0xa0, 0x80))).toBe('%ED%A0%80');
    expect(displayPath(bytes(0xf4, 0x90, 0x80, 0x80))).toBe('%F4%90%80%80');
    expect(displayPath(bytes(0xf0, 0x9f, 0x98, 0x80))).toBe('😀');
    // What a worker thread receives for a Buffer: a plain Uint8Array.
    expect(displayPath(new Uint8Array(bytes('x', 0xe9)))).toBe('x%E9');
  });

  it('agrees with Node on every valid sequence: no valid character is ever escaped', () => {
    for (const char of ['\u0080', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{10ffff}']) {
      expect(displayPath(Buffer.from(`a${char}b`, 'utf8'))).toBe(`a${char}b`);
    }
  });

  it('joins bytes and strings as path.join does, byte for byte', () => {
    expect(joinPath('a/', './b')).toBe('a/b');
    const joined = joinPath(bytes('./r', 0xe9, '/'), 'c.txt');
    expect(Buffer.isBuffer(joined)).toBe(true);
    expect(joined).toEqual(bytes('r', 0xe9, '/c.txt'));
    expect(joinPath('dir', bytes(0xe9))).toEqual(bytes('dir/', 0xe9));
    expect(joinPath('é', bytes(0xe9))).toEqual(bytes(0xc3, 0xa9, '/', 0xe9));
  });
});
