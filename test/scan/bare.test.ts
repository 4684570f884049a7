import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fuzzRuns } from '../fuzz-runs.js';
import { bareRunEnd, emailAt, fuzzyHostAt, fuzzyLabelEndsAt, fuzzyRefusedRunEnd, schemelessAt } from '../../src/scan/bare.js';
import { endsBareUrl, endsEveryRun, HAND_READ_LIMIT, isTrailingPunctuation } from '../../src/scan/characters.js';

describe('bareRunEnd', () => {
  it.each([
    ['http://a.example/ rest', 17],
    ['http://a.example/<b>', 17],
    ['http://a.example/"', 17],
    ['http://a.example/\u00a0x', 17],
    ['http://a.example/\u201d', 17],
    ['http://a.example/', 17],
  ])('ends %j at %i', (text, end) => {
    expect(bareRunEnd(text, 0)).toBe(end);
  });

  // Past HAND_READ_LIMIT characters the run is searched natively: each character that
  // ends a run must end it there too, at any distance from the start.
  const enders = [' ', '\t', '\n', '<', '>', '"', '\u0085', '\u00a0', '\u00ab', '\u2003', '\u201d', '\u2028', '\u3000', '\u3001', '\u300c', '\uff0c', '\ufeff'];
  const others = ['a', '/', '?', '#', '(', ')', '%', '\u00e9', '\u2e80', '\u4e2d', '\uac00', '\uff21', '\ud83d\ude00'];
  it('ends a long run where the first character that ends every run stands', () => {
    for (const ender of enders) {
      for (const at of [0, HAND_READ_LIMIT - 1, HAND_READ_LIMIT, HAND_READ_LIMIT + 1, 5 * HAND_READ_LIMIT]) {
        const text = `http://a.example/${'x'.repeat(at)}${ender}tail`;
        expect(bareRunEnd(text, 0), JSON.stringify([ender, at])).toBe(17 + at);
      }
    }
  });

  it('agrees with a character-by-character reading on long runs outside CJK prose', () => {
    const piece = fc.constantFrom(...enders, ...others, ...others, ...others, ...others);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 4 * HAND_READ_LIMIT }), fc.boolean(), (pieces, inHost) => {
        const text = pieces.join('');
        let expected = 0;
        while (expected < text.length && !endsEveryRun(text.charCodeAt(expected))) expected++;
        expect(bareRunEnd(text, 0, inHost, false)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('schemelessAt', () => {
  it('finds www. and ftp. at a word start', () => {
    expect(schemelessAt('see www.example.com', 7, 0)).toEqual({ start: 4, scheme: 'http' });
    expect(schemelessAt('FTP.example.org', 3, 0)).toEqual({ start: 0, scheme: 'ftp' });
  });

  it('refuses them inside words, URLs and addresses, or before the floor', () => {
    expect(schemelessAt('nowww.example.com', 5, 0)).toBeUndefined();
    expect(schemelessAt('http://www.example.com', 10, 0)).toBeUndefined();
    expect(schemelessAt('joe@www.example.com', 7, 0)).toBeUndefined();
    expect(schemelessAt('www. alone', 3, 0)).toBeUndefined();
    expect(schemelessAt('www.example.com', 3, 1)).toBeUndefined();
  });
});

describe('emailAt', () => {
  const span = (text: string) => {
    const found = emailAt(text, text.indexOf('@'), 0);
    return found && text.slice(found.start, found.end);
  };

  it.each([
    ['mail joe.bloggs+list@example.com.', 'joe.bloggs+list@example.com'],
    ['<jane@mail.example.org>', 'jane@mail.example.org'],
    ['.dot@example.com', 'dot@example.com'],
  ])('finds the address in %j', (text, address) => {
    expect(span(text)).toBe(address);
  });

  it.each(['@handle', 'user@ x', 'a@b', 'mail@localhost', 'x@1.2.3.4', 'x@-a.example'])('finds none in %j', (text) => {
    expect(span(text)).toBeUndefined();
  });

  it('refuses a local part longer than RFC 5321 allows', () => {
    expect(span(`${'a'.repeat(65)}@example.com`)).toBeUndefined();
    expect(span(`${'a'.repeat(64)}@example.com`)).toBe(`${'a'.repeat(64)}@example.com`);
  });
});

describe('fuzzyLabelEndsAt', () => {
  it('refuses a dot that ends the only label of its host, and nothing it cannot see', () => {
    expect(fuzzyLabelEndsAt('ab.(', 2)).toBe(true);
    expect(fuzzyLabelEndsAt('x word. next', 6)).toBe(true);
    expect(fuzzyLabelEndsAt('a.(', 1)).toBe(true);
    // A dot before it: two labels, for readFuzzyHost to decide.
    expect(fuzzyLabelEndsAt('a.b.(', 3)).toBe(false);
    expect(fuzzyLabelEndsAt('x b.com. y', 7)).toBe(false);
    // A host character after it: the host runs on.
    expect(fuzzyLabelEndsAt('ab.c', 2)).toBe(false);
    expect(fuzzyLabelEndsAt('ab.-', 2)).toBe(false);
    // A label longer than it looks back: not decided here.
    expect(fuzzyLabelEndsAt(`${'a'.repeat(20)}.(`, 20)).toBe(false);
  });

  // Letters, digits, host punctuation and what ends a host, densely.
  const text = fc.array(fc.constantFrom('a', 'b', '1', '.', '-', '_', '(', ' ', ':', '/', 'ab', 'com', '漢'), { maxLength: 30 }).map((parts) => parts.join(''));

  it('agrees with fuzzyHostAt: what it refuses, fuzzyHostAt refuses from every floor, its run ending after the dot', () => {
    fc.assert(
      fc.property(text, (text) => {
        for (let dot = text.indexOf('.'); dot !== -1; dot = text.indexOf('.', dot + 1)) {
          if (!fuzzyLabelEndsAt(text, dot)) continue;
          for (let floor = 0; floor <= dot; floor++) {
            const found = fuzzyHostAt(text, dot, floor);
            expect(found.start, `${JSON.stringify(text)} at ${dot} from ${floor}`).toBe(-1);
            expect(found.runEnd).toBe(dot + 1);
          }
        }
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });
});

describe('fuzzyRefusedRunEnd', () => {
  /** What fuzzyRefusedRunEnd documents, step by step: the run of host characters, the host in it, and what follows the host. */
  function reference(text: string, dot: number): number {
    const isHost = (code: number) => /[A-Za-z0-9._-]/.test(String.fromCharCode(code));
    const endsHost = (code: number) => endsBareUrl(code) || isTrailingPunctuation(code) || '/:?#)]}'.includes(String.fromCharCode(code));
    const max = Math.min(text.length, dot + 1 + 253);
    let runEnd = dot + 1;
    while (runEnd < max && isHost(text.charCodeAt(runEnd))) runEnd++;
    if (runEnd === max && runEnd < text.length && isHost(text.charCodeAt(runEnd))) return -1;
    let hostEnd = runEnd;
    while (hostEnd > dot && (text[hostEnd - 1] === '.' || text[hostEnd - 1] === '-')) hostEnd--;
    return endsHost(hostEnd < text.length ? text.charCodeAt(hostEnd) : 0x20) ? -1 : runEnd;
  }

  // Host characters, what ends a host and what does not, a run near the length limit.
  const piece = fc.constantFrom('a', 'b1', '.', '-', '_', '(', ')', ' ', ':', '/', '.-', 'com', '漢', '’', ',', 'a'.repeat(250), '…');
  const texts = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));

  it('reads the run, its host and what follows in one pass, as the steps read them', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (let dot = text.indexOf('.'); dot !== -1; dot = text.indexOf('.', dot + 1)) {
          expect(fuzzyRefusedRunEnd(text, dot), `${JSON.stringify(text)} at ${dot}`).toBe(reference(text, dot));
        }
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });

  it('agrees with fuzzyHostAt, which refuses what it refuses and ends the run there', () => {
    for (const [text, dot] of [['www.a(', 3], ['a.b-(', 1], ['a.b.(', 1], ['a.', 1], ['a.-x', 1], ['a.b', 1]] as const) {
      const end = fuzzyRefusedRunEnd(text, dot);
      if (end !== -1) expect(fuzzyHostAt(text, dot, 0)).toMatchObject({ start: -1, runEnd: end });
    }
    expect(fuzzyRefusedRunEnd('www.a(', 3)).toBe(5);
    expect(fuzzyRefusedRunEnd('a.b-(', 1)).toBe(4);
    expect(fuzzyRefusedRunEnd('a.b)', 1)).toBe(-1);
  });
});
