import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistry, defaultRegistry, parseGeneric, type SchemeRegistry } from '../../src/index.js';
import { endsBareUrl, isAlpha, isSchemeChar } from '../../src/scan/characters.js';
import { LABEL_SCHEMES, setFastPaths } from '../../src/scan/find-urls.js';
import { schemeNameEnds } from '../../src/scan/scheme-ends.js';
import { MAX_SCHEME_LENGTH } from '../../src/schemes/registry.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { expectSamePaths } from '../support/fast-paths.js';

/**
 * The colon patterns of a registry's table (namedColon, namedColonBeforeBody): a colon is
 * found exactly when a name of the registry or "url" (in any ASCII case, starting with a
 * letter) ends right before it, and, before a body, when what follows it does not end
 * every bare run (or it ends the text). Held to a reading of every name at every colon.
 * The scan uses them once DENSE_RUN colons in a row were refused near together
 * (nearNamingColon): whatever they pass over, it must find what the general code and the
 * slow path find, at the same offsets.
 */

afterEach(() => setFastPaths(true));

const labels = new Set(LABEL_SCHEMES);

/** True when `text[colon - name.length, colon)` is `name` in any ASCII case. */
function endsWithName(text: string, colon: number, name: string): boolean {
  if (colon < name.length) return false;
  for (let k = 0; k < name.length; k++) {
    const code = text.charCodeAt(colon - name.length + k);
    const lower = name.charCodeAt(k);
    if (code !== lower && !(isAlpha(lower) && (code | 0x20) === lower)) return false;
  }
  return true;
}

/** The colons of `text` that a name of `names` ends (and, with `beforeBody`, that no character ending every run follows), read name by name. */
function namedColonsByHand(text: string, names: readonly string[], beforeBody: boolean): number[] {
  const readable = names.map((name) => name.toLowerCase()).filter((name) => name.length <= MAX_SCHEME_LENGTH && isAlpha(name.charCodeAt(0)) && [...name].every((char) => isSchemeChar(char.charCodeAt(0))));
  const found: number[] = [];
  for (let colon = 0; colon < text.length; colon++) {
    if (text[colon] !== ':' || !readable.some((name) => endsWithName(text, colon, name))) continue;
    const next = text.charCodeAt(colon + 1);
    if (beforeBody && next < 0x80 && endsBareUrl(next)) continue;
    found.push(colon);
  }
  return found;
}

/** Every match of a global one-character pattern, from the start. */
function matchesOf(pattern: RegExp, text: string): number[] {
  const found: number[] = [];
  pattern.lastIndex = 0;
  while (pattern.test(text)) found.push(pattern.lastIndex - 1);
  return found;
}

// Pieces of names (their ends, starts and middles), in any case, with characters that ASCII
// case folding must not take for letters ("ſ" and the Kelvin sign upper-case to "S" and "K").
const piece = fc.constantFrom('http', 'HTTP', 'tTp', 'ttp', 'tp', 'p', 'sh', 'SSH', 'git+ssh', 'svn+', 'z39.50', 'Z39.50r', 'z39.50S', 'ws', 'wS', 'nEws', 'url', 'URL', 'tel', 'urn', 'mid', 'opaquelocktoken', 'x', 'my-scheme', 'c++', '3com', 'uP', 'a', '.', '+', '-', '0', 'ſ', 'K', 'é', '漢', '_', ' ', '\n', '\t', '<', '>', '"', '(', ')', '\x7f', '\x00', ':', '::');
const texts = fc.array(piece, { minLength: 1, maxLength: 60 }).map((pieces) => pieces.join(''));

describe('the colon patterns of a scheme name table (namedColon, namedColonBeforeBody)', () => {
  const registries: readonly [string, SchemeRegistry, ReadonlySet<string> | undefined, string[]][] = [
    ['default, labels left out', defaultRegistry, labels, Object.keys(defaultRegistry).filter((name) => !labels.has(name))],
    ['default', defaultRegistry, undefined, Object.keys(defaultRegistry)],
    // Names with "-" and "+", one disabled.
    ['created', createRegistry({ 'my-scheme': parseGeneric, 'c++': parseGeneric, http: false }), undefined, ['my-scheme', 'c++', ...Object.keys(defaultRegistry)]],
    // Frozen by hand, with a name that no scan can read (it starts with a digit) and one in upper case.
    ['frozen', Object.freeze({ ...defaultRegistry, '3com': parseGeneric, Up: parseGeneric }), undefined, ['3com', 'Up', ...Object.keys(defaultRegistry)]],
  ];

  it('find exactly the colons a name ends, at the same offsets', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (const [label, registry, without, names] of registries) {
          const table = schemeNameEnds(registry, without);
          const all = [...names, 'url'];
          expect(matchesOf(table.namedColon, text), `${label}: ${JSON.stringify(text)}`).toEqual(namedColonsByHand(text, all, false));
          expect(matchesOf(table.namedColonBeforeBody, text), `${label} before a body: ${JSON.stringify(text)}`).toEqual(namedColonsByHand(text, all, true));
        }
      }),
      { numRuns: fuzzRuns(400) },
    );
  });

  it('find every colon after a scheme character for a registry that is not frozen', () => {
    const registry: SchemeRegistry = { ...defaultRegistry };
    const table = schemeNameEnds(registry);
    const text = 'a: .: +: -: 0: Z: é: _: : ::';
    expect(matchesOf(table.namedColon, text)).toEqual([1, 4, 7, 10, 13, 16]);
    expect(matchesOf(table.namedColonBeforeBody, text)).toEqual([]);
  });

  it('the scan passes over what they pass over: the same matches as the general and slow paths', () => {
    // More than DENSE_RUN refused colons near together, then pieces of names around colons.
    const refused = fc.constantFrom('http: ', 'tel:( ', 'urn:x ', 'abcdefgh:', 'a:', 'HTTP:\n', 'sſh:x ', 'K:', 'tp:"');
    const dense = fc.tuple(fc.array(refused, { minLength: 8, maxLength: 40 }), texts, fc.array(refused, { maxLength: 20 })).map(([before, middle, after]) => before.join('') + middle + ' ' + after.join(''));
    fc.assert(
      fc.property(dense, fc.boolean(), (text, listen) => {
        expectSamePaths(text, {}, [listen]);
        expectSamePaths(text, { bareSchemes: ['tel'] }, [listen]);
        expectSamePaths(text, { registry: registries[2]?.[1] as SchemeRegistry }, [listen]);
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});
