import type { Match, Position } from './scan/match.js';
import type { SchemeRegistry } from './schemes/registry.js';
/** What to do with a hyphen at a line break inside a wrapper (RFC 1738 Appendix). */
export type HyphenPolicy = 'keep' | 'drop';
/** Options for {@link linkifyText} and the remark plugin. */
export interface LinkifyTextOptions {
    /**
     * Schemes that may become links, in any case (default {@link DEFAULT_LINK_SCHEMES}).
     * `javascript`, `data` and `vbscript` never become links, whatever this says.
     */
    schemes?: readonly string[];
    /** Link bare e-mail addresses as `mailto:` (default `false`; needs `mailto` in `schemes`). */
    emails?: boolean;
    /** Link `www.` and `ftp.` hosts without a scheme as `http://` / `ftp://` (default `true`). */
    schemeless?: boolean;
    /** Link bare domains with a known top-level domain and IPv4 literals with a path or port (default `false`). */
    fuzzy?: boolean;
    /**
     * For a line break right after `-` inside a wrapper, which reading to link:
     * `keep` the hyphen (default, as the Appendix advises) or `drop` it.
     */
    hyphen?: HyphenPolicy;
    /**
     * The scheme registry the scanner reads with (default: urlsift's). A scheme it adds
     * is still linked only when `schemes` allows it, and never when it is a code scheme.
     */
    registry?: SchemeRegistry;
}
/**
 * The schemes linked by default: RFC 1738 §3's network schemes a mail reader can hand
 * to a browser or client (`file` and `prospero` are left out: a local path from
 * someone else's mail is not a safe link).
 */
export declare const DEFAULT_LINK_SCHEMES: readonly string[];
/** Schemes that run code or carry inline content in a browser: never linked. */
export declare const NEVER_LINKED_SCHEMES: readonly string[];
/** A match that may become a link, with the address to link to. */
export interface LinkDecision {
    match: Match;
    /** The URL to put in `href`: the match's `url`, or another reading by the hyphen policy. */
    href: string;
}
/** A located problem worth telling the writer about; `ruleId` is a kebab-case code. */
export interface LinkProblem {
    ruleId: string;
    message: string;
    /** Where, in the scanned text's coordinates. */
    position: Position;
}
/** The options with defaults filled in and checked. */
export interface LinkPolicy {
    allowed: ReadonlySet<string>;
    emails: boolean;
    schemeless: boolean;
    fuzzy: boolean;
    hyphen: HyphenPolicy;
    registry: SchemeRegistry | undefined;
}
/**
 * Checks `options` and fills in defaults. Only misuse throws: a wrong type for an
 * option is a programming error, never a property of the text.
 */
export declare function resolveLinkPolicy(options: LinkifyTextOptions | null | undefined, caller: string): LinkPolicy;
/**
 * The scheme of `url` as a browser would read it, or `undefined` when `url` does not
 * start with one. Browsers drop tabs and line breaks anywhere in a URL before
 * reading its scheme (WHATWG URL), so `java\nscript:` is `javascript:`; any control
 * character or space in the URL refuses it outright.
 */
export declare function readHrefScheme(url: string): string | undefined;
/** True when `url` may be an `href` under `policy`: its scheme is allowed and never a code scheme. */
export declare function isAllowedHref(url: string, policy: LinkPolicy): boolean;
/**
 * Scans `text` and decides which matches become links. Problems (ambiguous hyphens,
 * unterminated wrappers, refused wrapped candidates, wrapped URLs whose scheme is not
 * allowed) go to `onProblem`, located in `text`. Linear in `text.length`.
 */
export declare function findLinks(text: string, policy: LinkPolicy, onProblem?: (problem: LinkProblem) => void): LinkDecision[];
/** HTML-escapes text for an element's content or a double-quoted attribute value. */
export declare function escapeHtml(text: string): string;
/**
 * Safe HTML for showing plain-text mail: every character of `text` escaped, and each
 * URL urlsift finds wrapped in `<a href="...">` (the job of Thunderbird's
 * text-to-HTML converter). The anchor covers the URL exactly as written, wrapper and
 * line breaks included, so the shown text is `text` unchanged; `href` holds the URL
 * with the whitespace removed. Show the result in an element with
 * `white-space: pre-wrap` (or inside `<pre>`) to keep the mail's lines.
 *
 * @example
 * linkifyText('See <URL:http://a.example/b-\n  c.html>')
 * // 'See <a href="http://a.example/b-c.html">&lt;URL:http://a.example/b-\n  c.html&gt;</a>'
 */
export declare function linkifyText(text: string, options?: LinkifyTextOptions): string;
