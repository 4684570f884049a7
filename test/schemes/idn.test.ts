// IDN: domainToAscii (WHATWG URL global) against Node's own url.domainToASCII, which the
// core used before it had to run in browsers. Same answers, failures ('') included, except
// for names holding a character the hostname setter stops at or strips: Node's cuts them
// (b\x -> b), domainToAscii refuses them.
import { domainToASCII } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainToAscii } from '../../src/schemes/idn.js';

describe('domainToAscii: UTS #46 through the WHATWG URL global', () => {
  it.each([
    ['bücher.example', 'xn--bcher-kva.example'],
    ['日本.jp', 'xn--wgv71a.jp'],
    ['faß.de', 'xn--fa-hia.de'],
    ['ＡＢＣ.com', 'abc.com'],
    ['a\u00adb.com', 'ab.com'],
    ['X', 'x'],
    ['x', 'x'],
    ['Y', 'y'],
    ['0x7f.1', '127.0.0.1'],
    ['a.b.', 'a.b.'],
  ])('%j -> %j', (domain, ascii) => {
    expect(domainToAscii(domain)).toBe(ascii);
  });

  it.each(['', 'xn--', 'xn--a.com', 'xn--iñ.example', '\u200d.com', 'a b', 'a<b', 'a|b', 'a%b', 'a:80', 'a@b', 'b\\x', 'b\\~$|é', 'é/x', 'é?x', 'é#x', 'a\tb', 'a\nb', 'é\rb'])(
    'refuses %j with an empty string',
    (domain) => {
      expect(domainToAscii(domain)).toBe('');
    },
  );

  it("agrees with Node's domainToASCII on generated names", () => {
    const char = fc.oneof(
      fc.constantFrom('a', 'Z', '0', '9', '-', '.', 'ü', 'ß', 'ς', '日', 'Ａ', '\u00ad', '\u200d', '\u0301', 'x', 'y', 'n', '%', ':', '/', '@', ' ', '\\', '?', '#', '\t', '\n'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    );
    const label = fc.oneof(fc.constantFrom('xn--', 'xn--bcher-kva', 'x', 'y', '127', '0x7f', ''), fc.array(char, { maxLength: 8 }).map((c) => c.join('')));
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), (labels) => {
        const domain = labels.join('.');
        const cut = /[/?#\\\t\n\r]/.test(domain);
        expect(domainToAscii(domain)).toBe(cut ? '' : domainToASCII(domain));
      }),
      { numRuns: 2000 },
    );
  });
});
