/**
 * An independent oracle for positions in text: the line and column of an offset,
 * found by splitting the text before it (never the code under test's line index).
 */
import type { Point } from '../../src/lines.js';

/** The point of `offset` in `text`; lines end at LF, or also at CR alone with `anyLineEnd` (CommonMark). */
export function pointOf(text: string, offset: number, anyLineEnd = false): Point {
  const lines = text.slice(0, offset).split(anyLineEnd ? /\r\n|\r|\n/ : '\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1, offset };
}
