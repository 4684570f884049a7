/**
 * News spool trees: a directory per newsgroup (`comp/lang/c/` or `comp.lang.c/`),
 * holding one article per file, named by its article number (the traditional spool
 * of B News, C News and INN's tradspool). Articles are read in number order.
 */
/** True for a file name that is an article number. */
export declare function isArticleName(name: string): boolean;
/** Orders directory entries: article numbers by value and before other names, other names by code point. */
export declare function compareEntryNames(a: string, b: string): number;
