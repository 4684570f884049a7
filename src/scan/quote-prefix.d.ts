/**
 * A prefix longer than this is not a quote prefix (deep quoting plus initials stays far
 * below it); the bound keeps the look at each line start constant-time.
 */
export declare const MAX_QUOTE_PREFIX_LENGTH = 40;
/**
 * The quote marks (whitespace removed, e.g. `>>` or `C>>`) at the start of the line that
 * begins at `lineStart`, looking no further than `limit`. Empty when the line is not quoted.
 */
export declare function quoteSignature(text: string, lineStart: number, limit: number): string;
/**
 * Where the content of a continuation line starts once `signature` is skipped: the
 * line starts at `lineStart`; marks must come in the same order, whitespace between
 * them is free. Returns -1 when the line does not start with that signature.
 */
export declare function skipQuotePrefix(text: string, lineStart: number, signature: string): number;
