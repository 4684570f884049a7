import tlds from 'tlds/index.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { domainToAscii } from '../../src/schemes/idn.js';
import { hasKnownTld } from '../../src/scan/top-level-domain.js';

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
});
