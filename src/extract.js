/**
 * Where documents meet the scanner: the one function that runs `findUrls` (and the
 * scheme parsers, for HTML `href` and `src` values) over the documents the sources
 * read, and gives each match its origin in the raw file. The library's `scan` and
 * `scanMessage` and the command line's work units all come through {@link extractBatch}.
 */
import { eachUrl } from './scan/find-urls.js';
import { readSchemeName } from './schemes/components.js';
import { isRejection } from './schemes/parsed.js';
import { parseUrl } from './schemes/registry.js';
import { readInput, readMessageBytes } from './sources/read-input.js';
import { indexLines } from './lines.js';
/**
 * Scans a path, bytes or a stream for URLs. A directory is walked (Maildir folders
 * and news spools recognised); a `.gz` file is decompressed as it streams. Yields
 * matches and error records in file order; errors in the input never throw.
 * Throws a `TypeError` only for misuse (an input of the wrong type, a bad option).
 */
export function scan(input, options = {}) {
    const batches = readInput(input, options);
    return (async function* matchBatches() {
        const items = [];
        const push = (item) => {
            items.push(item);
        };
        for await (const batch of batches) {
            extractBatch(batch, options, push);
            yield* items;
            items.length = 0;
        }
    })();
}
/**
 * Scans one raw message (RFC 5322, or a news article) held in memory, as a mail
 * reader hands it over. A leading mbox `From ` line is allowed. Synchronous.
 */
export function scanMessage(bytes, options = {}) {
    const items = [];
    extractBatch(readMessageBytes(bytes, options), options, (item) => items.push(item));
    return items;
}
/**
 * Runs the scanner over a batch of documents, in order, and hands every match and
 * error record to `emit` as it comes (rejections go to `options.onReject`).
 */
export function extractBatch(batch, options, emit) {
    for (const item of batch) {
        if (item.type === 'error')
            emit(item);
        else
            extractDocument(item, options, emit);
    }
}
/**
 * With `onReject`, the matches of a text up to this long are held until its rejections
 * are reported; a longer text (a part of dense URLs, tens of MB) streams both, so that
 * memory stays bounded by the text, not by its matches (a few hundred bytes each).
 */
const MAX_HELD_TEXT_CHARS = 1024 * 1024;
/**
 * Runs the scanner over one document and turns its matches into {@link ScanMatch}es,
 * positioned in `doc.source` (for tools that show the text around a match, such as
 * `urlsift pick`).
 */
export function* matchDocument(doc, options) {
    const matches = [];
    extractDocument(doc, options, (match) => matches.push(match));
    yield* matches;
}
/**
 * Runs the scanner over one document and hands each {@link ScanMatch} to `emit` as it
 * is found, in the order of the document's source (text matches and, for HTML, `href`
 * and `src` values merged by where they start). Nothing is gathered: a part with
 * millions of URLs costs memory for one at a time.
 */
export function extractDocument(doc, options, send) {
    // Rejections of a text come before its matches (so `--explain` lines precede them),
    // except in a text too large to hold its matches: there both come as they are found.
    const onReject = options.onReject;
    const held = onReject && doc.text.length <= MAX_HELD_TEXT_CHARS ? [] : undefined;
    const matcher = new DocumentMatcher(doc, options, held ? (match) => void held.push(match) : send, onReject !== undefined);
    eachUrl(doc.text, onReject ? { ...findOptionsOf(options), onReject: (rejected) => matcher.reject(rejected, onReject) } : findOptionsOf(options), matcher.onMatch);
    matcher.attributesBefore(Infinity);
    if (onReject && matcher.refused)
        for (const rejection of matcher.refused)
            onReject(rejection);
    if (held)
        for (const match of held)
            send(match);
}
/** The scanner's options of `options` (`onReject` aside), kept while they stay the same: most documents are small, and this object was made for each. */
let lastFindOptions;
function findOptionsOf(options) {
    const last = lastFindOptions?.options;
    if (last &&
        lastFindOptions?.from === options &&
        last.schemeless === options.schemeless &&
        last.emails === options.emails &&
        last.fuzzy === options.fuzzy &&
        last.bareSchemes === options.bareSchemes &&
        last.punycode === options.punycode &&
        last.strict === options.strict &&
        last.registry === options.registry) {
        return last;
    }
    const made = {
        schemeless: options.schemeless,
        emails: options.emails,
        fuzzy: options.fuzzy,
        bareSchemes: options.bareSchemes,
        punycode: options.punycode,
        strict: options.strict,
        registry: options.registry,
    };
    lastFindOptions = { from: options, options: made };
    return made;
}
/**
 * The matches of one document as they are found: positions in `doc.source`, origins in
 * the raw file, and the HTML attribute URLs merged in by where they start. One object
 * per document with its methods on the prototype (a document with no URL, the common
 * case, costs little more than this object).
 */
class DocumentMatcher {
    doc;
    options;
    emit;
    rejecting;
    lines;
    nextAttribute = 0;
    /** Refused attribute values, reported after the text's own rejections, as they always were. */
    refused;
    constructor(doc, options, emit, 
    /** Whether rejections are wanted (`onReject` was given). */
    rejecting) {
        this.doc = doc;
        this.options = options;
        this.emit = emit;
        this.rejecting = rejecting;
    }
    point(offset) {
        this.lines ??= indexLines(this.doc.source);
        return this.lines.point(offset);
    }
    origin(start, end) {
        const doc = this.doc;
        const located = Object.assign({}, doc.origin);
        located.position = { start: doc.toRaw(start, false), end: doc.toRaw(end, true) };
        located.exact = doc.exact;
        return located;
    }
    /** Emits the attribute URLs that start before `offset` in the source. */
    attributesBefore(offset) {
        const attributes = this.doc.attributes;
        if (!attributes)
            return;
        while (this.nextAttribute < attributes.length && attributes[this.nextAttribute].start < offset) {
            const match = attributeMatch(attributes[this.nextAttribute++], this);
            if (match)
                this.emit(match);
        }
    }
    refuse(rejection) {
        (this.refused ??= []).push(rejection);
    }
    reject(rejected, onReject) {
        const doc = this.doc;
        const { start, end } = toSource(doc, rejected.position.start.offset, rejected.position.end.offset);
        onReject({
            ...rejected,
            raw: doc.toSource ? doc.source.slice(start, end) : rejected.raw,
            position: doc.toSource ? { start: this.point(start), end: this.point(end) } : rejected.position,
            origin: this.origin(start, end),
        });
    }
    onMatch = (match) => {
        const doc = this.doc;
        const { start, end } = toSource(doc, match.position.start.offset, match.position.end.offset);
        // A text match goes before an attribute that starts at the same place.
        if (doc.attributes && this.nextAttribute < doc.attributes.length)
            this.attributesBefore(start);
        // Built field by field: one shape for every match, which spreading would not give.
        const scanned = {
            type: 'match',
            url: match.url,
            raw: doc.toSource ? doc.source.slice(start, end) : match.raw,
            scheme: match.scheme,
            context: match.context,
            position: doc.toSource ? { start: this.point(start), end: this.point(end) } : match.position,
            alternatives: match.alternatives,
            notes: match.notes,
            parts: match.parts,
            origin: this.origin(start, end),
        };
        if (match.fragment !== undefined)
            scanned.fragment = match.fragment;
        this.emit(scanned);
    };
}
/** The URL of an HTML `href` or `src` value, or `undefined` (not a URL, or refused: then the matcher hears of it). */
function attributeMatch(attribute, matcher) {
    const { doc, options } = matcher;
    // The URL Standard strips leading and trailing spaces and removes tabs and newlines.
    const url = attribute.value.trim().replace(/[\t\n\r]/g, '');
    if (readSchemeName(url, Infinity) === undefined)
        return undefined; // relative references and fragments are not URLs in context
    const parts = parseUrl(url, { strict: options.strict, registry: options.registry });
    const raw = doc.source.slice(attribute.start, attribute.end);
    const position = { start: matcher.point(attribute.start), end: matcher.point(attribute.end) };
    if (isRejection(parts)) {
        if (matcher.rejecting)
            matcher.refuse({ ...parts, candidate: url, raw, context: 'html-attr', position, origin: matcher.origin(attribute.start, attribute.end) });
        return undefined;
    }
    const match = {
        type: 'match',
        url,
        raw,
        scheme: parts.scheme,
        context: 'html-attr',
        position,
        alternatives: [],
        notes: [...parts.notes],
        parts,
        origin: matcher.origin(attribute.start, attribute.end),
    };
    if (parts.fragment !== undefined)
        match.fragment = parts.fragment;
    return match;
}
function toSource(doc, start, end) {
    if (!doc.toSource)
        return { start, end };
    return { start: doc.toSource.start(start), end: doc.toSource.end(end) };
}
//# sourceMappingURL=extract.js.map