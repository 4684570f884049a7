/**
 * `findUrls`: the scanner for URLs in context (RFC 1738 Appendix). Placeholder until
 * the scanner lands; the signature is final.
 */
import type { SchemeRegistry } from '../schemes/registry.js';
import type { Match, RejectedCandidate } from './match.js';

/** Options for {@link findUrls}. */
export interface FindUrlsOptions {
  /** Report `www.` and `ftp.` hosts without a scheme as `http://` / `ftp://` (default `true`). */
  schemeless?: boolean;
  /** Report bare e-mail addresses as `mailto:` (default `false`). */
  emails?: boolean;
  /** Validate with the strict RFC 1738 §5 grammar (default `false`). */
  strict?: boolean;
  /** Which schemes are known and how each is parsed (default: the built-in registry). */
  registry?: SchemeRegistry;
  /** Called with every candidate its scheme parser refused, in text order. */
  onReject?: (rejected: RejectedCandidate) => void;
}

/** Finds the URLs in `text`, in text order. Pure, synchronous, linear in `text.length`. */
export function findUrls(text: string, options: FindUrlsOptions = {}): Match[] {
  void text;
  void options;
  return [];
}
