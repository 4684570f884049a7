/**
 * Where documents meet the scanner: the one function that runs `findUrls` (and the
 * scheme parsers, for HTML `href` and `src` values) over the documents the sources
 * read, and gives each match its origin in the raw file. The library's `scan` and
 * `scanMessage` and the command line's work units all come through {@link extractBatch}.
 */
import { eachUrl, type FindUrlsOptions, offsetsOnly, scanUrlsBefore, startUrlScan } from './scan/find-urls.js';
import type { Match, MatchContext, Point, RejectedCandidate } from './scan/match.js';
import { MAX_SCHEME_LENGTH, readSchemeName } from './schemes/components.js';
import { isRejection, type Rejection } from './schemes/parsed.js';
import { defaultRegistry, isBuiltInParser, type KnownScheme, lookupScheme, parseUrl, type SchemeNameReader, schemeNameReader, type SchemeRegistry } from './schemes/registry.js';
import { isTrimmedSpace, UNKNOWN_VALUE_CODE, valueCodeAt, valueCodeEnd, type Attribute, type HtmlAttribute } from './sources/html.js';
import type { DocumentOrigin, Origin, ScanError, SourceBatch, SourceDocument } from './sources/origin.js';
import type { RawPoint } from './sources/raw-position.js';
import type { Parsed } from './schemes/parsed.js';
import { readInput, readMessageBytes, type ReadOptions, type ScanInput } from './sources/read-input.js';
import { createLineWalker, pointOf, type LineWalker } from './lines.js';

export type { MessageBoundary, MessageInfo, MessageRange, ScanInput } from './sources/read-input.js';

/** How a URL stood: the scanner's contexts, and `html-attr` for an `href` or `src` in an HTML part. */
export type ScanContext = MatchContext | 'html-attr';

/**
 * A URL found by {@link scan}: the scanner's {@link Match}, with `position` and
 * `raw` in the decoded text of its part (after transfer and charset decoding),
 * and `origin` saying where that is in the raw file.
 */
export interface ScanMatch extends Omit<Match, 'context'> {
  type: 'match';
  context: ScanContext;
  origin: Origin;
}

/** A candidate refused by its scheme parser, with its origin. */
export interface ScanRejection extends Omit<RejectedCandidate, 'context'> {
  context: ScanContext;
  origin: Origin;
}

/** What {@link scan} yields. */
export type ScanItem = ScanMatch | ScanError;

/** What a {@link FoundSink} is told of a URL: the scanner's reading of it. */
export interface FoundUrl {
  url: string;
  scheme: string;
  alternatives: string[];
  notes: string[];
  parts: Parsed;
}

/**
 * Receives each URL of the lean path (see {@link extractBatch}): its reading, how it stood,
 * its document's origin (shared by every URL of the document: not to be changed or kept
 * as the URL's own) and its raw start and end, which are what a {@link ScanMatch}'s
 * `origin.position` would hold; `exact` is its `origin.exact`.
 */
export type FoundSink = (found: FoundUrl, context: ScanContext, origin: DocumentOrigin, start: RawPoint, end: RawPoint, exact: boolean) => void;

/** Options for {@link scan} and {@link scanMessage}: what to read, and how to match. */
export interface ScanOptions extends Omit<FindUrlsOptions, 'onReject'>, ReadOptions {
  /** Called with every candidate a scheme parser refused. */
  onReject?: (rejected: ScanRejection) => void;
}

/**
 * Scans a path, bytes or a stream for URLs. A directory is walked (Maildir folders
 * and news spools recognised); a `.gz` file is decompressed as it streams. Yields
 * matches and error records in file order; errors in the input never throw.
 * Throws a `TypeError` only for misuse (an input of the wrong type, a bad option).
 * Matches are handed out as the scan goes, a message at a time, and a long part or
 * header field a step of its text at a time, so memory does not grow with a part's URLs;
 * `onReject` hears of each rejection as it is found (before the matches of its message, or
 * of its step of a long text).
 */
export function scan(input: ScanInput, options: ScanOptions = {}): AsyncIterable<ScanItem> {
  return matchBatches(readInput(input, options), options);
}

/**
 * The matches and error records of `batches`, in order. A function of the module, not a
 * closure made in each `scan` call: V8 keeps optimised code only while a closure running it
 * lives, so each scan's closure, dead after it, lost its code at the next full collection,
 * and the next scan compiled it again with the scanner inlined (8 to 21 ms of compiler CPU
 * per scan of the bench's "multipart, many parts", issue 12).
 *
 * A batch's items are gathered, then handed out; a batch holding a document longer than
 * {@link MATCH_STEP_CHARS} is handed out step by step (see {@link documentSteps}).
 */
async function* matchBatches(batches: AsyncIterable<SourceBatch>, options: ScanOptions): AsyncGenerator<ScanItem> {
  const items: ScanItem[] = [];
  for await (const batch of batches) {
    if (!holdsLongDocument(batch)) {
      collectBatch(batch, options, items);
      yield* items;
      items.length = 0;
      continue;
    }
    for (const item of batch) {
      if (item.type === 'error') items.push(item);
      else if (!isLong(item)) collectBatch([item], options, items);
      else {
        // Stepped here, not in a generator of its own: `yield*` through a second async
        // generator cost each item another round of promises (a 4 MB one-line body: 25 ms
        // of its 33).
        const steps = documentSteps(item, options, collect);
        try {
          for (let done = false; !done; ) {
            done = stepInto(steps, items);
            yield* items;
            items.length = 0;
          }
        } finally {
          // A consumer that stops early lets go of the matcher.
          steps.return();
        }
      }
    }
    yield* items;
    items.length = 0;
  }
}

/**
 * How much of a document's text {@link scan} reads before it hands out the matches found
 * so far. Gathering a whole document's matches first kept all of them alive, about 650
 * bytes each, for as long as the document took: in a huge document (a header of thousands
 * of encoded words, a one-line body, a part of dense URLs) they outlived every young
 * collection, were copied, promoted and marked again and again (bench row "encoded words in
 * one header": 2 MB -> 4 MB took 3.2x the time), and memory grew with the matches. At one URL
 * every 10 characters a step holds about 3,300 of them, 2 MB, which a young collection
 * frees; a step costs one pass of the async generator, nothing beside 32 K of text.
 * @internal
 */
export const MATCH_STEP_CHARS = 32 * 1024;

/** Whether a document of `batch` is long enough to be stepped through (see {@link isLong}). */
function holdsLongDocument(batch: SourceBatch): boolean {
  for (const item of batch) if (item.type === 'document' && isLong(item)) return true;
  return false;
}

/**
 * Whether `doc` is stepped through ({@link documentSteps}): its text, or its source (an HTML
 * part of many links and little text), is longer than {@link MATCH_STEP_CHARS}.
 */
function isLong(doc: SourceDocument): boolean {
  return doc.text.length > MATCH_STEP_CHARS || doc.source.length > MATCH_STEP_CHARS;
}

/**
 * Runs the next step of `steps` (see {@link documentSteps}, with {@link collect} as its
 * `send`), its matches appended to `items`; true when the document is done.
 */
function stepInto(steps: Generator<number, void, undefined>, items: ScanItem[]): boolean {
  // As collectBatch does: an `onReject` callback, or the consumer between two steps, may scan another message.
  const outer = collecting;
  collecting = items;
  try {
    return steps.next().done === true;
  } finally {
    collecting = outer;
  }
}

/**
 * Scans one raw message (RFC 5322, or a news article) held in memory, as a mail
 * reader hands it over. A leading mbox `From ` line is allowed. Synchronous.
 */
export function scanMessage(bytes: Uint8Array | string, options: ScanOptions = {}): ScanItem[] {
  const items: ScanItem[] = [];
  collectBatch(readMessageBytes(bytes, options), options, items);
  return items;
}

/** The array {@link collect} appends to: that of the {@link collectBatch} under way. */
let collecting: ScanItem[] = [];

/**
 * Appends an item to the array of the {@link collectBatch} under way. One function for every
 * scan, not a callback made per `scan` or `scanMessage` call: the code of the matcher that
 * calls it was compiled with the callback, and the array it captured, as constants, and was
 * thrown away ("weak objects") when the garbage collector found them dead after the call.
 */
function collect(item: ScanItem): void {
  collecting.push(item);
}

/** {@link extractBatch} with the items appended to `items`. */
function collectBatch(batch: SourceBatch, options: ScanOptions, items: ScanItem[]): void {
  // Saved and restored: an `onReject` callback may scan another message meanwhile.
  const outer = collecting;
  collecting = items;
  try {
    extractBatch(batch, options, collect);
  } finally {
    collecting = outer;
  }
}

/**
 * Runs the scanner over a batch of documents, in order, and hands every match and
 * error record to `emit` as it comes (rejections go to `options.onReject`).
 *
 * With `found` (the lean path, for the command line), matches go to `found` instead, in the
 * same order, as their reading and raw points: no {@link ScanMatch}, `Origin` or position
 * objects are made, nor the match's point and slice in the decoded text, which a printed
 * record does not show. A document whose matches are held until its rejections are out
 * (`onReject`, see {@link extractDocument}) still goes through `emit`.
 */
export function extractBatch(batch: SourceBatch, options: ScanOptions, emit: (item: ScanItem) => void, found?: FoundSink): void {
  for (const item of batch) {
    if (item.type === 'error') emit(item);
    else extractDocument(item, options, emit, found);
  }
}

/**
 * {@link extractBatch} in steps: a long document (see {@link isLong}) is scanned a step of
 * {@link MATCH_STEP_CHARS} at a time, and the generator yields after each step, so that
 * the caller can let other work run meanwhile. The command line gives its event loop a turn
 * there, for SIGINT and the progress display, while a part of millions of URLs is matched
 * (a 31 MB message of dense URLs is one synchronous `extractBatch` of seconds). `emit` and
 * `found` hear the same items in the same order as from `extractBatch`. Each step yields
 * where in the raw input the document's matching has come to (a byte offset, see
 * {@link documentSteps}), for the progress display.
 */
export function* extractBatchSteps(batch: SourceBatch, options: ScanOptions, emit: (item: ScanItem) => void, found?: FoundSink): Generator<number, void, undefined> {
  for (const item of batch) {
    if (item.type === 'error') emit(item);
    else if (!isLong(item)) extractDocument(item, options, emit, found);
    else yield* documentSteps(item, options, emit, found);
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
export function* matchDocument(doc: SourceDocument, options: ScanOptions): Generator<ScanMatch> {
  const matches: ScanMatch[] = [];
  extractDocument(doc, options, (match) => matches.push(match));
  yield* matches;
}

/**
 * Runs the scanner over one document and hands each {@link ScanMatch} to `emit` as it
 * is found, in the order of the document's source (text matches and, for HTML, `href`
 * and `src` values merged by where they start). Nothing is gathered: a part with
 * millions of URLs costs memory for one at a time.
 */
export function extractDocument(doc: SourceDocument, options: ScanOptions, send: (match: ScanMatch) => void, found?: FoundSink): void {
  // Rejections of a text come before its matches (so `--explain` lines precede them),
  // except in a text too large to hold its matches: there both come as they are found.
  const onReject = options.onReject;
  const holding = onReject !== undefined && doc.text.length <= MAX_HELD_TEXT_CHARS;
  // The idle matcher, or a new one when it is busy: an `emit` or `onReject` callback may
  // scan another document before this one is done.
  const matcher = idleMatcher ?? new DocumentMatcher();
  idleMatcher = undefined;
  matcher.begin(doc, options, send, holding, holding ? undefined : found);
  try {
    const lean = found !== undefined && !holding;
    eachUrl(doc.text, onReject ? matcher.rejectingOptions(findOptionsOf(options)) : findOptionsOf(options), lean ? matcher.onFound : matcher.onMatch);
    matcher.finish();
  } finally {
    matcher.end();
    idleMatcher = matcher;
  }
}

/**
 * {@link extractDocument}, which stops after each step of
 * {@link MATCH_STEP_CHARS} of the text: what `send` (or, on the lean path, `found`) was given
 * so far may be handed out then.
 * The matches, rejections and their order are those of `extractDocument`, but for when they
 * come: with `onReject`, a text too long to hold its matches (see {@link MAX_HELD_TEXT_CHARS})
 * reports its rejections step by step, between its matches. Each step yields the raw offset
 * (`toRaw`) of where the scan of the text has come to, then of the attribute URLs sent: it
 * grows with the steps, but for the attributes' steps, which start again from the start of
 * the source.
 */
function* documentSteps(doc: SourceDocument, options: ScanOptions, send: (match: ScanMatch) => void, found?: FoundSink): Generator<number, void, undefined> {
  const onReject = options.onReject;
  const holding = onReject !== undefined && doc.text.length <= MAX_HELD_TEXT_CHARS;
  const matcher = idleMatcher ?? new DocumentMatcher();
  idleMatcher = undefined;
  matcher.begin(doc, options, send, holding, holding ? undefined : found);
  try {
    const lean = found !== undefined && !holding;
    const scanned = startUrlScan(doc.text, onReject ? matcher.rejectingOptions(findOptionsOf(options)) : findOptionsOf(options), lean ? matcher.onFound : matcher.onMatch);
    const attributes = doc.attributes !== undefined && doc.attributes.length > 0;
    for (let until = MATCH_STEP_CHARS; !scanUrlsBefore(scanned, until); until += MATCH_STEP_CHARS) {
      // No later text match starts before the scan's floor: the attribute URLs before it
      // come before every later match, and go now rather than pile up (a long run of
      // links with little text between).
      if (attributes) matcher.attributesBefore(doc.toSource ? doc.toSource.start(scanned.floor) : scanned.floor);
      const reached = Math.min(until, doc.text.length);
      yield doc.toRaw(doc.toSource ? doc.toSource.start(reached) : reached, false).offset;
    }
    if (attributes) {
      for (let until = MATCH_STEP_CHARS; until < doc.source.length; until += MATCH_STEP_CHARS) {
        matcher.attributesBefore(until);
        yield doc.toRaw(until, false).offset;
      }
    }
    matcher.finish();
  } finally {
    matcher.end();
    idleMatcher = matcher;
  }
}

/**
 * A matcher no document is using. Documents are read one after another, and most are
 * small (a message of 20,000 parts): one matcher serves them all, rather than a matcher,
 * its callback and, with `onReject`, an options object made for each document.
 */
let idleMatcher: DocumentMatcher | undefined;

/** The scanner's options of `options` (`onReject` aside), kept while they stay the same: most documents are small, and this object was made for each. */
let lastFindOptions: { from: ScanOptions; options: FindUrlsOptions } | undefined;

function findOptionsOf(options: ScanOptions): FindUrlsOptions {
  const last = lastFindOptions?.options;
  if (
    last &&
    lastFindOptions?.from === options &&
    last.schemeless === options.schemeless &&
    last.emails === options.emails &&
    last.fuzzy === options.fuzzy &&
    last.bareSchemes === options.bareSchemes &&
    last.punycode === options.punycode &&
    last.strict === options.strict &&
    last.registry === options.registry
  ) {
    return last;
  }
  const made: FindUrlsOptions = {
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
 * the raw file, and the HTML attribute URLs merged in by where they start. Set to each
 * document in turn by {@link extractDocument} (`begin`, `end`); its methods are on the
 * prototype, and its callbacks are made once.
 */
class DocumentMatcher {
  doc!: SourceDocument;
  options!: ScanOptions;
  private send!: (match: ScanMatch) => void;
  /** The lean path's sink, when matches go there (see {@link extractBatch}). */
  private found: FoundSink | undefined = undefined;
  /**
   * Where the points of `doc.source` were found last: data over the module's {@link pointOf},
   * not a line index per document, whose `point` closure the matcher's code was compiled with,
   * and thrown away with at each garbage collection ("weak objects"). Matches come in the
   * order of the source, so the walk goes forward, and only as far as the last match.
   */
  private lines: LineWalker | undefined;
  private nextAttribute = 0;
  /** Whether rejections are wanted (`onReject` was given). */
  rejecting = false;
  /** Whether matches are held in {@link held} until the rejections are out. */
  private holding = false;
  /** The matches held, in order. */
  readonly held: ScanMatch[] = [];
  /** Refused attribute values, reported after the text's own rejections, as they always were. */
  refused: ScanRejection[] | undefined;
  /** The scanner's options with an `onReject` that reaches this matcher, and what they were made from. */
  private withReject: FindUrlsOptions | undefined;
  private withRejectFrom: FindUrlsOptions | undefined;
  private withRejectCallback: ((rejection: ScanRejection) => void) | undefined;

  begin(doc: SourceDocument, options: ScanOptions, send: (match: ScanMatch) => void, holding: boolean, found: FoundSink | undefined): void {
    this.doc = doc;
    this.options = options;
    this.send = send;
    this.found = found;
    this.rejecting = options.onReject !== undefined;
    this.holding = holding;
  }

  /**
   * The document's text is scanned: its attribute URLs still to come go out, then the
   * rejections gathered, then the matches held back (so that `--explain` lines precede them).
   */
  finish(): void {
    this.attributesBefore(Infinity);
    const onReject = this.options.onReject;
    if (onReject && this.refused) for (const rejection of this.refused) onReject(rejection);
    if (this.holding) for (const match of this.held) this.send(match);
  }

  /** Lets go of the document, its matches and its callbacks. */
  end(): void {
    this.doc = undefined as unknown as SourceDocument;
    this.options = undefined as unknown as ScanOptions;
    this.send = undefined as unknown as (match: ScanMatch) => void;
    this.found = undefined;
    this.lines = undefined;
    this.nextAttribute = 0;
    this.refused = undefined;
    if (this.held.length !== 0) this.held.length = 0;
  }

  /** `findOptions` with `onReject` set to report to this matcher's document (remade only when they change). */
  rejectingOptions(findOptions: FindUrlsOptions): FindUrlsOptions {
    const onReject = this.options.onReject as (rejection: ScanRejection) => void;
    if (this.withReject === undefined || this.withRejectFrom !== findOptions || this.withRejectCallback !== onReject) {
      this.withReject = { ...findOptions, onReject: (rejected) => this.reject(rejected, onReject) };
      this.withRejectFrom = findOptions;
      this.withRejectCallback = onReject;
    }
    return this.withReject;
  }

  point(offset: number): Point {
    this.lines ??= createLineWalker(this.doc.source);
    return pointOf(this.lines, offset);
  }

  origin(start: number, end: number): Origin {
    const doc = this.doc;
    const located = Object.assign({}, doc.origin) as Origin;
    located.position = { start: doc.toRaw(start, false), end: doc.toRaw(end, true) };
    located.exact = doc.exact;
    return located;
  }

  /** Emits the attribute URLs that start before `offset` in the source. */
  attributesBefore(offset: number): void {
    const attributes = this.doc.attributes;
    if (!attributes) return;
    const found = this.found;
    const source = this.doc.source;
    // A value refused where it stands, when nobody hears of refusals, is passed over here:
    // in hostile HTML most are, and this loop is all they cost (see readAttributeUrl).
    const registry = this.rejecting ? undefined : (this.options.registry ?? defaultRegistry);
    let next = this.nextAttribute;
    while (next < attributes.length) {
      const attribute = attributes.at(next) as HtmlAttribute;
      if (attribute.start >= offset) break;
      next++;
      // readHtml's attributes know where a scheme name written as it reads is (any other object may not).
      const schemeStart = (attribute as Partial<Attribute>).schemeStart ?? -1;
      if (registry !== undefined && refusedInPlace(source, attribute.start, attribute.end, registry, schemeStart, schemeStart < 0 ? -1 : (attribute as Attribute).schemeEnd)) continue;
      this.nextAttribute = next;
      // On the lean path the URL goes to the FoundSink, as the text's matches do.
      if (found) foundAttribute(attribute, this, found);
      else {
        const match = attributeMatch(attribute, this);
        if (match) this.emit(match);
      }
    }
    this.nextAttribute = next;
  }

  private emit(match: ScanMatch): void {
    if (this.holding) this.held.push(match);
    else this.send(match);
  }

  refuse(rejection: ScanRejection): void {
    (this.refused ??= []).push(rejection);
  }

  reject(rejected: RejectedCandidate, onReject: (rejection: ScanRejection) => void): void {
    const doc = this.doc;
    const { start, end } = toSource(doc, rejected.position.start.offset, rejected.position.end.offset);
    onReject({
      ...rejected,
      raw: doc.toSource ? doc.source.slice(start, end) : rejected.raw,
      position: doc.toSource ? { start: this.point(start), end: this.point(end) } : rejected.position,
      origin: this.origin(start, end),
    });
  }

  /**
   * {@link onMatch} on the lean path: the match's reading and raw points go to the
   * {@link FoundSink}. Its own callback, so that the library's stays as it was (the
   * scanner calls one or the other for a whole document). It reads the match's
   * offsets alone, so its scans skip the line walk ({@link offsetsOnly}).
   */
  readonly onFound = offsetsOnly((match: Match): void => {
    const doc = this.doc;
    // As toSource gives them, with no object made per match.
    const map = doc.toSource;
    const start = map ? map.start(match.position.start.offset) : match.position.start.offset;
    const end = map ? map.end(match.position.end.offset) : match.position.end.offset;
    if (doc.attributes && this.nextAttribute < doc.attributes.length) this.attributesBefore(start);
    (this.found as FoundSink)(match, match.context, doc.origin, doc.toRaw(start, false), doc.toRaw(end, true), doc.exact);
  });

  readonly onMatch = (match: Match): void => {
    const doc = this.doc;
    const { start, end } = toSource(doc, match.position.start.offset, match.position.end.offset);
    // A text match goes before an attribute that starts at the same place.
    if (doc.attributes && this.nextAttribute < doc.attributes.length) this.attributesBefore(start);
    // Built field by field: one shape for every match, which spreading would not give.
    const scanned: ScanMatch = {
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
    if (match.fragment !== undefined) scanned.fragment = match.fragment;
    this.emit(scanned);
  };
}

/** The empty list of the lean path's attribute URLs (their alternatives, and notes when they have none), never changed. */
const NO_STRINGS: string[] = Object.freeze([]) as unknown as string[];

/** {@link attributeMatch} for the lean path: the URL goes to `found`; a refused one is reported as the slow path reports it. */
function foundAttribute(attribute: HtmlAttribute, matcher: DocumentMatcher, found: FoundSink): void {
  const reading = readAttributeUrl(attribute, matcher.options, matcher.rejecting, true);
  if (reading === undefined) return;
  const { url, parts } = reading;
  if (isRejection(parts)) {
    if (matcher.rejecting) refuseAttribute(attribute, matcher, url, parts);
    return;
  }
  const doc = matcher.doc;
  // Empty lists as the scanner hands them out (one frozen array): no arrays made for most attributes, and the record writers see one kind of array.
  const notes = parts.notes.length === 0 ? NO_STRINGS : [...parts.notes];
  found({ url, scheme: parts.scheme, alternatives: NO_STRINGS, notes, parts }, 'html-attr', doc.origin, doc.toRaw(attribute.start, false), doc.toRaw(attribute.end, true), doc.exact);
}

/**
 * The URL of an HTML `href` or `src` value and its parse, or `undefined` when it is not a URL
 * in context, or when `rejecting` is false and its parser would refuse it (see
 * {@link cannotParse}): then nobody hears of the refusal, and it is not worth its parse.
 */
function readAttributeUrl(attribute: HtmlAttribute, options: ScanOptions, rejecting: boolean, shared = false): { url: string; parts: ReturnType<typeof parseUrl> } | undefined {
  // A value refusedInPlace refuses never comes here when `rejecting` is false: attributesBefore passes it over.
  const registry = options.registry ?? defaultRegistry;
  // The URL Standard strips leading and trailing spaces and removes tabs and newlines.
  let url = attribute.value.trim();
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || code === 0x0d) {
      url = url.replace(/[\t\n\r]/g, '');
      break;
    }
  }
  const name = readSchemeName(url, Infinity);
  if (name === undefined) return undefined; // relative references and fragments are not URLs in context
  if (!rejecting && cannotParse(url, 0, name.length, url.length, registry)) return undefined;
  return { url, parts: shared ? keptParseOf(url, name.length, options, registry) : parseUrl(url, { strict: options.strict, registry: options.registry }) };
}

/**
 * `parseUrl` of the attribute URLs of the lean path, kept by URL: the HTML parts of a mailing
 * list repeat the same few links in every message (the usrp-users mbox: 13,887 `href` and
 * `src` URLs, 1,096 different ones), and parsing them was most of the cost of an attribute
 * URL (CPU profile of the command). Only the lean path shares a parse between matches: its
 * records read the parts and never change them, where a library caller may change a match's
 * own. Kept only for urlsift's own parsers of a frozen registry, whose reading is a function
 * of the URL and `strict`; the table is emptied when those change or it is full.
 */
const keptParses = new Map<string, ReturnType<typeof parseUrl>>();
let keptRegistry: SchemeRegistry | undefined;
let keptStrict: boolean | undefined;

/** How many parses {@link keptParses} holds at most (a file of URLs that never repeat must not grow it without end). */
const MAX_KEPT_PARSES = 4096;
/** URLs longer than this are parsed each time: a hostile part's huge `href` values are not kept (at most 4096 of these, 8 MB). */
const MAX_KEPT_URL_CHARS = 1024;

/** {@link keptParses}' parse of `url`, whose scheme name is `url[0, nameLength)`, parsed and kept when it is not yet. */
function keptParseOf(url: string, nameLength: number, options: ScanOptions, registry: SchemeRegistry): ReturnType<typeof parseUrl> {
  if (url.length > MAX_KEPT_URL_CHARS || nameLength > MAX_SCHEME_LENGTH || !Object.isFrozen(registry) || knownSchemeOf(registry, url, 0, nameLength)?.builtIn !== true) {
    return parseUrl(url, { strict: options.strict, registry: options.registry });
  }
  if (registry !== keptRegistry || options.strict !== keptStrict) {
    keptParses.clear();
    keptRegistry = registry;
    keptStrict = options.strict;
  }
  let parts = keptParses.get(url);
  if (parts === undefined) {
    // Kept as a copy: `url` is a slice of its part's decoded text, and V8 keeps a slice's whole
    // string alive, and with it the part (4,096 kept URLs could hold as many HTML parts); the
    // parse's strings are slices of what it parsed. JSON reads back every string as it was.
    const own = JSON.parse(JSON.stringify(url)) as string;
    parts = parseUrl(own, { strict: options.strict, registry: options.registry });
    if (keptParses.size >= MAX_KEPT_PARSES) keptParses.clear();
    keptParses.set(own, parts);
  }
  return parts;
}

/** The registry {@link knownSchemeOf} read last, its scheme-name reader, and whether it is frozen. */
let readerRegistry: SchemeRegistry | undefined;
let readerOfRegistry: SchemeNameReader | undefined;
let readerRegistryFrozen = false;

/**
 * The registry's scheme named `text[from, to)` (a scheme name's characters): its parser and
 * whether it is one of urlsift's own, read by character codes with the scanner's
 * {@link schemeNameReader}, with no slice or lower-cased copy of the name: a look-up by
 * string cost more than the rest of a refused value (bench row "HTML attribute values
 * refused"). The reader is built once per registry, which is right for one createRegistry
 * made (it freezes each, with lower-case names); a registry that is not frozen may change,
 * and is asked through `lookupScheme` each time.
 */
function knownSchemeOf(registry: SchemeRegistry, text: string, from: number, to: number): KnownScheme | undefined {
  if (registry !== readerRegistry) {
    readerRegistry = registry;
    readerRegistryFrozen = Object.isFrozen(registry);
    readerOfRegistry = readerRegistryFrozen ? schemeNameReader(registry) : undefined;
  }
  if (readerRegistryFrozen) return (readerOfRegistry as SchemeNameReader)(text, from, to);
  const name = text.slice(from, to);
  const parser = lookupScheme(registry, name);
  return parser === undefined ? undefined : { name, parser, builtIn: isBuiltInParser(parser) };
}

/**
 * A space, `"`, `<` or `>`: RFC 1738 §2.2 calls them unsafe and RFC 3986 §2 allows none of
 * them unencoded in any component, so every parser of urlsift's own refuses a URL holding
 * one, in both modes (test/sources/html-attributes.test.ts checks it on generated URLs). An
 * unclosed quote makes attribute values of them: each swallows text and markup up to the
 * next quote (bench row "HTML unclosed attribute quotes").
 */
function isRefusedEverywhere(code: number): boolean {
  return code === 0x20 || code === 0x22 || code === 0x3c || code === 0x3e;
}

/**
 * True when `parseUrl` is sure to refuse the URL whose scheme name is `text[from, colon)`
 * and whose rest (tabs and newlines aside) is `text[colon + 1, to)`, found without running
 * the parser, whose rejection detail costs more than the rest of an attribute: a scheme
 * name longer than `parseUrl` reads, a scheme the registry does not know, or one of
 * urlsift's own parsers and a character it refuses.
 */
function cannotParse(text: string, from: number, colon: number, to: number, registry: SchemeRegistry): boolean {
  if (colon - from > MAX_SCHEME_LENGTH) return true;
  const known = knownSchemeOf(registry, text, from, colon);
  if (known === undefined) return true;
  if (!known.builtIn) return false;
  for (let i = colon + 1; i < to; i++) if (isRefusedEverywhere(text.charCodeAt(i))) return true;
  return false;
}

/** The scheme name {@link refusedInPlace} read, decoded, when it was written with character references. */
const SCHEME_UNITS = new Uint16Array(MAX_SCHEME_LENGTH + 1);

/**
 * {@link cannotParse} for the `href` or `src` value `source[start, end)` read where it
 * stands, its character references read as the decoded value has them (valueCodeAt), with no
 * string made but a scheme name written with references: the URL the slow path makes of it is
 * the decoded value, trimmed, tabs and newlines removed. False when a reference's text decides
 * and could be anything, when the scheme name holds a tab or newline, or when the parser may
 * accept it: the caller reads the value the long way. Values written with references
 * (`&#104;ttp://a&#32;b`) were decoded, trimmed and read for each refusal (bench row "HTML
 * attribute values of references"). With `schemeStart` at 0 or more, readHtml found the scheme
 * name at `source[schemeStart, schemeEnd)` and its `:` at `schemeEnd`, written as they read, and
 * they are not read again.
 */
function refusedInPlace(source: string, start: number, end: number, registry: SchemeRegistry, schemeStart: number, schemeEnd: number): boolean {
  if (schemeStart >= 0) return refusedAfterScheme(source, end, registry, schemeStart, schemeEnd);
  // Each character read by hand, and through valueCodeAt only at an `&`: most values have none.
  // What a trim strips, then the scheme name's first letter.
  let i = start;
  let code = 0x20;
  let next = start;
  while (i < end) {
    code = source.charCodeAt(i);
    next = i + 1;
    if (code === 0x26) {
      code = valueCodeAt(source, i, end);
      next = valueCodeEnd;
    }
    if (!isTrimmedSpace(code)) break;
    i = next;
  }
  if (i === end || !isAsciiLetter(code)) return false;
  const nameStart = i;
  let length = 0;
  let plain = true;
  while (isSchemeNameChar(code)) {
    if (next !== i + 1) plain = false;
    if (length <= MAX_SCHEME_LENGTH) SCHEME_UNITS[length] = code;
    length++;
    i = next;
    if (i === end) return false;
    code = source.charCodeAt(i);
    next = i + 1;
    if (code === 0x26) {
      code = valueCodeAt(source, i, end);
      next = valueCodeEnd;
    }
  }
  if (code !== 0x3a) return false;
  if (plain && next === i + 1) return refusedAfterScheme(source, end, registry, nameStart, i);
  if (length > MAX_SCHEME_LENGTH) return true;
  // A name written with character references: made a string, as few values are.
  let name = '';
  for (let k = 0; k < length; k++) name += String.fromCharCode(SCHEME_UNITS[k] as number);
  return refusedAfter(source, next, end, knownSchemeOf(registry, name, 0, length));
}

/** {@link refusedInPlace} of a value whose scheme name `source[schemeStart, schemeEnd)` and `:` are written as they read. */
function refusedAfterScheme(source: string, end: number, registry: SchemeRegistry, schemeStart: number, schemeEnd: number): boolean {
  if (schemeEnd - schemeStart > MAX_SCHEME_LENGTH) return true;
  return refusedAfter(source, schemeEnd + 1, end, knownSchemeOf(registry, source, schemeStart, schemeEnd));
}

/** {@link refusedInPlace} once the scheme is known: the rest of the value is `source[from, end)`. */
function refusedAfter(source: string, from: number, end: number, known: KnownScheme | undefined): boolean {
  if (known === undefined) return true;
  if (!known.builtIn) return false;
  // A space refuses only where something not trimmed follows it; tabs and newlines are removed.
  let space = false;
  for (let i = from, next = from; i < end; i = next) {
    let code = source.charCodeAt(i);
    next = i + 1;
    if (code === 0x26) {
      code = valueCodeAt(source, i, end);
      next = valueCodeEnd;
      if (code === UNKNOWN_VALUE_CODE) continue; // any text: it settles nothing
    }
    if (code === 0x22 || code === 0x3c || code === 0x3e) return true;
    if (code === 0x20) space = true;
    else if (space && !isTrimmedSpace(code)) return true;
  }
  return false;
}

const isAsciiLetter = (code: number): boolean => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
/** RFC 3986 §3.1: a scheme name is letters, digits, `+`, `-` and `.`. */
const isSchemeNameChar = (code: number): boolean => isAsciiLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2d || code === 0x2e;

/** Tells the matcher of an `href` or `src` value a scheme parser refused. */
function refuseAttribute(attribute: HtmlAttribute, matcher: DocumentMatcher, url: string, rejection: Rejection): void {
  const raw = matcher.doc.source.slice(attribute.start, attribute.end);
  const position = { start: matcher.point(attribute.start), end: matcher.point(attribute.end) };
  matcher.refuse({ ...rejection, candidate: url, raw, context: 'html-attr', position, origin: matcher.origin(attribute.start, attribute.end) });
}

/** The URL of an HTML `href` or `src` value, or `undefined` (not a URL, or refused: then the matcher hears of it). */
function attributeMatch(attribute: HtmlAttribute, matcher: DocumentMatcher): ScanMatch | undefined {
  const reading = readAttributeUrl(attribute, matcher.options, matcher.rejecting);
  if (reading === undefined) return undefined;
  const { url, parts } = reading;
  if (isRejection(parts)) {
    if (matcher.rejecting) refuseAttribute(attribute, matcher, url, parts);
    return undefined;
  }
  const match: ScanMatch = {
    type: 'match',
    url,
    raw: matcher.doc.source.slice(attribute.start, attribute.end),
    scheme: parts.scheme,
    context: 'html-attr',
    position: { start: matcher.point(attribute.start), end: matcher.point(attribute.end) },
    alternatives: [],
    notes: [...parts.notes],
    parts,
    origin: matcher.origin(attribute.start, attribute.end),
  };
  if (parts.fragment !== undefined) match.fragment = parts.fragment;
  return match;
}

function toSource(doc: SourceDocument, start: number, end: number): { start: number; end: number } {
  if (!doc.toSource) return { start, end };
  return { start: doc.toSource.start(start), end: doc.toSource.end(end) };
}
