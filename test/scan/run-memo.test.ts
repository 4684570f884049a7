import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createNextCjk, createRunMemo, type NextCjk, passRefusedHosts } from '../../src/scan/run-memo.js';
import { endsEveryRun, HAND_READ_LIMIT } from '../../src/scan/characters.js';
import { afterSpacelessText } from '../../src/scan/bare.js';

/** The first index at or after `from` whose character is in `stops` or ends every run, read one by one. */
function reference(text: string, from: number, stops: string): number {
  let i = from;
  while (i < text.length && !stops.includes(text[i] as string) && !endsEveryRun(text.charCodeAt(i))) i++;
  return i;
}

// Past HAND_READ_LIMIT characters the searches of the run memory go on natively (see
// nextStop): they must find what a reading one character at a time finds.
describe('createRunMemo searches', () => {
  const pieces = ['a', 'b', '/', '?', '#', '@', ':', '.', '-', '(', ' ', '\n', '<', '"', '\u00a0', '\u201c', '\u3001', '\u4e2d', '\uff0e', '\u00e9'];
  const filler = ['a', 'b', 'c', '-', '_', '(', ')', '\u00e9', '\u4e2d'];

  it('find the next stop at any distance', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...filler), { maxLength: 3 * HAND_READ_LIMIT, size: 'max' }), fc.constantFrom(...pieces), fc.nat(8), (run, stop, from) => {
        const text = `${run.join('')}${stop}rest`;
        const start = Math.min(from, text.length);
        expect(createRunMemo(text).nextNameStop(start)).toBe(reference(text, start, '/?#@:'));
        expect(createRunMemo(text).nextAuthorityStopOrAt(start)).toBe(reference(text, start, '/?#@'));
        expect(createRunMemo(text).nextDot(start)).toBe(reference(text, start, '.'));
      }),
      { numRuns: 500 },
    );
  });
});

// passRefusedHosts keeps where the next CJK character is (NextCjk): a memory shared by a
// scan's calls, which come in text order, must answer as a fresh one does.
describe('passRefusedHosts', () => {
  const pieces = ['w', 'w', 'w', '.', 'p', '.', 'a', ' ', '\u6f22', '\u2019', '\u3001', '\u2e80', '\u2e7f'];

  /** What passRefusedHosts documents, one character at a time. */
  function passRefusedHostsReference(text: string, from: number, before: number, spaceless: boolean): number {
    for (let i = from; i < before; i++) if (text[i] === '.' && afterSpacelessText(text, i - 3) !== spaceless) return i;
    const next = text.indexOf('.', before);
    return next === -1 ? text.length : next;
  }

  it('answers as a reading one character at a time does, with the memory of earlier calls or without', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 400, size: 'max' }), fc.array(fc.tuple(fc.nat(40), fc.nat(150)), { maxLength: 20, size: 'max' }), fc.boolean(), (chars, steps, spaceless) => {
        const text = chars.join('');
        const shared = createNextCjk();
        let from = 0;
        for (const [skip, width] of steps) {
          from += skip;
          const before = from + width;
          const expected = passRefusedHostsReference(text, from, before, spaceless);
          expect(passRefusedHosts(text, from, before, spaceless, shared)).toBe(expected);
          expect(passRefusedHosts(text, from, before, spaceless, createNextCjk())).toBe(expected);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('searches a two-byte text without CJK only up to the refused name, and each character once', () => {
    // Each "www.help.zzq" is refused, and its "p." is looked at before its name ends.
    const unit = '\u2019 www.help.zzq\n';
    const text = unit.repeat(1000);
    const cjk = createNextCjk();
    // From the dot after the first host's to 2 before the end of its name, as
    // rememberRefusedHosts sets it: the next host's dot is the next to look at.
    expect(passRefusedHosts(text, 6, 12, false, cjk)).toBe(20);
    expect(cjk.at).toBeLessThanOrEqual(12);
    // One long run of refused hosts: every host of it asks up to the same end.
    const run = `\u2019${'www.'.repeat(10_000)}zzq`;
    let searches = 0;
    const counted: NextCjk & { last: number } = {
      from: 0,
      found: false,
      last: 0,
      get at() {
        return this.last;
      },
      set at(value: number) {
        searches++;
        this.last = value;
      },
    };
    for (let dot = 4; dot < run.length - 3; dot += 4) passRefusedHosts(run, dot + 1, run.length - 2, false, counted);
    expect(searches).toBe(1);
  });
});
