/**
 * `urlsift/remark`: a unified transformer that links the URLs urlsift finds in mdast
 * text, wrappers broken across lines included (RFC 1738 Appendix).
 *
 * Adjacent phrasing nodes that carry plain text (text, hard breaks, and the links that
 * CommonMark autolinks and GFM autolink literals made from the text) form a run. Each
 * run is scanned as one string, so `<URL:http://a.example/b/` + newline + `c.html>`
 * is read whole even where GFM linked `http://a.example/b/` on its own. Scanner
 * offsets map back to the source through an alignment of each text node's value with
 * its source slice, which gives the new nodes their positions.
 */
import type { Root } from 'mdast';
import type { Plugin } from 'unified';
import type { LinkifyTextOptions } from './linkify-text.js';
/** Options for the remark plugin; the same as {@link LinkifyTextOptions}. */
export type RemarkUrlsiftOptions = LinkifyTextOptions;
/**
 * The remark plugin: `unified().use(remarkParse).use(remarkUrlsift, options)`.
 *
 * Text outside links, link references, code, inline code and HTML becomes text and
 * link nodes, one link per URL; links that CommonMark made from `<URL:...>` get the
 * real URL (or become text again when that URL may not be linked). Ambiguous hyphen
 * breaks, unterminated wrappers and refused wrapped candidates become vfile messages
 * with `source` `urlsift` and the note or reason code as `ruleId`.
 *
 * New nodes get positions when the file's source is available (as it is in
 * `process`); a tree run without its file gets links without positions.
 */
declare const remarkUrlsift: Plugin<[(RemarkUrlsiftOptions | null | undefined)?], Root>;
export default remarkUrlsift;
