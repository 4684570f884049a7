import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlFastPaths, readHtml, type HtmlText } from '../../src/sources/html.js';

/** `readHtml(html)` with the fast path `name` turned off: its general path. */
function general(html: string, name: keyof typeof htmlFastPaths): HtmlText {
  htmlFastPaths[name] = false;
  try {
    return readHtml(html);
  } finally {
    htmlFastPaths[name] = true;
  }
}

/** Expects the two readings of one document to give the same text, map (at every offset) and attributes. */
function expectSameReading(html: string, fast: HtmlText, slow: HtmlText): void {
  expect(fast.text, JSON.stringify(html)).toBe(slow.text);
  for (let k = 0; k <= fast.text.length; k++) expect([k, fast.map.start(k), fast.map.end(k)], JSON.stringify(html)).toEqual([k, slow.map.start(k), slow.map.end(k)]);
  expect([...fast.attributes].map((a) => [a.name, a.start, a.end, a.value])).toEqual([...slow.attributes].map((a) => [a.name, a.start, a.end, a.value]));
}

describe('readHtml, common references', () => {
  it('reads the references mail is made of on their fast path as writeReference reads them', () => {
    // The common names and near misses of them (a letter more or less, no `;`, another case),
    // numeric references of every length around the fast path's limit, in decimal and hex,
    // whose values fall on each side of its bounds (NUL, C1 controls, U+00A0, surrogates,
    // past the BMP), then more of a name after the digits, and a document cut anywhere.
    const name = fc.constantFrom('nbsp', 'nbs', 'nbspx', 'NBSP', 'amp', 'am', 'ampx', 'AMP', 'lt', 'gt', 'l', 'ltx', 'quot', 'quo', 'quotx', 'eacute', 'not', 'notin', 'q', 'n', 'a');
    const digits = fc.oneof(
      fc.constantFrom('0', '00', '9', '10', '13', '32', '38', '60', '65', '127', '128', '150', '159', '160', '255', '256', '8217', '55295', '55296', '57343', '57344', '65535', '65536', '1114111', '1114112', '000065', '0000065', '99999999'),
      fc.stringMatching(/^[0-9]{1,8}$/),
    );
    const hexDigits = fc.oneof(
      fc.constantFrom('0', '9', 'a', 'A', 'f', 'F', '41', '7f', '80', '9F', 'a0', 'A0', 'ff', '2019', 'd7ff', 'D800', 'dfff', 'e000', 'ffff', '10000', '1f600', '10FFFF', '110000', '000041', '0000041'),
      fc.stringMatching(/^[0-9a-fA-F]{1,8}$/),
    );
    const numeric = fc.oneof(digits.map((d) => `#${d}`), fc.tuple(fc.constantFrom('#x', '#X'), hexDigits).map(([x, d]) => `${x}${d}`), fc.constantFrom('#', '#x', '#X'));
    const reference = fc
      .tuple(fc.oneof(name, numeric), fc.constantFrom(';', '', ';;', 'g;', '0;', 'z', ' ', '<b>', '&'))
      .map(([body, end]) => `&${body}${end}`);
    const piece = fc.oneof(reference, reference, fc.constantFrom('x', ' ', '<p>', '</td>', '<!-- c -->', '<a href="&#104;ttp://h.example/&amp;">', '&', '&#', ';'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40, size: 'max' }), fc.nat(400), (pieces, cut) => {
        const whole = pieces.join('');
        for (const html of [whole, whole.slice(0, cut % (whole.length + 1))]) expectSameReading(html, readHtml(html), general(html, 'commonReferences'));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the text between references in their loop as anyText reads it', () => {
    // Runs of text of every length around the loop's limit (32 units), ending at an `&`, a
    // tag, a comment or the document's end, among references, lone `&`s and long runs, in
    // documents longer than the buffer the units gather in (4,096).
    const run = fc.oneof(
      { arbitrary: fc.nat(34).map((n) => 'w'.repeat(n)), weight: 4 },
      { arbitrary: fc.nat(70).map((n) => 'w'.repeat(n)), weight: 1 },
      { arbitrary: fc.constantFrom('a', 'é', '\u2019', ' ', '\n'), weight: 2 },
    );
    const piece = fc.oneof(run, run, fc.constantFrom('&nbsp;', '&amp;', '&eacute;', '&#65;', '&', '&x', '<p>', '<!-- c -->', '<b>', 'http://h.example/'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60, size: 'max' }), fc.nat(200), (pieces, repeat) => {
        const once = pieces.join('');
        // Repeated to about 4,600 units one time in four: past the buffer's end.
        const times = repeat % 4 === 0 ? Math.max(1, Math.floor(4600 / Math.max(1, once.length))) : 1;
        const html = once.repeat(times);
        expectSameReading(html, readHtml(html), general(html, 'textBetweenReferences'));
      }),
      { numRuns: 80 },
    );
  });

  it('writes each common reference as the character it stands for, a no-break space as a space', () => {
    const html = 'a&nbsp;b&amp;c&lt;d&gt;e&quot;f&#65;&#x42;&#X43;&#160;&#xA0;&#8217;&#128;&#0;&#55296;';
    expect(readHtml(html).text).toBe(`a b&c<d>e"fABC  \u2019\u20ac\ufffd\ufffd`);
    expectSameReading(html, readHtml(html), general(html, 'commonReferences'));
  });
});
