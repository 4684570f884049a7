/**
 * What the playground computes for one text and one set of toggles: the matches and
 * rejected candidates of `findUrls`, and the HTML of `linkifyText`. The worker runs it;
 * the page runs it itself where no worker can be started (a page opened from file://).
 */
import { findUrls, linkifyText, type HyphenPolicy, type Match, type RejectedCandidate } from 'urlsift';

/** The toggles. */
export interface SiftOptions {
  strict: boolean;
  emails: boolean;
  schemeless: boolean;
  hyphen: HyphenPolicy;
}

/** One request: `id` tells a late answer from the current one. */
export interface SiftRequest {
  id: number;
  text: string;
  options: SiftOptions;
}

/** The answer to a {@link SiftRequest}. */
export interface SiftResult {
  id: number;
  matches: Match[];
  rejected: RejectedCandidate[];
  html: string;
  /** Wall time of the two calls, in milliseconds. */
  elapsed: number;
}

/** What comes back from the worker: a result, or the message of an unexpected error. */
export type SiftResponse = SiftResult | { id: number; error: string };

/** Runs `findUrls` (with `onReject`) and `linkifyText` on the request's text. */
export function sift(request: SiftRequest): SiftResult {
  const { text, options } = request;
  const started = performance.now();
  const rejected: RejectedCandidate[] = [];
  const matches = findUrls(text, {
    strict: options.strict,
    emails: options.emails,
    schemeless: options.schemeless,
    onReject: (candidate) => rejected.push(candidate),
  });
  // linkifyText has no strict mode: a renderer links what the lenient parsers accept.
  const html = linkifyText(text, { emails: options.emails, schemeless: options.schemeless, hyphen: options.hyphen });
  return { id: request.id, matches, rejected, html, elapsed: performance.now() - started };
}
