import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRegistry, findUrls, type FindUrlsOptions, type RejectedCandidate, type SchemeParser } from '../../src/index.js';
import { scanText } from '../../src/scan/find-urls.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { charactersRead } from '../support/characters-read.js';

/**
 * Refused candidates inside one long run. A schemeless host refused for its top-level
 * domain, a run with an "@", or an emphasis "_http:" the run does not close consumes no
 * text, so the next candidate starts inside the same run; before the run memory
 * (src/scan/run-memo.ts, createTrailingMemo) each one read the rest of the run again, and
 * 100 KB of "www.a(" took about 30 s.
 *
 * Linearity is checked by counting work, not by timing it: every character the scanner
 * reads goes through `String.prototype.charCodeAt`, and the count on 2n characters must
 * stay near twice the count on n (a quadratic scan gives four times).
 */

/** Each shape is one unit repeated into one long run (or a run of units, then a tail). */
const shapes: [name: string, text: (size: number) => string][] = [];
const repeated = (unit: string) => (size: number) => unit.repeat(Math.ceil(size / unit.length));
for (const unit of ['www.a(', 'www.a)', 'www.a,', 'ftp.a(', '(www.a', 'www.a:(', 'www.a[', 'www.a{', 'www.a/(', 'www.a?(', 'www.a-(', "www.a's(", '(www.a)', 'www.a@', 'x.www.a(', '漢www.a(', 'www.a漢(', '(_http:a', '_http:a(', 'a(_http:', '<http:a(', '<http: ', '<http:\r\n', '<mailto:\t', '<URL: ', '<URL:\n', '<URL:www.a(', 'a@b(', 'a(b@c.d(', 'a:', '.:', '<a', 'a@', '’ www.help.zzq', '.a', 'a.(', ':<', '<:', '<.', ':.', 'abcd:', 'abcdefgh:', 'a. ', 'http: ', 'http:\n', 'mailto:<', 'x.http:"', '_http: ', 'URL:http: ', 'mid:( ', 'tel:( ', 'urn:x ', 'DAV:read ']) {
  shapes.push([`${JSON.stringify(unit)} repeated`, repeated(unit)]);
}
// A run of refused hosts, then a tail that every one of them would give back again.
for (const [unit, tail] of [['www.a(', ')'], ['(www.a', '.'], ['(www.a', "'s"], ['(www.a', '[1]'], ['(_http:a', '.']]) {
  shapes.push([`${JSON.stringify(unit)} then ${JSON.stringify(tail)}`, (size) => repeated(unit as string)(size / 2) + repeated(tail as string)(size / 2)]);
}

const optionSets: [string, FindUrlsOptions][] = [['default', {}], ['emails', { emails: true }], ['fuzzy', { fuzzy: true }]];

describe('refused candidates in one long run', () => {
  it('"www.a(" repeated: every host is refused for its top-level domain, nothing matches', () => {
    const text = 'www.a('.repeat(5);
    const rejected: RejectedCandidate[] = [];
    expect(findUrls(text, { onReject: (r) => rejected.push(r) })).toEqual([]);
    // Each "www." starts a candidate that runs to the end of the text and is refused.
    expect(rejected.map((r) => [r.reason, r.position.start.offset, r.position.end.offset])).toEqual([0, 6, 12, 18, 24].map((start) => ['unknown-tld', start, 30]));
  });

  it('a valid host inside a refused one is still found: "www.a(www.b.com)"', () => {
    expect(findUrls('www.a(www.b.com)').map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.com', 6]]);
    expect(findUrls(`${'www.a('.repeat(1000)}www.b.com)`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.com', 6000]]);
    expect(findUrls(`${'(www.a'.repeat(1000)} www.b.com${'.'.repeat(1000)}`).map((m) => m.url)).toEqual(['http://www.b.com']);
  });

  it('emphasis that the run does not close: "(_http:a" repeated matches nothing; closed, it matches', () => {
    expect(findUrls('(_http:a'.repeat(1000))).toEqual([]);
    expect(findUrls(`${'(_http:a'.repeat(3)} _http://a.example/_`).map((m) => m.url)).toEqual(['http://a.example/']);
  });

  it('closing brackets after a run of refused hosts: each host counts its own, the last one gives them all back', () => {
    // Each "(www.a" host runs to the end and keeps as many ")" as it opened, so its name
    // ends in ")" and is refused; "www.b.com" opened none and gives all five back.
    const text = `${'(www.a'.repeat(3)}(www.b.com${')'.repeat(5)}`;
    expect(findUrls(text).map((m) => [m.url, m.position.start.offset, m.position.end.offset])).toEqual([['http://www.b.com', 19, 28]]);
    const long = `${'(www.a'.repeat(1000)}(www.b.com${')'.repeat(5000)}`;
    expect(findUrls(long).map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.com', 6001]]);
  });

  it('no shape holds a URL, at 20 KB as at 2 KB', () => {
    // None of these shapes holds a URL; two hold e-mail addresses, checked below.
    for (const [name, text] of shapes) {
      for (const [label, options] of optionSets) {
        if ((name.startsWith('"a(b@c.d("') || name.startsWith('"www.a@"')) && label === 'emails') continue;
        expect(findUrls(text(20_000), options), `${name}, ${label}`).toEqual([]);
      }
    }
    // "a(b@c.d(": every "b@c.d" is an address.
    expect(findUrls('a(b@c.d('.repeat(2500), { emails: true })).toHaveLength(2500);
    // "www.a@www.a@...": "www.a@www.a" takes the next unit's local part, so every other "@".
    expect(findUrls('www.a@'.repeat(4), { emails: true }).map((m) => m.url)).toEqual(['mailto:www.a@www.a', 'mailto:www.a@www.a']);
  });

  it.each(shapes)('%s: twice the text, about twice the characters read', (_name, text) => {
    for (const [label, options] of optionSets) {
      const small = charactersRead(() => findUrls(text(4_000), options));
      const large = charactersRead(() => findUrls(text(8_000), options));
      // A text with no trigger at all ("a@b(" without e-mail addresses) is never read.
      if (small === 0) {
        expect(large, `${label}: no read at 4 KB`).toBe(0);
        continue;
      }
      // Linear: 2 plus the fixed reads; quadratic would be near 4.
      expect(large / small, `${label}: ${small} then ${large} reads`).toBeLessThan(2.3);
    }
  });
});

describe('hosts refused alike after a refused one (no one asking for rejections)', () => {
  // With no onReject, a host refused for its top-level domain lets the scanner pass over
  // the later hosts of its run that would be refused the same way. The slow path
  // (scanText with the in-place readers off) asks each of them: both must agree.
  const piece = fc.constantFrom(
    'www.', 'WWW.', 'ftp.', 'a', 'b1', 'com', 'b.com', 'com,', 'example', '.', '..', '(', ')', '[', ']', '{', '}', '[1]', ':', ':80', '/', '?', '#', '@', "'s", ',', '-', '-\n', ' ', '\n', '漢', '。', '_http:', 'http://', 'x.', '<', '>',
  );
  const runs = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

  it('finds what the slow path finds, in every option set', () => {
    fc.assert(
      fc.property(runs, fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (text, emails, fuzzy, schemeless, strict) => {
        const options = { emails, fuzzy, schemeless, strict };
        const fast = scanText(text, options, true);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(scanText(text, options, false)));
        // Asking for rejections turns the passing over off: the matches stay the same.
        expect(JSON.stringify(fast)).toBe(JSON.stringify(findUrls(text, { ...options, onReject: () => {} })));
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  // Long runs of one refused unit, then what may end a later host's name elsewhere (a host
  // that matches, a stop, an "@"), then a tail that is given back (passRefusedNames, and
  // the emphasis colons passed over in atColon's search).
  const unit = fc.constantFrom(
    'www.a(', 'www.a/(', 'www.a?(', 'www.a#(', 'www.a:(', 'www.a@(', 'www.a)', '(www.a', '[www.a', 'www.a/', 'www.a', 'www.a.b(', 'www.www.a/(', 'ftp.a(', 'www.a/(x',
    '(_http:a', '_http:a(', '(_ftp:a', '(_URL:http:a', '(_tel:a', '(_x:a', '(_http.:a', '(__http:a', 'x_http:a(', '(_http:a_', '(_http:a)', '(_a.http:a', '(_a.http://www.b.com/a(',
  );
  const middle = fc.constantFrom('', 'www.b.com', 'www.b.com/', 'www.b.com:80', 'www.b.com@', 'x@y.com', 'www.com', 'www.b.com)', '_http://a.example_', ':', '/', '?', '@', '漢', ' ', 'www.a.com(');
  const tail = fc.constantFrom('', ')', ']', '}', '.', "'s", '[1]', ':', '?', ',)', ').', ':)', '_', '-', ')_', '_)', '_).', '/', '@');
  const longRuns = fc
    .tuple(unit, fc.integer({ min: 1, max: 30 }), middle, unit, fc.integer({ min: 0, max: 5 }), tail, fc.integer({ min: 0, max: 30 }))
    .map(([u, n, m, v, k, t, j]) => u.repeat(n) + m + v.repeat(k) + t.repeat(j));

  it('long runs of refused hosts and colons: finds what the slow path finds', () => {
    fc.assert(
      fc.property(longRuns, fc.boolean(), fc.boolean(), (text, emails, fuzzy) => {
        const options = { emails, fuzzy };
        expect(JSON.stringify(scanText(text, options, true))).toBe(JSON.stringify(scanText(text, options, false)));
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  it('still finds the host whose name ends elsewhere: before a closing bracket, in CJK prose', () => {
    // Each "(www.a" keeps as many ")" as it opened, so its name ends in ")" and is refused;
    // "www.b.com" opened none, gives the ")" back and ends its name before it.
    expect(findUrls(`${'(www.a'.repeat(50)}(www.b.com).`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.com', 301]]);
    expect(findUrls(`${'[www.a'.repeat(50)}[www.b.com]`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.com', 301]]);
    // After a CJK letter the run ends at the next one past the host (see bareRunEnd): the
    // refused hosts before it ran to "字", this one stops at "漢" after its "/".
    expect(findUrls(`${'www.a?'.repeat(50)}漢www.b.com/漢字`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.com/', 301]]);
  });

  it('asks again where a later host could end its name sooner', () => {
    // "www.a((www.b.com)" is refused at its ":" ("com)" is no top-level domain). The
    // tail ":)" and the ")" before it are given back before that ":" for "www.b.com",
    // which opened no bracket: its name ends after "com".
    expect(findUrls('(www.a((www.b.com):)').map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.com', 8]]);
    // "www.a漢www.b.com," is refused at its "?". "www.b.com" follows a CJK letter: its
    // run ends at the next one past the host, so it gives back "?" and "," too.
    expect(findUrls('www.a漢www.b.com,?漢').map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.com', 6]]);
  });
});

describe('runs of "<scheme:" with no body', () => {
  it('are read as the slow path reads them, one "<" at a time', () => {
    const texts = [
      '<http:'.repeat(50),
      `${'<http:<ftp:'.repeat(20)}<URL:http://a.example/>`,
      `${'<news:<http:'.repeat(20)}<x:<http:\n  http://a.example/`,
      `${'<http:'.repeat(20)}\n<http://b.example/>`,
      '<ftp:<http:<mailto:<http:',
      // The same name again in another case, or inside a longer name: read as any other.
      `${'<HTTP:<http:<Http:'.repeat(10)}<http://a.example/>`,
      '<http:<https:<httpx:<http:<http::<http',
      // Whitespace before the next "<": the body is still empty, the wrapper unterminated.
      '<http: '.repeat(50),
      `${'<http:\n<URL: <ftp:\t \r\n'.repeat(20)}<http: //a.example/>`,
      `${'<URL: '.repeat(20)}<URL: http://a.example/>`,
      // Not whitespace: "/" is read bare ("http:/"), which the parser refuses.
      `${'<http: /<http:/<ftp: /\n<http: '.repeat(10)}<http: //a.example/>`,
      `${'<http: <mailto: '.repeat(20)} http://a.example/ <https:\n<URL:\nhttp://b.example/>`,
      `${'<http: '.repeat(20)}<http: www.a.example <news: <x: <http:  <URL:  ftp://c.example/`,
    ];
    for (const text of texts) {
      for (const options of [{}, { emails: true }, { fuzzy: true }]) {
        expect(JSON.stringify(scanText(text, options, true)), text).toBe(JSON.stringify(scanText(text, options, false)));
      }
    }
    // A scheme of the caller's that takes "abcd:" alone: a run of "<http:" must not pass over it.
    const anything: SchemeParser = (url) => ({ scheme: url.slice(0, url.indexOf(':')).toLowerCase(), notes: [] });
    const withAnything = createRegistry({ abcd: anything });
    const piece = fc.constantFrom('<http:', '<http: ', '<URL: ', '<http:\n', ' \t', '<HTTP:', '<Http:', '<https:', '<ftp:', '<x:', '<abcd:', '<news:', '<url:', '<URL:', 'http://a.example/', 'http', ':', '<', '>', ' ', '\n', 'a');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        for (const options of [{}, { registry: withAnything }]) {
          expect(JSON.stringify(scanText(text, options, true))).toBe(JSON.stringify(scanText(text, options, false)));
        }
      }),
      { numRuns: fuzzRuns(2000) },
    );
    // "http:" alone is refused; the URL after the run is found where it stands.
    expect(findUrls(`${'<http:'.repeat(20)}<http: http://a.example/`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://a.example/', 127]]);
  });
});

describe('the passes over refused runs, past their chunks', () => {
  // passRefusedNames finds its dots and passRefusedEmphasis its colons by native searches,
  // and the emphasis pass knows a name it passed over when the same characters come again.
  // Runs longer than a chunk (4096 characters), names in other cases or one character off,
  // a name of the same length whose end is a known name ("a.ftp" after "https"), and a caller's
  // scheme that the built-in registry does not know: read as the slow path reads them.
  const anything: SchemeParser = (url) => ({ scheme: url.slice(0, url.indexOf(':')).toLowerCase(), notes: [] });
  const withAbcd = createRegistry({ abcd: anything });
  const unit = fc.constantFrom(
    '(_http:a', '(_HTTP:a', '(_Http:a', '(_httq:a', '(_https:a', '(_a.ftp:a', '(_a.ftp://b.example/x(', '(_x.http:a', '(_abcd:a', '(_url:a', '(_URL:a', '(_x:a', '(_a.http:a', '(__http:a', ' _http:a', '(_http::a',
    'www.a/(', 'www.a:(', 'www.a@(', 'www.a/(x', 'www.a.b/(', 'ftp.a?(', 'WWW.a#(', 'www.a(',
  );
  const piece = fc.tuple(unit, fc.integer({ min: 1, max: 800 })).map(([u, n]) => u.repeat(n));
  const texts = fc.tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.constantFrom('', 'www.b.com', '_http://a.example_', '漢', ')', '.')).map(([parts, end]) => parts.join('') + end);

  it('a name passed over is known again only by the same characters', () => {
    // "a.ftp" is no scheme, but its "ftp" after the dot starts a URL: the colon after it
    // must be looked at, though "https" before it has the same length.
    const cases: [string, string, number][] = [
      ['(_https:a(_https:a(_a.ftp://b.example/x(', 'ftp://b.example/x(', 22],
      [`${'(_https:a'.repeat(1000)}(_a.ftp://b.example/x(`, 'ftp://b.example/x(', 9004],
      [`${'(_http:a'.repeat(600)}(_HTTP:a(_x.ftp://b.example/(`, 'ftp://b.example/(', 4812],
    ];
    for (const [text, url, offset] of cases) {
      expect(findUrls(text).map((m) => [m.url, m.position.start.offset])).toEqual([[url, offset]]);
      expect(JSON.stringify(scanText(text, {}, true))).toBe(JSON.stringify(scanText(text, {}, false)));
    }
  });

  it('long mixed runs of refused hosts and emphasis colons: finds what the slow path finds', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), fc.boolean(), (text, emails, abcd) => {
        const options = abcd ? { emails, registry: withAbcd } : { emails };
        expect(JSON.stringify(scanText(text, options, true))).toBe(JSON.stringify(scanText(text, options, false)));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});

describe('hosts passed over in a run by the name stop after each', () => {
  // passRefusedNames reads each later host's name up to its stop, noting its last dot on
  // the way: a last label of one character is refused there without hasKnownTld, and a
  // stop shared by several hosts is asked once. Names of every length, trailing dots, a
  // host name past the hand-read limit, and each stop: read as the slow path reads them.
  const label = fc.constantFrom('a', 'b', 'de', 'com', 'c.', 'x.de', 'de.', 'a.b', '1', 'x', 'uk', 'a'.repeat(70), `${'a'.repeat(70)}.de`, 'é', 'dé');
  const stop = fc.constantFrom('/', '?', '#', ':', '@', ':80/', '(', ')', '', ' ', '漢', '/(');
  const host = fc.tuple(fc.constantFrom('www.', 'ftp.', 'WWW.', 'xwww.'), label, stop).map((parts) => parts.join(''));
  const texts = fc.tuple(fc.array(host, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 40 }), fc.constantFrom('', ')', '.', ':', '?)')).map(([hosts, times, tail]) => hosts.join('').repeat(times) + tail);

  it('finds what the slow path finds', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(JSON.stringify(scanText(text, {}, true))).toBe(JSON.stringify(scanText(text, {}, false)));
      }),
      { numRuns: fuzzRuns(1000) },
    );
  });

  it('a two-letter top-level domain after one-letter ones is found', () => {
    expect(findUrls(`${'www.a/('.repeat(50)}www.b.de/(`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.de/(', 350]]);
    expect(findUrls(`${'www.a/('.repeat(50)}www.b.d/(www.b.de.#(`).map((m) => [m.url, m.position.start.offset])).toEqual([['http://www.b.de.#(', 359]]);
  });
});
