import tlds from 'tlds/index.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { domainToAscii } from '../../src/schemes/idn.js';
import { hasKnownTld, isKnownAsciiTld, lookUpTldsBySlice } from '../../src/scan/top-level-domain.js';

const known = (host: string) => hasKnownTld(host, 0, host.length);

describe('hasKnownTld', () => {
  it('knows every top-level domain of the list, in any case and in its xn-- form', () => {
    // The cheap checks before the look-up (length, first and last character) must refuse none.
    for (const tld of tlds) {
      expect(known(`www.example.${tld}`), tld).toBe(true);
      expect(known(`www.example.${tld.toUpperCase()}`), tld).toBe(true);
      if (/[^\x00-\x7f]/.test(tld)) expect(known(`www.example.${domainToAscii(tld)}`), tld).toBe(true);
    }
    for (const special of ['example', 'test', 'onion']) expect(known(`www.a.${special}`)).toBe(true);
  });

  it('refuses labels that are no top-level domain', () => {
    for (const host of ['www.a', 'www.a(', 'www.example.c', 'www.example.com)', 'www.example.(com', 'www.example.c0m-', 'www.example.1com', 'www', 'www.', 'www.a.', 'x'.repeat(100)]) {
      expect(known(host), host).toBe(false);
    }
    // One trailing dot is the DNS root (RFC 1034 §3.1).
    expect(known('www.example.com.')).toBe(true);
  });

  it('looks up ASCII labels by character codes exactly as by their lower-cased copy', () => {
    // The table (fast path) against the Set of lower-cased slices (slow path), on every name
    // of the list in three cases, its prefixes and one-letter changes, in one-byte and
    // two-byte text (after a "’"), with and without a trailing dot.
    const labels = new Set<string>(['', 'a', 'zzq', 'COM', 'cOm', 'c0m', 'xn--', 'XN--P1AI', 'example', 'TEST', 'onion', 'İo', 'РФ', 'рф']);
    for (const tld of [...tlds, 'example', 'test', 'onion']) {
      for (const form of [tld, tld.toUpperCase(), domainToAscii(tld)]) {
        labels.add(form);
        labels.add(form.slice(1));
        labels.add(form.slice(0, -1));
        labels.add(`${form}x`);
        labels.add(form.replace(/.$/, (c) => String.fromCharCode(c.charCodeAt(0) ^ 1)));
      }
    }
    const results = (bySlice: boolean) => {
      lookUpTldsBySlice(bySlice);
      try {
        const found: boolean[] = [];
        for (const label of labels) {
          for (const text of [`www.a.${label}`, `’ www.a.${label}`, `www.a.${label}.`, `x.${label}/`]) {
            const end = text.endsWith('/') ? text.length - 1 : text.length;
            found.push(hasKnownTld(text, text.indexOf('w') === -1 ? 0 : text.indexOf('w'), end));
          }
        }
        return found;
      } finally {
        lookUpTldsBySlice(false);
      }
    };
    const fast = results(false);
    expect(fast.filter(Boolean).length).toBeGreaterThan(4 * tlds.length);
    expect(fast).toEqual(results(true));
  });

  it('isKnownAsciiTld answers as hasKnownTld for a last label of ASCII host characters that ends in a letter or digit', () => {
    // Its caller (the scanner's shortHostRefusedEnd) found the label: no walk back, no tests first.
    const labels = new Set<string>(['a', 'z9', '9z', '-com', 'co-m', 'zzq', 'x'.repeat(63), `${'x'.repeat(60)}com`]);
    for (const tld of [...tlds, 'example', 'test', 'onion']) {
      const ascii = domainToAscii(tld);
      if (ascii === '' || /[^a-z0-9-]/i.test(ascii)) continue;
      for (const form of [ascii, ascii.toUpperCase(), ascii.slice(1), ascii.slice(0, -1), `${ascii}0`, `0${ascii}`, `${ascii}${ascii}`]) if (/[a-z0-9]$/i.test(form)) labels.add(form);
    }
    let knownCount = 0;
    for (const bySlice of [false, true]) {
      lookUpTldsBySlice(bySlice);
      try {
        for (const label of labels) {
          for (const text of [`www.a.${label}`, `’ www.${label}`]) {
            const from = text.lastIndexOf('.') + 1;
            const expected = hasKnownTld(text, text.indexOf('w'), text.length);
            expect(isKnownAsciiTld(text, from, text.length), `${text}, by slice ${bySlice}`).toBe(expected);
            if (expected) knownCount++;
          }
        }
      } finally {
        lookUpTldsBySlice(false);
      }
    }
    expect(knownCount).toBeGreaterThan(4 * tlds.length);
  });
});
