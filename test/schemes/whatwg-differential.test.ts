// Differential test: urlsift's http, https and ftp parsers against Node's WHATWG `URL`,
// on the corpus URLs (../shared/corpus/labels/wrappers.tsv) and on generated URLs.
//
// Host, port, path and query must agree wherever both accept. They are compared in one
// form: the host in lower-case ASCII (IPv6 as its eight groups), the default port filled
// in, an empty path as "/", an empty query as none. RFC 1738/3986 and WHATWG differ on
// purpose in places; every such difference is listed below with its reason. A field
// difference counts as explained only if applying the listed adjustments makes the two
// sides equal; an acceptance difference only if its specific condition holds. Anything
// else fails the test.
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRejection, parseUrl, type Parsed, type Rejection } from '../../src/index.js';
import { parseIpv4, parseIpv6 } from '../../src/schemes/host.js';

const DEFAULT_PORT: Record<string, number> = { http: 80, https: 443, ftp: 21 };

type Field = 'host' | 'port' | 'path' | 'query';

/** A field difference explained by a transformation WHATWG applies and urlsift does not. */
interface Adjustment {
  id: string;
  reason: string;
  field: Field;
  applies: (mine: Parsed, value: string) => boolean;
  adjust: (mine: Parsed, value: string) => string;
}

/** An acceptance difference: one side accepts, the other refuses, for this reason. */
interface AcceptanceClass {
  id: string;
  reason: string;
  /** Which side accepts. */
  accepts: 'whatwg' | 'urlsift';
  applies: (url: string, mine: Parsed | Rejection) => boolean;
}

const utf8 = (char: string) => encodeURIComponent(char);
const isDot = (segment: string) => segment === '.' || segment.toLowerCase() === '%2e';
const isDotDot = (segment: string) => ['..', '.%2e', '%2e.', '%2e%2e'].includes(segment.toLowerCase());

/** WHATWG URL §4.4 path state: "." and ".." segments (also as %2e) are resolved. */
function removeDotSegments(path: string): string {
  const segments = path.split('/').slice(1);
  const out: string[] = [];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (isDotDot(segment)) {
      out.pop();
      if (last) out.push('');
    } else if (isDot(segment)) {
      if (last) out.push('');
    } else {
      out.push(segment);
    }
  });
  return `/${out.join('/')}`;
}

/** WHATWG URL §1.3: the path percent-encode set (controls, space, `"#<>?\`{}`) and non-ASCII as UTF-8. */
function encodePath(path: string): string {
  return [...path].map((c) => (c.charCodeAt(0) > 0x7e || ' "#<>?`{}'.includes(c) || c.charCodeAt(0) < 0x20 ? utf8(c) : c)).join('');
}

/** WHATWG URL §1.3: the special-query percent-encode set (controls, space, `"#<>'`) and non-ASCII. */
function encodeQuery(query: string): string {
  return [...query].map((c) => (c.charCodeAt(0) > 0x7e || ' "#<>\''.includes(c) || c.charCodeAt(0) < 0x20 ? (c === "'" ? '%27' : utf8(c)) : c)).join('');
}

const ADJUSTMENTS: Adjustment[] = [
  {
    id: 'ftp-typecode',
    reason: 'RFC 1738 §3.2.2 takes ";type=<typecode>" out of the FTP path into `typecode`; WHATWG keeps it in the path',
    field: 'path',
    applies: (mine) => mine.typecode !== undefined,
    adjust: (mine, path) => `${path};type=${mine.typecode}`,
  },
  {
    id: 'backslash',
    reason: 'WHATWG reads "\\" as "/" in http, https and ftp paths; urlsift keeps it as an unsafe character (RFC 1738 §2.2, note unsafe-char)',
    field: 'path',
    applies: (_mine, path) => path.includes('\\'),
    adjust: (_mine, path) => path.replaceAll('\\', '/'),
  },
  {
    id: 'dot-segments',
    reason: 'WHATWG resolves "." and ".." segments (RFC 3986 §5.2.4 does so only when resolving a reference); urlsift reports the path as written',
    field: 'path',
    applies: (_mine, path) => path.split('/').some((s) => isDot(s) || isDotDot(s)),
    adjust: (_mine, path) => removeDotSegments(path),
  },
  {
    id: 'path-percent-encoding',
    reason: 'WHATWG percent-encodes non-ASCII (RFC 3987 IRI characters) and "`{}" in paths; urlsift keeps them as written with the note unsafe-char',
    field: 'path',
    applies: (_mine, path) => /[^\x20-\x7e]|[`{}]/u.test(path),
    adjust: (_mine, path) => encodePath(path),
  },
  {
    id: 'query-percent-encoding',
    reason: "WHATWG percent-encodes non-ASCII and \"'\" in queries of special schemes; urlsift keeps them as written (RFC 3987 iquery, RFC 3986 sub-delims)",
    field: 'query',
    applies: (_mine, query) => /[^\x20-\x7e]|'/u.test(query),
    adjust: (_mine, query) => encodeQuery(query),
  },
  {
    id: 'ipv4-leading-zero',
    reason: 'RFC 1738 §5 hostnumber groups are decimal digits, so "010" is 10; WHATWG reads a leading 0 as octal',
    field: 'host',
    applies: (_mine, host) => (parseIpv4(host) ?? []).length === 4 && host.split('.').some((g) => g.length > 1 && g.startsWith('0')),
    adjust: (_mine, host) => host.split('.').map((g) => String(Number.parseInt(g, g.length > 1 && g.startsWith('0') ? 8 : 10))).join('.'),
  },
];

const ACCEPTANCE: AcceptanceClass[] = [
  {
    id: 'missing-authority',
    reason: 'WHATWG reads "http:g" and "http:/g" as "http://g/"; RFC 1738 §3.1 requires "//" before the host',
    accepts: 'whatwg',
    applies: (_url, mine) => isRejection(mine) && mine.reason === 'missing-authority',
  },
  {
    id: 'extra-slashes',
    reason: 'WHATWG skips any number of slashes after "http:" ("http:///x" has host "x"); for RFC 3986 the authority there is empty',
    accepts: 'whatwg',
    applies: (url, mine) => isRejection(mine) && mine.reason === 'empty-host' && /^[a-z]+:\/\/\//i.test(url),
  },
  {
    id: 'host-characters',
    reason: 'WHATWG hosts may hold any character but a few forbidden ones ("_", "$", ";", "&"...); RFC 1738 §3.1 host names are letters, digits, "-" and "."',
    accepts: 'whatwg',
    applies: (_url, mine) => isRejection(mine) && mine.reason === 'bad-host' && /has "[^"]+", which is not a letter, digit/.test(mine.detail ?? ''),
  },
  {
    id: 'host-label-shape',
    reason: 'WHATWG accepts empty labels, labels starting or ending with "-" and labels over 63 characters; RFC 1738 §3.1 and RFC 1034 §3.1 do not',
    accepts: 'whatwg',
    applies: (_url, mine) =>
      isRejection(mine) && mine.reason === 'bad-host' && /empty label|does not start and end with a letter or digit|longer than 63/.test(mine.detail ?? ''),
  },
  {
    id: 'ipv4-shorthand',
    reason: 'WHATWG reads numeric hosts such as "1.2.3", "0x7f.1" or "3232235777" as IPv4 addresses; RFC 1738 §3.1 wants four decimal groups (a last label starting with a digit is no host name)',
    accepts: 'whatwg',
    applies: (_url, mine) => isRejection(mine) && mine.reason === 'bad-host' && /last label starts with a digit/.test(mine.detail ?? ''),
  },
  {
    id: 'lone-percent',
    reason: 'WHATWG keeps a "%" that starts no escape; RFC 1738 §2.2 and RFC 3986 §2.1 require two hex digits after it',
    accepts: 'whatwg',
    applies: (_url, mine) => isRejection(mine) && mine.reason === 'bad-escape',
  },
  {
    id: 'characters-whatwg-encodes',
    reason: 'WHATWG percent-encodes characters no RFC allows in a URL (space, controls, "<", ">", \'"\', "@" inside the user name); urlsift refuses them',
    accepts: 'whatwg',
    applies: (_url, mine) => isRejection(mine) && mine.reason === 'bad-char',
  },
  {
    id: 'underscore-top-label',
    reason: 'Top-level domains are letters, digits and "-" (RFC 1123 §2.1); urlsift takes "_" only in lower labels, WHATWG anywhere',
    accepts: 'whatwg',
    applies: (_url, mine) => isRejection(mine) && mine.reason === 'bad-host' && /has "_" in its top-level label/.test(mine.detail ?? ''),
  },
  {
    id: 'ip-future',
    reason: 'RFC 3986 §3.2.2 allows IPvFuture literals ("[v1.x]"); WHATWG has no such host',
    accepts: 'urlsift',
    applies: (_url, mine) => !isRejection(mine) && (mine.host ?? '').startsWith('[v'),
  },
  {
    id: 'punycode',
    reason: 'urlsift checks ASCII labels by RFC 1738 §3.1 only; WHATWG decodes "xn--" labels and refuses invalid Punycode',
    accepts: 'urlsift',
    applies: (_url, mine) => !isRejection(mine) && /(^|\.)xn--/i.test(mine.host ?? ''),
  },
];

interface Tally {
  total: number;
  bothAccept: number;
  agree: number;
  bothReject: number;
  explained: Map<string, string[]>;
  unexplained: string[];
}

function newTally(): Tally {
  return { total: 0, bothAccept: 0, agree: 0, bothReject: 0, explained: new Map(), unexplained: [] };
}

function note(tally: Tally, id: string, url: string): void {
  const examples = tally.explained.get(id) ?? [];
  if (examples.length < 3) examples.push(url);
  tally.explained.set(id, examples);
}

function whatwgParse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function groups(host: string): string {
  const inner = host.startsWith('[') ? host.slice(1, -1) : host;
  return (parseIpv6(inner) ?? []).join(':');
}

/** urlsift's field in the common form. */
function mineField(mine: Parsed, field: Field): string {
  switch (field) {
    case 'host': {
      const host = (mine.asciiHost ?? mine.host ?? '').toLowerCase();
      return host.startsWith('[') ? groups(host) : host;
    }
    case 'port':
      return String(mine.port);
    case 'path':
      return mine.path === '' || mine.path === undefined ? '/' : mine.path;
    case 'query':
      return mine.search ? `?${mine.search}` : '';
  }
}

function whatwgField(url: URL, scheme: string, field: Field): string {
  switch (field) {
    case 'host':
      return url.hostname.startsWith('[') ? groups(url.hostname) : url.hostname;
    case 'port':
      return url.port === '' ? String(DEFAULT_PORT[scheme]) : url.port;
    case 'path':
      return url.pathname;
    case 'query':
      return url.search;
  }
}

function compare(tally: Tally, url: string): void {
  tally.total += 1;
  const mine = parseUrl(url);
  const theirs = whatwgParse(url);
  if (isRejection(mine) || theirs === undefined) {
    if (isRejection(mine) && theirs === undefined) {
      tally.bothReject += 1;
      return;
    }
    const accepts = theirs === undefined ? 'urlsift' : 'whatwg';
    const known = ACCEPTANCE.find((c) => c.accepts === accepts && c.applies(url, mine));
    if (known) note(tally, known.id, url);
    else tally.unexplained.push(`${url}: only ${accepts} accepts${isRejection(mine) ? ` (urlsift: ${mine.reason}: ${mine.detail})` : ''}`);
    return;
  }
  tally.bothAccept += 1;
  let agrees = true;
  for (const field of ['host', 'port', 'path', 'query'] as Field[]) {
    let value = mineField(mine, field);
    const expected = whatwgField(theirs, mine.scheme, field);
    if (value === expected) continue;
    agrees = false;
    const used: string[] = [];
    for (const adjustment of ADJUSTMENTS) {
      if (adjustment.field === field && adjustment.applies(mine, value)) {
        value = adjustment.adjust(mine, value);
        used.push(adjustment.id);
      }
    }
    if (value === expected && used.length > 0) for (const id of used) note(tally, id, url);
    else tally.unexplained.push(`${url}: ${field} "${mineField(mine, field)}" vs "${expected}"`);
  }
  if (agrees) tally.agree += 1;
}

function report(name: string, tally: Tally): void {
  const lines = [...tally.explained].map(([id, examples]) => `  ${id}: e.g. ${examples.join('  ')}`);
  console.log(
    `${name}: ${tally.total} URLs, ${tally.bothAccept} accepted by both (${tally.agree} agree on every field), ${tally.bothReject} refused by both; explained differences:\n${lines.join('\n')}`,
  );
}

describe('every listed difference has a reason', () => {
  it('lists each class once, with a reason', () => {
    const ids = [...ADJUSTMENTS, ...ACCEPTANCE].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of [...ADJUSTMENTS, ...ACCEPTANCE]) expect(c.reason.length).toBeGreaterThan(30);
  });
});

const labels = new URL('../../../shared/corpus/labels/wrappers.tsv', import.meta.url);
const present = existsSync(labels);
if (!present) console.warn('skipping the WHATWG differential test on corpus URLs: ../shared/corpus is not beside this checkout');

describe.skipIf(!present)('corpus URLs (http, https, ftp) against WHATWG URL', () => {
  it('agree on host, port, path and query wherever both accept, or differ for a listed reason', () => {
    const rows = readFileSync(labels, 'utf8').trimEnd().split('\n').slice(1);
    const urls = new Set<string>();
    for (const row of rows) {
      const url = row.split('\t')[3] ?? '';
      if (/^(https?|ftp):/i.test(url)) urls.add(url);
    }
    const tally = newTally();
    for (const url of urls) compare(tally, url);
    report('corpus', tally);
    expect(tally.unexplained).toEqual([]);
    expect(tally.total).toBeGreaterThan(5000);
    // Most real URLs are read identically: the listed differences are the exception.
    expect(tally.agree / tally.total).toBeGreaterThan(0.99);
  });
});

// Generated URLs: pieces chosen to reach every class above, and plain ones to agree on.
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const host = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'Example', 'org', 'NET', 'xn--p1ai')).map(([ls, top]) => [...ls, top].join('.')) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 255 })).map((g) => g.join('.')) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }).chain((g) => fc.constantFrom(`[${g.map((n) => n.toString(16)).join(':')}]`, `[${g.slice(0, 2).map((n) => n.toString(16).toUpperCase()).join(':')}::${g[7]?.toString(16)}]`, `[::ffff:${g[1]! % 256}.2.3.4]`)) },
  { weight: 2, arbitrary: fc.constantFrom('bücher.example', 'ÉCOLE.fr', '例え.テスト', 'b%C3%BCcher.example', 'a_b.example', 'ex$ample.com', 'a..b.com', '-a.com', 'a-.com', '1.2.3', '0x7f.0.0.1', '3232235777', '010.0.0.1', '256.1.1.1', 'example.com.', '[v1.x]', 'xn--zz.com', `${'a'.repeat(64)}.com`, '') },
);
const pathPiece = fc.constantFrom('a', 'b.c', 'Doc', '.', '..', '%2e', '%2E%2e', '~u', '{x}', '`', '^', '|', 'é', '日本', '%41', '%zz', '%', ';p=1', ':', '@', "!$&'()*+,=", '\\', 'a b', '"', ';type=a', ';type=d');
const queryPiece = fc.constantFrom('a=1', '&', '=', '/', '?', "'", 'é', '%20', '%7e', '+', ':@', '|', '{}', '"');
const generated = fc
  .record({
    scheme: fc.constantFrom('http', 'https', 'ftp', 'HTTP', 'Ftp'),
    slashes: fc.constantFrom('//', '//', '//', '//', '/', '', '///'),
    userinfo: fc.constantFrom('', '', '', 'user@', 'user:pw@', 'a@b@'),
    host,
    port: fc.oneof(fc.constant(''), fc.constant(':'), fc.integer({ min: 0, max: 70000 }).map((n) => `:${n}`), fc.constantFrom(':0080', ':80', ':443', ':21')),
    path: fc.oneof(fc.constantFrom('', '/'), fc.array(pathPiece, { minLength: 1, maxLength: 5 }).map((pieces) => `/${pieces.join('/')}`)),
    query: fc.option(fc.array(queryPiece, { maxLength: 5 }).map((pieces) => `?${pieces.join('')}`), { nil: undefined }),
  })
  .map(({ scheme, slashes, userinfo, host, port, path, query }) => `${scheme}:${slashes}${userinfo}${host}${port}${path}${query ?? ''}`);

describe('generated URLs against WHATWG URL', () => {
  it('agree on host, port, path and query wherever both accept, or differ for a listed reason', () => {
    const tally = newTally();
    fc.assert(
      fc.property(generated, (url) => {
        compare(tally, url);
      }),
      { numRuns: 4000, seed: 1738 },
    );
    report('generated', tally);
    expect(tally.unexplained.slice(0, 20)).toEqual([]);
    // The generator must reach agreement often enough for the comparison to mean something.
    expect(tally.agree).toBeGreaterThan(400);
  });
});
