import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRunMemo } from '../../src/scan/run-memo.js';
import { endsEveryRun, HAND_READ_LIMIT } from '../../src/scan/characters.js';

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
      fc.property(fc.array(fc.constantFrom(...filler), { maxLength: 3 * HAND_READ_LIMIT }), fc.constantFrom(...pieces), fc.nat(8), (run, stop, from) => {
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
