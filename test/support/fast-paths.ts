/**
 * The scanner's fast paths held to the general code and to the slow path: `setFastPaths(false)`
 * takes each trigger to the scan's general code, and `inPlace` off takes every candidate to
 * the full parsers. Each gives the same matches at the same offsets, notes included, and (when
 * a listener is asked for) the same rejections.
 */
import { expect } from 'vitest';
import type { FindUrlsOptions, RejectedCandidate } from '../../src/index.js';
import { scanText, setFastPaths } from '../../src/scan/find-urls.js';

/** The scan of `text` by one path, as JSON: its matches and, with `listen`, its rejections. */
export function scanJson(text: string, options: FindUrlsOptions, path: 'fast' | 'general' | 'slow', listen = false): string {
  const rejected: RejectedCandidate[] = [];
  const withListener = listen ? { ...options, onReject: (r: RejectedCandidate) => rejected.push(r) } : options;
  setFastPaths(path === 'fast');
  try {
    return JSON.stringify({ matches: scanText(text, withListener, path !== 'slow'), rejected });
  } finally {
    setFastPaths(true);
  }
}

/**
 * Expects the fast paths' scan of `text` to equal the general code's and the slow path's,
 * without a rejection listener and, when `listens` holds `true`, with one (a listener turns
 * the refusals that skip the parsers off, so both are worth holding).
 */
export function expectSamePaths(text: string, options: FindUrlsOptions, listens: readonly boolean[] = [false]): void {
  for (const listen of listens) {
    const fast = scanJson(text, options, 'fast', listen);
    expect(fast, `${JSON.stringify(text)} ${JSON.stringify(options)} listen ${listen}`).toBe(scanJson(text, options, 'general', listen));
    expect(fast, `${JSON.stringify(text)} ${JSON.stringify(options)} listen ${listen} (slow)`).toBe(scanJson(text, options, 'slow', listen));
  }
}
