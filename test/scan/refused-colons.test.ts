import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { scanText, setFastPaths } from '../../src/scan/find-urls.js';
import { createRegistry } from '../../src/schemes/registry.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths } from '../support/fast-paths.js';

/** Each text is held without a rejection listener and with one. */
const WITH_AND_WITHOUT_LISTENER = [false, true];

/**
 * Refused candidates reached through a colon, mixed in random order as hostile text mixes
 * them (bench mix: a prefix, a scheme name or none, ":", a body its parser refuses, glued
 * to the next or apart), passed over whole in the colon search (see refusedWordsFrom:
 * marks before a name, colons and dots in a body, "URL:" before no scheme). These tests hold them to the
 * general code (`setFastPaths(false)`) and the slow path, with and without a listener:
 * the same matches at the same offsets, notes included.
 */

afterEach(() => setFastPaths(true));

const prefix = fc.constantFrom('', '', '', '(', '"', '_', 'URL:', '<', 'x', '.', '=', "'", '[', ')', '-');
const name = fc.constantFrom(
  'http', 'https', 'ftp', 'mailto', 'news', 'nntp', 'file', 'gopher', 'telnet', 'wais', 'prospero', 'nfs', 'z39.50r', 'git+ssh', 'svn+ssh', 'sips', 'ws',
  'tel', 'dav', 'im', 'irc', 'git', 'data', 'javascript', 'foo', 'abcdefgh', 'URL', 'www.a', 'a', 'HTTP', 'opaquelocktoken',
);
const body = fc.constantFrom(
  '', '/', '//', '(', ')', 'x', '@', ':', ' ', '\n', '>', 'a@', '//(', '/(', '//a', '//a(', '?', '#', '%', '.', '-\n', 'a.b', '[', '<',
  'w.x', 'p.a', '_', '=', 'é', '中', '//a.example/', '"', "'s", '[1]', '-', 'a.io', 'b@c.io', '(http://a.io/', '(mailto:a@b.io', ':news:a.b',
);
const tail = fc.constantFrom('', '', ' ', '\n', '\t', '. ', ') ');
const unit = fc.tuple(prefix, name, body, tail).map(([p, n, b, t]) => `${p}${n}:${b}${t}`);
const middle = fc.constantFrom('', 'http://a.example/', 'www.b.com', 'a@b.example', '<URL:', '<URL: ', 'URL=<', 'ftp.a.io', '<http://c.example/>', 'mailto:a@b.example ');
const texts = fc.tuple(fc.array(unit, { minLength: 1, maxLength: 30 }), middle, fc.array(unit, { minLength: 0, maxLength: 30 })).map(([a, m, b]) => a.join('') + m + b.join(''));

describe('refused candidates through a colon, mixed', () => {
  it('a few mixed refused candidates and real URLs beside them', () => {
    // The run glued to "ftp:(" is ftp's, refused whole: its "http:" is no candidate of its own.
    const text = 'nfs:// (git://( "news://a _tel:x URL:foo:[ mailto:@ ftp:(nfs://a(http://a.example/ wais:%sips:? (http:/a) https://b.example/x (http://c.example/)';
    expect(scanText(text, {}, true).map((m) => [m.url, m.position.start.offset])).toEqual([
      ['https://b.example/x', 106],
      ['http://c.example/', 127],
    ]);
    for (const options of [{}, { emails: true, fuzzy: true }, { strict: true }]) expectSamePaths(text, options, WITH_AND_WITHOUT_LISTENER);
  });

  // Label schemes parsed by parsers that refuse more than "scheme:" alone: a label refused
  // at its colon consumes nothing, and a candidate glued after it is the scan's.
  const labelsParsed = createRegistry({ tel: 'http', im: 'mailto', urn: 'news' });

  it('generated mixes of refused candidates: the same matches on every path', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), fc.boolean(), fc.constantFrom(0, 1, 2), (text, emails, fuzzy, strict, labels) => {
        const more = labels === 1 ? { bareSchemes: ['dav', 'tel'] } : labels === 2 ? { registry: labelsParsed } : {};
        expectSamePaths(text, { emails, fuzzy, strict, ...more }, WITH_AND_WITHOUT_LISTENER);
      }),
      { numRuns: fuzzRuns(1500) },
    );
  });

  it('a label glued to a candidate, its parser one that refuses the whole: the candidate is found', () => {
    const text = 'http:/ http:/ tel:(http://a.io/ im:(mailto:a@b.io ';
    expect(scanText(text, { registry: labelsParsed }, true).map((m) => [m.url, m.position.start.offset])).toEqual([
      ['http://a.io/', 19],
      ['mailto:a@b.io', 36],
    ]);
    expectSamePaths(text, { registry: labelsParsed }, WITH_AND_WITHOUT_LISTENER);
  });
});

/**
 * The colons the colon search refuses at once inside its pass over words (see
 * refusedWordsFrom): names of no scheme (with cuts after prose punctuation, "x-http:",
 * "a.bnfs:", longer names), labels, "URL:" before no scheme, and emphasis "_scheme:" whose
 * run's tail given back does or does not end in "_"; marks and whitespace in turn between
 * words. Units glued to each other, to real URLs and to hosts.
 */
const refusedPrefix = fc.constantFrom('', '', ' ', '_', '_', 'x_', '__', '(_', '"', '(', 'URL:', '_URL:', '> ', ': ', '@', '.', '-', 'w.', '[ ');
const refusedName = fc.constantFrom(
  'http', 'ftp', 'news', 'mailto', 'file', 'nntp', 'tel', 'urn', 'im', 'cid', 'opaquelocktoken', 'z39.50r', 'foo', 'a', 'abcdefgh', 'data',
  'javascript', 'x-http', 'a.http', 'a.bnfs', 'www.a', 'x.url', 'URL', 'http-', 'git+ssh', 'x+ftp', 'ab.cd.ef.gh.ij.kl.mn.op.qr.st.uv.wx.yz.ab.cd.ef.gh.ij.kl',
);
const refusedBody = fc.constantFrom(
  '', '/', '//', '(', 'x', '@', ':', '>', 'a@', '//(', '?', '.', '[', '<', '_', 'x_', 'a_b', '_x', 'x_.', '//a.example/_', 'a.b_', '(x_)', '"',
  'a.io', 'b@c.io', '//a.example/', 'é', ': ', '> x', 'http://a.io/',
);
const refusedUnit = fc.tuple(refusedPrefix, refusedName, refusedBody, tail).map(([p, n, b, t]) => `${p}${n}:${b}${t}`);
const refusedTexts = fc
  .tuple(fc.array(refusedUnit, { minLength: 1, maxLength: 30 }), middle, fc.array(refusedUnit, { minLength: 0, maxLength: 30 }))
  .map(([a, m, b]) => a.join('') + m + b.join(''));

describe('colons refused at once in the pass over refused words', () => {
  it('names of no scheme, labels, "URL:" before no scheme and emphasis, then a real URL: found where the general code finds it', () => {
    // "http:/ " arms the pass (a short run); "x_http:..._" is an emphasis its tail closes.
    const text = 'http:/ foo:x(tel:a@ a.bnfs:( URL:a.b _http:( _ftp:x_ x-http://a.example/ (_mailto:a@b.io_) javascript:x> ftp://c.example/';
    expect(scanText(text, {}, true).map((m) => [m.url, m.position.start.offset])).toEqual([
      ['http://a.example/', 55],
      ['mailto:a@b.io', 75],
      ['ftp://c.example/', 105],
    ]);
    for (const options of [{}, { emails: true, fuzzy: true }, { strict: true }, { bareSchemes: ['tel'] }]) expectSamePaths(text, options, WITH_AND_WITHOUT_LISTENER);
  });

  it('generated mixes: the same matches on every path', () => {
    fc.assert(
      fc.property(refusedTexts, fc.boolean(), fc.boolean(), fc.constantFrom(0, 1), (text, emails, fuzzy, labels) => {
        expectSamePaths(text, { emails, fuzzy, ...(labels === 1 ? { bareSchemes: ['tel', 'im', 'opaquelocktoken'] } : {}) }, WITH_AND_WITHOUT_LISTENER);
      }),
      { numRuns: fuzzRuns(1500) },
    );
  });
});

