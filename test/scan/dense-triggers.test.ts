import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistry, findUrls, type FindUrlsOptions, type SchemeParser, type SchemeRegistry } from '../../src/index.js';
import { scanText, setFastPaths } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { charactersRead } from '../support/characters-read.js';

/**
 * Triggers the scan refuses at once, packed densely: a colon after a word that is no
 * scheme ("a:", ".:"), a "<" before no scheme ("<a"), an "@" before no domain ("a@",
 * e-mail addresses on), schemeless hosts of prose that end in no top-level domain
 * ("’ www.help.zzq"). The scanner refuses them in its searches (nextColonPastEmphasis,
 * nextAngleCandidate, nextEmailAt) and before the run memory (shortHostRefusedEnd, pastRefusedShortHost), without a
 * trip through its loop each; these tests hold those fast paths to the general code, which
 * `setFastPaths(false)` restores, and to the slow path (`scanText` with the in-place
 * readers off). Speed is the bench's (catalogue rows of issue 12); here, results and reads.
 */

afterEach(() => setFastPaths(true));

/** The scan as JSON, with the fast paths on or off. */
function scanJson(text: string, options: FindUrlsOptions, fast: boolean): string {
  setFastPaths(fast);
  try {
    return JSON.stringify(scanText(text, options, true));
  } finally {
    setFastPaths(true);
  }
}

const anything: SchemeParser = (url) => ({ scheme: url.slice(0, url.indexOf(':')).toLowerCase(), notes: [] });
const withAbcd = createRegistry({ abcd: anything });

/** The dense units of the bench's catalogue rows, and their option set. */
const units: [unit: string, options: FindUrlsOptions][] = [
  ['a:', {}],
  ['.:', {}],
  ['ab:', {}],
  ['<a', {}],
  ['a@', { emails: true }],
  ['’ www.help.zzq', {}],
  ['x www.help.zzq', {}],
  ['.a', { fuzzy: true }],
  ['a.(', { fuzzy: true }],
  ['.:a', { fuzzy: true }],
  [':<', {}],
  ['<:', {}],
  ['a.:', {}],
  // Colons after words of any length that end as no scheme name does (scheme-ends.ts).
  ['abcd:', {}],
  ['abcdefgh:', {}],
  ['Subject:', {}],
  // Fuzzy mode: dots after no letter or digit beside other triggers, and one-label hosts.
  ['<.', { fuzzy: true }],
  [':.', { fuzzy: true }],
  ['.:', { fuzzy: true }],
  ['a. ', { fuzzy: true }],
];
/** Units the searches pass over by hand whatever the fast paths (nextSchemeColon, nextPrefixDot). */
const searchedByHand = new Set([':<', '<:', 'a.:', '<.', ':.']);
/**
 * Units whose colons the searches refuse by reading their word back (namesNoScheme) and
 * on (nearNamingColon): more reads than atColon's one walk back, and no trip through the
 * scan's loop each.
 */
const readBack = new Set(['abcdefgh:', 'Subject:']);

describe('dense refused triggers', () => {
  it('hold no URL: the fast paths refuse what the general code refuses', () => {
    for (const [unit, options] of units) {
      for (const more of [{}, { emails: true }, { fuzzy: true }]) {
        const text = unit.repeat(2000);
        expect(findUrls(text, { ...options, ...more }), unit).toEqual([]);
        expect(scanJson(text, { ...options, ...more }, true), unit).toBe(scanJson(text, { ...options, ...more }, false));
      }
    }
  });

  it('are passed over in the searches: fewer characters read than through the scan loop, and a bounded number each', () => {
    for (const [unit, options] of units) {
      const text = unit.repeat(Math.ceil(8000 / unit.length));
      setFastPaths(true);
      const fast = charactersRead(() => scanText(text, options, true));
      setFastPaths(false);
      const general = charactersRead(() => scanText(text, options, true));
      setFastPaths(true);
      // The run memory searches natively past its first characters (reads not counted
      // here): a refused host reads fewer characters through it, but costs more.
      if (!unit.includes('www.') && !searchedByHand.has(unit) && !readBack.has(unit)) expect(fast, `${unit}: ${fast} reads with the fast paths, ${general} without`).toBeLessThan(general);
      expect(fast / text.length, unit).toBeLessThan(8);
    }
  });

  it('a real candidate among them is still found where it stands', () => {
    expect(findUrls(`${'a:'.repeat(100)} http://a.example/ ${'.:'.repeat(100)}`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://a.example/', 201]]);
    // "a:" glued before a scheme: the name is cut after the last "." or "-" (see atColon).
    expect(findUrls(`${'a:'.repeat(10)}x.http://a.example/`).map((m) => m.url)).toEqual(['http://a.example/']);
    expect(findUrls(`${'<a'.repeat(100)}<http://a.example/>`).map((m) => [m.url, m.context])).toEqual([['http://a.example/', 'angle']]);
    expect(findUrls(`${'<a'.repeat(10)}<URL:http://a.example/>`).map((m) => [m.url, m.context])).toEqual([['http://a.example/', 'wrapper']]);
    expect(findUrls(`${'a@'.repeat(100)}b.example`, { emails: true }).map((m) => [m.url, m.position.start.offset])).toEqual([['mailto:a@b.example', 198]]);
    // Close colons and dots read by hand (nextSchemeColon, nextPrefixDot): "URL" ends 3
    // characters after a colon, inside the hand look.
    expect(findUrls(`${'<:'.repeat(100)}URL:http://a.example/`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://a.example/', 200]]);
    expect(findUrls(`${':<'.repeat(100)}:URL:http://a.example/ ${'.:'.repeat(100)}. www.a.example`).map((m) => [m.url, m.position.start.offset])).toEqual([
      ['http://a.example/', 201],
      ['http://www.a.example', 425],
    ]);
    expect(findUrls(`${'’ www.help.zzq'.repeat(100)}’ www.help.com`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.help.com', 1402]]);
  });

  it('after a dense run, the native search finds the next trigger where it stands', () => {
    const found = (text: string, options: FindUrlsOptions = {}) => findUrls(text, options).map((m) => [m.url, m.context, m.position.start.offset]);
    // Colons (SCHEME_COLON, the registry's namingColon), "<" (ANGLE_PAIR), dots (PREFIX_DOT, HOST_DOT).
    expect(found(`${':<'.repeat(20)}http://a.example/`)).toEqual([['http://a.example/', 'bare', 40]]);
    expect(found(`${'a:'.repeat(20)}http://a.example/`)).toEqual([['http://a.example/', 'bare', 40]]);
    expect(found(`${'abcd:'.repeat(20)}http://a.example/ ${'Subject:'.repeat(20)}URL:http://b.example/`)).toEqual([
      ['http://a.example/', 'bare', 100],
      ['http://b.example/', 'prefix', 278],
    ]);
    expect(found(`${'<:'.repeat(20)}<http://a.example/>`)).toEqual([['http://a.example/', 'angle', 40]]);
    expect(found(`${'<:'.repeat(20)}URL=<http://a.example/>`)).toEqual([['http://a.example/', 'wrapper', 40]]);
    // A "<" before a letter just before where the native search starts: not taken again.
    expect(found(`${'<:'.repeat(20)}<<a<http://a.example/>`)).toEqual([['http://a.example/', 'angle', 43]]);
    expect(found(`${'.:'.repeat(20)} www.a.example`)).toEqual([['http://www.a.example', 'schemeless', 41]]);
    expect(found(`${'.:'.repeat(20)} a.example.com`, { fuzzy: true })).toEqual([['http://a.example.com', 'schemeless', 41]]);
    expect(found(`${'<.'.repeat(20)} www.a.example`, { fuzzy: true })).toEqual([['http://www.a.example', 'schemeless', 41]]);
    // One-label hosts ended at their dot (fuzzyLabelEndsAt), then a host of two labels.
    expect(found(`${'a.('.repeat(20)}b.example.com ${'word. '.repeat(20)}example.com.`, { fuzzy: true })).toEqual([
      ['http://b.example.com', 'schemeless', 60],
      ['http://example.com', 'schemeless', 194],
    ]);
  });

  it('a dense run of refused "<" hands the search back after a window: candidates at and around its end are found', () => {
    // After DENSE_RUN refused "<", ANGLE_PAIR is searched for in ANGLE_WINDOW (4,096) units;
    // past them the plain search goes on. Gaps with no trigger put the next candidate
    // before, at and after the window's end, its "<" on either side of it.
    for (const [dense, options] of [['<:', {}], ['<.', { fuzzy: true }], [':<', {}]] as const) {
      for (const candidate of ['<http://a.example/>', 'URL=<http://a.example/>', '<<a<http://a.example/>', '<URL:http://a.example/>']) {
        for (let gap = 4060; gap <= 4110; gap++) {
          const text = `${dense.repeat(12)}${'x'.repeat(gap)} ${candidate} ${dense.repeat(3)}`;
          const fast = scanJson(text, options, true);
          expect(fast, `${dense} ${gap} ${candidate}`).toBe(scanJson(text, options, false));
          expect(JSON.parse(fast).length, `${dense} ${gap} ${candidate}`).toBe(1);
        }
      }
    }
  });

  it("a registry's names of every length are never refused, after words that share their ends", () => {
    const registry = createRegistry({ x: anything, ab: anything, 'bzr+ssh': anything, [`a${'b'.repeat(31)}`]: anything });
    const long = `a${'b'.repeat(31)}`;
    const text = `${'a:'.repeat(20)}x:1 ${'cb:'.repeat(20)} ab:2 ${'bcdefgh:'.repeat(20)} bzr+ssh:3 ${'xb:'.repeat(20)} ${long}:4`;
    const found = findUrls(text, { registry }).map((m) => [m.url, m.position.start.offset]);
    expect(found.map(([url]) => url)).toEqual(['x:1', 'ab:2', 'bzr+ssh:3', `${long}:4`]);
    expect(scanJson(text, { registry }, true)).toBe(scanJson(text, { registry }, false));
    expect(scanJson(text, { registry }, true)).toBe(JSON.stringify(scanText(text, { registry }, false)));
  });

  it('a registry that is not frozen: no colon is refused by its name table', () => {
    // A plain object may change after the scanner first read it: the table refuses nothing.
    const registry: SchemeRegistry = { abcd: anything };
    expect(findUrls(`${'abcd:x '.repeat(3)}`, { registry }).map((m) => m.url)).toEqual(['abcd:x', 'abcd:x', 'abcd:x']);
    expect(scanJson(`${'abcd:'.repeat(20)}abcd:x`, { registry }, true)).toBe(scanJson(`${'abcd:'.repeat(20)}abcd:x`, { registry }, false));
  });

  it('the edges of each fast path: what ends a short host, its trailing punctuation, "URL=<"', () => {
    const found = (text: string) => findUrls(text).map((m) => [m.url, m.context, m.position.start.offset, m.position.end.offset]);
    // A host that no space ends is the run memory's: "_" is no host character, and the name runs on.
    expect(found('www.help.zzq_b.com x')).toEqual([['http://www.help.zzq_b.com', 'schemeless', 0, 18]]);
    expect(found('www.help.zzq(b.com')).toEqual([]);
    // A typographic quote ends the run as a space does; a CJK letter after the host may not.
    expect(found('“www.help.com” www.help.zzq” x')).toEqual([['http://www.help.com', 'schemeless', 1, 13]]);
    expect(found('漢www.help.com漢 www.help.zzq漢')).toEqual(findUrls('漢www.help.com漢 www.help.zzq漢').map((m) => [m.url, m.context, m.position.start.offset, m.position.end.offset]));
    // Both dots are given back, then the name ends in a top-level domain.
    expect(found('www.help.com.. x')).toEqual([['http://www.help.com', 'schemeless', 0, 12]]);
    expect(found('www.help.zzq.. x')).toEqual([]);
    // After "URL=" a "<" that no letter follows is still a wrapper (the early draft's form).
    expect(found('URL=< http://a.example/>')).toEqual([['http://a.example/', 'wrapper', 0, 24]]);
    expect(found('<a URL=< http://a.example/>')).toEqual([['http://a.example/', 'wrapper', 3, 27]]);
  });

  it('a refused short host is passed over whole by the search: its later dots, a "www." inside it', () => {
    const found = (text: string, options: FindUrlsOptions = {}) => findUrls(text, options).map((m) => [m.url, m.position.start.offset]);
    // The "p." of "help." and an inner "www." continue a word: no prefix (schemelessPrefixAt).
    expect(found('www.help.zzq www.b.com')).toEqual([['http://www.b.com', 13]]);
    expect(found('www.www.zzq www.b.com ftp.ftp.p.zzq’ftp.c.com')).toEqual([
      ['http://www.b.com', 12],
      ['ftp://ftp.c.com', 36],
    ]);
    // The next host right after the end (no gap), past the hand look (a long gap), at the text's end.
    expect(found(`www.a.zzq\nwww.b.com ${'www.a.zzq '.repeat(3)}${'x'.repeat(40)} www.c.com www.d.zzq`)).toEqual([
      ['http://www.b.com', 10],
      ['http://www.c.com', 91],
    ]);
    for (const text of ['www.help.zzq www.b.com', 'www.www.zzq www.b.com', `${'’ www.help.zzq'.repeat(50)} www.a.example.`, 'www.a.zzq-\nwww.b.com', 'www.a.zzq.. www.b.com', 'ftp.a.b.c.d.zzq"ftp.b.com']) {
      for (const options of [{}, { emails: true }, { fuzzy: true }, { schemeless: false }]) {
        expect(scanJson(text, options, true), text).toBe(scanJson(text, options, false));
        expect(scanJson(text, options, true), text).toBe(JSON.stringify(scanText(text, options, false)));
      }
      // With rejections asked for, every refused host is still reported where it stands.
      const rejected: number[] = [];
      findUrls(text, { onReject: (r) => rejected.push(r.position.start.offset) });
      setFastPaths(false);
      const general: number[] = [];
      findUrls(text, { onReject: (r) => general.push(r.position.start.offset) });
      setFastPaths(true);
      expect(rejected, text).toEqual(general);
    }
  });

  // Spaced hosts refused one after another are passed over in one call (pastRefusedShortHost),
  // which takes the prefix of the next one from the characters it read on its way: prefixes
  // in any case, glued to a word or to what continues one, close to the last host or far
  // from it, a host that is found among them.
  const hostPiece = fc.constantFrom('’ ', ' ', '  ', '\n', 'x', '@', '=', '.', '-', '漢', '"', 'www.', 'WWW.', 'wWw.', 'ftp.', 'Ftp.', 'fTP.', 'w.', 'p.', 'ww.', 'help.zzq', 'a.zzq', 'zzq', 'a', 'b.com', '1', 'x'.repeat(20), 'www.www.');
  const hostRuns = fc.array(hostPiece, { minLength: 1, maxLength: 60 }).map((parts) => parts.join(''));

  it('runs of refused short hosts, passed over in one call: the same matches on every path', () => {
    fc.assert(
      fc.property(hostRuns, fc.integer({ min: 1, max: 80 }), (run, times) => {
        const text = run.repeat(times);
        expect(scanJson(text, {}, true), text).toBe(scanJson(text, {}, false));
        expect(scanJson(text, {}, true), text).toBe(JSON.stringify(scanText(text, {}, false)));
      }),
      { numRuns: fuzzRuns(1000) },
    );
    expect(findUrls(`${'’ www.help.zzq'.repeat(100)}’ WWW.help.com ftp.a.zzq x.www.b.com Ftp.c.com`).map((m) => [m.url, m.position.start.offset])).toEqual([
      ['http://WWW.help.com', 1402],
      ['ftp://Ftp.c.com', 1437],
    ]);
  });

  // Pieces that make and break each trigger's candidates: scheme names (known, unknown,
  // "URL", a caller's, label schemes), what may stand before them ("=", "_", "-", "."),
  // hosts with and without a top-level domain and what ends their runs, e-mail domains,
  // CJK and two-byte punctuation.
  const piece = fc.constantFrom(
    'a', 'ab', 'w', 'x', '.', ':', '/', '<', '>', '(', ')', '@', '_', '-', '=', '\n', ' ', '’', '漢', '。', '"',
    'www.', 'WWW.', 'ftp.', 'http', 'HTTP', 'https', 'http:', 'http://', 'url', 'URL:', '<URL:', 'url=', 'URL=<', 'tel:', 'mailto:', 'news:', 'abcd', 'abcd:', 'svn+ssh:', 'x.http:',
    'zzq', 'com', 'b.com', 'help.zzq', 'a.b', 'example', 'b.example', '1.2', '.com', 'xn--p1ai', 'рф', 'İ', 'www.b.com..', 'www.a.zzq_b.com', 'URL=< ', '”', '«', '\u3000', '\u2028',
  );
  const texts = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

  it('fast paths on and off, and the slow path: the same output in every option set', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (text, emails, fuzzy, schemeless, strict, abcd) => {
        const options: FindUrlsOptions = { emails, fuzzy, schemeless, strict, ...(abcd ? { registry: withAbcd, bareSchemes: ['tel'] } : {}) };
        const fast = scanJson(text, options, true);
        expect(fast).toBe(scanJson(text, options, false));
        expect(fast).toBe(JSON.stringify(scanText(text, options, false)));
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  // Long runs of one unit, then a candidate, then another unit: the searches' answers
  // carried from one trigger to the next must not pass over the candidate.
  const unit = fc.constantFrom(':<', '<:', '<.', ':.', '<<:', '=<:', 'a. ', 'abcd:', 'Subject:', 'z39.50r:', 'a:', '.:', 'ab:', 'a.:', '-:', 'abcdefgh:', 'a::', ':x', 'xhttp:', 'http:', 'a_http:', 'x.http:', 'URL:', 'a b:', '<a', '<ab', '<.', '<<a', 'a@', '@', 'a@b', '@a.', ' www.a.zzq', '’ www.a.zzq', 'www.a.zzq\n', 'www.a.zzq-', 'www.a.zzq..', 'ftp.a ', 'www.www.a ', '.a', 'a.(', '.:a', 'w.', 'a.b.www.c', 'a.www.b.com ', 'www.a.');
  const middle = fc.constantFrom('', 'http://a.example/', 'URL:http://a.example/', 'abcd:x', '<abcd:x>', 'z39.50r:x', 'x.http://a.example/', '<http://a.example/>', 'URL=<http://a.example/>', 'a@b.example', 'www.b.com', 'www.b.com.', ' www.b.com ', 'b.com', '<URL:x>', '_http://a.example_');
  const runs = fc.tuple(unit, fc.integer({ min: 1, max: 30 }), middle, unit, fc.integer({ min: 0, max: 30 })).map(([u, n, m, v, k]) => u.repeat(n) + m + v.repeat(k));

  it('long runs of one refused trigger around a candidate: the same output', () => {
    fc.assert(
      fc.property(runs, fc.boolean(), fc.boolean(), (text, emails, fuzzy) => {
        const options = { emails, fuzzy };
        const fast = scanJson(text, options, true);
        expect(fast).toBe(scanJson(text, options, false));
        expect(fast).toBe(JSON.stringify(scanText(text, options, false)));
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });
});
