/**
 * Turns offsets into unist points (1-based line and column, 0-based offset).
 *
 * The scanner asks for points in increasing order, so the locator remembers the line
 * it is on and where that line ends, and walks forward with `indexOf('\n')`: the text
 * is walked once in all, never once per match (a one-line hostile text with thousands
 * of matches would otherwise cost quadratic time). Lines end at `\n`; a `\r` before it
 * is an ordinary character of the line.
 */
import type { Point } from './match.js';

/** A function from a 0-based offset to its point. */
export type Locator = (offset: number) => Point;

/** Makes a locator over `text`. */
export function createLocator(text: string): Locator {
  let line = 1;
  let lineStart = 0;
  let lineEnd = newlineFrom(text, 0);
  return (offset: number): Point => {
    while (offset < lineStart) {
      // Rare: step back one line.
      lineEnd = lineStart - 1;
      lineStart = lineStart >= 2 ? text.lastIndexOf('\n', lineStart - 2) + 1 : 0;
      line--;
    }
    while (lineEnd < offset && lineEnd < text.length) {
      lineStart = lineEnd + 1;
      lineEnd = newlineFrom(text, lineStart);
      line++;
    }
    return { line, column: offset - lineStart + 1, offset };
  };
}

/** Index of the next `\n` at or after `from`, or the text's length when there is none. */
function newlineFrom(text: string, from: number): number {
  const index = text.indexOf('\n', from);
  return index === -1 ? text.length : index;
}

/**
 * Binary search over ascending values: the last index whose value is at or before
 * `target`, or 0 when none is (callers index line or piece starts, whose first is the
 * smallest offset they ask about). `valueAt` reads the value at an index.
 */
export function lastIndexAtOrBefore(count: number, valueAt: (index: number) => number, target: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (valueAt(middle) <= target) low = middle;
    else high = middle - 1;
  }
  return low;
}
