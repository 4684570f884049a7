// Hosts: RFC 1738 §3.1 host names and dotted quads, RFC 3986 §3.2.2 IP literals, IDN.
import { isIPv4, isIPv6 } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHost, classifyHost, HOST_ENCODED, HOST_LITERAL, HOST_NAME, HOST_QUAD, HOST_REFUSED, MAX_HOSTNAME_LENGTH, MAX_LABEL_LENGTH, parseIpv4, parseIpv6 } from '../../src/schemes/host.js';
import type { ParseState } from '../../src/schemes/parsed.js';
import { fuzzRuns } from '../fuzz-runs.js';

function check(host: string, strict = false) {
  const state: ParseState = { url: host, scheme: 'http', strict, notes: [] };
  const result = checkHost(state, 0, host.length);
  return { result, notes: [...state.notes].sort() };
}

describe('parseIpv4: RFC 1738 §5 hostnumber, groups 0–255', () => {
  it.each([
    ['192.0.2.16', [192, 0, 2, 16]],
    ['0.0.0.0', [0, 0, 0, 0]],
    ['255.255.255.255', [255, 255, 255, 255]],
    ['010.1.1.1', [10, 1, 1, 1]],
  ])('%s', (text, groups) => {
    expect(parseIpv4(text)).toEqual(groups);
  });
  it.each(['256.1.1.1', '1.2.3', '1.2.3.4.5', '1..2.3', '1.2.3.', '.1.2.3', '1.2.3.a', '0001.1.1.1', ''])('refuses %j', (text) => {
    expect(parseIpv4(text)).toBeUndefined();
  });
  it("agrees with Node's isIPv4 on quads without leading zeros", () => {
    const group = fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom('', 'a', '-1', '1000'));
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 6 }), (groups) => {
        const text = groups.join('.');
        expect(parseIpv4(text) !== undefined).toBe(isIPv4(text));
      }),
    );
  });
});

describe('parseIpv6: RFC 3986 §3.2.2 IPv6address', () => {
  it.each([
    ['ABCD:EF01:2345:6789:ABCD:EF01:2345:6789', [0xabcd, 0xef01, 0x2345, 0x6789, 0xabcd, 0xef01, 0x2345, 0x6789]],
    ['2001:DB8:0:0:8:800:200C:417A', [0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]],
    ['2001:DB8::8:800:200C:417A', [0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]],
    ['FF01::101', [0xff01, 0, 0, 0, 0, 0, 0, 0x101]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['0:0:0:0:0:0:13.1.68.3', [0, 0, 0, 0, 0, 0, 0x0d01, 0x4403]],
    ['::13.1.68.3', [0, 0, 0, 0, 0, 0, 0x0d01, 0x4403]],
    ['::FFFF:129.144.52.38', [0, 0, 0, 0, 0, 0xffff, 0x8190, 0x3426]],
    ['1:2:3:4:5:6:7::', [1, 2, 3, 4, 5, 6, 7, 0]],
  ])('%s', (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });
  it.each(['1::2::3', ':::', '1:::2', '12345::', '1:2:3:4:5:6:7:8:9', '::1:2:3:4:5:6:7:8', '1.2.3.4::', '::1.2.3.04', 'fe80::1%eth0', 'g::1', ':1::', ''])('refuses %j', (text) => {
    expect(parseIpv6(text)).toBeUndefined();
  });
  it("agrees with Node's isIPv6 on strings built from IPv6 pieces", () => {
    const piece = fc.oneof(
      fc.integer({ min: 0, max: 0xfffff }).map((n) => n.toString(16)),
      fc.constantFrom('', ':', '::', '0', 'ffff', '1.2.3.4', '255.255.255.255', '256.1.1.1', '01.2.3.4', 'x'),
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 10 }), (pieces) => {
        const text = pieces.join(':');
        expect(parseIpv6(text) !== undefined).toBe(isIPv6(text));
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });
});

describe('checkHost', () => {
  it('accepts RFC 1738 §3.1 names: labels start and end alphanumeric, the top label starts with a letter', () => {
    for (const host of ['a', 'a.b', 'ds.internic.net', 'www.some-host.example', 'x1.y2.com', 'EXAMPLE.COM', '3com.example']) {
      expect(check(host).result, host).toEqual({ host, kind: 'name' });
      expect(check(host, true).result, host).toEqual({ host, kind: 'name' });
    }
  });
  it('accepts dotted quads as ipv4', () => {
    expect(check('192.0.2.1', true).result).toEqual({ host: '192.0.2.1', kind: 'ipv4' });
  });
  it('lenient: "_" in labels, as real DNS names have it; strict: RFC 1738 §5 letters, digits and "-"', () => {
    for (const host of ['a_b.example', 'a_b.example.com', '_dmarc.example.com']) {
      expect(check(host).result, host).toEqual({ host, kind: 'name' });
      expect(check(host, true).result, host).toMatchObject({ reason: 'bad-host' });
    }
  });
  it('lenient: no "_" in the top-level label (RFC 1123 §2.1)', () => {
    expect(check('a.b_c').result).toMatchObject({ reason: 'bad-host' });
    expect(check('a_b').result).toMatchObject({ reason: 'bad-host' });
  });
  it('refuses names against the rules, naming the host and the rule', () => {
    for (const host of ['-a', 'a-', 'a..b', '.a', 'a.-b', 'a.3b', 'a.b.4', 'a b', 'a/b', '1.2.3.256', 'a._b']) {
      const { result } = check(host);
      expect(result, host).toMatchObject({ reason: 'bad-host', offset: 0 });
      expect((result as { detail: string }).detail).toContain(host);
    }
  });
  it(`limits labels to ${MAX_LABEL_LENGTH} and names to ${MAX_HOSTNAME_LENGTH} characters (RFC 1034 §3.1)`, () => {
    expect(check(`${'a'.repeat(MAX_LABEL_LENGTH)}.example`).result).toHaveProperty('kind', 'name');
    expect(check(`${'a'.repeat(MAX_LABEL_LENGTH + 1)}.example`).result).toHaveProperty('reason', 'bad-host');
    const label = 'a'.repeat(61);
    const longest = `${label}.${label}.${label}.${label}.abcde`;
    expect(longest).toHaveLength(MAX_HOSTNAME_LENGTH);
    expect(check(longest).result).toHaveProperty('kind', 'name');
    expect(check(`${longest}e`).result).toHaveProperty('reason', 'bad-host');
  });
  it('empty: empty-host unless allowed', () => {
    const state: ParseState = { url: '', scheme: 'file', strict: false, notes: [] };
    expect(checkHost(state, 0, 0)).toHaveProperty('reason', 'empty-host');
    expect(checkHost(state, 0, 0, { allowEmpty: true })).toEqual({ host: '', kind: 'empty' });
  });
  it('lenient: a trailing dot (the DNS root); strict refuses it', () => {
    expect(check('example.com.').result).toHaveProperty('kind', 'name');
    expect(check('example.com.', true).result).toHaveProperty('reason', 'bad-host');
    expect(check('example.com..').result).toHaveProperty('reason', 'bad-host');
  });
  it('lenient: IDN through domainToASCII, with the notes idn and unsafe-char', () => {
    expect(check('bücher.example')).toEqual({
      result: { host: 'bücher.example', kind: 'name', asciiHost: 'xn--bcher-kva.example' },
      notes: ['idn', 'unsafe-char'],
    });
    // UTS #46 maps full-width letters to ASCII.
    expect(check('ＥＸＡＭＰＬＥ.com').result).toMatchObject({ asciiHost: 'example.com' });
    expect(check('b%C3%BCcher.example')).toEqual({
      result: { host: 'b%C3%BCcher.example', kind: 'name', asciiHost: 'xn--bcher-kva.example' },
      notes: ['idn'],
    });
    // Percent-encoded ASCII is no IDN.
    expect(check('%65xample.com')).toEqual({ result: { host: '%65xample.com', kind: 'name', asciiHost: 'example.com' }, notes: [] });
  });
  it('lenient: an IDN must survive IDNA and the ASCII rules', () => {
    expect(check('xn--iñ.example').result).toHaveProperty('reason', 'bad-host');
    expect(check('\u200Eexample.com').result).toHaveProperty('reason', 'bad-host');
    expect(check('b%C3.example').result).toHaveProperty('reason', 'bad-host');
    expect(check('bü cher.example').result).toHaveProperty('reason', 'bad-host');
    // The WHATWG hostname setter behind domainToAscii stops at "\\", "/", "?" and "#" (and
    // drops tabs and newlines): such a host must be refused, not cut to its first part.
    for (const bad of ['b\\~$|é2', 'bü/x.example', 'b%2Fü.example', 'bü%5Cx.example', 'bü%3Fx.example', 'bü%23x.example', 'bü%09x.example']) {
      expect(check(bad).result, bad).toHaveProperty('reason', 'bad-host');
    }
  });
  it('strict: ASCII names only, no literals', () => {
    expect(check('bücher.example', true).result).toHaveProperty('reason', 'bad-host');
    expect(check('%65xample.com', true).result).toHaveProperty('reason', 'bad-host');
    expect(check('[::1]', true).result).toHaveProperty('reason', 'bad-host');
  });
  it('lenient: IPv6 and IPvFuture literals', () => {
    expect(check('[2001:db8::7]').result).toEqual({ host: '[2001:db8::7]', kind: 'ipv6' });
    expect(check('[v1.fe80::a+en1]').result).toEqual({ host: '[v1.fe80::a+en1]', kind: 'ipvfuture' });
    for (const bad of ['[v1.]', '[vx.a]', '[v.a]', '[::1', '[1::2::3]', '[]']) expect(check(bad).result, bad).toHaveProperty('reason', 'bad-host');
  });
  it('a custom reason and name for hosts inside other parts', () => {
    const state: ParseState = { url: 'x@-y-', scheme: 'news', strict: true, notes: [] };
    const result = checkHost(state, 2, 5, { reason: 'bad-article', what: 'message-id domain' });
    expect(result).toMatchObject({ reason: 'bad-article', offset: 2 });
    expect((result as { detail: string }).detail).toContain('message-id domain "-y-"');
  });
});

describe('classifyHost: checkHost\'s verdict read in place, without strings', () => {
  const piece = fc.constantFrom('a', 'Z', '0', '9', '-', '_', '.', '%', '%41', '%zz', '%C3%A9', 'é', '例', '[', ']', '[::1]', ':', '!', ' ', '1.2.3.4', '256', 'example', 'xn--', `${'a'.repeat(63)}`);
  const host = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));
  it('gives the code checkHost acts on, wherever the host stands in a text', () => {
    fc.assert(
      fc.property(host, fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), fc.boolean(), fc.boolean(), (text, before, after, strict, allowEmpty) => {
        const code = classifyHost(text, 0, text.length, strict, allowEmpty);
        expect(classifyHost(before + text + after, before.length, before.length + text.length, strict, allowEmpty)).toBe(code);
        const state: ParseState = { url: text, scheme: 'http', strict, notes: [] };
        const result = checkHost(state, 0, text.length, { allowEmpty });
        // A refusal is certain: checkHost, which decodes and converts encoded names, refuses too.
        if (code >= HOST_REFUSED) expect(result).toHaveProperty('reason');
        else if (code === HOST_NAME) expect(result).toEqual({ host: text, kind: 'name' });
        else if (code === HOST_QUAD) expect(result).toEqual({ host: text, kind: 'ipv4' });
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });
  it('refuses exactly what checkHost refuses, but for the literals and encoded names checkHost finishes', () => {
    fc.assert(
      fc.property(host, fc.boolean(), fc.boolean(), (text, strict, allowEmpty) => {
        const code = classifyHost(text, 0, text.length, strict, allowEmpty);
        const result = checkHost({ url: text, scheme: 'http', strict, notes: [] }, 0, text.length, { allowEmpty });
        if (!(code === HOST_LITERAL || code === HOST_ENCODED)) expect(code >= HOST_REFUSED).toBe('reason' in result);
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });
  it('stops at a character no host has, and the report still names the refusal the whole host earns', () => {
    // Whatever stopped the read, an encoded name is refused for its encoding (strict) or
    // after decoding (lenient), and an ASCII name for the first fault of the name rule.
    const fault = fc.constantFrom('!', ' ', '(', '/', '%zz', '%g1', '@', ':', '~', '"');
    fc.assert(
      fc.property(host, fault, host, fc.boolean(), (head, bad, tail, strict) => {
        const text = head + bad + tail;
        // (An IP literal's brackets are read before any character.)
        fc.pre(!text.startsWith('['));
        const result = checkHost({ url: text, scheme: 'http', strict, notes: [] }, 0, text.length);
        expect(result).toHaveProperty('reason', 'bad-host');
        const detail = (result as { detail: string }).detail;
        const encoded = /[%\u0080-\uffff]/.test(text);
        if (encoded && strict) expect(detail).toContain('has non-ASCII or percent-encoded characters');
        else if (encoded) expect(detail).toMatch(/has percent-escapes that are not UTF-8|is not a valid internationalised domain name|in ASCII, which/);
        else expect(detail).not.toMatch(/percent|ASCII|internationalised/);
      }),
      { numRuns: fuzzRuns(3000) },
    );
    // The first fault of an ASCII name, before the character that stopped the read.
    expect(check('a..b!').result).toMatchObject({ detail: expect.stringContaining('has an empty label') });
    expect(check('-a.b!').result).toMatchObject({ detail: expect.stringContaining('does not start and end with a letter or digit') });
    expect(check('ab!c').result).toMatchObject({ detail: expect.stringContaining('has "!", which is not a letter') });
  });
});
