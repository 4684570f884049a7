import { describe, expect, it } from 'vitest';
import { isDomainChar } from '../../src/scan/bare.js';
import { isAlnum } from '../../src/scan/characters.js';

/** isDomainChar, read from a table of the ASCII characters: the same answer as its rule for every code unit. */
describe('isDomainChar', () => {
  it('is true exactly for ASCII letters, digits, "." and "-", for every UTF-16 code unit and past the text (NaN)', () => {
    const wrong: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (isDomainChar(code) !== (isAlnum(code) || code === 0x2e || code === 0x2d)) wrong.push(code);
    }
    expect(wrong).toEqual([]);
    expect(isDomainChar(Number.NaN)).toBe(false);
  });
});
