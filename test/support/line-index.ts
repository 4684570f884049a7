/**
 * An independent oracle for tests: where lines start in raw bytes, and the 0-based line of
 * a byte offset by binary search over those starts (never the code under test).
 */
export function lineIndexOf(raw: Buffer): { lineOf: (offset: number) => number; lineStarts: number[] } {
  const lineStarts = [0];
  for (let at = raw.indexOf(10); at >= 0; at = raw.indexOf(10, at + 1)) lineStarts.push(at + 1);
  const lineOf = (offset: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  return { lineOf, lineStarts };
}
