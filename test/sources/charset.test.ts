import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { iconvKnows, isCertainlyUnknownCharset, wordCharsetName } from '../../src/sources/mime.js';

// iconvKnows answers as iconv.encodingExists does, without the Error that encodingExists
// builds for a name iconv-lite does not know (see mime.ts).
describe('iconvKnows', () => {
  it('knows every name iconv-lite lists, in the forms mail writes them', () => {
    iconv.encodingExists('utf-8');
    const names = Object.keys((iconv as unknown as { encodings: Record<string, unknown> }).encodings).filter((name) => !name.startsWith('_'));
    expect(names.length).toBeGreaterThan(300);
    for (const name of names) {
      for (const form of [name, name.toUpperCase(), `${name}:1987`, name.replace(/(\d+)/, '-$1')]) expect(iconvKnows(form), form).toBe(iconv.encodingExists(form));
    }
  });

  it('answers as encodingExists on names that are not charsets', () => {
    for (const name of ['', 'x-klingon', 'constructor', '__proto__', 'tostring', 'hasownproperty', '_sbcs', '_internal', 'utf-8x', 'iso-8859-99', ':1987', '*', 'ISO-8859-1*de']) {
      expect(iconvKnows(name), name).toBe(iconv.encodingExists(name));
    }
  });

  it('answers as encodingExists on generated names', () => {
    const piece = fc.constantFrom('iso', '8859', '-', '_', '1', '2', '15', 'utf', '8', 'win', 'dows', 'cp', '125', 'koi', 'r', 'u', ':', '1987', 'x', 'ß', 'K', 'ı', ' ', 'latin', 'big5', 'gb', 'shift', 'jis', 'euc', 'kr');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 0, maxLength: 6, size: 'max' }), (pieces) => {
        const name = pieces.join('');
        expect(iconvKnows(name)).toBe(iconv.encodingExists(name));
      }),
      { numRuns: 3000 },
    );
  });
});

// isCertainlyUnknownCharset may only say "unknown" where the full path (libmime's
// normalisation, then isKnownCharset) does, and must say it of made-up names.
describe('isCertainlyUnknownCharset', () => {
  const certain = (name: string) => isCertainlyUnknownCharset(` =?${name}?`, 3, 3 + name.length);

  it('never refuses a name libmime or iconv-lite knows, in any form mail writes it', async () => {
    const module = (await import('libmime/lib/charsets.js')) as unknown as { default: Record<string, string> };
    const aliases = module.default;
    iconv.encodingExists('utf-8');
    const names = [...Object.keys(aliases), ...Object.keys((iconv as unknown as { encodings: Record<string, unknown> }).encodings)];
    let checked = 0;
    for (const name of names) {
      for (const form of [name, name.toUpperCase(), `${name}:1987`, name.replace(/(\d+)/, '-$1'), `x-${name}`, `${name}x`]) {
        if (certain(form)) expect(wordCharsetName(form), form).toBeNull();
        checked++;
      }
      expect(certain(name), name).toBe(false);
    }
    expect(checked).toBeGreaterThan(3000);
  });

  it('never refuses a name the full path knows, on generated names', () => {
    const piece = fc.constantFrom('iso', '8859', '-', '_', '1', '2', '15', 'utf', '8', 'win', 'dows', 'cp', '125', 'koi', 'r', 'u', ':', '1987', 'x', 'K', 'latin', 'big5', 'gb', 'shift', 'jis', 'euc', 'kr', 'mac', 'roman', 'ibm', 'ks', 'c', 'tis', 'viscii', 'hz', '*', 'en', 'ascii', 'us', 'greek', '2022', 'jp', 'l', 'dows', 'iso-', 'eucjp', 'hebrew', 'cyrillic', 'ms', 'csi', '.', '7');
    let refused = 0;
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6, size: 'max' }), (pieces) => {
        const name = pieces.join('');
        if (certain(name)) {
          refused++;
          expect(wordCharsetName(name)).toBeNull();
        }
      }),
      { numRuns: 5000 },
    );
    expect(refused).toBeGreaterThan(500);
  });

  it('refuses made-up names, and leaves what it cannot be sure of to the full path', () => {
    let refused = 0;
    // Made-up names, also ones that start as names libmime rewrites do (an attacker chooses).
    for (let i = 0; i < 1000; i++) for (const prefix of ['x-k', 'utf-x', 'win-x', 'latin-x', 'iso-x', 'l-x', 'us-x', 'jix', 'euc-x', 'ascii-x']) if (certain(`${prefix}${i}`)) refused++;
    expect(refused).toBeGreaterThan(9500);
    for (const name of ['', 'x k', 'x-k*en', 'x-kä', 'utf-9', 'utf_99x', 'latin-99', 'latin_1x', 'us_asciix', 'usasciix', 'win_1250x', 'windows99', 'iso_8859_99', 'iso88599', 'iso-2022-jpx', 'iso2022jp-x', 'eucjp-x', 'jisx', '7bit', '-1x', '_1x', 'l9', 'l-9x']) expect(certain(name), name).toBe(false);
  });
});
