/**
 * Which found URLs become links, and safe HTML for showing plain-text mail.
 *
 * `findUrls` reports every URL it can read; a renderer must be pickier. The link
 * policy here decides, for each match, whether it may become a link (the scheme
 * allowlist, the schemes never linked, the hyphen policy) and is shared by
 * {@link linkifyText} and the remark plugin (`urlsift/remark`).
 */
import { findUrls } from './scan/find-urls.js';
import { readSchemeName } from './schemes/components.js';
/**
 * The schemes linked by default: RFC 1738 §3's network schemes a mail reader can hand
 * to a browser or client (`file` and `prospero` are left out: a local path from
 * someone else's mail is not a safe link).
 */
export const DEFAULT_LINK_SCHEMES = Object.freeze([
    'http',
    'https',
    'ftp',
    'mailto',
    'news',
    'nntp',
    'gopher',
    'telnet',
    'wais',
]);
/** Schemes that run code or carry inline content in a browser: never linked. */
export const NEVER_LINKED_SCHEMES = Object.freeze(['javascript', 'data', 'vbscript']);
/** Contexts in which the writer clearly meant a URL, so a refusal deserves a message. */
const WRAPPED_CONTEXTS = new Set(['wrapper', 'angle', 'prefix']);
/** Match notes reported as problems (besides rejections). */
const REPORTED_NOTES = new Set(['hyphen-break', 'unterminated-wrapper']);
/**
 * Checks `options` and fills in defaults. Only misuse throws: a wrong type for an
 * option is a programming error, never a property of the text.
 */
export function resolveLinkPolicy(options, caller) {
    const given = options ?? {};
    if (typeof given !== 'object')
        throw new TypeError(`${caller}: options must be an object, got ${typeof given}`);
    const schemes = given.schemes ?? DEFAULT_LINK_SCHEMES;
    if (!Array.isArray(schemes) || !schemes.every((name) => typeof name === 'string')) {
        throw new TypeError(`${caller}: options.schemes must be an array of scheme names`);
    }
    const hyphen = given.hyphen ?? 'keep';
    if (hyphen !== 'keep' && hyphen !== 'drop') {
        throw new TypeError(`${caller}: options.hyphen must be "keep" or "drop", got ${JSON.stringify(hyphen)}`);
    }
    const allowed = new Set();
    for (const name of schemes) {
        const lower = name.toLowerCase();
        if (!NEVER_LINKED_SCHEMES.includes(lower))
            allowed.add(lower);
    }
    const registry = given.registry;
    if (registry !== undefined && (registry === null || typeof registry !== 'object')) {
        throw new TypeError(`${caller}: options.registry must be a scheme registry (see createRegistry)`);
    }
    const fuzzy = given.fuzzy ?? false;
    if (typeof fuzzy !== 'boolean')
        throw new TypeError(`${caller}: options.fuzzy must be a boolean, got ${typeof fuzzy}`);
    return { allowed, emails: given.emails ?? false, schemeless: given.schemeless ?? true, fuzzy, hyphen, registry };
}
/**
 * The scheme of `url` as a browser would read it, or `undefined` when `url` does not
 * start with one. Browsers drop tabs and line breaks anywhere in a URL before
 * reading its scheme (WHATWG URL), so `java\nscript:` is `javascript:`; any control
 * character or space in the URL refuses it outright.
 */
export function readHrefScheme(url) {
    for (let i = 0; i < url.length; i++) {
        const code = url.charCodeAt(i);
        if (code <= 0x20 || code === 0x7f)
            return undefined;
    }
    // RFC 3986 §3.1, of any length: an href is refused or allowed by its whole scheme.
    return readSchemeName(url, Infinity)?.toLowerCase();
}
/** True when `url` may be an `href` under `policy`: its scheme is allowed and never a code scheme. */
export function isAllowedHref(url, policy) {
    const scheme = readHrefScheme(url);
    return scheme !== undefined && !NEVER_LINKED_SCHEMES.includes(scheme) && policy.allowed.has(scheme);
}
/**
 * The reading of a hyphen-broken URL to link. `drop` takes the shortest alternative:
 * the one without every hyphen that stood at a line break.
 */
function chooseReading(match, hyphen) {
    if (hyphen === 'keep' || !match.notes.includes('hyphen-break'))
        return match.url;
    let chosen = match.url;
    for (const alternative of match.alternatives)
        if (alternative.length < chosen.length)
            chosen = alternative;
    return chosen;
}
function describeNote(note, match, href) {
    if (note === 'hyphen-break') {
        const others = [match.url, ...match.alternatives].filter((reading) => reading !== href);
        const also = others.length > 0 ? `; also readable as ${others.map((r) => `\`${r}\``).join(', ')}` : '';
        return `Ambiguous hyphen at a line break: linked \`${href}\`${also} (RFC 1738 Appendix)`;
    }
    return `Wrapper without a closing \`>\`: read \`${match.url}\` as bare text`;
}
/**
 * Scans `text` and decides which matches become links. Problems (ambiguous hyphens,
 * unterminated wrappers, refused wrapped candidates, wrapped URLs whose scheme is not
 * allowed) go to `onProblem`, located in `text`. Linear in `text.length`.
 */
export function findLinks(text, policy, onProblem) {
    const report = onProblem ?? (() => undefined);
    const matches = findUrls(text, {
        emails: policy.emails,
        schemeless: policy.schemeless,
        fuzzy: policy.fuzzy,
        // A scheme the renderer allows is one it wants linked, bare labels included.
        bareSchemes: [...policy.allowed],
        ...(policy.registry ? { registry: policy.registry } : {}),
        onReject: (rejected) => {
            if (!WRAPPED_CONTEXTS.has(rejected.context))
                return;
            report({
                ruleId: rejected.reason,
                message: `Not linked: \`${rejected.candidate}\`: ${rejected.detail ?? rejected.reason}`,
                position: rejected.position,
            });
        },
    });
    const decisions = [];
    let end = -1;
    for (const match of matches) {
        // The scanner reports matches in text order without overlap; hold to it here too,
        // since a link inside a link is never valid output.
        if (match.position.start.offset < end)
            continue;
        const href = chooseReading(match, policy.hyphen);
        for (const note of match.notes) {
            if (REPORTED_NOTES.has(note))
                report({ ruleId: note, message: describeNote(note, match, href), position: match.position });
        }
        if (!isAllowedHref(href, policy)) {
            if (WRAPPED_CONTEXTS.has(match.context)) {
                report({
                    ruleId: 'scheme-not-allowed',
                    message: `Not linked: the scheme of \`${href}\` is not in the allowlist`,
                    position: match.position,
                });
            }
            continue;
        }
        decisions.push({ match, href });
        end = match.position.end.offset;
    }
    return decisions;
}
/** HTML-escapes text for an element's content or a double-quoted attribute value. */
export function escapeHtml(text) {
    let out = '';
    let from = 0;
    for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        let entity;
        if (code === 0x26)
            entity = '&amp;';
        else if (code === 0x3c)
            entity = '&lt;';
        else if (code === 0x3e)
            entity = '&gt;';
        else if (code === 0x22)
            entity = '&quot;';
        else if (code === 0x27)
            entity = '&#39;';
        if (entity === undefined)
            continue;
        out += text.slice(from, i) + entity;
        from = i + 1;
    }
    return out + text.slice(from);
}
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
export function linkifyText(text, options) {
    if (typeof text !== 'string')
        throw new TypeError(`linkifyText: text must be a string, got ${typeof text}`);
    const policy = resolveLinkPolicy(options, 'linkifyText');
    let html = '';
    let from = 0;
    for (const { match, href } of findLinks(text, policy)) {
        const { start, end } = match.position;
        html += escapeHtml(text.slice(from, start.offset));
        html += `<a href="${escapeHtml(href)}">${escapeHtml(text.slice(start.offset, end.offset))}</a>`;
        from = end.offset;
    }
    return html + escapeHtml(text.slice(from));
}
//# sourceMappingURL=linkify-text.js.map