import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeWindows1252 } from '../../src/sources/windows-1252.js';

describe('windows-1252', () => {
  it('decodes every byte as iconv-lite does, one character per byte', () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const decoded = decodeWindows1252(every);
    expect(decoded).toBe(iconv.decode(every, 'windows-1252'));
    expect(decoded.length).toBe(256);
  });

  it('reads the characters mail in this charset uses', () => {
    expect(decodeWindows1252(Buffer.from([0x93, 0x63, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x80, 0x35]))).toBe('\u201Ccafé\u201D €5');
    expect(decodeWindows1252(Buffer.from('plain ASCII'))).toBe('plain ASCII');
  });
});
