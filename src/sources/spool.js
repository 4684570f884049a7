/**
 * News spool trees: a directory per newsgroup (`comp/lang/c/` or `comp.lang.c/`),
 * holding one article per file, named by its article number (the traditional spool
 * of B News, C News and INN's tradspool). Articles are read in number order.
 */
/** True for a file name that is an article number. */
export function isArticleName(name) {
    return /^\d{1,12}$/.test(name);
}
/** Orders directory entries: article numbers by value and before other names, other names by code point. */
export function compareEntryNames(a, b) {
    const aNumber = isArticleName(a);
    const bNumber = isArticleName(b);
    if (aNumber && bNumber)
        return Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
    if (aNumber !== bNumber)
        return aNumber ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
}
//# sourceMappingURL=spool.js.map