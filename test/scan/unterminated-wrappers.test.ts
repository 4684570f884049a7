import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { scanText, setFastPaths } from '../../src/scan/find-urls.js';
import { parseGeneric } from '../../src/schemes/generic.js';
import { createRegistry } from '../../src/schemes/registry.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths } from '../support/fast-paths.js';

/**
 * Unterminated wrappers ("<ftp:x ", "<nfs://( <", "<URL:mailto:( ", "<tel:x") and the
 * wrappers right after one (terminated or not, named or not), read by
 * unterminatedWrapperEnd in one pass as atAngle, the scan's loop and atColon read them:
 * held to the general code (`setFastPaths(false)`) and to the slow path, the same matches
 * at the same offsets, notes included, and the same rejections when a listener asks.
 */

afterEach(() => setFastPaths(true));

describe('unterminated wrappers read in one pass', () => {
  it('a refused body, then a real wrapper: found with its offset, the note spent alike', () => {
    const text = '<ftp:x <nfs://( <URL:mailto:( <http://a.example/> <tel:x\n<http://b.example/';
    expect(scanText(text, {}, true).map((m) => [m.url, m.position.start.offset, m.notes])).toEqual([
      ['http://a.example/', 30, []],
      ['http://b.example/', 58, ['unterminated-wrapper']],
    ]);
    expectSamePaths(text, {}, [false, true]);
  });

  it('an accepted bare reading of an unterminated body', () => {
    const text = '<http://a.example/x y <mailto:joe@a.example <news:comp.lang.c';
    expectSamePaths(text, {}, [false, true]);
    expectSamePaths(text, { emails: true, fuzzy: true }, [false, true]);
  });

  it('the wrappers after one read in one pass: each as atAngle and atColon read it', () => {
    for (const text of [
      '<ftp:x <URL:<http://a.example/>',
      '<http:x<url:<URL:http://b.example/>',
      '<ftp:x <URL: <URL: <http://a.example/>',
      '<ftp:x <URL: <http://a.example/>',
      '<ftp:x <x-http://a.example/ <',
      '<ftp:x <URL:x-http://a.example/ <',
      '<ftp:x <URL:url:http://a.example/ <',
      '<ftp:x <URL:URL:http://a.example/',
      '<ftp:x <foo:x <javascript:x <tel:x <http://a.example/ <',
      '<ftp:x <opaquelocktoken:x <http://a.example/x',
      '<ftp:x <ftp:> <dav:/> <DAV:read/> <URL:dav:/> <git:> <URL:http:/>\n<http://a.example/> <tel:x>',
      '<tel:x <mailto:a@b> <news:x> <foo:x> <URL:x> <http:>=<http://a.example/>',
      '<ftp:x <http:a.example> <URL:ftp:a.example/x>',
      '<ftp:x <x y <( <URL:x <URL:"x <http://a.example/',
    ]) {
      expectSamePaths(text, {}, [false, true]);
      expectSamePaths(text, { emails: true, fuzzy: true, bareSchemes: ['tel'] }, [false, true]);
    }
  });

  it('a registry that names "url" or a parser of its own: read as the general path reads them', () => {
    const registry = createRegistry({ url: parseGeneric, own: (url, options) => parseGeneric(url, options) });
    for (const text of ['<ftp:x <URL:url:x <', '<ftp:x <url:x <', '<ftp:x <URL:url:http://a.example/ <', '<ftp:x <own:> <own:x> <own:x <own:']) {
      expectSamePaths(text, { registry }, [false, true]);
    }
    // A registry that is no frozen one of createRegistry's: a name its reader does not
    // know may still be parsed ("<URL:foo:x>" is not refused in place).
    const open = { ...createRegistry({ own: parseGeneric }) };
    for (const text of ['<ftp:x <URL:foo:x> <URL:own:x> <URL:> <URL:x> <URL:/:> <', '<URL:foo:x <URL:www.a:> <URL:URL:x> <']) {
      expectSamePaths(text, { registry: open }, [false, true]);
      expectSamePaths(text, { registry }, [false, true]);
    }
  });

  const prefix = fc.constantFrom('<', '<', '<URL:', '<url:', '<URL: ', 'URL=<', '=<', '_<', 'x<');
  const name = fc.constantFrom(
    'http', 'HTTP', 'https', 'ftp', 'mailto', 'news', 'git', 'nfs', 'tel', 'file', 'dav', 'urn', 'mid', 'z39.50r', 'opaquelocktoken', 'svn+ssh',
    'url', 'URL', 'foo', 'a-http', 'x.http', 'www', 'wp', 'javascript', 'abcdefghi', 'a'.repeat(33),
    // Names of no scheme with a dot or another mark (see namesNoCandidate): dot triggers
    // after "w" or "p", another dot after one, a cut that names a scheme, a last dot.
    'www.a', 'WWW.com', 'ftp.x', 'p.a', 'w.a.b', 'a.www.b', 'www.a.com', 'www.', 'a.p.', 'www.http', 'x+y', 'a-b.c', 'ftp.http-x',
  );
  // Wrappers with no name: "<" before no colon, "<URL:" before a body with no scheme.
  const nameless = fc.constantFrom('<x', '<x y', '<(', '<', '<URL:x', '<URL:(', '<URL:"', '<URL: ', '<URL:', '< ', '<a.b', '<www.a', '<x@a.example');
  // Pieces of a body: run ends, triggers and marks, trailing punctuation, brackets, a long run
  // around UNTERMINATED_BODY (256), and real candidates after whitespace.
  const piece = fc.constantFrom(
    '', 'x', '/', '//', '//a', '(', ')', '[', ']', '@', 'a@', 'a@b', ':', 'a:', '/:', '.', 'a.', 'w.', 'P.', 'www.a', 'a.b', '_', '=', 'url=', ',', '?', '#', '%', '-', "'",
    ' ', '  ', '\t', '\n', '\n\n', '-\n', '\n> ', '>', '"', 'é', '。', 'x'.repeat(250), ' '.repeat(250), '/>', '> ', '>\n', '>=',
    '//a.example/', 'joe@a.example', '@x', '@.', 'a@b.c', '@<', 'URL:', 'url:http:', 'www.a:', 'a.com', 'x/b.de.', '(a.org)', 'comp.lang.c', ' http://a.example/', ' mailto:a@b.example', ' www.a.example', ' ftp.a.example', ' joe@a.example', ' URL:http://c.example', '\nhttp:x',
  );
  const body = fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join(''));
  const unit = fc.oneof(
    fc.tuple(prefix, name, body).map(([p, n, b]) => `${p}${n}:${b}`),
    fc.tuple(nameless, body).map(([n, b]) => n + b),
  );
  const middle = fc.constantFrom('', ' ', '<', 'http://a.example/', '<http://a.example/>', '<URL:http://b.example/>', 'URL=<http://c.example/>', 'www.b.com', 'a@b.example', '<www.d.example>', '<DAV:read/>');
  const texts = fc.tuple(fc.array(unit, { minLength: 1, maxLength: 6 }), middle, fc.array(unit, { maxLength: 6 })).map(([a, m, b]) => a.join('') + m + b.join(''));
  // The units of the bench's mixes of refused candidates (prefix, name, colon, body, tail),
  // in random order, with names and bodies that make candidates among them.
  const mixName = fc.constantFrom('http', 'ftp', 'mailto', 'news', 'file', 'z39.50r', 'git+ssh', 'opaquelocktoken', 'tel', 'dav', 'javascript', 'foo', 'abcdefgh', 'URL', 'www.a', 'a', 'www.a.com', 'ftp.b');
  const mixBody = fc.constantFrom('', '/', '//', '(', ')', 'x', '@', ':', ' ', '\n', '>', 'a@', '//(', '/(', '//a', '//a(', '?', '#', '%', '.', '-\n', 'a.b', '[', '<', '//a.example/', 'a@b.example', 'http:', 'a.com', 'x/b.de.');
  const mixUnit = fc.tuple(fc.constantFrom('<', '<URL:', '<url:', 'URL=<'), mixName, mixBody, fc.constantFrom('', ' ')).map(([p, n, b, t]) => `${p}${n}:${b}${t}`);
  it('generated mixes of refused wrappers: the same matches on every path', () => {
    fc.assert(
      fc.property(fc.array(mixUnit, { minLength: 1, maxLength: 24 }), fc.boolean(), fc.boolean(), (units, emails, fuzzy) => {
        expectSamePaths(units.join(''), { emails, fuzzy }, [false, true]);
      }),
      { numRuns: fuzzRuns(400) },
    );
  });

  it('generated unterminated wrappers around real ones: the same matches on every path', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (text, emails, fuzzy, strict, labels) => {
        expectSamePaths(text, { emails, fuzzy, strict, ...(labels ? { bareSchemes: ['urn', 'dav'] } : {}) }, [false, true]);
      }),
      { numRuns: fuzzRuns(400) },
    );
  });
});
