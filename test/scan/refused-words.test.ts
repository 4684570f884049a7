import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { scanText, setFastPaths } from '../../src/scan/find-urls.js';
import { createRegistry } from '../../src/schemes/registry.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths } from '../support/fast-paths.js';

/**
 * The reader of refused runs (src/scan/refused-words.ts) held to the scan's general code
 * (`setFastPaths(false)`) and the slow path, with and without a rejection listener: on
 * generated mixes of prefixes ("<", "<URL:", "URL:", marks, none), names (the registry's,
 * labels, names of no scheme, dotted ones, "URL"), bodies and gaps, the same matches at
 * the same offsets, notes included.
 */

afterEach(() => setFastPaths(true));

const WITH_AND_WITHOUT_LISTENER = [false, true];

const prefix = fc.constantFrom('', '', '', '<', '<', '<URL:', 'URL:', 'URL:', '(', '"', '_', '[', '<URL:URL:', 'URL:URL:', '=<', '> ', '((', '(<');
const name = fc.constantFrom(
  'http', 'https', 'ftp', 'mailto', 'news', 'nntp', 'file', 'gopher', 'telnet', 'wais', 'prospero', 'nfs', 'git+ssh', 'ws', 'snews', 'HTTP', 'MailTo',
  'tel', 'dav', 'urn', 'mid', 'cid', 'im', 'pres', 'irc', 'git', 'ssh', 'data', 'javascript', 'foo', 'abcdefgh', 'abcdefghi', 'x-http', 'a+b', 'URL', 'url',
  'www.a', 'z39.50r', 'a', 'opaquelocktoken',
);
const body = fc.constantFrom(
  '', '/', '//', '(', ')', 'x', '@', ':', '>', 'a@', '//(', '/(', '//a', '//a(', '?', '#', '%', '.', '-', 'a.b', '[', '<', '/.', '(.', '@.x', '@a.io',
  'a@b.io', '?to=a@b.io', '//a.example/', 'x#y', '_', '=', 'é', "'s", '[1]', '//[', '///', 'a?', '/(.', '(x)', 'p.', 'w.a', '@-.x', '//a@', ')(', '@a',
  'a.io', 'www.b.com', 'a.io/x', 'ftp.c.org', '1.2.3.4:80', '//a.io', 'x@y.io',
  // Glued candidates with no dot: a colon refused at once leaves them to the scan.
  'http://a/', '(http://x/', 'news:x', '(news:x', 'mailto:a@b', '<http://a/', 'www.b.com/', 'x(www.a.com',
);
const gap = fc.constantFrom('', ' ', ' ', ' ', '\n', '\t', '  ', '\r\n', '\n\n', '> ', '\n> ');
const unit = fc.tuple(prefix, name, body, gap).map(([p, n, b, g]) => `${p}${n}:${b}${g}`);
const middle = fc.constantFrom('', ' ', 'http://a.example/ ', '<http://b.example/> ', 'www.c.com ', 'a@d.example ', '<URL: ', '<URL:', 'URL=<', '>', ' x> ', '<http:', 'mailto:a@b.example ');
const texts = fc
  .tuple(fc.array(unit, { minLength: 1, maxLength: 24 }), middle, fc.array(unit, { minLength: 0, maxLength: 24 }), fc.constantFrom('', ' ', ' ', '>'))
  .map(([a, m, b, end]) => a.join('') + m + b.join('') + end);

// Label schemes parsed by parsers that refuse more than "scheme:" alone.
const labelsParsed = createRegistry({ tel: 'http', im: 'mailto', urn: 'news' });

describe('the reader of refused runs', () => {
  it('passes over refused words of every prefix and finds the URLs beside them', () => {
    const text = 'http:( <ftp:x URL:nfs:// <URL:foo:[ "mailto:@ (tel:x <telnet:x http://a.example/x <gopher:/( URL:wais:x <https://b.example/> ';
    const first = text.indexOf('http://a');
    const second = text.indexOf('<https');
    expect(scanText(text, {}, true).map((m) => [m.url, m.position.start.offset, m.position.end.offset])).toEqual([
      ['http://a.example/x', first, first + 18],
      ['https://b.example/', second, second + 20],
    ]);
    expectSamePaths(text, {}, WITH_AND_WITHOUT_LISTENER);
  });

  it('hands back an unterminated-looking wrapper that a ">" ends after all', () => {
    // "<http:( ftp:x>" is a wrapper whose body, its whitespace dropped, is "http:(ftp:x": refused too, but read by the general path.
    for (const text of ['http:/ <mailto:( nfs:x a@b.example> ', 'ftp:( <http:( ftp:x> <URL:news:x ', 'ftp:( <URL:mailto:a@b.example\n> x']) {
      for (const options of [{}, { emails: true }, { fuzzy: true, emails: true }, { strict: true }]) expectSamePaths(text, options, WITH_AND_WITHOUT_LISTENER);
    }
  });

  it('generated mixes: the same matches on every path', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), fc.boolean(), fc.constantFrom(0, 0, 1, 2), (text, emails, fuzzy, strict, labels) => {
        const more = labels === 1 ? { bareSchemes: ['dav', 'tel'] } : labels === 2 ? { registry: labelsParsed } : {};
        // A short run first arms the scan's fast paths (see Scan.shortRuns).
        expectSamePaths(`http:/ ${text}`, { emails, fuzzy, strict, ...more }, WITH_AND_WITHOUT_LISTENER);
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });
});
