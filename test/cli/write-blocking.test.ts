// The output's blocking write (src/cli/output.ts): a piece encoded into the reused buffer
// writes the same bytes as the string written as it is, Buffer.from(text) being the oracle.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SCRATCH_BYTES, writeBlocking } from '../../src/cli/output.js';

const temp = mkdtempSync(join(tmpdir(), 'urlsift-write-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** What writeBlocking writes of `pieces`, one call each, to a new file. */
function written(pieces: readonly string[]): Buffer {
  const path = join(temp, 'out');
  const fd = openSync(path, 'w');
  try {
    for (const piece of pieces) writeBlocking(fd, piece, (error) => {
      throw error;
    });
  } finally {
    closeSync(fd);
  }
  return readFileSync(path);
}

/** Units of every UTF-8 length, lone surrogates (written as U+FFFD) and pairs. */
const unit = fc.constantFrom('a', '{"url":', '\n', 'é', '☃', '\ud83d\ude00', '\ud83d', '\ude00', '\u0085', '\u2028');

describe('writeBlocking', () => {
  it('writes the UTF-8 of pieces below, at and above the reused buffer size', () => {
    // Lengths around SCRATCH_BYTES / 3 (the most a piece may have to be encoded there) and one well above.
    const limit = Math.floor(SCRATCH_BYTES / 3);
    const short = fc.array(unit, { minLength: 0, maxLength: 40 }).map((units) => units.join(''));
    // A long piece: a short one's units repeated, then cut to an exact length in UTF-16 units.
    const cutTo = (length: number) => fc.array(unit, { minLength: 1, maxLength: 12 }).map((units) => units.join('').repeat(length).slice(0, length));
    const piece = fc.oneof(short, fc.integer({ min: limit - 8, max: limit + 8 }).chain(cutTo), fc.integer({ min: 30_000, max: 40_000 }).chain(cutTo));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 4 }), (pieces) => {
        expect(written(pieces).equals(Buffer.from(pieces.join(''), 'utf8'))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
