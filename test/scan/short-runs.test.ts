import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { scanText, setFastPaths } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths } from '../support/fast-paths.js';

/** Each text is held without a rejection listener and with one. */
const WITH_AND_WITHOUT_LISTENER = [false, true];

/**
 * Words and wrappers refused whole, passed over without the scan's loop when no one asks
 * for rejections: a known scheme's short body after whitespace ("http:/ ", "mailto:( ",
 * "URL:http:/ ", see refusedWordsFrom) and runs of short wrappers ("<http:/", "<http:>",
 * "<URL:http:/>", see refusedWrappersEnd). These tests hold them to the general code
 * (`setFastPaths(false)`) and to the slow path (`scanText` with the in-place readers
 * off), with and without a listener: the same matches at the same offsets, notes
 * included, and so the same resume points (a "www." inside a refused run is no host of
 * its own).
 */

afterEach(() => setFastPaths(true));

describe('words and wrappers refused whole', () => {
  it('refused bodies, a www. inside them and real URLs beside them', () => {
    const text = 'http:/ http:/www.a.example mailto:( news:@ URL:http:/ _http:/ http://( file:(x) http:/a) (http:/a) http:/a. http://a.example/ ftp:/ www.b.com';
    expect(scanText(text, {}, true).map((m) => [m.url, m.position.start.offset])).toEqual([
      ['http://a.example/', 108],
      ['http://www.b.com', 132],
    ]);
    for (const options of [{}, { emails: true, fuzzy: true }, { strict: true }]) expectSamePaths(text, options, WITH_AND_WITHOUT_LISTENER);
  });

  const piece = fc.constantFrom(
    'http:', 'mailto:', 'news:', 'file:', 'gopher:', 'ftp:', 'URL:', 'url:', 'x.', '_', '__', 'www.', 'a.example', 'b@c.example',
    '/', '//', '(', ')', '[', ']', '@', '.', ',', ':', ' ', '\n', '<', '>', '"', '=', 'URL=<', '<URL:', 'mid:', 'Http:', '\t', 'a.io', 'w.de', 'a@b.io', 'b.io ', 'a', 'é', '。', '中', '#', '?', 'http://a.example/',
  );
  const texts = fc.array(piece, { minLength: 1, maxLength: 40 }).map((parts) => parts.join(''));
  it('generated text rich in scheme names, colons, slashes and brackets: the same matches on every path', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), fc.boolean(), (text, emails, fuzzy, strict) => {
        expectSamePaths(text, { emails, fuzzy, strict }, WITH_AND_WITHOUT_LISTENER);
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });

  // Long runs of refused candidates: the colon search passes them by hand after DENSE_RUN.
  const unit = fc.constantFrom(
    'http:/ ', 'mailto:( ', 'news:@ ', 'http://( ', 'ftp:/\n', 'file:(x) ', 'http:/a. ', 'http:/a.io ', 'mailto:a@b.io ', '_http:/ ', 'x.http:/ ', 'URL:http:/ ', 'http:/=<', 'http:/',
    'tel:( ', 'svn+ssh:( ', 'a-http:/ ', 'HTTP:/ ', 'z39.50r:/ ', 'news:a@b ', 'http:[1] ', 'http:/) ', 'mailto:a@( ', 'prospero:( ', 'opaquelocktoken:( ', 'http:/\t', '@http:/ ', 'url:url:/ ', 'gopher:a(b) ', 'http: ', 'nntp:( ',
  );
  const middle = fc.constantFrom('', 'http://a.example/', 'www.b.com', 'a@b.example', '<URL:', 'http:/www.a.io', 'a.io', '<http:/', '<URL: ', 'URL=<', 'ftp.a.io');
  // Each unit repeated up to twice DENSE_RUN times in a row.
  const repeated = fc.array(fc.tuple(unit, fc.integer({ min: 1, max: 16 })).map(([u, n]) => u.repeat(n)), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
  const runs = fc.tuple(repeated, middle, repeated).map(([before, m, after]) => before + m + after);
  it('long runs of refused candidates around one real trigger: the same matches on every path', () => {
    fc.assert(
      fc.property(runs, fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (text, emails, fuzzy, strict, labels) => {
        expectSamePaths(text, { emails, fuzzy, strict, ...(labels ? { bareSchemes: ['dav', 'tel'] } : {}) }, WITH_AND_WITHOUT_LISTENER);
      }),
      { numRuns: fuzzRuns(400) },
    );
  });

  it('runs of refused wrappers, then a real one or an unterminated one whose note goes to the next candidate', () => {
    const text = '<http:/<http:)<http:><URL:http:/><mailto:(<DAV:read/><http://a.example/> <URL: http://b.example/ <http:/<news:a( x';
    expect(scanText(text, {}, true).map((m) => [m.url, m.position.start.offset, m.notes])).toEqual([
      ['http://a.example/', 53, []],
      ['http://b.example/', 79, ['unterminated-wrapper']],
    ]);
    for (const options of [{}, { emails: true, fuzzy: true }, { strict: true }, { bareSchemes: ['dav', 'tel'] }]) expectSamePaths(text, options, WITH_AND_WITHOUT_LISTENER);
  });

  // Wrappers of short bodies, each after the last or apart, with the pieces that change
  // how they are read: whitespace, quotes, dots, "=", "@", "_", labels and real URLs.
  const wrapper = fc.constantFrom(
    '<http:/', '<http:)', '<http:>', '<http:/>', '<URL:http:/>', '<url:mailto:(>', '<mailto:(', '<mailto:a@', '<news:a(', '<ftp:/', '<file:(', '<gopher:(',
    '<DAV:read/>', '<dav:/>', '<tel:(', '<tel:/>', '<http:_', '<http:=', '<http:a.b', '<http:"x>', '<http: >', '<URL: ', '<URL:http:', '<z39.50r:/', '<svn+ssh:/', '<http:<',
  );
  const between = fc.constantFrom('', '', '', ' ', '\n', '=', 'URL=', 'www.a.io', 'a@b.io', 'http://a.example/', '_', '.', 'x', '>', '(', '\n\n', '<URL:http://c.example/>');
  const wrappers = fc.array(fc.tuple(wrapper, fc.integer({ min: 1, max: 12 }), between).map(([w, n, b]) => w.repeat(n) + b), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
  it('generated runs of short wrappers: the same matches on every path', () => {
    fc.assert(
      fc.property(wrappers, fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (text, emails, fuzzy, strict, labels) => {
        expectSamePaths(text, { emails, fuzzy, strict, ...(labels ? { bareSchemes: ['dav', 'tel'] } : {}) }, WITH_AND_WITHOUT_LISTENER);
      }),
      { numRuns: fuzzRuns(600) },
    );
  });
});
