import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistry, findUrls, type FindUrlsOptions, type SchemeParser } from '../../src/index.js';
import { LABEL_SCHEMES, scanText, setFastPaths } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths } from '../support/fast-paths.js';

/** Each text is held without a rejection listener and with one. */
const WITH_AND_WITHOUT_LISTENER = [false, true];
import { charactersRead } from '../support/characters-read.js';

/**
 * Colons the colon search refuses without a trip through the scan's loop, on top of the
 * names of no scheme (dense-triggers.test.ts): a bare label scheme ("mid:", "tel:", not
 * asked for with `bareSchemes`), and a known scheme's colon before what ends every bare
 * run ("http: ", "mailto:<"), whose candidate is "scheme:" alone, when no one asks for
 * rejections and every parser of the registry is urlsift's own. These tests hold the
 * search to the general code (`setFastPaths(false)`) and to the slow path (`scanText`
 * with the in-place readers off): the same matches at the same offsets, and with
 * `onReject` the same rejections. Speed is the bench's (catalogue rows "http: space
 * repeated", "mid:( repeated" and the varied rows after them).
 */

afterEach(() => setFastPaths(true));

/** Matches and rejections of one scan as JSON, with the fast paths on or off, or the slow path (`inPlace` off). */
const anything: SchemeParser = (url) => ({ scheme: url.slice(0, url.indexOf(':')).toLowerCase(), notes: [] });
/** A caller's parser that takes "foo:" alone: its colon is never refused for an empty body. */
const withFoo = createRegistry({ foo: anything });

const found = (text: string, options: FindUrlsOptions = {}) => findUrls(text, options).map((m) => [m.url, m.context, m.position.start.offset, m.position.end.offset]);

describe('bare label schemes and "scheme:" alone, refused in the colon search', () => {
  it('a label scheme is found only when asked for, and always in a wrapper or after "URL:"', () => {
    const text = 'mid:a@b tel:+1 <tel:+2> URL:cid:x DAV:read urn:isbn:1 http://a.example/';
    expect(found(text)).toEqual([
      ['tel:+2', 'angle', 15, 23],
      ['cid:x', 'prefix', 24, 33],
      ['http://a.example/', 'bare', 54, 71],
    ]);
    expect(found(text, { bareSchemes: ['TEL'] }).map(([url]) => url)).toEqual(['tel:+1', 'tel:+2', 'cid:x', 'http://a.example/']);
    for (const options of [{}, { bareSchemes: ['tel'] }, { bareSchemes: ['mid', 'urn'] }, { emails: true, fuzzy: true }]) expectSamePaths(text, options, WITH_AND_WITHOUT_LISTENER);
  });

  it('"scheme:" before a space, a line break, "<", ">" or a quote holds no URL; a URL right after it is found', () => {
    for (const end of [' ', '\t', '\n', '\r\n', '<', '>', '"', '\u007f']) {
      const text = `http:${end}mailto:${end}HTTP:${end}x.news:${end}URL:${end}_ftp:${end}http://a.example/${end}`;
      expect(found(text).map(([url, context, start]) => [url, context, start]), JSON.stringify(end)).toEqual([['http://a.example/', 'bare', text.indexOf('http://')]]);
      expectSamePaths(text, {}, WITH_AND_WITHOUT_LISTENER);
      expectSamePaths(text, { emails: true, fuzzy: true }, WITH_AND_WITHOUT_LISTENER);
    }
    // At the text's end, and before a host, an address and a wrapper that follow at once.
    expectSamePaths('http:', {}, WITH_AND_WITHOUT_LISTENER);
    expectSamePaths('a http: www.b.com http:<http://c.example/> ftp: d@e.example http:"URL=<http://f.example/>', { emails: true }, WITH_AND_WITHOUT_LISTENER);
    expect(found('http:<http://c.example/> ftp:\nwww.b.com').map(([url]) => url)).toEqual(['http://c.example/', 'http://www.b.com']);
  });

  it('with rejections asked for, each "scheme:" alone is reported where it stands', () => {
    const rejected: [string, string, number][] = [];
    findUrls('http: mailto:\nmid: ftp:<', { onReject: (r) => rejected.push([r.reason, r.candidate, r.position.start.offset]) });
    expect(rejected).toEqual([
      ['empty', 'http:', 0],
      ['empty', 'mailto:', 6],
      ['empty', 'ftp:', 19],
    ]);
  });

  it("a caller's parser may take \"scheme:\" alone: its colons are still read", () => {
    expect(found('foo: foo:\nhttp: foo:', { registry: withFoo })).toEqual([
      ['foo:', 'bare', 0, 4],
      ['foo:', 'bare', 5, 9],
      ['foo:', 'bare', 16, 20],
    ]);
    expectSamePaths(`${'foo: http: '.repeat(20)}`, { registry: withFoo }, WITH_AND_WITHOUT_LISTENER);
  });

  // Pieces rich in the colons refused here and in what breaks their refusal: known,
  // label and unknown names in any case, "URL", a caller's name, names glued after
  // punctuation or "_", every character that ends a run, bodies that do not end at once.
  const piece = fc.constantFrom(
    'http', 'HTTP', 'mailto', 'news', 'ftp', 'gopher', 'svn+ssh', 'x.http', 'xhttp', 'url', 'URL', 'foo', 'abcd', 'a',
    ...LABEL_SCHEMES, 'TEL', 'a.tel', 'x-mid', 'Opaquelocktoken',
    ':', ':', ':', ' ', '\n', '\t', '<', '>', '"', '\u007f', '(', ')', '/', '//', '.', '-', '_', '=', '@', '漢', '’', '\u3000',
    'a.example', 'www.b.com', 'b@c.example', 'x', '+1', '<http://a.example/>', 'URL=<',
    // Whole colons, refused or not, and what a body that does not end at once may hold.
    'http: ', 'http:(', 'http:(www.b.com)', 'tel:(1)', 'tel:+1', 'mid:x', 'foo:', 'foo: ', 'mailto:b@c.example', 'URL:http: ', '_http: ',
  );
  const texts = fc.array(piece, { minLength: 1, maxLength: 60 }).map((parts) => parts.join(''));
  const labels = fc.subarray([...LABEL_SCHEMES, 'http']);

  it('fast path, general path and slow path: the same matches and rejections, at the same offsets', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), fc.boolean(), labels, fc.boolean(), (text, emails, fuzzy, schemeless, bareSchemes, foo) => {
        expectSamePaths(text, { emails, fuzzy, schemeless, bareSchemes, ...(foo ? { registry: withFoo } : {}) }, WITH_AND_WITHOUT_LISTENER);
      }),
      { numRuns: fuzzRuns(1500) },
    );
  });

  // Long runs of varied units, none repeated exactly: the search's answers carried from
  // one refused colon to the next must not pass over a candidate among them.
  const unit = fc.constantFrom('http: ', 'http:\n', 'mailto:<', 'news:"', 'ftp:>', 'URL: ', 'mid:( ', 'tel:( ', 'cid:', 'urn:x ', 'DAV:read ', 'abcd: ', 'x.http: ', '_http: ', 'a_ftp:\t', 'opaquelocktoken:', 'im:', 'pres: ');
  const middle = fc.constantFrom('', 'http://a.example/', 'URL:http://a.example/', '<http:>', '<tel:+1>', 'URL:tel:+1', 'www.b.com', 'a@b.example', 'http:(x)', '_http://a.example_', 'foo:');
  const runs = fc.tuple(fc.array(unit, { minLength: 1, maxLength: 200 }), middle, fc.array(unit, { maxLength: 200 })).map(([before, m, after]) => before.join('') + m + after.join(''));

  it('long runs of varied refused colons around a candidate: the same output', () => {
    fc.assert(
      fc.property(runs, fc.boolean(), fc.boolean(), (text, emails, fuzzy) => {
        expectSamePaths(text, { emails, fuzzy }, WITH_AND_WITHOUT_LISTENER);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('are passed over in the search: fewer characters read than through the scan loop', () => {
    for (const text of ['http: '.repeat(2000), 'mid:( '.repeat(2000), 'tel:( mailto:\nurn:x http:" '.repeat(400)]) {
      setFastPaths(false);
      const general = charactersRead(() => scanText(text, {}, true));
      setFastPaths(true);
      const fast = charactersRead(() => scanText(text, {}, true));
      expect(fast, `${JSON.stringify(text.slice(0, 30))}: ${fast} reads with the fast paths, ${general} without`).toBeLessThan(general / 2);
    }
  });
});
