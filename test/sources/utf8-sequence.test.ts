import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8SequenceEnd } from '../../src/sources/utf8-sequence.js';

/** Bytes near the edges of RFC 3629's ranges, so that every kind of sequence turns up. */
const byte = fc.constantFrom(0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff);

describe('utf8SequenceEnd (RFC 3629 §4)', () => {
  it('reads the sequences of every example the RFC and the Encoding Standard give', () => {
    const bytes = Buffer.from([0x41, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xe2, 0x82]);
    expect(utf8SequenceEnd(bytes, 0, bytes.length)).toBe(1); // A
    expect(utf8SequenceEnd(bytes, 1, bytes.length)).toBe(3); // é
    expect(utf8SequenceEnd(bytes, 3, bytes.length)).toBe(6); // €
    expect(utf8SequenceEnd(bytes, 6, bytes.length)).toBe(10); // U+1F600
    expect(utf8SequenceEnd(bytes, 10, bytes.length)).toBe(~11); // overlong lead C0
    expect(utf8SequenceEnd(bytes, 12, bytes.length)).toBe(~13); // a surrogate: ED A0 is refused at A0
    expect(utf8SequenceEnd(bytes, 15, bytes.length)).toBe(~17); // cut short by the end
  });

  it('is well formed exactly where Node says the bytes are UTF-8, and splits text as V8 decodes it', () => {
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 40 }), (list) => {
        const bytes = Buffer.from(list);
        let units = 0;
        for (let at = 0; at < bytes.length; ) {
          const end = utf8SequenceEnd(bytes, at, bytes.length);
          const stop = end >= 0 ? end : ~end;
          expect(stop).toBeGreaterThan(at);
          expect(end >= 0).toBe(isUtf8(bytes.subarray(at, stop)));
          units += end >= 0 && stop - at === 4 ? 2 : 1;
          at = stop;
        }
        // One unit per well-formed sequence (two above U+FFFF), one U+FFFD per ill-formed one.
        expect(units).toBe(bytes.toString('utf8').length);
      }),
    );
  });
});
