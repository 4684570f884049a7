import fc from 'fast-check';
import libqp from 'libqp';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../src/sources/quoted-printable.js';

const decode = (text: string, prefix = ''): { bytes: Buffer; encoded: Buffer; start: (i: number) => number; end: (i: number) => number } => {
  const encoded = Buffer.from(prefix + text, 'latin1');
  const { bytes, map } = decodeQuotedPrintable(encoded, prefix.length, encoded.length);
  return { bytes, encoded, start: (i) => map.start(i), end: (i) => map.end(i) };
};

/** Quoted-printable text made of the pieces where decoders go wrong. */
const qpText = fc
  .array(fc.constantFrom('a', 'Z', ' ', '\t', '=3D', '=C3=A9', '=\r\n', '=\n', '= \t\r\n', '=', '\r\n', '\n', '\r', '=4', '=g1', '=20'), { maxLength: 60 })
  .map((parts) => parts.join(''));

/** A run of 0 to 200 plain bytes (lengths drawn evenly: fast-check's own strings stay short). */
const PLAIN = 'abcXYZ019 .:/<>"\t';
const plainRun = fc.tuple(fc.nat({ max: 200 }), fc.nat()).map(([length, seed]) => Array.from({ length }, (_, i) => PLAIN[(seed + i * 7) % PLAIN.length]).join(''));

/**
 * Quoted-printable text with runs of plain bytes from 0 to 200 long between the pieces above:
 * runs on both sides of the length from which {@link decodeQuotedPrintable} copies natively.
 */
const qpLongRuns = fc
  .array(fc.oneof(fc.constantFrom('=3D', '=C3=A9', '=\r\n', '=\n', '= \t\r\n', '=', '\r\n', '\n', ' \t\n', '=4'), plainRun), { maxLength: 40 })
  .map((parts) => parts.join(''));

/**
 * RFC 2045 §6.7 read rule by rule, slowly, on a string: `=XX` (rule 1), soft line
 * breaks with transport padding (rule 5), a stray `=` kept; in the text between them,
 * spaces and tabs before a line break deleted (rule 3).
 */
function readRules(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '=') {
      const escape = /^=([0-9A-Fa-f]{2})/.exec(text.slice(i));
      const soft = /^=[ \t]*(?:\r\n|\n|$)/.exec(text.slice(i));
      if (escape) out += String.fromCharCode(Number.parseInt(escape[1] as string, 16));
      else if (!soft) out += '=';
      i += escape ? 3 : soft ? soft[0].length : 1;
      continue;
    }
    const next = text.indexOf('=', i);
    const run = text.slice(i, next < 0 ? text.length : next);
    out += run.replace(/[ \t]+(?=\r?\n)/g, '');
    i += run.length;
  }
  return out;
}

describe('decodeQuotedPrintable (RFC 2045 §6.7)', () => {
  it('decodes escapes, soft line breaks and transport padding', () => {
    expect(decode('a=3Db').bytes.toString('latin1')).toBe('a=b');
    expect(decode('a=3db').bytes.toString('latin1')).toBe('a=b'); // lower-case hex, seen in the wild
    expect(decode('http://exa=\r\nmple.com/').bytes.toString('latin1')).toBe('http://example.com/');
    expect(decode('soft= \t\nbreak').bytes.toString('latin1')).toBe('softbreak');
    expect(decode('line\r\nnext').bytes.toString('latin1')).toBe('line\r\nnext');
    expect(decode('end=').bytes.toString('latin1')).toBe('end');
  });

  it('deletes white space at the end of a line, which transport added (rule 3), and keeps encoded and inner white space', () => {
    expect(decode('a  \r\nb\t \nc ').bytes.toString('latin1')).toBe('a\r\nb\nc ');
    expect(decode(' \r\n=20 \nx =3D \n').bytes.toString('latin1')).toBe('\r\n \nx =\n');
    expect(decode('keep  =\nsoft').bytes.toString('latin1')).toBe('keep  soft');
  });

  it('keeps a "=" that starts neither an escape nor a soft break (robust reading, §6.7 note)', () => {
    expect(decode('a=zz b=').bytes.toString('latin1')).toBe('a=zz b');
    expect(decode('x=4').bytes.toString('latin1')).toBe('x=4');
  });

  it('decodes what libqp (mailparser) encodes, byte for byte', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 10, max: 76 }), (data, width) => {
        const encoded = libqp.wrap(libqp.encode(Buffer.from(data)), width);
        expect(decode(encoded).bytes.equals(Buffer.from(data))).toBe(true);
      }),
    );
  });

  it('decodes as the rules read one by one, on text full of white space, line breaks and stray "="', () => {
    fc.assert(
      fc.property(qpText, fc.string({ maxLength: 5 }).map((s) => s.replace(/[^\x20-\x7e]/g, 'x')), (text, prefix) => {
        expect(decode(text, prefix).bytes.toString('latin1')).toBe(readRules(text));
      }),
    );
  });

  it('decodes runs short and long as the rules read one by one, and maps each byte back to its own', () => {
    fc.assert(
      fc.property(qpLongRuns, fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, 'x')), (text, prefix) => {
        const { bytes, encoded, start, end } = decode(text, prefix);
        expect(bytes.toString('latin1')).toBe(readRules(text));
        for (let i = 0; i < bytes.length; i++) {
          const source = encoded.subarray(start(i), end(i + 1)).toString('latin1');
          expect(source.length === 1 ? source.charCodeAt(0) : Number.parseInt(source.slice(1), 16)).toBe(bytes[i]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('maps every decoded byte to the encoded bytes that produced it', () => {
    fc.assert(
      fc.property(qpText, fc.string({ maxLength: 5 }).map((s) => s.replace(/[^\x20-\x7e]/g, 'x')), (text, prefix) => {
        const { bytes, encoded, start, end } = decode(text, prefix);
        for (let i = 0; i < bytes.length; i++) {
          const source = encoded.subarray(start(i), end(i + 1)).toString('latin1');
          const byte = bytes[i] as number;
          if (source.length === 1) {
            expect(source.charCodeAt(0)).toBe(byte);
          } else {
            expect(source).toMatch(/^=[0-9A-Fa-f]{2}$/);
            expect(Number.parseInt(source.slice(1), 16)).toBe(byte);
          }
          expect(start(i)).toBeGreaterThanOrEqual(prefix.length);
        }
      }),
    );
  });
});
