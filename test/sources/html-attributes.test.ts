// The fast paths of HTML `href` and `src` values against their slow paths: readHtml's
// in-place test for a scheme name (valueShape) against trimming, cleaning and reading the
// decoded value, and the attribute reader's refusals without a parse (extract.ts,
// cannotParse) against parseUrl, through scanMessage with and without onReject.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRegistry, defaultRegistry, parseUrl, scanMessage, type ScanRejection } from '../../src/index.js';
import { readSchemeName } from '../../src/schemes/components.js';
import { decodeValue, isTrimmedSpace, readHtml, VALUE_NO_SCHEME, VALUE_SCHEME, VALUE_UNSURE, valueShape } from '../../src/sources/html.js';
import { decodeAttributeValue } from '../../src/sources/mime.js';
import { fuzzRuns } from '../fuzz-runs.js';

/** The slow path: the URL the attribute reader makes of a decoded value (URL Standard: trimmed, tabs and newlines removed). */
const cleaned = (value: string): string => value.trim().replace(/[\t\n\r]/g, '');
/** The slow path's answer to "does this decoded value start with a scheme name and `:`?" */
const hasScheme = (value: string): boolean => readSchemeName(cleaned(value), Infinity) !== undefined;

/** Pieces of attribute values: scheme names, URL characters, every kind of space, references. */
const PIECES = [
  'http', 'HTTP', 'https', 'mailto', 'news', 'ftp', 'file', 'git+ssh', 'z39.50r', 'javascript', 'x', 'a1', '1', 'a'.repeat(33),
  ':', '//', '/', '.', '+', '-', '_', '#', '?', '=', '@', '%', '%20', '%4', '~', '\\', '[', ']', '!', '$', "'", '(', ')', ',', ';',
  'a.example', 'é', '\u00e9', '\u0130',
  ' ', '\t', '\n', '\r', '\u000b', '\f', '\u00a0', '\u1680', '\u2002', '\u200b', '\u2028', '\u202f', '\u3000', '\ufeff', '\u180e',
  '<', '>', '\u007f', '\u0085',
  '&', '&amp;', '&#104;', '&#x68;', '&#58;', '&colon;', '&nbsp;', '&Tab;', '&NewLine;', '&fjlig;', '&x', '&amp', '&lt', '&#32;',
  '&nbsp', '&copy', '&AMP', '&ampx', '&x0;', '&1a', '&#12', '&#x3a', '&#X68;', '&#0;', '&#128;', '&#133;', '&#x110000;', '&#', '&#x',
  '&#9;', '&#10', '&#160;', '&#xFEFF;', '&#xD800;', '&=', '=', '&nbsp=', '&lt=', '&#104', '&#x68q', '&#000104;',
];
const value = (pieces: readonly string[] = PIECES, maxLength = 12): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(''));
/**
 * Values shaped as a scheme name would be, written with references: what may be trimmed,
 * then what may be a scheme name, then what may be its colon, then anything.
 */
const schemeLike: fc.Arbitrary<string> = fc
  .tuple(
    value([' ', '\t', '\n', '\u00a0', '&nbsp', '&nbsp ', '&nbsp;', '&#160;', '&#32;', '&#9;', '&#xFEFF;', '&Tab;', '&#12', '&amp'], 3),
    value(['h', 'ttp', 'T', '&#104;', '&#x68;', '&#X68;', '&#104', '&#00104;', '&fjlig;', '+', '.', '-', '1', '&#9;', '\t', '&Tab;', '&nbsp', '&amp', '&x', '&#0;', '&#', '&#x', '&period;', '&#x2B;'], 5),
    value([':', '&colon;', '&#58;', '&#x3a;', '&#58', 'x', ' ', '&'], 2),
    value(),
  )
  .map((parts) => parts.join(''));

describe('valueShape: a scheme name read in place', () => {
  it('skips what String.prototype.trim strips, and nothing else', () => {
    const differ: number[] = [];
    for (let code = 0; code <= 0xffff; code++) if (isTrimmedSpace(code) !== (String.fromCharCode(code).trim() === '')) differ.push(code);
    expect(differ).toEqual([]);
  });

  it('answers as trimming, cleaning and reading the decoded value does', () => {
    fc.assert(
      fc.property(value(PIECES.filter((piece) => !piece.startsWith('&'))), (text) => {
        const padded = `<<${text}>>`;
        const shape = valueShape(padded, 2, padded.length - 2, false);
        expect(shape).toBe(hasScheme(text) ? VALUE_SCHEME : VALUE_NO_SCHEME);
        // Without references, `&` is a character like any other.
        expect(valueShape(`${text}&`, 0, text.length + 1, false)).not.toBe(VALUE_UNSURE);
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  it('on undecoded HTML, is unsure where a reference could decide, and right everywhere else', () => {
    fc.assert(
      fc.property(fc.oneof(value(), schemeLike), (raw) => {
        const shape = valueShape(raw, 0, raw.length, true);
        const decoded = decodeAttributeValue(raw);
        if (shape !== VALUE_UNSURE) expect(shape).toBe(hasScheme(decoded) ? VALUE_SCHEME : VALUE_NO_SCHEME);
        expect(valueShape(decoded, 0, decoded.length, false)).toBe(hasScheme(decoded) ? VALUE_SCHEME : VALUE_NO_SCHEME);
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  it('decodes a value in place as decodeAttributeValue does', () => {
    fc.assert(
      fc.property(fc.oneof(value(), schemeLike), (raw) => {
        const padded = `&#104;${raw}&#1`;
        expect(decodeValue(padded, 6, padded.length - 3)).toBe(decodeAttributeValue(raw));
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  it('lets readHtml report exactly the values that start with a scheme name once decoded', () => {
    fc.assert(
      fc.property(fc.array(value(PIECES.filter((piece) => piece !== "'")), { maxLength: 6 }), (raws) => {
        const html = raws.map((raw, i) => (i % 2 ? `<a href='${raw}'>x</a>` : `<img alt=x src = '${raw}' >`)).join('');
        const want = raws.map((raw) => decodeAttributeValue(raw)).filter(hasScheme);
        expect([...readHtml(html).attributes].map((attribute) => attribute.value)).toEqual(want);
      }),
      { numRuns: fuzzRuns(1000) },
    );
  });
});

describe('href and src values refused without a parse', () => {
  it('every parser of urlsift refuses a space, `"`, `<` or `>` anywhere after the scheme, in both modes', () => {
    const schemes = Object.keys(defaultRegistry).filter((name) => defaultRegistry[name] !== false);
    const urlish = value(['a', 'a.example', '//', '/', ':', '@', '?', '=', '&', ';', '#', '%20', '[::1]', '[', ']', ':80', '.', '-', '~', 'é', '"', 'x@y'], 8);
    fc.assert(
      fc.property(fc.constantFrom(...schemes), urlish, fc.constantFrom(' ', '"', '<', '>'), urlish, fc.boolean(), (scheme, before, refused, after, strict) => {
        const parsed = parseUrl(`${scheme}:${before}${refused}${after}`, { strict });
        expect('reason' in parsed).toBe(true);
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });

  /** The slow path for each value: the URL the reader makes of it, and its parse. */
  const slowPath = (raws: string[]) =>
    raws.flatMap((raw) => {
      const url = cleaned(decodeAttributeValue(raw));
      return hasScheme(url) ? [{ url, parsed: parseUrl(url) }] : [];
    });
  const message = (raws: string[]) => `From: a@example.org\nContent-Type: text/html; charset=utf-8\n\n${raws.map((raw) => `<a href="${raw}">x</a>`).join('\n')}\n`;
  /** Values with every shape a refusal without a parse looks for, and values parsers accept. */
  const hrefs = fc.array(
    fc.oneof(
      value(PIECES.filter((piece) => piece !== '"' && piece !== '\u0000')),
      fc.tuple(fc.constantFrom('http://a.example/', ' http://a.example/', '\u00a0HTTP:a', 'ht\ttp://a/', 'HTTP://a.example/x?y', 'mailto:a@b.example', 'news:a.b', 'cid:x', 'git://a', 'javascript:x', `${'a'.repeat(33)}:x`, 'zz:x', '&#104;ttp://a.example/', ' h&#x74;tp&#58;//a', '&#32;&#x6d;ailto:a@b.example', 'H&#84;TP:a', 'ht&Tab;tp://a/', '&#106;avascript:x', 'z&#122;:x', `&#97;${'a'.repeat(32)}:x`, '&nbsp;http://a/', '&colon;x', 'hxxp://a', 'h&#120;xp://a', 'h&#116;tp://a.example/', 'm&#97;ilto:a@b.example'), value(['', ' ', '<', '>', "'", 'a', '/', '~', '%', '#', '\t', '\u007f', '|', '\\', '&nbsp;', '&#32;', '&gt;', '\u00a0', '\n', '&#34;', '&#x3C;', '&amp;', '&lt', '&NewLine;', '&#9;', '&#160;'], 4)).map(([a, b]) => a + b),
    ),
    { maxLength: 6 },
  );

  it('scan finds the values parseUrl accepts, and no others', () => {
    fc.assert(
      fc.property(hrefs, (raws) => {
        const found = scanMessage(message(raws)).flatMap((item) => (item.type === 'match' && item.context === 'html-attr' ? [item.url] : []));
        expect(found).toEqual(slowPath(raws).filter(({ parsed }) => !('reason' in parsed)).map(({ url }) => url));
      }),
      { numRuns: fuzzRuns(1000) },
    );
  });

  it("refuses in place only for urlsift's own parsers: another registry's may accept a space, quote or angle bracket", () => {
    // A parser of the caller's that takes anything, beside the built-in http (which refuses "a b").
    const registry = createRegistry({ ...defaultRegistry, x: (url: string) => ({ scheme: 'x', notes: [] }), 'x-alias': 'x' });
    const html = message(['x:a b', 'X:a<b', 'x-alias:<a>', 'http://a b/', '&#120;:a b']);
    const found = scanMessage(html, { registry }).flatMap((item) => (item.type === 'match' && item.context === 'html-attr' ? [item.url] : []));
    expect(found).toEqual(['x:a b', 'X:a<b', 'x-alias:<a>', 'x:a b']);
  });

  it('with onReject, every refused value is still parsed and reported', () => {
    fc.assert(
      fc.property(hrefs, (raws) => {
        const refused: ScanRejection[] = [];
        scanMessage(message(raws), { onReject: (rejection) => refused.push(rejection) });
        const attributes = refused.filter((rejection) => rejection.context === 'html-attr');
        const want = slowPath(raws).flatMap(({ url, parsed }) => ('reason' in parsed ? [[url, parsed.reason, parsed.detail]] : []));
        expect(attributes.map((rejection) => [rejection.candidate, rejection.reason, rejection.detail])).toEqual(want);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });
});
