/**
 * Reading `text/html` parts: the URLs of `href` and `src` attributes, and the text a
 * reader sees, with a map back to the HTML. A small linear tokenizer in the manner
 * of the HTML Standard's tokenization (§13.2.5), not a tree builder: text, tags,
 * comments (whose text is read: mail hides plain-text links there), and the raw text of
 * `script` and `style`, which is skipped.
 */
import { decodeAttributeValue, decodeCharacterReference, decodeNumericReference } from './mime.js';
import { buildOffsetMap } from './raw-position.js';
/**
 * `href` or `src` when `html[from, to)` names one of these attributes (any case), whose
 * value is a URL to report (HTML Standard: `a`, `area`, `link` `href`; `img`, `iframe`,
 * `script`... `src`); undefined otherwise. Compares in place: most attributes are neither.
 */
function isUrlAttribute(html, from, to) {
    const lower = (at) => html.charCodeAt(at) | 0x20;
    if (to - from === 4 && lower(from) === 0x68 && lower(from + 1) === 0x72 && lower(from + 2) === 0x65 && lower(from + 3) === 0x66)
        return 'href';
    if (to - from === 3 && lower(from) === 0x73 && lower(from + 1) === 0x72 && lower(from + 2) === 0x63)
        return 'src';
    return undefined;
}
/**
 * An attribute value longer than this is not reported: it is a `data:` URI holding
 * an image, not a link anyone reads, and copying it would cost memory per match.
 */
export const MAX_ATTRIBUTE_URL_LENGTH = 8192;
/**
 * The longest named character reference is 32 characters with `&` and `;`
 * (`&CounterClockwiseContourIntegral;`); a numeric one longer than this is garbage.
 */
const MAX_REFERENCE_LENGTH = 40;
/**
 * The decoded text of a run of character references is gathered in a buffer this long, and
 * cut into a string when the run ends or the buffer fills: it is handed to
 * `String.fromCharCode` as arguments, so it stays well under the engine's limit on their
 * number, and it is one allocation for the whole process.
 */
const RUN_BUFFER_UNITS = 4096;
const RUN_UNITS = new Uint16Array(RUN_BUFFER_UNITS);
/** Elements whose start and end read as a line break, so that text on either side does not run together. */
const BLOCK_ELEMENTS = new Set([
    'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
    'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre',
    'section', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'ul', 'body', 'html', 'head', 'title',
]);
/** Elements whose start and end read as a space: table cells, images, links. */
const SPACED_ELEMENTS = new Set(['td', 'th', 'img', 'a']);
/** The end tags that close the raw text elements, whose content is not shown (HTML Standard §13.1.2). */
const RAW_TEXT_END = { script: /<\/script[\s/>]/gi, style: /<\/style[\s/>]/gi };
/**
 * The elements above by name length and first letter, so that a tag is classified by
 * comparing a few characters in place instead of building and hashing its name.
 */
const TAGS_BY_SHAPE = new Map();
for (const [names, kind] of [
    [BLOCK_ELEMENTS, 1 /* TagKind.Block */],
    [SPACED_ELEMENTS, 2 /* TagKind.Spaced */],
    [new Set(['script']), 3 /* TagKind.Script */],
    [new Set(['style']), 4 /* TagKind.Style */],
]) {
    for (const name of names) {
        const shape = name.length * 256 + name.charCodeAt(0);
        const list = TAGS_BY_SHAPE.get(shape) ?? [];
        list.push([name, kind]);
        TAGS_BY_SHAPE.set(shape, list);
    }
}
/** The kind of the element named `html[from, to)`, in any case. */
function classifyTag(html, from, to) {
    const candidates = TAGS_BY_SHAPE.get((to - from) * 256 + (html.charCodeAt(from) | 0x20));
    if (!candidates)
        return 0 /* TagKind.Inline */;
    outer: for (const [name, kind] of candidates) {
        for (let i = 1; i < name.length; i++) {
            const code = html.charCodeAt(from + i);
            // Lower-case ASCII letters only; digits (h1..h6) compare as they are.
            if ((code >= 0x41 && code <= 0x5a ? code | 0x20 : code) !== name.charCodeAt(i))
                continue outer;
        }
        return kind;
    }
    return 0 /* TagKind.Inline */;
}
const isNameChar = (code) => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x3a || code === 0x5f;
const isSpace = (code) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c;
/** Reads the text and URL-bearing attributes of `html`. Linear in its length. */
export function readHtml(html) {
    const pieces = [];
    const map = buildOffsetMap(0);
    const attributes = [];
    let pos = 0;
    // The next `&` at or after a position, found once: searching afresh for every text run
    // would read to the end of a document without one, again and again.
    let nextAmp = -1;
    const emitText = (from, to) => {
        let i = from;
        while (i < to) {
            if (nextAmp < i) {
                nextAmp = html.indexOf('&', i);
                if (nextAmp < 0)
                    nextAmp = html.length;
            }
            const amp = Math.min(nextAmp, to);
            if (amp > i) {
                pieces.push(html.slice(i, amp));
                map.take(amp - i, amp - i);
            }
            if (amp >= to)
                return;
            // References back to back (`&amp;&lt;...`) become one piece of text, gathered as
            // UTF-16 code units: a string each was most of the cost of a document of 100,000.
            let units = 0;
            i = amp;
            while (i < to && html.charCodeAt(i) === 0x26) {
                // Room for the next reference's text, which is never longer than the reference.
                if (units > RUN_BUFFER_UNITS - 2 * MAX_REFERENCE_LENGTH) {
                    pieces.push(String.fromCharCode.apply(null, RUN_UNITS.subarray(0, units)));
                    units = 0;
                }
                const end = referenceEnd(html, i, to);
                const decoded = end > i + 1 ? decodeReferenceAt(html, i, end) : undefined;
                if (decoded !== undefined) {
                    // A no-break space ends a URL the way the space it renders as does.
                    for (let k = 0; k < decoded.length; k++) {
                        const unit = decoded.charCodeAt(k);
                        RUN_UNITS[units++] = unit === 0xa0 ? 0x20 : unit;
                    }
                    map.take(decoded.length, end - i);
                    i = end;
                }
                else {
                    RUN_UNITS[units++] = 0x26;
                    map.take(1, 1);
                    i++;
                }
            }
            pieces.push(units === 1 ? String.fromCharCode(RUN_UNITS[0]) : String.fromCharCode.apply(null, RUN_UNITS.subarray(0, units)));
        }
    };
    const emitBoundary = (text, from, to) => {
        pieces.push(text);
        map.take(text.length, to - from);
    };
    while (pos < html.length) {
        let lt = html.indexOf('<', pos);
        if (lt < 0)
            lt = html.length;
        emitText(pos, lt);
        if (lt >= html.length)
            break;
        const next = html.charCodeAt(lt + 1);
        if (html.startsWith('<!--', lt)) {
            const close = html.indexOf('-->', lt + 4);
            const end = close < 0 ? html.length : close + 3;
            if (close < 0 || html.startsWith('[if', lt + 4)) {
                // Unclosed, or an Outlook conditional comment (markup for one client): dropped.
                map.take(0, end - lt);
            }
            else {
                // Some mail hides a plain-text link inside a comment: its text is read, set apart
                // from the text around it as a block is.
                emitBoundary('\n', lt, lt + 4);
                emitText(lt + 4, close);
                emitBoundary('\n', close, end);
            }
            pos = end;
        }
        else if (next === 0x21 || next === 0x3f) {
            // <!DOCTYPE ...>, <![CDATA[...]]> outside foreign content, <?...>: bogus comments.
            const close = html.indexOf('>', lt);
            const end = close < 0 ? html.length : close + 1;
            map.take(0, end - lt);
            pos = end;
        }
        else if (next === 0x2f || isNameChar(next)) {
            const tag = readTag(html, lt, attributes);
            if (tag.end < 0) {
                map.take(0, html.length - lt);
                break;
            }
            if (tag.kind === 1 /* TagKind.Block */)
                emitBoundary('\n', lt, tag.end);
            else if (tag.kind === 2 /* TagKind.Spaced */)
                emitBoundary(' ', lt, tag.end);
            else
                map.take(0, tag.end - lt);
            pos = tag.end;
            if (!tag.closing && (tag.kind === 3 /* TagKind.Script */ || tag.kind === 4 /* TagKind.Style */)) {
                const closing = tag.kind === 3 /* TagKind.Script */ ? RAW_TEXT_END.script : RAW_TEXT_END.style;
                closing.lastIndex = pos;
                const found = closing.exec(html);
                const end = found ? found.index : html.length;
                map.take(0, end - pos);
                pos = end;
            }
        }
        else {
            pieces.push('<');
            map.take(1, 1);
            pos = lt + 1;
        }
    }
    return { text: pieces.join(''), map: map.finish(), attributes };
}
/**
 * The text of the character reference `html[amp, end)`, or `undefined` when it decodes to
 * itself (it is no reference). The common ones and numeric ones are read in place, without
 * cutting the reference out of the document.
 */
function decodeReferenceAt(html, amp, end) {
    const first = html.charCodeAt(amp + 1);
    if (first === 0x23) {
        const numeric = decodeNumericReference(html, amp, end);
        if (numeric !== undefined)
            return numeric;
    }
    else if (html.charCodeAt(end - 1) === 0x3b) {
        // `&amp;`, `&lt;`, `&gt;`: what escaped text is made of.
        if (end - amp === 5 && first === 0x61 && html.charCodeAt(amp + 2) === 0x6d && html.charCodeAt(amp + 3) === 0x70)
            return '&';
        if (end - amp === 4 && html.charCodeAt(amp + 2) === 0x74) {
            if (first === 0x6c)
                return '<';
            if (first === 0x67)
                return '>';
        }
    }
    const reference = html.slice(amp, end);
    const decoded = decodeCharacterReference(reference, false);
    return decoded === reference ? undefined : decoded;
}
/** The end of a character reference starting at `amp`, or `amp + 1` when there is none. */
function referenceEnd(html, amp, limit) {
    let i = amp + 1;
    const max = Math.min(limit, amp + MAX_REFERENCE_LENGTH);
    if (html.charCodeAt(i) === 0x23)
        i++;
    const nameStart = i;
    while (i < max) {
        const code = html.charCodeAt(i);
        if (!((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39)))
            break;
        i++;
    }
    if (i === nameStart)
        return amp + 1;
    return i < limit && html.charCodeAt(i) === 0x3b ? i + 1 : i;
}
/** Reads the tag at `lt` (`<name ...>` or `</name ...>`), collecting URL attributes; `end` is -1 when unterminated. */
function readTag(html, lt, attributes) {
    let i = lt + 1;
    const closing = html.charCodeAt(i) === 0x2f;
    if (closing)
        i++;
    const nameStart = i;
    while (i < html.length && isNameChar(html.charCodeAt(i)))
        i++;
    const kind = i > nameStart ? classifyTag(html, nameStart, i) : 0 /* TagKind.Inline */;
    while (i < html.length) {
        const code = html.charCodeAt(i);
        if (code === 0x3e)
            return { kind, closing, end: i + 1 };
        if (isSpace(code) || code === 0x2f) {
            i++;
            continue;
        }
        // Attribute name (§13.2.5.33): up to white space, `/`, `>` or `=`.
        const attrStart = i;
        while (i < html.length) {
            const c = html.charCodeAt(i);
            if (isSpace(c) || c === 0x2f || c === 0x3e || (c === 0x3d && i > attrStart))
                break;
            i++;
        }
        const wanted = isUrlAttribute(html, attrStart, i);
        while (i < html.length && isSpace(html.charCodeAt(i)))
            i++;
        if (html.charCodeAt(i) !== 0x3d)
            continue;
        i++;
        while (i < html.length && isSpace(html.charCodeAt(i)))
            i++;
        let valueStart;
        let valueEnd;
        const quote = html.charCodeAt(i);
        if (quote === 0x22 || quote === 0x27) {
            valueStart = i + 1;
            valueEnd = html.indexOf(quote === 0x22 ? '"' : "'", valueStart);
            if (valueEnd < 0)
                return { kind, closing, end: -1 };
            i = valueEnd + 1;
        }
        else {
            valueStart = i;
            while (i < html.length && !isSpace(html.charCodeAt(i)) && html.charCodeAt(i) !== 0x3e)
                i++;
            valueEnd = i;
        }
        if (!closing && wanted && valueEnd - valueStart <= MAX_ATTRIBUTE_URL_LENGTH) {
            const value = decodeAttributeValue(html.slice(valueStart, valueEnd));
            attributes.push({ name: wanted, value, start: valueStart, end: valueEnd });
        }
    }
    return { kind, closing, end: -1 };
}
//# sourceMappingURL=html.js.map