import { describe, expect, it } from 'vitest';
import { createRegistry, findUrls, type Parsed, type RejectedCandidate, type SchemeParser } from '../../src/index.js';

const urls = (text: string, options = {}) => findUrls(text, options).map((m) => m.url);

describe('findUrls', () => {
  it('throws only when misused', () => {
    expect(() => findUrls(undefined as unknown as string)).toThrow(/expected the text as a string, got undefined/);
    expect(() => findUrls(42 as unknown as string)).toThrow(TypeError);
    expect(findUrls('')).toEqual([]);
  });

  it('reports the parts of each URL from its scheme parser', () => {
    const [match] = findUrls('see <URL:ftp://info.cern.ch/pub/www/doc;type=d>');
    expect(match?.scheme).toBe('ftp');
    expect(match?.parts.scheme).toBe('ftp');
    expect(match?.parts.host).toBe('info.cern.ch');
  });

  it('reports rejected candidates with their positions and never as matches', () => {
    const rejected: RejectedCandidate[] = [];
    const text = 'Empty: http:// and <URL:foo>.';
    expect(findUrls(text, { onReject: (r) => rejected.push(r) })).toEqual([]);
    expect(rejected.map((r) => [r.candidate, r.context, r.raw])).toEqual([
      ['http://', 'bare', 'http://'],
      ['foo', 'wrapper', '<URL:foo>'],
    ]);
    for (const r of rejected) expect(text.slice(r.position.start.offset, r.position.end.offset)).toBe(r.raw);
  });

  it('asks the registry which schemes exist', () => {
    const text = 'git://example.org/repo and http://example.org/';
    expect(urls(text)).toEqual(['git://example.org/repo', 'http://example.org/']);
    expect(urls(text, { registry: createRegistry({ git: false }) })).toEqual(['http://example.org/']);
    const parseMy: SchemeParser = (url) => ({ scheme: 'my', path: url.slice(3), notes: [] });
    expect(urls('my:thing <my:other>', { registry: createRegistry({ my: parseMy }) })).toEqual(['my:thing', 'my:other']);
  });

  it('takes the only reading that validates when a hyphen at a line break is ambiguous', () => {
    // A parser that refuses host names with a label ending in "-" (as RFC 1738 §3.1 does).
    const parseHttp: SchemeParser = (url): Parsed | { reason: string } =>
      /-\./.test(url) ? { reason: 'bad-host' } : { scheme: 'http', notes: [] };
    const registry = createRegistry({ http: parseHttp });
    const [match] = findUrls('<URL:http://www.some-\n.example/>', { registry });
    expect(match?.url).toBe('http://www.some.example/');
    expect(match?.alternatives).toEqual([]);
    expect(match?.notes).toContain('hyphen-break');
  });

  it('passes strict to the scheme parsers', () => {
    const seen: boolean[] = [];
    const parseX: SchemeParser = (_url, options) => {
      seen.push(options.strict);
      return { scheme: 'x', notes: [] };
    };
    const registry = createRegistry({ x: parseX });
    findUrls('x:1', { registry });
    findUrls('x:1', { registry, strict: true });
    expect(seen).toEqual([false, true]);
  });

  it('turns schemeless hosts and e-mail addresses on and off', () => {
    const text = 'www.example.com or joe@example.com';
    expect(urls(text)).toEqual(['http://www.example.com']);
    expect(urls(text, { schemeless: false })).toEqual([]);
    expect(urls(text, { emails: true })).toEqual(['http://www.example.com', 'mailto:joe@example.com']);
  });

  it('finds schemeless hosts in any case, among dots after other "w" and "p" letters', () => {
    // The scanner looks only at dots after a "w" or "p" (see nextPrefixDot): each casing
    // of the prefix's last letter is searched for on its own.
    for (const prefix of ['www', 'WWW', 'wWw', 'WwW', 'ftp', 'FTP', 'fTp', 'FtP']) {
      const host = `${prefix}.example.com`;
      const scheme = prefix.toLowerCase() === 'www' ? 'http' : 'ftp';
      const text = `${host} e.g. p. 5, w. w.p. sleep. WoW. UP. ${host}/a and (${host}) ...${host}`;
      expect(urls(text), text).toEqual([`${scheme}://${host}`, `${scheme}://${host}/a`, `${scheme}://${host}`]);
    }
    // Inside a word or after a dot, "www." starts no host; after a rule of dots it does not either.
    expect(urls('awww.example.com x.www.example.com a.p.www.example.com')).toEqual([]);
  });

  it('fuzzy: bare domains with a known top-level domain and IPv4 literals with a path or port', () => {
    const text = 'See example.com, t.co/x, 192.0.2.1:8080/a and 10.0.0.1 or 1.2.3; me@example.org, /usr/lib.so, e.g. x.notatld.';
    expect(findUrls(text)).toEqual([]);
    const found = findUrls(text, { fuzzy: true });
    expect(found.map((m) => [m.url, m.context, m.notes.includes('fuzzy')])).toEqual([
      ['http://example.com', 'schemeless', true],
      ['http://t.co/x', 'schemeless', true],
      ['http://192.0.2.1:8080/a', 'schemeless', true],
    ]);
    expect(found.map((m) => m.raw)).toEqual(['example.com', 't.co/x', '192.0.2.1:8080/a']);
    // Independent of the www./ftp. option.
    expect(findUrls('example.com', { fuzzy: true, schemeless: false }).map((m) => m.url)).toEqual(['http://example.com']);
  });

  it('does not look up "constructor" or other Object properties as schemes', () => {
    expect(urls('constructor:x toString:y __proto__:z')).toEqual([]);
  });
});

/**
 * The bounds catalogue: 1 MB of each hostile pattern. The scan must finish (linear
 * by construction) and give these exact results; speed is measured in `npm run bench`.
 */
describe('hostile input, 1 MB each', () => {
  const MB = 1_000_000;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length));

  it('"<URL:" repeated: every wrapper is cut short by the next "<", nothing matches', () => {
    const rejected: RejectedCandidate[] = [];
    expect(findUrls(fill('<URL:'), { onReject: (r) => rejected.push(r) })).toEqual([]);
    expect(rejected).toEqual([]);
  });

  it('"(" repeated: no candidate', () => {
    expect(findUrls(fill('('))).toEqual([]);
  });

  it('"http://" repeated: one run, one candidate, rejected as too long', () => {
    const rejected: RejectedCandidate[] = [];
    expect(findUrls(fill('http://'), { onReject: (r) => rejected.push(r) })).toEqual([]);
    expect(rejected.map((r) => r.reason)).toEqual(['too-long']);
  });

  it('"a." repeated: no candidate', () => {
    expect(findUrls(fill('a.'), { emails: true })).toEqual([]);
  });

  it('"a." repeated in fuzzy mode: one host run, read once, too long to be a host', () => {
    expect(findUrls(fill('a.'), { fuzzy: true })).toEqual([]);
  });

  it('"a.b " and "1.2.3.4 " repeated in fuzzy mode: no top-level domain, no path: no candidate', () => {
    expect(findUrls(fill('a.b '), { fuzzy: true })).toEqual([]);
    expect(findUrls(fill('1.2.3.4 '), { fuzzy: true })).toEqual([]);
  });

  it('"a.com/ " repeated in fuzzy mode: every one is found', () => {
    const unit = 'a.com/ ';
    expect(findUrls(fill(unit), { fuzzy: true })).toHaveLength(Math.ceil(MB / unit.length));
  });

  it('"a-b.c+d-" repeated before ":": the scheme look-behind stays bounded, nothing matches', () => {
    expect(findUrls(fill('a-b.c+d-x:'))).toEqual([]);
  });

  it('"-" and a line break repeated: no candidate; inside a wrapper, past the line limit', () => {
    const text = fill('-\n');
    expect(findUrls(text)).toEqual([]);
    // Too many line breaks: unterminated, so the body is read as bare text up to the first break.
    const inWrapper = findUrls(`<URL:http://a.example/${text}>`);
    expect(inWrapper.map((m) => [m.url, m.context, m.notes])).toEqual([['http://a.example/-', 'bare', ['unterminated-wrapper']]]);
  });

  it('"www.help.zzq" repeated in two-byte text: each refused host with a later "p." in its name is passed over once', () => {
    // One "’" makes V8 store the text two bytes per character. Each refused name asked
    // for the next CJK character, and that search read on to the end: 600 KB took 8 s.
    expect(findUrls(fill('’ www.help.zzq\n'))).toEqual([]);
    expect(urls(`’ www.help.zzq ${'x'.repeat(100)} www.help.example.com 漢www.help.zzq www.a.com`)).toEqual(['http://www.help.example.com', 'http://www.a.com']);
  });

  it('"<" repeated: no candidate', () => {
    expect(findUrls(fill('<'))).toEqual([]);
  });

  it('wrappers with hyphen breaks repeated: every one is found, readings capped', () => {
    const unit = '<URL:http://a-\nb-\nc-\nd-\ne.example/>\n';
    const matches = findUrls(fill(unit));
    expect(matches).toHaveLength(Math.ceil(MB / unit.length));
    expect(matches[0]?.url).toBe('http://a-b-c-d-e.example/');
    expect(matches[0]?.alternatives).toEqual(['http://abcde.example/']);
  });

  it('"www." and ":" and "@" repeated: no candidate', () => {
    expect(findUrls(fill('www.'))).toEqual([]);
    expect(findUrls(fill(':'))).toEqual([]);
    expect(findUrls(fill('a@'), { emails: true })).toEqual([]);
  });

  it('"<http:" repeated: each unterminated angle body is "http:" alone, refused; nothing matches', () => {
    const text = fill('<http:');
    expect(findUrls(text)).toEqual([]);
    // Asked for, each refusal is reported: at each "<", the bare reading of its body.
    const rejected: RejectedCandidate[] = [];
    expect(findUrls(text.slice(0, 6 * 1000), { onReject: (r) => rejected.push(r) })).toEqual([]);
    expect(rejected).toHaveLength(1000);
    expect(new Set(rejected.map((r) => `${r.reason} ${r.candidate} ${r.context}`))).toEqual(new Set(['empty http: bare']));
    expect(rejected[999]?.position.start.offset).toBe(6 * 999 + 1);
  });

  it('"a@b." repeated, with e-mail addresses: every other "@" is in an address, each found', () => {
    const text = fill('a@b.');
    const matches = findUrls(text, { emails: true });
    // "a@b.a" takes the next unit's "a", so that unit's "@" has no local part left; the
    // one after it takes "b.a" as its local part: "b.a@b.a", and so on, 8 characters apart.
    expect(matches).toHaveLength(MB / 8);
    expect(matches.slice(0, 3).map((m) => [m.url, m.position.start.offset, m.position.end.offset])).toEqual([
      ['mailto:a@b.a', 0, 5],
      ['mailto:b.a@b.a', 6, 13],
      ['mailto:b.a@b.a', 14, 21],
    ]);
    expect(findUrls(text)).toEqual([]);
  });

  it('one line of a hundred thousand URLs: all found, columns right', () => {
    const unit = 'http://a.example/ ';
    const text = unit.repeat(100_000);
    const matches = findUrls(text);
    expect(matches).toHaveLength(100_000);
    expect(matches.at(-1)?.position.start).toEqual({ line: 1, column: unit.length * 99_999 + 1, offset: unit.length * 99_999 });
  });
});

describe('the "URL:" prefix in any case, and only in letters', () => {
  it('reads <URL:, <url: and <Url: alike as wrappers', () => {
    for (const prefix of ['URL', 'url', 'Url']) {
      expect(findUrls(`see <${prefix}:http://a.example/x> ok`).map((m) => [m.url, m.context])).toEqual([['http://a.example/x', 'wrapper']]);
    }
  });

  it('does not take a control character one case-bit from ":" (U+001A) for the colon', () => {
    // 0x1a | 0x20 is 0x3a: a fold of every character would read "<URL\x1a" as "<URL:".
    expect(findUrls('see <URL\u001ahttp://a.example/x> ok').map((m) => [m.url, m.context])).toEqual([['http://a.example/x', 'bare']]);
  });
});
