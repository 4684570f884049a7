// The registry (names to parsers, aliases, disabling) and properties every parser keeps:
// never throw, answer with a kebab-case reason or parts, stay linear on hostile input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRegistry, defaultRegistry, isRejection, lookupScheme, parseGeneric, parseUrl, type Parsed, type Rejection } from '../../src/index.js';
import { DEFAULT_PORTS, defaultPortOf } from '../../src/schemes/ports.js';
import { schemeNameReader } from '../../src/schemes/registry.js';
import { fuzzRuns } from '../fuzz-runs.js';

describe('parseUrl and the registry', () => {
  it('no-scheme and unknown-scheme are rejections, not exceptions', () => {
    expect(parseUrl('10:30')).toMatchObject({ reason: 'no-scheme' });
    expect(parseUrl('Re: hello')).toMatchObject({ reason: 'unknown-scheme', scheme: 're' });
    expect(parseUrl('C:\\dos')).toMatchObject({ reason: 'unknown-scheme', scheme: 'c' });
    expect(parseUrl('foo:bar')).toMatchObject({ reason: 'unknown-scheme', scheme: 'foo' });
    expect(parseUrl('javascript:alert(1)')).toMatchObject({ reason: 'unknown-scheme' });
    expect(parseUrl('')).toMatchObject({ reason: 'no-scheme' });
    expect(parseUrl('constructor:x')).toMatchObject({ reason: 'unknown-scheme' });
  });
  it('https is an alias of http with its own default port; snews of news; ws and wss of http', () => {
    expect(lookupScheme(defaultRegistry, 'HTTPS')).toBe(lookupScheme(defaultRegistry, 'http'));
    expect(parseUrl('https://example.com/')).toMatchObject({ scheme: 'https', port: 443 });
    expect(parseUrl('wss://example.com/chat')).toMatchObject({ scheme: 'wss', port: 443, path: '/chat' });
    expect(parseUrl('snews://news.example/comp.lang.c')).toMatchObject({ scheme: 'snews', port: 563 });
  });
  it('a user can add a scheme with a parser, alias one, or disable one', () => {
    const registry = createRegistry({ gemini: parseGeneric, web: 'http', gopher: false });
    expect(parseUrl('gemini://gemini.example/x', { registry })).toMatchObject({ scheme: 'gemini', host: 'gemini.example', path: '/x' });
    // An alias takes the parser of the named scheme; with no default port of its own it gets that parser's.
    expect(parseUrl('web://example.com/', { registry })).toMatchObject({ scheme: 'web', port: 80 });
    expect(parseUrl('web://', { registry })).toMatchObject({ reason: 'empty-host' });
    expect(parseUrl('gopher://gopher.example/', { registry })).toMatchObject({ reason: 'unknown-scheme', scheme: 'gopher' });
    expect(parseUrl('gopher://gopher.example/')).toMatchObject({ gtype: '1' });
  });
  it('alias cycles and dangling aliases find no parser', () => {
    const registry = createRegistry({ a: 'b', b: 'a', c: 'nowhere' });
    expect(lookupScheme(registry, 'a')).toBeUndefined();
    expect(parseUrl('c:x', { registry })).toMatchObject({ reason: 'unknown-scheme' });
  });
  it('createRegistry refuses names that are not lower-case scheme names (API misuse)', () => {
    expect(() => createRegistry({ HTTP: parseGeneric })).toThrow(TypeError);
    expect(() => createRegistry({ '1x': parseGeneric })).toThrow(TypeError);
  });
  it('strict is passed through', () => {
    expect(parseUrl('http://example.com/~x', { strict: true })).toMatchObject({ reason: 'bad-char' });
    expect(parseUrl('http://example.com/~x')).toMatchObject({ notes: ['unsafe-char'] });
  });
  it('every RFC 1738 §3 scheme has its default port (§3.2–§3.11)', () => {
    expect(['ftp', 'http', 'gopher', 'nntp', 'telnet', 'wais', 'prospero'].map(defaultPortOf)).toEqual([21, 80, 70, 119, 23, 210, 1525]);
    expect(defaultPortOf('mailto')).toBeUndefined();
    expect(defaultPortOf('constructor')).toBeUndefined();
  });
  it('every scheme with a default port is registered, and parsers fill that port in', () => {
    for (const [scheme, port] of Object.entries(DEFAULT_PORTS)) {
      expect(lookupScheme(defaultRegistry, scheme), scheme).toBeDefined();
      // A path every parser takes: a group for news and nntp, a database/wtype/wpath for wais.
      const path: Record<string, string> = { news: 'misc.test', snews: 'misc.test', nntp: 'misc.test', telnet: '' };
      const url = `${scheme}://h.example/${path[scheme] ?? 'x/y/z'}`;
      expect(parseUrl(url), url).toHaveProperty('port', port);
    }
  });
});

const SCHEMES = Object.keys(defaultRegistry);
const KEBAB = /^[a-z]+(?:-[a-z]+)*$/;

/** The shape every answer must have. */
function expectWellFormed(url: string, result: Parsed | Rejection): void {
  if (isRejection(result)) {
    expect(result.reason).toMatch(KEBAB);
    expect(typeof result.detail).toBe('string');
    return;
  }
  expect(result.scheme).toBe(url.slice(0, url.indexOf(':')).toLowerCase());
  for (const note of result.notes) expect(note).toMatch(KEBAB);
  expect([...result.notes].sort()).toEqual(result.notes);
  if (result.port !== undefined) expect(Number.isInteger(result.port) && result.port >= 0 && result.port <= 65535).toBe(true);
  if (result.fragment !== undefined) expect(url.endsWith(`#${result.fragment}`)).toBe(true);
  for (const part of [result.host, result.path, result.search, result.user, result.password]) {
    if (part !== undefined) expect(url.includes(part)).toBe(true);
  }
}

// Pieces that exercise every branch: delimiters, escapes good and bad, IP literals,
// non-ASCII, bidi controls, lone surrogates.
const piece = fc.constantFrom(
  '//', '/', '?', '#', '@', ':', ';', '=', '&', ',', '.', '-', '*', '[', ']', '::', '%', '%0', '%41', '%0D%0A', '%09', '%3E', '%5B',
  'a', 'Z', '1', '255', '256', 'host.example', 'xn--bcher-kva', 'bücher', 'é', '\u202e', '\ud800', '~', ' ', '"', 'type=', ';type=a', ';type=x',
  'localhost', 'c:', 'c|', '\\', '+', '!', '$', "'", '(', ')',
);
const tail = fc.oneof(fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')), fc.string({ unit: 'binary', maxLength: 30 }));

describe('every parser, on any input', () => {
  it('never throws and answers with parts or a kebab-case reason, in both modes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCHEMES), fc.boolean(), tail, (scheme, strict, rest) => {
        const url = `${scheme}:${rest}`;
        const result = parseUrl(url, { strict });
        expectWellFormed(url, result);
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });
  it('accepts in strict mode only what it accepts in lenient mode, except where RFC 1738 reads "?" as a path character', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCHEMES), tail, (scheme, rest) => {
        const url = `${scheme}:${rest}`;
        const strict = parseUrl(url, { strict: true });
        if (isRejection(strict)) return;
        const lenient = parseUrl(url);
        // RFC 1738 mailto takes any xchar; ftp and file read "?" as a path character; news
        // articles may hold "/" and "?" before the "@".
        if (isRejection(lenient) && ['mailto', 'ftp', 'file', 'news', 'snews'].includes(scheme)) return;
        expect(lenient, url).not.toHaveProperty('reason');
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });
});

describe('hostile input: 1 MB candidates give an answer', () => {
  const MB = 1 << 20;
  // [url, expected reason or 'accepted', strict]
  const cases: [string, string, boolean][] = [
    ['http://h/' + 'a'.repeat(MB), 'accepted', false],
    ['http://' + 'a.'.repeat(MB / 2), 'bad-host', false],
    ['http://' + '['.repeat(MB), 'bad-host', false],
    ['http://' + '@'.repeat(MB), 'bad-char', false],
    ['http://h/' + '%'.repeat(MB), 'bad-escape', false],
    ['http://h/?' + '%41'.repeat(MB / 3), 'accepted', false],
    ['mailto:' + ','.repeat(MB), 'bad-address', false],
    ['mailto:a@example.com?' + 'to=a@example.com&'.repeat(MB / 18) + 'x=,', 'accepted', false],
    ['mailto:a@example.com?' + '&'.repeat(MB), 'bad-hfield', false],
    ['news:' + '@'.repeat(MB), 'bad-article', false],
    ['nntp://h/g/' + '1'.repeat(MB), 'bad-article', false],
    ['gopher://h/1' + '%09'.repeat(MB / 3), 'accepted', false],
    ['prospero://h/x' + ';a=b'.repeat(MB / 4), 'accepted', false],
    ['wais://h/' + '/'.repeat(MB), 'accepted', false],
    ['wais://h/' + '/'.repeat(MB), 'bad-char', true],
    ['ftp://h/' + ';'.repeat(MB), 'accepted', false],
    ['file://' + ':'.repeat(MB), 'bad-port', false],
    ['ssh://' + ':'.repeat(MB) + '/', 'bad-host', false],
    ['urn:' + '#'.repeat(MB), 'empty', false],
  ];
  // Test names show only the start of each URL.
  it.each(cases.map(([url, expected, strict]) => [url.slice(0, 24), url, expected, strict] as const))(
    '%#: %s…',
    (_shown, url, expected, strict) => {
      const result = parseUrl(url, { strict });
      expect(isRejection(result) ? result.reason : 'accepted').toBe(expected);
    },
  );
});

describe('schemeNameReader: scheme names read by character codes, against lookupScheme', () => {
  const names = [...Object.keys(defaultRegistry), 'sip', 'x-foo'];
  // Registry names in mixed case, cut short or grown, with neighbours of their first letter.
  const name = fc.oneof(
    fc.tuple(fc.constantFrom(...names), fc.array(fc.boolean(), { maxLength: 12 })).map(([n, upper]) => [...n].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')),
    fc.constantFrom(...names).map((n) => n.slice(0, -1)),
    fc.constantFrom(...names).map((n) => `${n}s`),
    fc.constantFrom(...names).map((n) => `${String.fromCharCode(n.charCodeAt(0) ^ 0x20 ^ 0x40)}${n.slice(1)}`),
    fc.string({ maxLength: 6 }),
  );
  it('finds what lookupScheme finds for the name in lower case, wherever the name stands', () => {
    for (const registry of [defaultRegistry, createRegistry({ sip: parseGeneric, http: false })]) {
      const read = schemeNameReader(registry);
      fc.assert(
        fc.property(name, fc.string({ maxLength: 3 }), (written, before) => {
          const text = `${before}${written}:`;
          const known = read(text, before.length, before.length + written.length);
          const lower = written.toLowerCase();
          const parser = /^[a-z][a-z0-9+.-]*$/.test(lower) ? lookupScheme(registry, lower) : undefined;
          expect(known?.parser).toBe(parser);
          if (known) expect(known.name).toBe(lower);
        }),
        { numRuns: fuzzRuns(3000) },
      );
    }
  });
});
