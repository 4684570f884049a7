/**
 * urlsift's browser-safe core: finding, checking, normalising and linking URLs in a
 * string. Nothing here (or below it) imports from `node:`, so it bundles for any
 * JavaScript runtime. Bundlers that ask for the `browser` condition get this module
 * from `urlsift`; `urlsift/core` names it explicitly. The main entry on Node re-exports
 * it with the sources (files, mailboxes, news spools).
 */
export { findUrls } from './scan/find-urls.js';
export { parseUrl, createRegistry, defaultRegistry, lookupScheme } from './schemes/registry.js';
export { isRejection } from './schemes/parsed.js';
export { normalizeUrl } from './schemes/normalize.js';
export { parseGeneric } from './schemes/generic.js';
export { linkifyText } from './linkify-text.js';
//# sourceMappingURL=core.js.map