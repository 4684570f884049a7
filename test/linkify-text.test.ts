// linkifyText: safe HTML for plain-text mail, and the link policy it shares with the plugin.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LINK_SCHEMES,
  isAllowedHref,
  linkifyText,
  readHrefScheme,
  resolveLinkPolicy,
} from '../src/linkify-text.js';
import type { SchemeParser } from '../src/schemes/parsed.js';
import { createRegistry } from '../src/schemes/registry.js';
import { fuzzRuns } from './fuzz-runs.js';

/** The RFC 1738 Appendix example in the RFC's own layout (six spaces, breaks after `doc;`, `ds.in`, `internic.`). */
const APPENDIX = [
  '      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;',
  '      type=d> but you can probably pick it up from <URL:ftp://ds.in',
  '      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.',
  '      net/instructions/overview.html#WARNING>.',
].join('\n');

const APPENDIX_HTML = [
  '      Yes, Jim, I found it under <a href="ftp://info.cern.ch/pub/www/doc;type=d">&lt;URL:ftp://info.cern.ch/pub/www/doc;',
  '      type=d&gt;</a> but you can probably pick it up from <a href="ftp://ds.internic.net/rfc">&lt;URL:ftp://ds.in',
  '      ternic.net/rfc&gt;</a>.  Note the warning in <a href="http://ds.internic.net/instructions/overview.html#WARNING">&lt;URL:http://ds.internic.',
  '      net/instructions/overview.html#WARNING&gt;</a>.',
].join('\n');

describe('linkifyText', () => {
  it.each([
    ['the RFC 1738 Appendix example', APPENDIX, APPENDIX_HTML],
    [
      'a hyphen at a line break (kept, as the Appendix advises)',
      'See <URL:http://a.example/b-\n  c.html>',
      'See <a href="http://a.example/b-c.html">&lt;URL:http://a.example/b-\n  c.html&gt;</a>',
    ],
    [
      'a wrapper continued in a quoted reply',
      '> see <URL:http://a.example/b/\n> c.html> ok',
      '&gt; see <a href="http://a.example/b/c.html">&lt;URL:http://a.example/b/\n&gt; c.html&gt;</a> ok',
    ],
    [
      'bare and schemeless URLs with trailing punctuation',
      'Try (http://en.wikipedia.org/wiki/Foo_(bar)), www.example.com.',
      'Try (<a href="http://en.wikipedia.org/wiki/Foo_(bar)">http://en.wikipedia.org/wiki/Foo_(bar)</a>), <a href="http://www.example.com">www.example.com</a>.',
    ],
    [
      'an ampersand inside a URL',
      'http://a.example/?x=1&y=2 & more',
      '<a href="http://a.example/?x=1&amp;y=2">http://a.example/?x=1&amp;y=2</a> &amp; more',
    ],
    [
      'markup in the text',
      'Tom & Jerry <script>alert("x")</script> \'quoted\'',
      'Tom &amp; Jerry &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;quoted&#39;',
    ],
    ['a code scheme', 'Click <URL:javascript:alert(1)>!', 'Click &lt;URL:javascript:alert(1)&gt;!'],
    ['e-mail addresses, off by default', 'Mail jim@example.org.', 'Mail jim@example.org.'],
    ['nothing at all', '', ''],
  ])('%s', (_name, text, html) => {
    expect(linkifyText(text)).toBe(html);
  });

  it('follows the options', () => {
    const text = '<URL:http://www.some-\n host.example/> ftp://a.example/ www.b.example jim@example.org';
    expect(linkifyText(text, { schemes: ['ftp'], schemeless: false })).toBe(
      '&lt;URL:http://www.some-\n host.example/&gt; <a href="ftp://a.example/">ftp://a.example/</a> www.b.example jim@example.org',
    );
    expect(linkifyText(text, { hyphen: 'drop', emails: true })).toBe(
      '<a href="http://www.somehost.example/">&lt;URL:http://www.some-\n host.example/&gt;</a> ' +
        '<a href="ftp://a.example/">ftp://a.example/</a> <a href="http://www.b.example">www.b.example</a> ' +
        '<a href="mailto:jim@example.org">jim@example.org</a>',
    );
  });

  it('never links a code scheme, whatever the registry and allowlist say', () => {
    const anything: SchemeParser = (url) => ({ scheme: url.slice(0, url.indexOf(':')).toLowerCase(), notes: [] });
    const registry = createRegistry({ javascript: anything, data: anything, vbscript: anything });
    const text = '<URL:javascript:alert(1)> <URL:JavaScript:alert(2)> <URL:data:text/html,x> <vbscript:msgbox(1)>';
    const html = linkifyText(text, { registry, schemes: ['javascript', 'JAVASCRIPT', 'data', 'vbscript', 'http'] });
    expect(html).not.toContain('<a');
    expect(html).toBe(
      '&lt;URL:javascript:alert(1)&gt; &lt;URL:JavaScript:alert(2)&gt; &lt;URL:data:text/html,x&gt; &lt;vbscript:msgbox(1)&gt;',
    );
  });

  it('rejects misuse with a TypeError that says what was expected', () => {
    expect(() => linkifyText(42 as never)).toThrow(/text must be a string/);
    expect(() => linkifyText('x', { hyphen: 'maybe' as never })).toThrow(/"keep" or "drop"/);
    expect(() => linkifyText('x', { schemes: [1] as never })).toThrow(/schemes/);
  });
});

describe('link policy', () => {
  it('reads the scheme the way a browser would, refusing control characters and spaces', () => {
    expect(readHrefScheme('HTTP://a.example/')).toBe('http');
    expect(readHrefScheme('java\nscript:alert(1)')).toBeUndefined();
    expect(readHrefScheme(' javascript:alert(1)')).toBeUndefined();
    expect(readHrefScheme('javascript\u0000:x')).toBeUndefined();
    expect(readHrefScheme('//a.example/')).toBeUndefined();
    expect(readHrefScheme('1http://a.example/')).toBeUndefined();
  });

  it('never allows javascript, data or vbscript, even when asked to', () => {
    const policy = resolveLinkPolicy({ schemes: ['JavaScript', 'DATA', 'vbscript', 'https'] }, 'test');
    expect([...policy.allowed]).toEqual(['https']);
    expect(isAllowedHref('javascript:alert(1)', policy)).toBe(false);
    expect(isAllowedHref('https://a.example/', policy)).toBe(true);
    expect(isAllowedHref('http://a.example/', policy)).toBe(false);
  });

  it('has a safe default allowlist', () => {
    expect([...DEFAULT_LINK_SCHEMES].sort()).toEqual(['ftp', 'gopher', 'http', 'https', 'mailto', 'news', 'nntp', 'telnet', 'wais']);
  });
});

/** Pieces that make wrappers, markup and code schemes collide. */
const HOSTILE_PIECES = [
  '<URL:', '<url: ', 'URL=<', 'URL:', '<', '>', '\n', '\n> ', '\r\n', ' ', '\t', '-', '-\n', 'http://', 'https://a.example/',
  'ftp://b.example/', 'www.', 'c.example', 'mailto:', 'news:', 'x@y.example', 'javascript:', 'JaVaScRiPt:', 'data:', 'vbscript:',
  'alert(1)', '"', "'", '&', '&amp;', '&#x6a;', '(', ')', '#', '%', '\u00a0', '\u2028', '<script>', '</a>',
  '<a href="javascript:x">', ' onerror=',  // Obfuscated code schemes, bidi controls, IDN look-alikes, and autolinks outside the allowlist (issue 12).
  '%6Aavascript:', 'j%61vascript:', 'java\tscript:', 'jav\r\nascript:', ' javascript:', 'JAVASCRIPT:', '\u202e', '\u2066', '\u200f',
  'http://\u0430pple.example/', 'xn--pple-43d.example', 'http://ex\u0430mple.com/', '<file:///etc/passwd>', '<irc://irc.example/x>',
  '<javascript:alert(1)>', '<data:text/html,x>', '<vbscript:x>', '<JavaScript:x>',
];

const hostileText = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...HOSTILE_PIECES) }, { weight: 1, arbitrary: fc.string({ maxLength: 4 }) }), {
    maxLength: 40,
  })
  .map((pieces) => pieces.join(''));

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Reads linkifyText's output back by its grammar: escaped text, and `<a href="...">`
 * escaped text `</a>`, nothing else. Fails the test on anything outside that grammar.
 */
function readBack(html: string): { text: string; hrefs: string[] } {
  const unescape = (part: string): string => {
    let out = '';
    for (let i = 0; i < part.length; i++) {
      const char = part[i] ?? '';
      expect(`<>"'`.includes(char), `raw ${char} in ${JSON.stringify(part)}`).toBe(false);
      if (char !== '&') {
        out += char;
        continue;
      }
      const entity = Object.keys(ENTITIES).find((name) => part.startsWith(name, i));
      expect(entity, `bare & in ${JSON.stringify(part)}`).toBeDefined();
      out += ENTITIES[entity ?? ''];
      i += (entity ?? '&').length - 1;
    }
    return out;
  };
  let text = '';
  const hrefs: string[] = [];
  let rest = html;
  while (rest.length > 0) {
    const open = rest.indexOf('<');
    if (open === -1) {
      text += unescape(rest);
      break;
    }
    text += unescape(rest.slice(0, open));
    rest = rest.slice(open);
    expect(rest.startsWith('<a href="'), `unexpected markup ${JSON.stringify(rest.slice(0, 20))}`).toBe(true);
    const hrefEnd = rest.indexOf('">');
    hrefs.push(unescape(rest.slice('<a href="'.length, hrefEnd)));
    rest = rest.slice(hrefEnd + 2);
    const close = rest.indexOf('</a>');
    expect(close).toBeGreaterThan(0);
    text += unescape(rest.slice(0, close));
    rest = rest.slice(close + '</a>'.length);
  }
  return { text, hrefs };
}

describe('linkifyText on hostile input (fast-check)', () => {
  it('escapes every character, injects no markup, and links only allowed schemes', () => {
    const anything: SchemeParser = (url) => ({ scheme: url.slice(0, url.indexOf(':')).toLowerCase(), notes: [] });
    const registry = createRegistry({ javascript: anything, data: anything, vbscript: anything });
    fc.assert(
      fc.property(hostileText, fc.boolean(), (text, permissive) => {
        const options = permissive ? { registry, schemes: ['http', 'javascript', 'data', 'vbscript'], emails: true } : {};
        const { text: shown, hrefs } = readBack(linkifyText(text, options));
        expect(shown).toBe(text);
        for (const href of hrefs) {
          expect(href).toMatch(/^(https?|ftp|mailto|news|nntp|gopher|telnet|wais):/i);
          expect(href.replace(/[\t\n\r]/g, '')).not.toMatch(/^\s*(javascript|data|vbscript):/i);
          expect(href).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\s]/);
        }
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
