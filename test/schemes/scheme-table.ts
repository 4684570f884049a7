// Table-driven checks for the scheme tests: each row names the BNF rule it exercises,
// the URL, the modes it holds in, and the parts (or rejection reason) written by hand
// from the RFC text.
import { describe, expect, it } from 'vitest';
import { isRejection, parseUrl, type Parsed, type SchemeRegistry } from '../../src/index.js';

export type Mode = 'lenient' | 'strict';

/** A URL that must be accepted with these parts. */
export interface Accepted {
  /** The BNF line (or RFC sentence) the row exercises, quoted. */
  bnf: string;
  url: string;
  /** Modes in which the row holds (default: both). */
  modes?: Mode[];
  /** Parts that must be present with these values. */
  parts: Partial<Parsed>;
  /** Exact notes (default: none). */
  notes?: string[];
  /** Parts that must be absent. */
  absent?: (keyof Parsed)[];
}

/** A URL that must be rejected with this reason. */
export interface Rejected {
  bnf: string;
  url: string;
  modes?: Mode[];
  reason: string;
}

const BOTH: Mode[] = ['lenient', 'strict'];

function parse(url: string, mode: Mode, registry?: SchemeRegistry) {
  return parseUrl(url, registry ? { strict: mode === 'strict', registry } : { strict: mode === 'strict' });
}

/** One `it` per row and mode: the URL parses with exactly the given parts and notes. */
export function acceptAll(title: string, rows: Accepted[], registry?: SchemeRegistry): void {
  describe(title, () => {
    for (const row of rows) {
      for (const mode of row.modes ?? BOTH) {
        it(`${mode}: ${row.url}  [${row.bnf}]`, () => {
          const result = parse(row.url, mode, registry);
          if (isRejection(result)) throw new Error(`rejected: ${result.reason}: ${result.detail ?? ''}`);
          expect(result).toMatchObject(row.parts);
          expect(result.notes).toEqual(row.notes ?? []);
          for (const key of row.absent ?? []) expect(result, `${key} should be absent`).not.toHaveProperty(key);
        });
      }
    }
  });
}

/** One `it` per row and mode: the URL is refused with the given reason, a detail and the scheme. */
export function rejectAll(title: string, rows: Rejected[], registry?: SchemeRegistry): void {
  describe(title, () => {
    for (const row of rows) {
      for (const mode of row.modes ?? BOTH) {
        it(`${mode}: ${row.url} -> ${row.reason}  [${row.bnf}]`, () => {
          const result = parse(row.url, mode, registry);
          if (!isRejection(result)) throw new Error(`accepted: ${JSON.stringify(result)}`);
          expect(result.reason).toBe(row.reason);
          expect(result.detail ?? '').not.toBe('');
          const colon = row.url.indexOf(':');
          if (result.reason !== 'no-scheme') expect(result.scheme).toBe(row.url.slice(0, colon).toLowerCase());
          if (result.offset !== undefined) {
            expect(result.offset).toBeGreaterThanOrEqual(0);
            expect(result.offset).toBeLessThanOrEqual(row.url.length);
          }
        });
      }
    }
  });
}
