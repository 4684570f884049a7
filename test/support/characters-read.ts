/**
 * Calls of `String.prototype.charCodeAt` during `run`: the characters the scanner read.
 * Linearity is checked by counting work, not by timing it (no timed tests): the count on
 * 2n characters must stay near twice the count on n.
 */
export function charactersRead(run: () => void): number {
  const original = String.prototype.charCodeAt;
  let reads = 0;
  String.prototype.charCodeAt = function (this: string, index: number): number {
    reads++;
    return original.call(this, index);
  };
  try {
    run();
  } finally {
    String.prototype.charCodeAt = original;
  }
  return reads;
}
