/**
 * One message (RFC 5322) or news article (RFC 5536) into documents to scan: the
 * URL-bearing header fields, then every text part of its MIME structure (RFC 2045,
 * RFC 2046), decoded, with the way back to the raw bytes.
 *
 * The common case costs little: a single-part 7bit or 8bit `text/plain` body is
 * decoded straight from the message bytes. Only what needs it goes further:
 * multipart bodies are split on bytes, quoted-printable and base64 are decoded,
 * charsets go through `mime.ts`, flowed text is unwrapped, HTML is read for its
 * text and links. Parts that are not text are never decoded.
 */
import { readHtml } from './html.js';
import { decodeWords } from './encoded-word.js';
import { decodeText, parseContentType } from './mime.js';
import { splitMultipart } from './multipart.js';
import { removeNoise } from './noise.js';
import { unwrapFlowed } from './flowed.js';
import { fieldValue, findField, parseHeader } from './header.js';
import { decodeQuotedPrintable } from './quoted-printable.js';
import { composeMaps, constantMap, locateInFrame, } from './raw-position.js';
import { scanError } from './origin.js';
/**
 * Header fields whose value is or holds URLs: RFC 2369 (List-*), RFC 5064
 * (Archived-At), RFC 2110 (Content-Base), RFC 2557 (Content-Location), RFC 8288
 * (Link), and the informal X-URL family. Message-ID, References and In-Reply-To are
 * deliberately absent: their `<id@host>` values are not URLs.
 */
export const URL_HEADER_FIELDS = new Set([
    'list-archive',
    'list-help',
    'list-owner',
    'list-post',
    'list-subscribe',
    'list-unsubscribe',
    'archived-at',
    'x-archived-at',
    'x-url',
    'x-homepage',
    'link',
    'content-base',
    'content-location',
]);
/**
 * Multipart and message/rfc822 nesting deeper than this is not mail a person sent;
 * the limit keeps crafted input from exhausting the stack.
 */
export const MAX_MIME_DEPTH = 32;
const isWhite = (code) => code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0a;
/** Produces the documents and error records of one message, in file order. */
export function* readMessage(message, place, options = {}) {
    const { bytes, start } = message;
    options.onMessage?.({ file: place.file, input: place.input, message: place.index, offset: message.frame.offset, length: message.frame.raw.length });
    const locate = locateInFrame(message.frame);
    const section = parseHeader(bytes, start, bytes.length);
    const origin = { input: place.input, message: place.index, messageOffset: message.frame.offset };
    if (place.file !== undefined)
        origin.file = place.file;
    const messageId = findField(section, 'message-id');
    if (messageId)
        origin.messageId = fieldValue(bytes, messageId);
    const newsgroups = findField(section, 'newsgroups');
    if (newsgroups) {
        origin.newsgroups = fieldValue(bytes, newsgroups)
            .split(',')
            .map((group) => group.trim())
            .filter((group) => group !== '');
    }
    const walk = { message, place, origin, headers: options.headers ?? true, cut: options.cut ?? false, locate };
    const nul = indexOfNul(bytes, start);
    if (nul >= 0) {
        yield fail(walk, 'nul-bytes', `the message contains NUL bytes (the first at byte ${frameOffset(walk, { bytes, exact: true }, nul)}); they are read as text`, undefined, nul);
    }
    // One generator for the whole message: the walk below reads one entity at a time into
    // `out` and yields what it gave, so that a document costs one step, not one per level of
    // nested generators (bench row "multipart, many parts": 20,000 parts in one message).
    const out = [];
    const multiparts = [];
    readEntity(walk, { bytes, exact: true }, section, bytes.length, '', true, 'text/plain', 0, out, multiparts);
    while (true) {
        for (let i = 0; i < out.length; i++)
            yield out[i];
        out.length = 0;
        const multipart = multiparts[multiparts.length - 1];
        if (multipart === undefined)
            return;
        const { split, space } = multipart;
        if (multipart.next < split.parts.length) {
            // Its next body part, read only now: the parts of a large multipart are never all held as documents.
            const span = split.parts[multipart.next++];
            const childPath = multipart.path === '' ? `${multipart.next}` : `${multipart.path}.${multipart.next}`;
            const childSection = parseHeader(space.bytes, span.start, span.end);
            readEntity(walk, space, childSection, span.end, childPath, false, multipart.childDefault, multipart.depth + 1, out, multiparts);
        }
        else {
            multiparts.pop();
            if (!split.closed && !walk.cut) {
                out.push(fail(walk, 'truncated-multipart', `${multipart.mediaType} ends without its closing boundary "--${multipart.boundary}--"`, multipart.leafPath, multipart.end, space));
            }
        }
    }
}
/** A message this short is searched for NUL byte by byte (a native call costs more). */
const SHORT_MESSAGE_BYTES = 256;
function indexOfNul(bytes, from) {
    if (bytes.length - from > SHORT_MESSAGE_BYTES)
        return bytes.indexOf(0, from);
    for (let i = from; i < bytes.length; i++)
        if (bytes[i] === 0)
            return i;
    return -1;
}
/** Offset in the raw input of offset `at` in `space`. */
function frameOffset(walk, space, at) {
    return walk.locate(toFrame(walk, space, at, false)).offset;
}
function toFrame(walk, space, at, isEnd) {
    let offset = at;
    if (space.toMessage)
        offset = isEnd ? space.toMessage.end(offset) : space.toMessage.start(offset);
    if (walk.message.toFrame)
        offset = isEnd ? walk.message.toFrame.end(offset) : walk.message.toFrame.start(offset);
    return offset;
}
function fail(walk, reason, detail, part, at, space) {
    const where = walk.place.file === undefined ? '' : `${walk.place.file}: `;
    return scanError(reason, `${where}message ${walk.place.index}${part ? `, part ${part}` : ''}: ${detail}`, {
        file: walk.place.file,
        input: walk.place.input,
        message: walk.place.index,
        messageOffset: walk.message.frame.offset,
        part,
        offset: at === undefined ? undefined : walk.locate(toFrame(walk, space ?? { bytes: walk.message.bytes, exact: true }, at, false)).offset,
    });
}
/**
 * Reads one entity (a message, or a body part) into `out`: its URL-bearing header fields,
 * then its body. The body parts of a multipart are left to {@link readMessage}'s walk, on
 * `multiparts`. `root` is true for a message, whose single-part body is part `1` (or
 * `path.1` inside a message/rfc822 part, RFC 3501 §6.4.5).
 */
function readEntity(walk, space, section, end, path, root, defaultType, depth, out, multiparts) {
    // A message's header fields, and a body part's own (Content-Location, Content-Base).
    if (walk.headers) {
        for (const field of section.fields) {
            if (URL_HEADER_FIELDS.has(field.key))
                out.push(headerDocument(walk, space, field, path));
        }
    }
    const typeField = findField(section, 'content-type');
    const declared = typeField ? contentTypeOf(space.bytes, typeField) : undefined;
    const type = declared ?? { mediaType: defaultType, params: {} };
    const bodyStart = Math.min(section.bodyStart, end);
    const leafPath = root ? (path === '' ? '1' : `${path}.1`) : path;
    if (depth >= MAX_MIME_DEPTH) {
        out.push(fail(walk, 'mime-too-deep', `MIME nesting deeper than ${MAX_MIME_DEPTH} levels is not read`, leafPath, bodyStart, space));
        return;
    }
    if (type.mediaType.startsWith('multipart/')) {
        const boundary = type.params.boundary;
        if (!boundary) {
            out.push(fail(walk, 'missing-boundary', `${type.mediaType} has no boundary parameter; the body is read as plain text`, leafPath, bodyStart, space));
            readLeaf(walk, space, section, bodyStart, end, leafPath, { mediaType: 'text/plain', params: {} }, out);
            return;
        }
        const split = splitMultipart(space.bytes, bodyStart, end, boundary);
        if (split.parts.length === 0) {
            out.push(fail(walk, 'no-body-parts', `the boundary "${boundary}" of ${type.mediaType} never occurs; the body is read as plain text`, leafPath, bodyStart, space));
            readLeaf(walk, space, section, bodyStart, end, leafPath, { mediaType: 'text/plain', params: {} }, out);
            return;
        }
        const childDefault = type.mediaType === 'multipart/digest' ? 'message/rfc822' : 'text/plain';
        multiparts.push({ space, split, next: 0, path, leafPath, mediaType: type.mediaType, boundary, childDefault, depth, end });
        return;
    }
    if (type.mediaType === 'message/rfc822' || type.mediaType === 'message/global' || type.mediaType === 'message/news') {
        const encoding = transferEncoding(space.bytes, section);
        let inner = space;
        let innerStart = bodyStart;
        let innerEnd = end;
        if (encoding === 'base64' || encoding === 'quoted-printable') {
            const decoded = decodeTransfer(space.bytes, bodyStart, end, encoding);
            inner = {
                bytes: decoded.bytes,
                toMessage: space.toMessage ? composeMaps(decoded.map, space.toMessage) : decoded.map,
                exact: space.exact && decoded.exact,
            };
            innerStart = 0;
            innerEnd = decoded.bytes.length;
        }
        // The attached message is read like the message itself: its header fields under
        // this part's number, its body as `<part>.1` or `<part>.<n>`.
        const innerSection = parseHeader(inner.bytes, innerStart, innerEnd);
        readEntity(walk, inner, innerSection, innerEnd, leafPath, true, 'text/plain', depth + 1, out, multiparts);
        return;
    }
    if (type.mediaType.startsWith('text/') ||
        type.mediaType === 'message/delivery-status' ||
        type.mediaType === 'message/disposition-notification' ||
        !REGISTERED_TOP_LEVEL_TYPES.has(type.mediaType.slice(0, type.mediaType.indexOf('/')))) {
        readLeaf(walk, space, section, bodyStart, end, leafPath, type, out);
    }
    // Anything else (images, applications, audio, video) holds no text to scan and is never decoded.
}
/**
 * A Content-Type value up to this long is remembered, as its bytes, with what it parsed
 * to: the parts of one message nearly always repeat one value (`text/plain;
 * charset=utf-8`), and parsing it was most of the cost of a part (bench row
 * "multipart, many parts"). Longer values are parsed each time.
 */
const MAX_REMEMBERED_TYPE_BYTES = 256;
const rememberedTypeBytes = new Uint8Array(MAX_REMEMBERED_TYPE_BYTES);
let rememberedTypeLength = -1;
let rememberedType;
/**
 * The parsed Content-Type field `field`, or undefined when it has no `type/subtype`. The
 * result is shared with other parts of the same value and must not be changed.
 */
function contentTypeOf(bytes, field) {
    const from = field.valueStart;
    const length = field.valueEnd - from;
    if (length === rememberedTypeLength) {
        let same = true;
        for (let i = 0; i < length; i++) {
            if (bytes[from + i] !== rememberedTypeBytes[i]) {
                same = false;
                break;
            }
        }
        if (same)
            return rememberedType;
    }
    const type = parseContentType(fieldValue(bytes, field));
    if (length <= MAX_REMEMBERED_TYPE_BYTES) {
        for (let i = 0; i < length; i++)
            rememberedTypeBytes[i] = bytes[from + i];
        rememberedTypeLength = length;
        rememberedType = type;
    }
    return type;
}
/**
 * The registered top-level media types (RFC 2046 §2, RFC 8081, RFC 2077). A part of
 * another type (`setext/plain` in a 1993 news article) was labelled by hand or by
 * mistake and is read as text, which is what it nearly always is.
 */
const REGISTERED_TOP_LEVEL_TYPES = new Set(['text', 'image', 'audio', 'video', 'application', 'multipart', 'message', 'font', 'model', 'haptics', 'example']);
/** The Content-Transfer-Encoding in lower case; `7bit` when absent (RFC 2045 §6.1). */
function transferEncoding(bytes, section) {
    const field = findField(section, 'content-transfer-encoding');
    return field ? fieldValue(bytes, field).toLowerCase() : '7bit';
}
function decodeTransfer(bytes, from, to, encoding) {
    if (encoding === 'quoted-printable') {
        const decoded = decodeQuotedPrintable(bytes, from, to);
        return { bytes: decoded.bytes, from: 0, to: decoded.bytes.length, map: decoded.map, exact: true };
    }
    // base64 (RFC 2045 §6.8): Node's decoder skips line breaks and characters outside the alphabet.
    const decoded = Buffer.from(bytes.toString('latin1', from, to), 'base64');
    let start = from;
    while (start < to && isWhite(bytes[start]))
        start++;
    return { bytes: decoded, from: 0, to: decoded.length, map: constantMap(start), exact: false };
}
/** A byte that cannot be in base64 data: outside the alphabet (RFC 2045 §6.8, Table 1), padding and line white space. */
const NOT_BASE64 = /[^A-Za-z0-9+/=\r\n \t]/g;
/**
 * Where a text part labelled base64 shows it is not base64, relative to `from`; -1
 * when it is. RFC 2045 §6.8 tells decoders to ignore characters outside the
 * alphabet, and a single stray one is line noise; a body with more (`:` and `.` of a
 * URL, punctuation) was never encoded.
 */
function notBase64(bytes, from, to) {
    const text = bytes.toString('latin1', from, to);
    NOT_BASE64.lastIndex = 0;
    const first = NOT_BASE64.exec(text);
    if (!first)
        return -1;
    return NOT_BASE64.exec(text) ? first.index : -1;
}
/**
 * A copy of a message's origin for one of its documents. Field by field: an object spread
 * of the many origin shapes went to V8's slow generic copy, and was most of the cost of a
 * message with one short part (bench: "From lines in bodies", "multipart, many parts").
 */
function copyOrigin(origin) {
    const copy = { input: origin.input };
    if (origin.file !== undefined)
        copy.file = origin.file;
    if (origin.message !== undefined)
        copy.message = origin.message;
    if (origin.messageOffset !== undefined)
        copy.messageOffset = origin.messageOffset;
    if (origin.messageId !== undefined)
        copy.messageId = origin.messageId;
    if (origin.newsgroups !== undefined)
        copy.newsgroups = origin.newsgroups;
    return copy;
}
/** Reads a text leaf part into one document (after its error records), in `out`. */
function readLeaf(walk, space, section, from, to, path, type, out) {
    const encoding = transferEncoding(space.bytes, section);
    let transfer;
    if (encoding === '7bit' || encoding === '8bit' || encoding === 'binary' || encoding === '') {
        transfer = { bytes: space.bytes, from, to, exact: true };
    }
    else if (encoding === 'base64' && notBase64(space.bytes, from, to) >= 0) {
        // A wrong label: text sent as it is under "base64". Decoding it would lose every URL in it.
        const at = from + notBase64(space.bytes, from, to);
        out.push(fail(walk, 'malformed-base64', `the body is labelled base64 but holds ${JSON.stringify(String.fromCharCode(space.bytes[at] ?? 0))} at byte ${at - from}; it is read as it is`, path, at, space));
        transfer = { bytes: space.bytes, from, to, exact: true };
    }
    else if (encoding === 'quoted-printable' || encoding === 'base64') {
        transfer = decodeTransfer(space.bytes, from, to, encoding);
    }
    else {
        out.push(fail(walk, 'unknown-transfer-encoding', `unknown Content-Transfer-Encoding "${encoding}"; the body is read as it is`, path, from, space));
        transfer = { bytes: space.bytes, from, to, exact: true };
    }
    const charset = type.params.charset;
    const decoded = decodeText(transfer.bytes, transfer.from, transfer.to, charset);
    if (!decoded.known) {
        out.push(fail(walk, 'unknown-charset', `unknown charset "${charset}"; the text is read as ${decoded.charset}`, path, from, space));
    }
    const origin = copyOrigin(walk.origin);
    origin.part = path;
    origin.contentType = type.mediaType;
    origin.charset = decoded.charset;
    origin.transferEncoding = encoding;
    const exact = space.exact && transfer.exact && decoded.exact;
    const toRaw = rawMapper(walk, space, transfer, decoded, exact, from);
    if (type.mediaType === 'text/html') {
        const html = readHtml(decoded.text);
        out.push({ type: 'document', text: html.text, source: decoded.text, toSource: html.map, toRaw, exact, origin, attributes: html.attributes });
        return;
    }
    const denoised = removeNoise(decoded.text);
    if (denoised.spans.length > 0) {
        origin.skipped = denoised.spans.map((span) => ({ kind: span.kind, start: toRaw(span.start, false), end: toRaw(span.end, true) }));
    }
    if (type.mediaType === 'text/plain' && type.params.format?.toLowerCase() === 'flowed') {
        const unflowed = unwrapFlowed(denoised.text, type.params.delsp?.toLowerCase() === 'yes');
        out.push({ type: 'document', text: unflowed.text, source: decoded.text, toSource: unflowed.map, toRaw, exact, origin });
        return;
    }
    out.push({ type: 'document', text: denoised.text, source: decoded.text, toRaw, exact, origin });
}
/** The map from offsets in decoded text back to raw points, through charset, transfer encoding and mbox quoting. */
function rawMapper(walk, space, transfer, decoded, exact, partStart) {
    if (!exact) {
        // Base64, or a charset that cannot be traced: where the part's (encoded) data starts.
        const point = walk.locate(toFrame(walk, space, transfer.map ? transfer.map.start(0) : partStart, false));
        return () => point;
    }
    let charsetMap;
    return (offset, isEnd) => {
        charsetMap ??= decoded.offsets();
        let at = isEnd ? charsetMap.end(offset) : charsetMap.start(offset);
        if (transfer.map)
            at = isEnd ? transfer.map.end(at) : transfer.map.start(at);
        return walk.locate(toFrame(walk, space, at, isEnd));
    };
}
/** A document for one URL-bearing header field. */
function headerDocument(walk, space, field, part) {
    const decoded = decodeText(space.bytes, field.valueStart, field.valueEnd);
    const origin = copyOrigin(walk.origin);
    origin.header = field.name;
    if (part !== '')
        origin.part = part;
    let charsetMap;
    const toRaw = (offset, isEnd) => {
        if (!space.exact)
            return walk.locate(toFrame(walk, space, field.valueStart, false));
        charsetMap ??= decoded.offsets();
        const at = isEnd ? charsetMap.end(offset) : charsetMap.start(offset);
        return walk.locate(toFrame(walk, space, at, isEnd));
    };
    const words = decoded.text.includes('=?') ? decodeWords(decoded.text) : undefined;
    if (words)
        return { type: 'document', text: words.text, source: decoded.text, toSource: words.map, toRaw, exact: space.exact, origin };
    return { type: 'document', text: decoded.text, source: decoded.text, toRaw, exact: space.exact, origin };
}
//# sourceMappingURL=message.js.map