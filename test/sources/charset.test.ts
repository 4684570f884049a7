import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { iconvKnows } from '../../src/sources/mime.js';

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
