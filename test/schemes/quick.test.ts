// The quick refusals (src/schemes/quick.ts) and the quiet parses against the full
// parsers: a quick "refused" must be a rejection of the full parser, and a quiet parse
// must accept exactly what the full parse accepts, with the same parts (compared as
// JSON, key order included). Then findUrls with and without onReject, and against the
// scan that hands every candidate to parseUrl (scanText's slow path), on generated text
// and on the shared corpus.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Match } from '../../src/index.js';
import { type FindUrlsOptions, scanText } from '../../src/scan/find-urls.js';
import { isRejection, type Parsed, QUIET_REJECTION, type Rejection } from '../../src/schemes/parsed.js';
import { quickRefusalOf, refusalShapeOf, SHAPE_ADDRESS, SHAPE_AUTHORITY, SHAPE_UNKNOWN } from '../../src/schemes/quick.js';
import { parseGeneric } from '../../src/schemes/generic.js';
import { createRegistry, defaultRegistry, lookupScheme, parseUrl } from '../../src/schemes/registry.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { filesUnder, readText } from '../support/corpus-files.js';

/** Every name of the default registry, aliases included: each has a built-in parser. */
const NAMES = Object.keys(defaultRegistry);

/** A name in random case (RFC 1738 §2.1: scheme names are read in any case). */
const anyCase = fc.tuple(fc.constantFrom(...NAMES), fc.array(fc.boolean(), { minLength: 32, maxLength: 32 })).map(([name, upper]) =>
  [...name].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join(''),
);

/** Bodies rich in delimiters, with pieces that reach each rule: "//", hosts, ports, "@", escapes, drive letters. */
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'/:@()<>[]%#?;.,', 'a', 'Z', '0', '9', ' ', '-', '_', '*', '"', '|', '&', '=', '+', '!', '~', '{', 'é', '例', '\u0085', '\u202e', '\ud83d\ude00') },
  {
    weight: 3,
    arbitrary: fc.constantFrom('//', '///', 'a.example', 'example.com', '1.2.3.4', '[::1]', ':80', ':', ':x', 'u@', 'u:p@', '%41', '%2', '%zz', '%0A', 'c:/', 'C|/', '/path', '?q=1', '#f', 'to=', 'a@b.example', 'x,y', '%3E', 'bücher.de', '_a', '_a.example', '"a"@', '"a"@b.example', 'xn--'),
  },
  // Pieces that reach the rules after the login: ftp typecodes, prospero fields, wais and
  // nntp paths, mailto header fields, message-ids, labels, quads and ports at their limits.
  {
    weight: 2,
    arbitrary: fc.constantFrom(';type=a', ';TYPE=D', ';type=x', ';type=', ';x=y', ';=', '/g/123', '/12345678901234567', '/db/t/p', '/db/t', '%09', '?to=a@b.example', '&cc=x', '&body=a/b', '?a=b=c', '=', 'a..b@c', '[1.2]', '%5B1]', '"a\\"b"@', '1.2.3.256', '999.1.1.1', 'a.1b', 'a.b_c', 'a-.b', `${'a'.repeat(63)}.example`, `${'a'.repeat(64)}.example`, ':65535', ':65536', ':0', '.'),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);
const randomBody = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
/** Bodies shaped like URLs (a login, a host, a port, an address), so that many are accepted and a rule too eager shows. */
const shapedBody = fc
  .tuple(
    fc.constantFrom('', '//', '//u@', '//u:p@', '//(@', '//a;b@', '/', 'a@', '"a"@', '.a@', 'a,'),
    fc.constantFrom('', 'a.example', '_a.example', 'a_b.example', 'a.b_c', 'A-1.example.', 'a-.example', '[::1]', '[v1.x]', '1.2.3.4', '1.2.3.255', '1.2.3.256', '1.2.3', 'a.1b', 'bücher.de', '%41.example', '%4.example', 'group.name', '*', `${'a'.repeat(63)}.example`, `${'a'.repeat(64)}.example`),
    fc.constantFrom('', ':80', ':', ':x', ':65535', ':65536', '/', '/a/b', '?x=1', '#f', '/;type=a', '/a;TYPE=I', '/a;type=x', '/;x=y'),
    // Often nothing more, so that the shapes are accepted whole as often as refused.
    fc.oneof(fc.constant(''), randomBody),
  )
  .map((parts) => parts.join(''));
const body = fc.oneof(randomBody, shapedBody);

/** The result of a parse as JSON, so that parts compare with their key order. */
function json(result: Parsed | Rejection): string {
  return JSON.stringify(result);
}

describe('quick refusals against the full parsers', () => {
  it('a quick "refused" is a rejection of the full parser; a quiet parse gives what the full parse accepts', () => {
    const refusedBy = new Map<string, number>();
    fc.assert(
      fc.property(anyCase, body, fc.constantFrom('', 'see ', '<'), fc.constantFrom('', '/', '//', '[', '@x', ' a', ':80/'), fc.boolean(), (name, rest, before, after, strict) => {
        const url = `${name}:${rest}`;
        const parser = lookupScheme(defaultRegistry, name);
        if (parser === undefined) throw new Error(`${name} is not in the default registry`);
        const quick = quickRefusalOf(parser);
        expect(quick, name).toBeDefined();
        // The URL in place, with text after it that a check must not read as part of it.
        const text = before + url + after;
        const colon = before.length + name.length;
        const refused = quick?.(text, colon, before.length + url.length, strict) ?? false;
        const full = parseUrl(url, { strict });
        if (refused) {
          expect(isRejection(full), `${url} (strict ${strict}): quick refused, full parser accepted`).toBe(true);
          const key = `${name.toLowerCase()} ${strict}`;
          refusedBy.set(key, (refusedBy.get(key) ?? 0) + 1);
        }
        const quiet = parser(url, { strict, quiet: true } as { strict: boolean });
        if (isRejection(full)) expect(quiet, url).toBe(QUIET_REJECTION);
        else expect(json(quiet), url).toBe(json(full));
      }),
      { numRuns: fuzzRuns(20_000) },
    );
    // Refusals were really made, for the schemes with rules beyond an empty body.
    for (const scheme of ['http', 'https', 'ftp', 'gopher', 'telnet', 'wais', 'nntp', 'prospero', 'mailto', 'news', 'snews', 'file', 'ssh', 'git', 'tel', 'urn']) {
      for (const strict of [false, true]) expect(refusedBy.get(`${scheme} ${strict}`) ?? 0, `${scheme} strict ${strict}`).toBeGreaterThan(20);
    }
  });

  it('refuses the hostile rows of the bench, and lets the parser decide what it may accept', () => {
    const refuses = (url: string, strict = false): boolean => {
      const parser = lookupScheme(defaultRegistry, url.slice(0, url.indexOf(':')));
      return parser !== undefined && (quickRefusalOf(parser)?.(url, url.indexOf(':'), url.length, strict) ?? false);
    };
    for (const url of ['http:/', 'HTTP:/', 'ftp:/', 'gopher:(', 'telnet:(', 'wais:(', 'nntp:(', 'prospero:(', 'http://(', 'http://a(b', 'http://a:b', 'http://:80', 'http://u@(', 'http://[::1/', 'http://%41(.example/', 'http://é(.example/', 'https://(cid:%data:/(git', 'mailto:(', 'mailto:a(', 'mailto:a@', 'mailto:@a', 'mailto:.a@b', 'mailto:"a"@b.example', 'mailto:?', 'mailto:?a', 'news:(', 'news:a(', 'news:@', 'news:a@', 'news:%', 'news://a', 'news://a/(', 'news:a@b@c', 'file:(', 'file:c:x', 'file://', 'file://a', 'file://(', 'ssh:', 'ssh:#x', 'ssh://', 'ssh://(', 'ssh://a(', 'ssh:%', 'nfs:// ', 'git://(', 'sip:a b', 'pop:#%', 'nntp://a', 'nntp://a/g/x', 'telnet://a/b', 'wais://a', 'wais://a/db/t', 'prospero://a', 'prospero://a/p;x', 'gopher://a/ ', 'ftp://a/b;type=x', 'ftp://a:99999/']) {
      expect(refuses(url), url).toBe(true);
      expect(isRejection(parseUrl(url)), url).toBe(true);
    }
    // Each accepted, or refused for a reason the quick check does not judge.
    for (const url of ['http://a.example/', 'http://[::1]/', 'http://[::1:]/', 'http://%41.example/', 'http://é.example/', 'mailto:?subject=x', 'mailto:%41@b.example', 'mailto:a@%41.example', 'mailto:a@[1.2]', 'news:*', 'news:a.b', 'news://h/g', 'news:{a', 'file:/x', 'file:c|/x', 'file://h/x', 'ssh:(', 'ftp://a/b;type=I', 'nntp://a/g/1']) {
      expect(refuses(url), url).toBe(false);
    }
    // Strict mode: news://, file: without // and a port left empty are refused.
    for (const url of ['news://h/g', 'file:/x', 'http://a.example:/', 'news:a{', 'http://é.example/', 'news:*a']) {
      expect(refuses(url, true), url).toBe(true);
      expect(isRejection(parseUrl(url, { strict: true })), url).toBe(true);
    }
  });
});

describe('the shapes of the quick refusals', () => {
  // refusalShapeOf: what the reader of refused runs (src/scan/refused-words.ts) decides
  // with no call. Each shape's claim, held to the full parser on generated bodies.
  it('refuse every URL outside the shape, as the parser does', () => {
    fc.assert(
      fc.property(anyCase, body, fc.boolean(), (name, rest, strict) => {
        const parser = lookupScheme(defaultRegistry, name.toLowerCase());
        if (parser === undefined) return;
        const shape = refusalShapeOf(quickRefusalOf(parser));
        const outside = shape === SHAPE_AUTHORITY ? !rest.startsWith('//') : shape === SHAPE_ADDRESS ? !rest.includes('@') && !rest.includes('?') : false;
        if (!outside) return;
        const url = `${name}:${rest}`;
        expect(isRejection(parser(url, { strict })), `${url} strict ${strict}`).toBe(true);
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  it('name the parsers whose quick refusal looks at the "//" or the "@" first', () => {
    const shapes = Object.fromEntries(Object.keys(defaultRegistry).map((name) => [name, refusalShapeOf(quickRefusalOf(lookupScheme(defaultRegistry, name) as never))]));
    expect(shapes).toMatchObject({ http: SHAPE_AUTHORITY, https: SHAPE_AUTHORITY, ftp: SHAPE_AUTHORITY, nntp: SHAPE_AUTHORITY, telnet: SHAPE_AUTHORITY, wais: SHAPE_AUTHORITY, prospero: SHAPE_AUTHORITY, gopher: SHAPE_AUTHORITY, mailto: SHAPE_ADDRESS, news: SHAPE_UNKNOWN, file: SHAPE_UNKNOWN, nfs: SHAPE_UNKNOWN });
    expect(refusalShapeOf(undefined)).toBe(SHAPE_UNKNOWN);
  });
});

describe('quick refusals of the sweep', () => {
  // The bodies of test/bench/sweep.ts, which times every prefix, scheme name and body that
  // finds no URL: each refused candidate of those must be refused without a full parse.
  const bodies = ['', '/', '//', '(', ')', 'x', '@', ':', ' ', '\n', '>', 'a@', '//(', '/(', '//a', '//a(', '?', '#', '%', '.', '-\n', 'a.b', '[', '<'];
  it('refuses every URL of a name and one or two bodies that its parser refuses, strict and lenient', () => {
    let refused = 0;
    const missed: string[] = [];
    for (const name of NAMES) {
      const parser = lookupScheme(defaultRegistry, name);
      const quick = parser === undefined ? undefined : quickRefusalOf(parser);
      if (quick === undefined) throw new Error(`${name} has no quick refusal`);
      for (const first of bodies) {
        // A second body, or the next unit read on as part of the URL ("nfs://nfs://").
        for (const second of [...bodies, `${name}:`, `${name}://`, `${name}:a@`]) {
          const url = `${name}:${first}${second}`;
          for (const strict of [false, true]) {
            if (!isRejection(parseUrl(url, { strict }))) continue;
            refused++;
            if (!quick(url, name.length, url.length, strict)) missed.push(`${JSON.stringify(url)} strict ${strict}`);
          }
        }
      }
    }
    expect(missed).toEqual([]);
    expect(refused).toBeGreaterThan(10_000);
  });
});

/** Matches as JSON (every field), with or without rejections asked for, fast paths on or off. */
function matchesJson(text: string, options: FindUrlsOptions, inPlace: boolean, listen: boolean): string {
  const matches: Match[] = scanText(text, listen ? { ...options, onReject: () => undefined } : options, inPlace);
  return JSON.stringify(matches);
}

describe('findUrls with and without onReject', () => {
  const hostile = fc.array(fc.oneof(fc.tuple(anyCase, body).map(([name, rest]) => `${name}:${rest}`), piece, fc.constantFrom('<', '>', ' ', '\n', '<URL:', 'URL:', 'www.')), { maxLength: 12 }).map((parts) => parts.join(''));

  it('give the same matches on generated text, strict and lenient, and the same as every candidate through parseUrl', () => {
    fc.assert(
      fc.property(hostile, fc.boolean(), fc.boolean(), (text, strict, emails) => {
        const options = { strict, emails };
        const quiet = matchesJson(text, options, true, false);
        expect(quiet).toBe(matchesJson(text, options, true, true));
        expect(quiet).toBe(matchesJson(text, options, false, false));
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });

  it('keep calling the parsers of a registry that is not frozen, and of a user parser', () => {
    const calls: string[] = [];
    const spy = (url: string, options: { strict: boolean }): Parsed | Rejection => {
      calls.push(url);
      return parseUrl(url, options);
    };
    const text = 'a http:/ b mailto:( c news:@ d http://a.example/';
    // A user parser under a frozen registry: called for every candidate, as before.
    expect(scanText(text, { registry: createRegistry({ http: spy, mailto: spy, news: spy }) }, true).map((m) => m.url)).toEqual(['http://a.example/']);
    expect(calls).toEqual(['http:/', 'mailto:(', 'news:@', 'http://a.example/']);
    // A registry that is not frozen: its entries are looked up again at every parse.
    const open: Record<string, unknown> = { ...defaultRegistry };
    expect(scanText(text, { registry: open as typeof defaultRegistry }, true).map((m) => m.url)).toEqual(['http://a.example/']);
    open.http = spy;
    calls.length = 0;
    scanText(text, { registry: open as typeof defaultRegistry }, true);
    // (The in-place reader still reads "http://a.example/" for the name it found first, as before.)
    expect(calls).toEqual(['http:/']);
  });

  it('refuse a reading with no scheme name or an unknown one only where parseUrl surely does', () => {
    const text = 'a <Foo:x> b <foo:y> c <URL:> d <data:x> e <URL:Foo:z> f <URL:http://a.example/> g';
    // A frozen registry with a key the name reader skips (not lower case): parseUrl still finds it.
    const upper = Object.freeze({ ...defaultRegistry, Foo: parseGeneric }) as typeof defaultRegistry;
    for (const registry of [defaultRegistry, upper, createRegistry({ foo: parseGeneric })]) {
      for (const strict of [false, true]) {
        const options = { registry, strict };
        const quiet = matchesJson(text, options, true, false);
        expect(quiet).toBe(matchesJson(text, options, true, true));
        expect(quiet).toBe(matchesJson(text, options, false, false));
      }
    }
    expect(scanText(text, { registry: upper }, true).map((match) => match.url)).toEqual(['Foo:z', 'http://a.example/']);
  });

  const shared = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
  it.skipIf(!existsSync(shared))('give the same matches on every file of the shared corpus, strict and lenient', () => {
    let files = 0;
    for (const path of filesUnder(shared)) {
      const text = readText(path);
      for (const strict of [false, true]) {
        const options = { strict };
        expect(matchesJson(text, options, true, false), path).toBe(matchesJson(text, options, true, true));
      }
      files++;
    }
    expect(files).toBeGreaterThan(1000);
  });
});
