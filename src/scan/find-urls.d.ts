import { type SchemeRegistry } from '../schemes/registry.js';
import type { Match, RejectedCandidate } from './match.js';
/** Options for {@link findUrls}. */
export interface FindUrlsOptions {
    /** Report `www.` and `ftp.` hosts without a scheme as `http://` / `ftp://` (default `true`). */
    schemeless?: boolean;
    /** Report bare e-mail addresses as `mailto:` (default `false`). */
    emails?: boolean;
    /**
     * Also report bare domains with a known top-level domain (`example.com/x`) and IPv4
     * literals with a path or port (`192.0.2.1:8080`), as `http://`, with the note `fuzzy`
     * (default `false`: old Usenet signatures are full of host names that are not links).
     */
    fuzzy?: boolean;
    /**
     * Label-like opaque schemes ({@link LABEL_SCHEMES}: `tel`, `dav`, `cid`...) to report
     * bare as well; in wrappers (`<tel:...>`, `URL:tel:...`) they are always reported.
     * Names in any case; others are ignored (default: none).
     */
    bareSchemes?: readonly string[];
    /**
     * Report internationalised host names in their ASCII form (`http://xn--mller-kva.de`,
     * RFC 3492 Punycode via IDNA) instead of as written (default `false`). `raw` keeps the text.
     */
    punycode?: boolean;
    /** Validate with the strict RFC 1738 §5 grammar (default `false`). */
    strict?: boolean;
    /** Which schemes are known and how each is parsed (default: the built-in registry). */
    registry?: SchemeRegistry;
    /** Called with every candidate its scheme parser refused, in text order. */
    onReject?: (rejected: RejectedCandidate) => void;
}
/**
 * Opaque schemes whose bare form is far more often a label or namespace than a URL:
 * `TEL:+64 3 364...` in signatures, WebDAV property names `DAV:read` (RFC 4918 §14), part
 * references `cid:` and `mid:` (RFC 2392) that mean nothing outside their message,
 * `urn:` namespaces in XML, `im:`/`pres:` (RFC 3860, RFC 3859) and lock tokens. Bare, they
 * are reported only when asked for (`bareSchemes`); wrapped, always.
 */
export declare const LABEL_SCHEMES: readonly string[];
/**
 * Finds the URLs in `text`, in text order. Pure and synchronous; linear in
 * `text.length`. Candidates their scheme parser refuses are not matches; they go to
 * `options.onReject`.
 */
export declare function findUrls(text: string, options?: FindUrlsOptions): Match[];
/**
 * {@link findUrls} that hands each match to `onMatch` as it is found (rejections, to
 * `options.onReject`, in text order among them) instead of gathering them: memory
 * stays bounded by the text, however many matches it holds.
 */
export declare function eachUrl(text: string, options: FindUrlsOptions | undefined, onMatch: (match: Match) => void): void;
/**
 * `findUrls` with the in-place readers on (`inPlace`) or off: off, every candidate goes
 * through its scheme's full parser as a string. The differential test compares the two.
 * @internal
 */
export declare function scanText(text: string, options: FindUrlsOptions | undefined, inPlace: boolean, onMatch?: (match: Match) => void): Match[];
