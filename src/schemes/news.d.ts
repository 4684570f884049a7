import { type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';
/** RFC 5538 §3: `article-number = 1*16DIGIT` (RFC 3977 §6 article numbers fit 63 bits). */
export declare const MAX_ARTICLE_NUMBER_DIGITS = 16;
/**
 * Parses a `news:` URL: `*`, a newsgroup (`group`) or a message-id (`article`, told
 * apart by its `@`, RFC 1738 §3.6). Strict: RFC 1738 §5 `newsurl = "news:" grouppart`.
 * Lenient: RFC 5538 §4 `newsURL = "news:" [ server "/" ] ( article / newsgroups )`, with
 * wildcards, an optional server (its `host` and `port`) and a query.
 */
export declare function parseNews(url: string, options: SchemeParseOptions): Parsed | Rejection;
/**
 * Parses an `nntp:` URL: `group` and, when present, `article` (the article number).
 * Strict: RFC 1738 §5 `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.
 * Lenient: RFC 5538 §3 `nntpURL = "nntp:" server "/" group [ "/" article-number ]`, with
 * an RFC 3986 authority, percent-encoded group characters and a query.
 */
export declare function parseNntp(url: string, options: SchemeParseOptions): Parsed | Rejection;
