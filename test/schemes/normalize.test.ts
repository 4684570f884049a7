// normalizeUrl: scheme and host in lower case, default port dropped, the rest byte for byte.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRejection, normalizeUrl, parseUrl } from '../../src/index.js';

describe('normalizeUrl', () => {
  it.each([
    // RFC 3986 §6.2.2.1 and §6.2.3 examples.
    ['HTTP://www.EXAMPLE.com/', 'http://www.example.com/'],
    ['http://example.com:80/', 'http://example.com/'],
    ['http://example.com:/', 'http://example.com/'],
    ['eXAMPLE://a/./b/../b/%63/%7bfoo%7d', 'example://a/./b/../b/%63/%7bfoo%7d'],
    // Each scheme's own default port.
    ['https://Ex.COM:443/A?B#C', 'https://ex.com/A?B#C'],
    ['https://ex.com:80/', 'https://ex.com:80/'],
    ['ftp://User:PW@Host.Dom:21/X;type=A', 'ftp://User:PW@host.dom/X;type=A'],
    ['GOPHER://Gopher.Example:70/1Sel', 'gopher://gopher.example/1Sel'],
    ['nntp://News.Example:0119/Misc.Test/1', 'nntp://news.example/Misc.Test/1'],
    ['http://h.example:8080/', 'http://h.example:8080/'],
    ['http://[2001:DB8::7]:80/', 'http://[2001:db8::7]/'],
    ['HTTP://BÜCHER.example/Ü', 'http://bücher.example/Ü'],
    // Left alone: the path, query, fragment, user name, percent-escapes, an empty path.
    ['http://Example.com', 'http://example.com'],
    ['http://ex.com/%7E%7e?Q=%2F#F', 'http://ex.com/%7E%7e?Q=%2F#F'],
    ['http://Ex.com?Q', 'http://ex.com?Q'],
    ['http://Ex.com#F', 'http://ex.com#F'],
    // No authority: only the scheme changes.
    ['MAILTO:Joe@Example.COM', 'mailto:Joe@Example.COM'],
    ['News:Comp.Lang.C', 'news:Comp.Lang.C'],
    ['URN:ISBN:0-395-36341-1', 'urn:ISBN:0-395-36341-1'],
    // Not a URL: unchanged.
    ['no scheme here', 'no scheme here'],
    ['', ''],
  ])('%s -> %s', (url, normalized) => {
    expect(normalizeUrl(url)).toBe(normalized);
  });

  const label = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,6}$/);
  const url = fc.record({
    scheme: fc.constantFrom('http', 'HTTP', 'https', 'Ftp', 'gopher'),
    host: fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => labels.join('.')),
    port: fc.option(fc.integer({ min: 0, max: 65535 }), { nil: undefined }),
    path: fc.stringMatching(/^(\/[A-Za-z0-9%._~-]{0,5}){0,3}$/).filter((p) => !/%(?![0-9A-Fa-f]{2})/.test(p)),
    search: fc.option(fc.stringMatching(/^[A-Za-z0-9=&]{0,6}$/), { nil: undefined }),
  });
  it('is idempotent and keeps what parseUrl reads, except host case and a default port', () => {
    fc.assert(
      fc.property(url, ({ scheme, host, port, path, search }) => {
        const text = `${scheme}://${host}${port === undefined ? '' : `:${port}`}${path}${search === undefined ? '' : `?${search}`}`;
        const once = normalizeUrl(text);
        expect(normalizeUrl(once)).toBe(once);
        const before = parseUrl(text);
        const after = parseUrl(once);
        if (isRejection(before)) return;
        if (isRejection(after)) throw new Error(`${once}: ${after.reason}`);
        expect(after.host).toBe(before.host?.toLowerCase());
        expect(after.port).toBe(before.port);
        expect(after.path).toBe(before.path);
        expect(after.search).toBe(before.search);
        expect(after.notes.filter((n) => n !== 'nondefault-port')).toEqual(before.notes.filter((n) => n !== 'nondefault-port'));
      }),
    );
  });
});
