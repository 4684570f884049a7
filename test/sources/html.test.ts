import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ATTRIBUTE_URL_LENGTH, readHtml } from '../../src/sources/html.js';

describe('readHtml', () => {
  it('reports href and src values with character references decoded, and where they are', () => {
    const html = '<P>Hi <A HREF="http://a.example/?x=1&amp;y=2">link</A><img src=\'cid:img1\' alt=x><a title="href=no" href=http://b.example/>b</a>';
    const { attributes } = readHtml(html);
    expect(attributes.map((a) => [a.name, a.value])).toEqual([
      ['href', 'http://a.example/?x=1&y=2'],
      ['src', 'cid:img1'],
      ['href', 'http://b.example/'],
    ]);
    const first = attributes[0]!;
    expect(html.slice(first.start, first.end)).toBe('http://a.example/?x=1&amp;y=2');
  });

  it('gives the text a reader sees: tags gone, references decoded, blocks on their own lines', () => {
    const { text } = readHtml('<div>See&nbsp;&lt;http://example.com/&gt;</div><p>x&amp;y</p>a<b>b</b>c');
    expect(text).toBe('\nSee <http://example.com/>\n\nx&y\nabc');
  });

  it('skips script, style and conditional comments, and leaves a lone "<" as text', () => {
    const { text, attributes } = readHtml('a<!--[if mso]><v:rect href="http://m.example/"><![endif]--><script>var u="http://s.example/"</script><style>p{}</style> 1 < 2');
    expect(text).toBe('a 1 < 2');
    expect(attributes).toEqual([]);
  });

  it('reads the text of a comment, set apart as a block: mail hides plain-text links there', () => {
    const { text, attributes } = readHtml('<p>Click</p><!-- Plain text: http://c.example/offer -->end');
    expect(text).toBe('\nClick\n\n Plain text: http://c.example/offer \nend');
    expect(attributes).toEqual([]);
    // An unclosed comment runs to the end and is dropped, as the HTML Standard reads it.
    expect(readHtml('a<!-- http://u.example/').text).toBe('a');
  });

  it('does not report a data: URI the size of an image', () => {
    const big = `data:image/png;base64,${'A'.repeat(MAX_ATTRIBUTE_URL_LENGTH)}`;
    expect(readHtml(`<img src="${big}">`).attributes).toEqual([]);
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

  it('stays linear on unclosed tags and references', () => {
    const hostile = '<a href="x'.repeat(20000) + '&amp'.repeat(20000);
    const started = performance.now();
    readHtml(hostile);
    readHtml('&'.repeat(200000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
