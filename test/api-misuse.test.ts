// API misuse gives a clear TypeError (README: "only misuse of the API throws"), naming
// what was expected and what was given; bad content never throws.
import { describe, expect, it } from 'vitest';
import { createRegistry, findUrls, lookupScheme, normalizeUrl, parseUrl, type SchemeParser, type SchemeRegistry } from '../src/index.js';

describe('API misuse', () => {
  it('parseUrl without a string', () => {
    expect(() => parseUrl(undefined as unknown as string)).toThrow(new TypeError('parseUrl: expected the URL as a string, got undefined'));
    expect(() => parseUrl(null as unknown as string)).toThrow(/got null/);
    expect(() => parseUrl('http://a.example/', null as unknown as object)).toThrow(/parseUrl: expected the options as an object or undefined, got null/);
  });

  it('findUrls with options that are not an object', () => {
    expect(() => findUrls('http://a.example/', null as unknown as object)).toThrow(new TypeError('findUrls: expected the options as an object or undefined, got null'));
    expect(() => findUrls('http://a.example/', 'strict' as unknown as object)).toThrow(/got string/);
    // Undefined options are the defaults.
    expect(findUrls('http://a.example/', undefined).map((m) => m.url)).toEqual(['http://a.example/']);
  });

  it('normalizeUrl without a string', () => {
    expect(() => normalizeUrl(42 as unknown as string)).toThrow(new TypeError('normalizeUrl: expected the URL as a string, got number'));
  });

  it('normalizeUrl with a second argument, as parseUrl with options that are not an object', () => {
    expect(() => normalizeUrl('HTTP://a.example/', null as unknown as undefined)).toThrow(new TypeError('normalizeUrl: takes the URL only, no options; got null as a second argument'));
    expect(() => normalizeUrl('HTTP://a.example/', { strict: true } as unknown as undefined)).toThrow(/got object as a second argument/);
    expect(normalizeUrl('HTTP://a.example/', undefined)).toBe('http://a.example/');
  });

  it('a registry parser that returns no object', () => {
    const registry = createRegistry({ web: (() => undefined) as unknown as SchemeParser, www: 'web', text: (() => 'ok') as unknown as SchemeParser });
    const message = 'scheme registry: the parser for "web" must return an object (the parts of the URL or a rejection); got undefined';
    expect(() => parseUrl('WEB://a.example/', { registry })).toThrow(new TypeError(message));
    expect(() => findUrls('see web://a.example/', { registry })).toThrow(new TypeError(message));
    // An alias is named as written, the scheme of the URL.
    expect(() => parseUrl('www://a.example/', { registry })).toThrow(/the parser for "www" must return an object .*got undefined/);
    expect(() => findUrls('text:x', { registry })).toThrow(/the parser for "text" must return an object .*got string/);
  });

  it('a registry entry that is not a parser, a scheme name or false', () => {
    expect(() => createRegistry({ foo: 42 as unknown as false })).toThrow(
      new TypeError('createRegistry: the entry for "foo" must be a parser function, the name of another scheme, or false; got number'),
    );
    // A registry built by hand is checked where it is used, by every caller.
    const handMade = { http: { parse: () => undefined } } as unknown as SchemeRegistry;
    const message = 'scheme registry: the entry for "http" must be a parser function, the name of another scheme, or false; got object';
    expect(() => lookupScheme(handMade, 'http')).toThrow(new TypeError(message));
    expect(() => parseUrl('http://a.example/', { registry: handMade })).toThrow(new TypeError(message));
    expect(() => findUrls('see http://a.example/', { registry: handMade })).toThrow(new TypeError(message));
    expect(() => findUrls('see http://a.example/', { registry: 7 as unknown as SchemeRegistry })).toThrow(/expected an object of scheme entries .*got number/);
  });

  it('bad content is still a value, not an exception', () => {
    expect(parseUrl('http://')).toMatchObject({ reason: 'empty-host' });
    expect(parseUrl('')).toMatchObject({ reason: 'no-scheme' });
    expect(findUrls('\u0000<URL:\ud800>')).toEqual([]);
  });
});
