import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReferenceMap, classifyTag, decodeValue, htmlFastPaths, MAX_ATTRIBUTE_URL_LENGTH, readHtml, tagKindOf } from '../../src/sources/html.js';
import { decodeCharacterReference } from '../../src/sources/mime.js';
import { buildOffsetMap } from '../../src/sources/raw-position.js';

describe('readHtml', () => {
  it('reports href and src values with character references decoded, and where they are', () => {
    const html = '<P>Hi <A HREF="http://a.example/?x=1&amp;y=2">link</A><img src=\'cid:img1\' alt=x><a title="href=no" href=http://b.example/>b</a>';
    const { attributes } = readHtml(html);
    expect([...attributes].map((a) => [a.name, a.value])).toEqual([
      ['href', 'http://a.example/?x=1&y=2'],
      ['src', 'cid:img1'],
      ['href', 'http://b.example/'],
    ]);
    const first = attributes.at(0)!;
    expect(html.slice(first.start, first.end)).toBe('http://a.example/?x=1&amp;y=2');
  });

  it('reads short tags on their fast path as its general path reads them', () => {
    // Tags of short names and near misses of them (a third name character, `-` `:` `_` after a
    // short name, a digit first, no `>`), in any case, among text and references.
    const tag = fc
      .tuple(
        fc.constantFrom('<', '</'),
        fc.constantFrom('p', 'P', 'b', 'a', 'A', 'i', 'tr', 'TD', 'h1', 'H6', 'br', 'p:', 'a-', 'b_', 'abc', '1', '', '!--'),
        fc.constantFrom('', ' ', '/', ' /', '\n', ':', '-', 'x', ' class=c', ' href="http://h.example/"'),
        fc.constantFrom('>', '', ' >', '/>'),
      )
      .map((parts) => parts.join(''));
    const piece = fc.oneof(tag, fc.constantFrom('<', '>', ' ', 'x', '&amp;', 'http://x.y/'));
    const general = (html: string) => {
      htmlFastPaths.shortTags = false;
      try {
        return readHtml(html);
      } finally {
        htmlFastPaths.shortTags = true;
      }
    };
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40, size: 'max' }), (pieces) => {
        const html = pieces.join('');
        const fast = readHtml(html);
        const slow = general(html);
        expect(fast.text).toBe(slow.text);
        for (let k = 0; k <= fast.text.length; k++) expect([k, fast.map.start(k), fast.map.end(k)]).toEqual([k, slow.map.start(k), slow.map.end(k)]);
        expect([...fast.attributes].map((a) => [a.start, a.end])).toEqual([...slow.attributes].map((a) => [a.start, a.end]));
      }),
      { numRuns: 2000 },
    );
    // And it is taken: a document of such tags reads as blocks, spaces and nothing.
    expect(readHtml('<P>a</P><td>b</TD><b>c</b><h1>d</h1>').text).toBe('\na\n b c\nd\n');
  });

  it('holds attributes as numbers, and hands each out as the attribute it read', () => {
    // More than the list's first room (16), of both names: written as they read, with a
    // numeric reference in the scheme name (its shape read in place), and with a named one
    // for the `:` (decoded to tell its shape: no scheme name where it stands).
    const expected: Array<{ name: string; value: string; start: number; end: number; schemeStart: number; schemeEnd: number }> = [];
    let html = '';
    for (let i = 0; i < 100; i++) {
      const name = i % 3 === 0 ? 'src' : 'href';
      const written = i % 4 === 3 ? `&#104;ttp://a.example/${i}` : i % 4 === 2 ? `http&colon;//a.example/${i}` : `http://a.example/${i}`;
      html += `<a x=1 ${name}="`;
      const start = html.length;
      html += written;
      const schemeStart = i % 4 === 0 || i % 4 === 1 ? start : -1;
      const schemeEnd = i % 4 === 2 ? -1 : start + written.indexOf(':');
      expected.push({ name, value: decodeValue(html, start, html.length), start, end: html.length, schemeStart, schemeEnd });
      html += '">t</a>';
    }
    const { attributes } = readHtml(html);
    expect(attributes.length).toBe(100);
    const read = [...attributes].map((a) => ({ name: a.name, value: a.value, start: a.start, end: a.end, schemeStart: a.schemeStart, schemeEnd: a.schemeEnd }));
    expect(read).toEqual(expected);
    expect(read[99]!.value).toBe('http://a.example/99');
    // As Array.prototype.at: from the end when negative, undefined outside.
    expect(attributes.at(-1)?.start).toBe(expected[99]!.start);
    expect(attributes.at(-100)?.start).toBe(expected[0]!.start);
    expect(attributes.at(100)).toBeUndefined();
    expect(attributes.at(-101)).toBeUndefined();
  });

  it('gives the text a reader sees: tags gone, references decoded, blocks on their own lines', () => {
    const { text } = readHtml('<div>See&nbsp;&lt;http://example.com/&gt;</div><p>x&amp;y</p>a<b>b</b>c');
    expect(text).toBe('\nSee <http://example.com/>\n\nx&y\nabc');
  });

  it('reads a comment only after `<!--`, and drops only a conditional one starting `[if`', () => {
    // `<!-x>` and `<!>` are bogus comments (up to `>`, read as nothing); `[IF` is no conditional comment.
    expect(readHtml('a<!-x>b<!>c<!--d-->e<!--[if x]>f<![endif]-->g<!--[IF]-->h').text).toBe('abc\nd\neg\n[IF]\nh');
  });

  it('skips script, style and conditional comments, and leaves a lone "<" as text', () => {
    const { text, attributes } = readHtml('a<!--[if mso]><v:rect href="http://m.example/"><![endif]--><script>var u="http://s.example/"</script><style>p{}</style> 1 < 2');
    expect(text).toBe('a 1 < 2');
    expect([...attributes]).toEqual([]);
  });

  it('reads the text of a comment, set apart as a block: mail hides plain-text links there', () => {
    const { text, attributes } = readHtml('<p>Click</p><!-- Plain text: http://c.example/offer -->end');
    expect(text).toBe('\nClick\n\n Plain text: http://c.example/offer \nend');
    expect([...attributes]).toEqual([]);
    // An unclosed comment runs to the end and is dropped, as the HTML Standard reads it.
    expect(readHtml('a<!-- http://u.example/').text).toBe('a');
  });

  it("ends a comment at the first '-->' after its '<!--', however far, or runs it to the end", () => {
    // Comments of every length around the few characters looked at by hand, with dashes and
    // `>` inside, closed or not, at the end of the text or not.
    fc.assert(
      fc.property(fc.array(fc.constantFrom('-', '>', 'a', ' '), { maxLength: 40, size: 'max' }), fc.constantFrom('', 'x', '-->', '-->y', '--'), (content, after) => {
        const body = content.join('');
        const html = `a<!--${body}${after}`;
        const close = html.indexOf('-->', 5);
        const expected = close < 0 ? 'a' : `a\n${html.slice(5, close)}\n${html.slice(close + 3)}`;
        expect(readHtml(html).text).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('does not report a data: URI the size of an image', () => {
    const big = `data:image/png;base64,${'A'.repeat(MAX_ATTRIBUTE_URL_LENGTH)}`;
    expect([...readHtml(`<img src="${big}">`).attributes]).toEqual([]);
  });

  it('maps text characters back to the HTML they came from', () => {
    const html = fc.array(fc.constantFrom('a', ' ', '<br>', '<a href="h">', '</a>', '&amp;', '&#47;', '<!--c-->', '<P class=x>', '\n', 'http://x.y/'), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(html, (source) => {
        const { text, map } = readHtml(source);
        for (let i = 0; i < text.length; i++) {
          const span = source.slice(map.start(i), map.end(i + 1));
          if (span.startsWith('&')) expect(['&amp;', '&#47;']).toContain(span);
          else if (span.startsWith('<') || span === '-->') expect(['\n', ' ']).toContain(text[i]);
          else expect(span).toBe(text[i]);
        }
      }),
    );
  });

  it('reads a document of pieces as each piece reads alone: its text, where each unit of it came from, its links', () => {
    // Each piece: its HTML, the text it reads as, and the span of its HTML each unit of that
    // text maps to (relative to the piece; a character of text maps to itself).
    type Piece = { html: string; text: string; spans?: Array<[number, number]>; link?: string };
    const markup = (html: string, code: string): Piece => ({ html, text: code, spans: code ? [[0, html.length]] : [] });
    const pieces: Piece[] = [
      { html: 'x', text: 'x' },
      { html: 'ab 12', text: 'ab 12' },
      { html: 'a'.repeat(40), text: 'a'.repeat(40) },
      { html: '&amp;', text: '&', spans: [[0, 5]] },
      { html: '&eacute;', text: '\u00e9', spans: [[0, 8]] },
      { html: '&nbsp;', text: ' ', spans: [[0, 6]] },
      { html: '&#x41;', text: 'A', spans: [[0, 6]] },
      { html: '& ', text: '& ' },
      markup('<p>', '\n'),
      markup('</P>', '\n'),
      markup('<br/>', '\n'),
      markup('<div class="a b">', '\n'),
      markup('<td>', ' '),
      markup('<TD >', ' '),
      { ...markup('<a href="http://a.example/">', ' '), link: 'http://a.example/' },
      { ...markup('<img src=cid:x alt=y>', ' '), link: 'cid:x' },
      markup('<b>', ''),
      markup('</span>', ''),
      markup('<x-y:z_1 q=1>', ''),
      markup('<!DOCTYPE html>', ''),
      markup('<?xml version="1.0"?>', ''),
      markup('<![CDATA[x]]>', ''),
      markup('<!--[if mso]><a href="http://m.example/">x<![endif]-->', ''),
      markup('<script>if (a<b) x("</p>")</script>', ''),
      markup('<SCRIPT type=x></script >', ''),
      markup('<style>p{}</style>', ''),
      { html: '<!-- c -->', text: '\n c \n', spans: [[0, 4], [4, 5], [5, 6], [6, 7], [7, 10]] },
      { html: '<!---->', text: '\n\n', spans: [[0, 4], [4, 7]] },
      { html: '< ', text: '< ', spans: [[0, 1], [1, 2]] },
    ];
    fc.assert(
      fc.property(fc.array(fc.nat(pieces.length - 1), { maxLength: 80, size: 'max' }), (chosen) => {
        let html = '';
        let text = '';
        const spans: Array<[number, number]> = [];
        const links: string[] = [];
        for (const index of chosen) {
          const piece = pieces[index]!;
          const at = html.length;
          html += piece.html;
          text += piece.text;
          for (let k = 0; k < piece.text.length; k++) {
            const [from, to] = piece.spans ? piece.spans[k]! : [k, k + 1];
            spans.push([at + from, at + to]);
          }
          if (piece.link) links.push(piece.link);
        }
        const read = readHtml(html);
        expect(read.text).toBe(text);
        for (let k = 0; k < text.length; k++) expect([k, read.map.start(k), read.map.end(k + 1)]).toEqual([k, ...spans[k]!]);
        expect([...read.attributes].map((attribute) => attribute.value)).toEqual(links);
      }),
      { numRuns: 400 },
    );
  });

  it('decodes references back to back, over runs longer than the buffer they are gathered in, each mapped to its own', () => {
    // Each reference with the text a browser shows for it (a no-break space reads as a space).
    const references: Array<[string, string]> = [
      ['&amp;', '&'],
      ['&lt;', '<'],
      ['&gt;', '>'],
      ['&#x41;', 'A'],
      ['&#66;', 'B'],
      ['&eacute;', '\u00e9'],
      ['&nbsp;', ' '],
      ['&#x1F600;', '\u{1F600}'],
      ['&AMP;', '&'],
      ['&#0;', '\ufffd'],
      ['&', '&'],
      // Not a reference: it ends the run, and the next one starts another.
      ['&nosuchname;', '&nosuchname;'],
    ];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: references.length - 1 }), { minLength: 1, maxLength: 10_000, size: 'max' }), fc.constantFrom('', 'x', '<b>'), (picks, between) => {
        const html = `${between}${picks.map((pick) => references[pick]![0]).join('')}${between}`;
        const { text, map } = readHtml(html);
        const expected = picks.map((pick) => references[pick]![1]).join('');
        expect(text).toBe(between === 'x' ? `x${expected}x` : expected);
        // The first unit of each reference's text maps to the reference.
        let at = between === 'x' ? 1 : 0;
        let source = between.length;
        for (const pick of picks) {
          const [reference, shown] = references[pick]!;
          if (reference !== '&nosuchname;') expect(html.slice(map.start(at), map.end(at + shown.length))).toBe(reference);
          at += shown.length;
          source += reference.length;
        }
        expect(at).toBe(text.length - (between === 'x' ? 1 : 0));
      }),
      { numRuns: 20 },
    );
    // One run of 5,000 references, longer than the buffer its text is gathered in.
    expect(readHtml('&lt;&#x41;&eacute;&amp;&nbsp;'.repeat(1000)).text).toBe('<A\u00e9& '.repeat(1000));
  });

  it('cuts a run of any code units into the string String.fromCharCode makes of them', () => {
    // The run's units are read back as UTF-16LE bytes: every unit value, one byte or two, in
    // runs of any length up to past the buffer's size, must come back as it was written.
    const unit = fc.oneof(fc.integer({ min: 1, max: 0x7f }), fc.integer({ min: 0xa1, max: 0xff }), fc.integer({ min: 0x100, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0xffff }));
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 300, size: 'max' }), fc.integer({ min: 1, max: 30 }), fc.boolean(), (pattern, times, hex) => {
        const units = Array.from({ length: times }, () => pattern).flat();
        const html = units.map((code) => (hex ? `&#x${code.toString(16)};` : `&#${code};`)).join('');
        const expected = String.fromCharCode(...units);
        expect(readHtml(html).text).toBe(expected);
        expect(readHtml(`a${html}<br>`).text).toBe(`a${expected}\n`);
      }),
      { numRuns: 60 },
    );
  });

  it('decodes each reference of a run as decodeCharacterReference does, mapped to its own text', () => {
    // Numeric and common references are written in place, names through a cache of their own.
    const reference = fc
      .tuple(
        fc.constantFrom('&', '&#', '&#x', '&#X'),
        fc.array(fc.constantFrom('0', '1', '9', '65', '128', '159', '160', '55296', 'D800', 'a', 'F', 'ff', '10FFFF', '110000', '1F600', 'amp', 'lt', 'gt', 'eacute', 'nbsp', 'not', 'notin', 'frac12', 'z', 'X'), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(';', ''),
      )
      .map(([start, body, end]) => `${start}${body.join('')}${end}`);
    fc.assert(
      fc.property(fc.array(reference, { minLength: 1, maxLength: 60 }), fc.constantFrom('', ' '), (references, between) => {
        const html = references.join(between === '' ? ';' : between);
        const tokens = between === '' ? references.map((r, i) => (i < references.length - 1 && !r.endsWith(';') ? `${r};` : r)) : references;
        const { text, map } = readHtml(html);
        let at = 0;
        let source = 0;
        const shown: string[] = [];
        for (const [i, token] of tokens.entries()) {
          const decoded = decodeCharacterReference(token, false);
          const part = decoded === token ? token : decoded.replace(/\u00a0/g, ' ');
          shown.push(part);
          expect(html.slice(map.start(at), map.end(at + part.length))).toBe(token);
          at += part.length;
          source += token.length;
          if (i < tokens.length - 1 && html.length > source && html[source] !== '&') {
            shown.push(html[source]!);
            at += 1;
            source += 1;
          }
        }
        expect(text).toBe(shown.join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('maps references as the plain offset map does', () => {
    // Each step: a reference (output and input length; also short text, a tag read as a
    // break, or markup with no output), copied text, or removed markup.
    const step = fc.oneof(
      fc.tuple(fc.constant('reference' as const), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 12 })),
      fc.tuple(fc.constant('take' as const), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 6 })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), fc.integer({ min: 0, max: 9 }), (steps, inputStart) => {
        const plain = buildOffsetMap(inputStart);
        const references = buildReferenceMap(inputStart);
        let output = 0;
        for (const [kind, out, input] of steps) {
          const length = kind === 'take' ? input : Math.max(out, input);
          plain.take(out, length);
          if (kind === 'reference') references.takeReference(out, length);
          else references.take(out, length);
          output += out;
        }
        const expected = plain.finish();
        // In order (as matches come), then backwards and again (look-ups that jump back).
        for (const order of [1, -1, 1]) {
          const got = references.finish();
          for (let k = 0; k <= output + 4; k++) {
            const offset = order === 1 ? k - 2 : output + 2 - k;
            expect([got.start(offset), got.end(offset)]).toEqual([expected.start(offset), expected.end(offset)]);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('classifies names of one and two characters from its table as classifyTag does', () => {
    const nameChars = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-:_'];
    const names = [...nameChars, ...nameChars.flatMap((first) => nameChars.map((second) => first + second)), 'Td', 'bR', 'H1', 'img', 'SCRIPT', 'blockquote'];
    // Inside a longer text, as readHtml asks.
    for (const name of names) expect([name, tagKindOf(`<${name}>`, 1, 1 + name.length)]).toEqual([name, classifyTag(`<${name}>`, 1, 1 + name.length)]);
    // Some known kinds (TagKind: 0 inline, 1 block, 2 spaced), so that the two cannot agree on nonsense.
    expect(['p', 'P', 'br', 'TR', 'h6', 'a', 'td', 'b', 'x', 'h7'].map((name) => tagKindOf(name, 0, name.length))).toEqual([1, 1, 1, 1, 1, 2, 2, 0, 0, 0]);
  });

  it('stays linear on unclosed tags and references', () => {
    const hostile = '<a href="x'.repeat(20000) + '&amp'.repeat(20000);
    const started = performance.now();
    readHtml(hostile);
    readHtml('&'.repeat(200000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
