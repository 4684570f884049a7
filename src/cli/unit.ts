/**
 * A work unit: one file, one byte range of a large mbox, or standard input, scanned
 * by `scan` and turned into printable items. The same code runs in a worker thread
 * and, for `-j 1` and standard input, on the main thread; the main thread writes the
 * units' items in unit order, so the output does not depend on the number of jobs.
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { domainToUnicode } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import type { DocumentOrigin, InputKind, SourceBatch } from '../sources/origin.js';
import type { RawPoint } from '../sources/raw-position.js';
import type { Parsed } from '../schemes/parsed.js';
import { isGzip } from '../sources/sniff.js';
import { extractBatch, extractBatchSteps, type FoundSink, type FoundUrl, type ScanContext, type ScanItem, type ScanOptions, type ScanRejection } from '../extract.js';
import { readInput, readMboxRange, type MessageRange } from '../sources/read-input.js';
import type { ChunkMemory } from '../sources/mbox.js';
import { displayPath, type FilePath } from '../sources/file-path.js';
import { normalizeUrl } from '../schemes/normalize.js';
import { scanErrorLine, IO_REASONS } from './errors.js';
import { compileGlobs } from './globs.js';
import { createFormatter, foundCsv, foundJson, foundRecord, foundText, needsLines, printable, STDIN_NAME, toOutputRecord, type FormatName, type OutputRecord, type TextLook } from './formats.js';
import { createLineWindow, lookBehindBytes, type LineWindow, type MatchLines } from './lines.js';
import { PASSWORD_MASK, redactUrl } from './redact.js';
import type { NominalRange, RangeMeasure } from './ranges.js';

/** What the command line asks of every unit (plain data: it is sent to the workers). */
export interface UnitSettings {
  format: FormatName;
  /** `--scheme`: only these schemes (lower case); empty for all. */
  schemes: string[];
  unique: boolean;
  stats: boolean;
  explain: boolean;
  redact: boolean;
  strict: boolean;
  emails: boolean;
  schemeless: boolean;
  fuzzy: boolean;
  punycode: boolean;
  headers: boolean;
  /** Colour, `-Z` and context for text output. */
  look: TextLook;
  /** `--host` and `--exclude-host` globs. */
  hosts: string[];
  excludeHosts: string[];
  /** `--match`: a regular expression's source. */
  match?: string;
  /** Context lines before and after each match. */
  before: number;
  after: number;
  /** `-m`: stop a unit after this many URLs. */
  maxCount?: number;
}

/** One piece of work, numbered in output order. */
export interface WorkUnit {
  seq: number;
  /** The path to read (bytes when it is not valid UTF-8), or `-` for standard input. */
  path: FilePath;
  /** What to read it as (`auto`: sniffed; `spool`: an article of a news spool). */
  kind: InputKind | 'spool';
  /** For a large mbox: the byte range of whole messages to read (for a `cut` unit, set once its boundaries are known). */
  range?: MessageRange;
  /**
   * For a large mbox cut by offsets: the nominal range whose messages the unit scans.
   * `range` is found from it before the unit runs (`schedule.ts`, `ranges.ts`).
   */
  cut?: NominalRange;
  /** Bytes to read (the file or range size), for progress; 0 when unknown. */
  bytes: number;
  /** True for the first unit of a file (for the file count). */
  newFile: boolean;
  /** Not a regular file (a FIFO, a device): read as a stream only, never with a blocking read. */
  special?: boolean;
  /**
   * With `--shard`: where the unit starts in the whole job (see `shard.ts`). JSONL
   * records then start with it, so that `urlsift merge` can put shards back in order.
   */
  jobOffset?: number;
}

/** A line for stderr: a rejection (`--explain`) or an error record. */
export interface StderrLine {
  /** How many of the batch's records come before it. */
  before: number;
  text: string;
  /** An error record (counted in `--stats`). */
  error: boolean;
  /** An error that means an input could not be read (exit code 2). */
  io: boolean;
}

/**
 * A unit's records, formatted, in one string: one message between threads costs the
 * same for one record or a thousand. Each record's text starts with the format's
 * separator (the main thread drops it before the very first record it prints).
 */
export interface Batch {
  /** The records' texts, one after another. */
  out: string;
  /** How many records `out` holds. */
  count: number;
  /** Where each record ends in `out` (with `--unique`, which filters records one by one, or stderr lines among them). */
  ends?: number[];
  /** Each record's normalised URL (with `--unique`). */
  keys?: string[];
  /** Each record's scheme and host, or an empty host (with `--stats`). */
  schemes?: string[];
  hosts?: string[];
  /** Lines for stderr, in order among the records. */
  stderr?: StderrLine[];
}

/** What a unit reports while it runs, in order. */
export type UnitEvent =
  | { type: 'batch'; seq: number; batch: Batch; size: number }
  | { type: 'progress'; seq: number; bytes: number; messages: number }
  | { type: 'done'; seq: number; messages: number; bytes: number }
  | { type: 'failed'; seq: number; error: string }
  /** A worker found the messages of a `cut` unit's nominal range (none: it could not read them). */
  | { type: 'measured'; seq: number; measure?: RangeMeasure };

/** Receives a unit's events; may return a promise to slow the unit down (flow control). */
export type UnitSink = (event: UnitEvent) => void | Promise<void>;

/**
 * Items are handed over in batches of at most this many characters: few messages between
 * threads, little waiting. On the main thread (`-j 1`, standard input), where a batch goes
 * to the output with no message, batches are smaller: the batch's text is made flat (copied)
 * when it is written, and a batch copied while its records are still in the processor's
 * cache cost a quarter as much (usrp-users mbox, `--format jsonl`: joining the records took
 * 100 to 260 ms of a 1.2 to 1.6 s runUnit with 64 KiB batches, 27 to 36 ms with 8 KiB; one
 * process, timed).
 */
const BATCH_CHARS = isMainThread ? 8 * 1024 : 64 * 1024;

/** Progress is reported after every this many bytes read from a whole file. */
const PROGRESS_STEP_BYTES = 4 * 1024 * 1024;

/**
 * A `.gz` file is handed to the decompressor in pieces of about a
 * {@link GZ_PIECES_PER_FILE}th of the file, each counted as read when the decompressor asks
 * for it, and progress is reported after each. Its bytes on disk are the progress display's
 * measure, and one chunk of {@link READ_CHUNK_BYTES} can expand to hundreds of megabytes (an
 * 823 KB mailbox of 800 MB, 2 s): counted as the chunks were read, and reported every
 * {@link PROGRESS_STEP_BYTES}, the display stood at 0%, then jumped to 100%. The decompressor
 * holds a piece or two ahead of what it has inflated (its stream buffers): a few percent.
 * Pieces are not smaller than {@link GZ_MIN_PIECE_BYTES}, nor larger than a chunk: a 47 MB
 * .gz of the usrp-users mbox in pieces of 16 KiB cost 14% more CPU (`farm-bench -n 5`, 2.83
 * against 2.47 s: the decompressor's output came in pieces as small), and in chunks none.
 */
const GZ_PIECES_PER_FILE = 64;
const GZ_MIN_PIECE_BYTES = 16 * 1024;

/** The piece size of a `.gz` of `size` bytes (0 when unknown: standard input, whose display has no total). */
function gzPieceBytes(size: number): number {
  if (size <= 0 || size === Infinity) return READ_CHUNK_BYTES;
  return Math.min(READ_CHUNK_BYTES, Math.max(GZ_MIN_PIECE_BYTES, Math.ceil(size / GZ_PIECES_PER_FILE)));
}

/** Progress is also sent every this many messages: a few a second for the tiniest messages, little cost for any. */
const PROGRESS_STEP_MESSAGES = 10_000;

/** File reads: the sources' own chunk size (per-chunk costs vanish, few buffers wait for the collector). */
const READ_CHUNK_BYTES = 256 * 1024;

/**
 * A file read with blocking reads gives the event loop a turn after every this many chunks
 * (2 MiB, a few tens of milliseconds of scanning), so that the progress display's timers and
 * the SIGINT handler run while a large file is read. A turn per chunk, as a stream gives,
 * took back half of what the blocking reads saved (main-thread CPU, usrp-users mbox).
 */
const TURN_CHUNKS = 8;

/**
 * A batch holding a document this long (its text or its source) is matched in steps
 * (`extractBatchSteps`), with progress reported as the matching goes and, on the main thread,
 * a turn of the event loop every {@link TURN_MS}: a 31 MB message of dense URLs is otherwise
 * seconds of one synchronous call, Ctrl-C, which Node hands to the SIGINT handler only in a
 * turn of the event loop, waited for its end (7.7 s), and the progress display stood still.
 * Shorter documents, nearly every one of a mailbox, take the one call as before: a step costs
 * nothing beside a megabyte of text.
 */
const STEPPED_DOCUMENT_CHARS = 1024 * 1024;

/**
 * A stepped document gives the event loop a turn at the first step that ends this many
 * milliseconds after the last turn. By time, not by characters: a step of the densest text
 * (a URL every 18 characters) takes 2 ms with `--format csv` and 30 ms with `--format jsonl`,
 * whose records carry 4 KB lines; a step of prose a tenth of a millisecond, where a turn
 * per step would cost more than the step.
 */
const TURN_MS = 20;

/** Whether `batch` holds a document long enough to be matched in steps (see {@link STEPPED_DOCUMENT_CHARS}). */
function holdsHugeDocument(batch: SourceBatch): boolean {
  for (const item of batch) if (item.type === 'document' && (item.text.length > STEPPED_DOCUMENT_CHARS || item.source.length > STEPPED_DOCUMENT_CHARS)) return true;
  return false;
}

/** A turn of the event loop (its poll phase, where signals are handed to their handlers, included). */
const turn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Files smaller than this (nearly every Maildir message and news article) are read
 * with one read into one buffer that every unit of the thread reuses: a fresh 256 KiB
 * stream buffer per file made the collector the busiest part of a run over 50,000
 * small files (see the bench's "small files" row).
 */
const SMALL_FILE_BYTES = 256 * 1024;

/** The thread's buffer for small files (units of a thread run one after another). */
let smallFileBuffer: Buffer | undefined;

/** Whether a match passes `--host`, `--exclude-host` and `--match` (schemes are checked apart). */
type MatchFilter = (record: OutputRecord) => boolean;

/** The filter of each settings object: compiled once per thread, not once per file. */
const filters = new WeakMap<UnitSettings, MatchFilter | null>();

/** The compiled `--host`, `--exclude-host` and `--match` of `settings`; null when there are none. */
function filterOf(settings: UnitSettings): MatchFilter | null {
  let filter = filters.get(settings);
  if (filter !== undefined) return filter;
  filter = null;
  if (settings.hosts.length > 0 || settings.excludeHosts.length > 0 || settings.match !== undefined) {
    // Host globs as ripgrep's: `*` never crosses a `/` (hosts have none), case does not matter (RFC 3986 §3.2.2).
    const glob = { nocase: true, dot: true };
    const keep = settings.hosts.length > 0 ? compileGlobs(settings.hosts, glob) : undefined;
    const drop = settings.excludeHosts.length > 0 ? compileGlobs(settings.excludeHosts, glob) : undefined;
    // Run on the URL only, which the scanner bounds (MAX_URL_LENGTH), so even a backtracking pattern stays bounded.
    const pattern = settings.match !== undefined ? new RegExp(settings.match, 'u') : undefined;
    filter = (record) => {
      if (pattern && !pattern.test(record.url)) return false;
      if (!keep && !drop) return true;
      const names = hostNames(record);
      if (keep && !names.some((name) => keep(name))) return false;
      return !(drop && names.some((name) => drop(name)));
    };
  }
  filters.set(settings, filter);
  return filter;
}

/**
 * Whether a unit writes the records of lean-path matches straight from their fields
 * (`writeFound` in {@link runUnit}): JSON and CSV records, and text in its plain look (no
 * colour, `-Z` or context lines) or URLs alone (`-o`), with no filter to read a record and no
 * `--redact` to change one.
 */
function direct(settings: UnitSettings, filter: MatchFilter | null): boolean {
  const { format, look } = settings;
  const plainText = (format === 'text' && !look.color && !look.nul && !look.context) || format === 'urls';
  return (format === 'jsonl' || format === 'json' || format === 'csv' || plainText) && filter === null && !settings.redact;
}

/** A URL's host as written, in ASCII and in Unicode (RFC 3490 §4: the two forms name the same host). */
function hostNames(record: OutputRecord): string[] {
  const host = record.parts.host;
  if (!host) return [];
  const names = [host];
  if (record.parts.asciiHost && record.parts.asciiHost !== host) names.push(record.parts.asciiHost);
  if (/(^|\.)xn--/i.test(host)) {
    const unicode = domainToUnicode(host);
    if (unicode && unicode !== host) names.push(unicode);
  }
  return names;
}

/**
 * Scans one unit and sends its items to `sink` in file order, then `done`. An
 * unexpected exception is sent as `failed` (it is a bug, reported, and the other
 * units go on). `stdin` is read for the unit whose path is `-`.
 */
export async function runUnit(unit: WorkUnit, settings: UnitSettings, sink: UnitSink, stdin?: AsyncIterable<Buffer>): Promise<void> {
  const formatter = createFormatter(settings.format, settings.look);
  const filter = filterOf(settings);
  const maxCount = settings.maxCount ?? Infinity;
  const wantLines = needsLines(settings.format, settings.look);
  let window: LineWindow | undefined;
  /** Records waiting for their lines (the `-A` lines have not all been read yet). */
  const pending: Waiting[] = [];
  let kept = 0;
  const schemes = settings.schemes.length > 0 ? new Set(settings.schemes) : undefined;
  /**
   * The batch's records so far, one after another, and how many. Added with `+=`, not pushed
   * to an array and joined: the string is made flat once, where it is written or posted,
   * instead of once more in a join (steady pass over 10 MB of the usrp-users mbox, `--format
   * jsonl -j 1`, callgrind: 1,144.8 -> 1,125.9 M instructions).
   */
  let out = '';
  let count = 0;
  /** Characters of the batch so far (records and stderr lines), for flow control. */
  let size = 0;
  /** Characters of records so far, for `ends`. */
  let outLength = 0;
  let ends: number[] = [];
  let keys: string[] = [];
  let schemeList: string[] = [];
  let hosts: string[] = [];
  let stderrLines: StderrLine[] = [];
  /** Bytes of the input read so far, and messages. */
  let read = 0;
  let messages = 0;
  let reported = 0;
  let reportedMessages = 0;
  /** Bytes read between two reports of progress (fewer for a `.gz`, see {@link GZ_PIECES_PER_FILE}). */
  let progressStep = PROGRESS_STEP_BYTES;

  // Not async: a flush that need not wait returns nothing, so no suspended frame keeps
  // the batch alive while a large part is still being matched synchronously.
  const flush = (): Promise<void> | undefined => {
    if (count === 0 && stderrLines.length === 0) return;
    const batch: Batch = { out, count };
    batch.ends = ends;
    if (settings.unique) batch.keys = keys;
    if (settings.stats) {
      batch.schemes = schemeList;
      batch.hosts = hosts;
    }
    if (stderrLines.length > 0) batch.stderr = stderrLines;
    const batchSize = size;
    out = '';
    count = 0;
    size = 0;
    outLength = 0;
    ends = [];
    keys = [];
    schemeList = [];
    hosts = [];
    stderrLines = [];
    return sink({ type: 'batch', seq: unit.seq, batch, size: batchSize }) ?? undefined;
  };
  /** A flush started while a batch of documents was being matched, to wait for after it. */
  let sending: Promise<void> | undefined;
  /**
   * A part with millions of URLs is matched in one synchronous call: its records are
   * sent on every {@link BATCH_CHARS} as they come, so memory holds one batch, not the part.
   */
  const sendIfFull = (): void => {
    if (size >= BATCH_CHARS) sending = flush() ?? sending;
  };
  const afterPush = async (): Promise<void> => {
    if (size >= BATCH_CHARS) await flush();
    if (read - reported >= progressStep) {
      reported = read;
      await sink({ type: 'progress', seq: unit.seq, bytes: read, messages });
    }
  };
  /** Whether the input is gzip: its progress is in compressed bytes, which raw offsets are not. */
  let gzipped = false;
  /**
   * Progress while a huge document is matched in steps, to the raw offset `at` its matching has
   * come to (and never past what was read). Its message's bytes were all read before its
   * matching started, and matching a 31 MB message of dense URLs takes seconds: progress by
   * bytes read left the display standing still meanwhile.
   */
  const matchedTo = (at: number): void => {
    if (gzipped) return;
    const bytes = Math.min(read, at - (unit.range ? unit.range.start : 0));
    if (bytes <= reported) return;
    reported = bytes;
    void sink({ type: 'progress', seq: unit.seq, bytes, messages });
  };
  const pushStderr = (text: string, error: boolean, io: boolean): void => {
    stderrLines.push({ before: count, text, error, io });
    size += text.length;
    sendIfFull();
  };
  /** Prints a match's record; `password` is its parts' own (unmasked), for `--redact` in its lines. */
  const pushMatch = (record: OutputRecord, password: string | undefined): void => {
    if (filter && !filter(record)) return;
    kept++;
    if (!wantLines) {
      pushRecord(record);
      return;
    }
    const waiting: Waiting = { record, secret: settings.redact ? password : undefined };
    if (pending.length > 0 || !pushWithLines(waiting, false)) pending.push(waiting);
  };
  /** Formats a record with its lines; false when they cannot be known yet (unless `final`). */
  const pushWithLines = ({ record, secret }: Waiting, final: boolean): boolean => {
    const lines = window && record.exact ? window.linesAt(record.offset, record.endOffset, settings.before, settings.after) : null;
    if (lines === undefined && !final) return false;
    pushRecord(record, lines && secret ? redactLines(lines, secret) : (lines ?? null));
    return true;
  };
  const drainPending = (final: boolean): void => {
    while (pending.length > 0 && pushWithLines(pending[0] as Waiting, final)) pending.shift();
  };
  // A sharded JSONL record leads with its unit's job offset (`urlsift merge` orders by it).
  const jobOffset = settings.format === 'jsonl' ? unit.jobOffset : undefined;
  const pushRecord = (record: OutputRecord, lines?: ReturnType<LineWindow['linesAt']>): void => {
    pushText(formatter.separator + formatter.format(jobOffset === undefined ? record : ({ jobOffset, ...record } as OutputRecord), lines), record.url, record.scheme, record.parts);
  };
  /** Adds a record's text (with its separator) to the batch; `url`, `scheme` and `parts` are the record's, for `--unique` and `--stats`. */
  const pushText = (text: string, url: string, scheme: string, parts: Parsed): void => {
    out += text;
    count++;
    size += text.length;
    outLength += text.length;
    ends.push(outLength);
    if (settings.unique) keys.push(normalizeUrl(url));
    if (settings.stats) {
      schemeList.push(scheme);
      hosts.push((parts.asciiHost ?? parts.host ?? '').toLowerCase());
    }
    sendIfFull();
  };
  /**
   * The record text of a lean-path match for `--format jsonl`, `json`, `csv`, plain text and
   * `-o`, written with no record object (foundJson, foundCsv, foundText), or `undefined` where
   * a record is needed: a filter or `--redact` reads or changes its fields, records wait for
   * their lines, or another look.
   */
  const writeFound = direct(settings, filter)
    ? (match: FoundUrl, context: ScanContext, origin: DocumentOrigin, start: RawPoint, end: RawPoint, exact: boolean): string | undefined => {
        if (settings.format === 'csv') return foundCsv(match, context, origin, start, end, exact);
        if (settings.format === 'text' || settings.format === 'urls') return foundText(match, origin, start, settings.format === 'urls');
        // The lines as pushWithLines finds them; while records wait for theirs, this one waits too.
        if (pending.length > 0) return undefined;
        const lines = window && exact ? window.linesAt(start.offset, end.offset, settings.before, settings.after) : null;
        if (lines === undefined) return undefined;
        return foundJson(match, context, origin, start, end, exact, lines, settings.look.jsonContext, jobOffset) + jsonEnd;
      }
    : undefined;
  const jsonEnd = settings.format === 'jsonl' ? '\n' : '';

  const range = unit.range;
  /** Where the last message read starts in the raw input: no later match starts before it. */
  let messageStart = range ? range.start : 0;
  const lookBehind = lookBehindBytes(settings.before);
  const options: ScanOptions = {
    strict: settings.strict,
    emails: settings.emails,
    schemeless: settings.schemeless,
    fuzzy: settings.fuzzy,
    punycode: settings.punycode,
    // `-s tel`: asking for a label-like scheme by name reports its bare matches too.
    bareSchemes: settings.schemes,
    headers: settings.headers,
    // Every message read, with or without URLs: the count for --stats and the progress display.
    onMessage: (message) => {
      messages++;
      messageStart = message.offset;
      if (range) read = Math.min(unit.bytes, message.offset + message.length - range.start);
      // Messages without URLs push no items, so progress is also sent from here: a small
      // `.gz` can hold millions of `From ` lines, and the display must show them being read.
      if (messages - reportedMessages >= PROGRESS_STEP_MESSAGES) {
        reportedMessages = messages;
        reported = read;
        void sink({ type: 'progress', seq: unit.seq, bytes: read, messages });
      }
    },
  };
  // Rejections arrive while a document is scanned: in file order among themselves, and
  // before the matches of the same document (stderr and stdout are separate streams).
  if (settings.explain) {
    options.onReject = (rejection) => {
      if (kept >= maxCount) return;
      if (schemes && rejection.scheme !== undefined && !schemes.has(rejection.scheme)) return;
      pushStderr(describeRejection(rejection, settings.redact), false, false);
    };
  }

  try {
    // The scheduler sets a cut unit's range before it runs (reading the whole file instead would print its records twice).
    if (unit.cut && !range) throw new Error(`unit ${unit.seq} was run before its message boundaries were found`);
    // An mbox's splitter lends the file's reads its own memory (no chunk copied; the line window holds views of it).
    const memory: ChunkMemory = {};
    let source: AsyncIterable<SourceBatch>;
    if (range) {
      // The range's lines come from the same reads as its messages.
      if (wantLines) {
        // A match on the range's first lines has its `-B` lines in the range before: the
        // window starts as far back as a serial read still holds (lookBehindBytes).
        const from = settings.before > 0 ? Math.max(0, range.start - lookBehind) : range.start;
        window = createLineWindow(from);
        if (from < range.start) window.add(readBytes(unit.path, from, range.start));
      }
      const chunks = unit.special
        ? (createReadStream(unit.path, { start: range.start, end: range.end !== undefined ? range.end - 1 : undefined, highWaterMark: READ_CHUNK_BYTES }) as AsyncIterable<Buffer>)
        : readBlocking(unit.path, range.start, range.end ?? Infinity, memory);
      source = readMboxRange(window ? countBytes(chunks, (chunk) => window?.add(chunk)) : chunks, displayPath(unit.path), range, { ...options, memory });
    } else {
      const piece = gzPieceBytes(unit.path === STDIN_NAME || unit.special ? 0 : unit.bytes);
      const chunks = countRead(unit.path === STDIN_NAME ? (stdin ?? emptyChunks()) : readFile(unit.path, unit.special ? Infinity : unit.bytes, memory), piece, (chunk, gz) => {
        read += chunk.length;
        if (gz) {
          progressStep = piece;
          gzipped = true;
          return;
        }
        // Positions in a .gz are in the decompressed bytes, which this window does not see: no lines there.
        if (wantLines) (window ??= createLineWindow()).add(chunk);
      });
      source = readInput(chunks, { ...options, input: unit.kind, name: displayPath(unit.path), memory });
    }
    // Items after the --max-count'th match are dropped, as reading stops after the batch.
    const emit = (item: ScanItem): void => {
      if (kept >= maxCount) return;
      if (item.type === 'error') pushStderr(scanErrorLine(item, printable), true, IO_REASONS.has(item.reason));
      else if (!schemes || schemes.has(item.scheme)) pushMatch(toOutputRecord(item, settings.redact), item.parts.password);
    };
    // The lean path: a match's record made from its reading and raw points, with no ScanMatch
    // and Origin objects between (they were a fifth of the work per record, CPU profile).
    const found: FoundSink = (match, context, origin, start, end, exact) => {
      if (kept >= maxCount) return;
      if (schemes && !schemes.has(match.scheme)) return;
      const text = writeFound?.(match, context, origin, start, end, exact);
      if (text === undefined) pushMatch(foundRecord(match, context, origin, start, end, exact, settings.redact), match.parts.password);
      else {
        kept++;
        pushText(formatter.separator + text, match.url, match.scheme, match.parts);
      }
    };
    // One synchronous step per batch (the messages of one chunk read): the same
    // extractBatch as the library's scan(), with matches handed on as they are found.
    for await (const batch of source) {
      if (holdsHugeDocument(batch)) {
        // Steps of MATCH_STEP_CHARS: the output waits for its reader between them, progress
        // follows the matching, and on the main thread the event loop gets its turns.
        let turned = Date.now();
        for (const at of extractBatchSteps(batch, options, emit, found)) {
          if (sending) {
            await sending;
            sending = undefined;
          }
          matchedTo(at);
          if (isMainThread && Date.now() - turned >= TURN_MS) {
            await turn();
            turned = Date.now();
          }
        }
      } else {
        extractBatch(batch, options, emit, found);
      }
      if (sending) {
        await sending;
        sending = undefined;
      }
      if (pending.length > 0) drainPending(false);
      // No later match starts before the last message read, nor before a record still waiting for its lines.
      if (window) window.forget(Math.min(messageStart, pending.length > 0 ? (pending[0] as Waiting).record.offset : Infinity) - lookBehind);
      await afterPush();
      if (kept >= maxCount) break;
    }
    if (window && range?.end !== undefined && pending.length > 0 && kept < maxCount) {
      // `-A` lines of a match on the range's last lines are in the range after: read on.
      if (addLinesAfter(window, unit.path, range.end, settings.after)) window.end();
    } else {
      window?.end();
    }
    drainPending(true);
    await flush();
    await sink({ type: 'done', seq: unit.seq, messages, bytes: range ? unit.bytes : read });
  } catch (error) {
    await flush();
    await sink({ type: 'failed', seq: unit.seq, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

/** A record waiting for its lines, with the password its lines must not show (`--redact`). */
interface Waiting {
  record: OutputRecord;
  secret?: string;
}

/** `--redact` in lines: every copy of the password masked, the match's place in its line kept. */
function redactLines(lines: MatchLines, secret: string): MatchLines {
  const mask = (text: string): string => text.replaceAll(secret, PASSWORD_MASK);
  const head = mask(lines.line.slice(0, lines.matchStart));
  const matched = mask(lines.line.slice(lines.matchStart, lines.matchEnd));
  return {
    line: head + matched + mask(lines.line.slice(lines.matchEnd)),
    matchStart: head.length,
    matchEnd: head.length + matched.length,
    before: lines.before.map(mask),
    after: lines.after.map(mask),
  };
}

/** `--explain`: `file:line:column: rejected <candidate>: reason (detail)`. */
function describeRejection(rejection: ScanRejection, redact: boolean): string {
  const { start } = rejection.origin.position;
  const candidate = redact ? redactUrl(rejection.candidate) : rejection.candidate;
  const detail = rejection.detail ? ` (${rejection.detail})` : '';
  return `${printable(rejection.origin.file ?? STDIN_NAME)}:${start.line}:${start.column}: rejected ${printable(candidate)}: ${rejection.reason}${printable(detail)}`;
}

/**
 * Reads a file: first one read into the thread's reused buffer, which holds a whole
 * small file (valid until the next unit starts); a larger file goes on from where that
 * read stopped, in chunks of {@link READ_CHUNK_BYTES}. `size` is the planned size (0 when
 * not stat-ed, `Infinity` for a file that is not regular, which is streamed).
 */
async function* readFile(path: FilePath, size: number, memory?: ChunkMemory): AsyncGenerator<Buffer> {
  let start = 0;
  if (size < SMALL_FILE_BYTES) {
    const buffer = (smallFileBuffer ??= Buffer.allocUnsafe(SMALL_FILE_BYTES));
    const fd = openSync(path, 'r');
    let length = 0;
    try {
      for (let n = -1; n !== 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, null);
    } finally {
      closeSync(fd);
    }
    if (length < buffer.length) {
      if (length > 0) yield buffer.subarray(0, length);
      return;
    }
    yield Buffer.from(buffer); // more follows: this piece must outlive the buffer's next use
    start = length;
  }
  // A FIFO or device may block: only a stream reads it. A regular file is read with
  // blocking reads into fresh chunks (the line window keeps them): a stream's read requests,
  // their thread pool and callbacks cost about 0.1 s of CPU per 100 MB beside the reads
  // themselves (main and helper threads, usrp-users mbox, `--format jsonl`, 7 runs each in
  // turn), and a chunk from the page cache takes tens of microseconds: little to overlap.
  // Such a stream is given no start: with one it reads at positions (pread), which a FIFO
  // or a terminal refuses (ESPIPE), and nothing was read before it here.
  if (size === Infinity) {
    for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK_BYTES })) yield chunk as Buffer;
    return;
  }
  yield* readBlocking(path, start, Infinity, memory);
}

/**
 * `-A` lines read past the end of a range are looked for in at most this many bytes:
 * a few lines, each cut to MAX_LINE_BYTES but ended by its real line break. Past it (a
 * hostile line of megabytes right after a range), the match is printed without its lines
 * (`null`, as for a line that has left the window), where a serial read shows them.
 */
const MAX_AFTER_RANGE_BYTES = 1024 * 1024;

/** Reads bytes `[start, end)` of a regular file in one buffer (fewer at its end). */
function readBytes(path: FilePath, start: number, end: number): Buffer {
  const buffer = Buffer.allocUnsafe(end - start);
  const fd = openSync(path, 'r');
  try {
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, start + length);
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/**
 * Adds to `window` the bytes of `path` from `start` on until they hold `lines` line
 * breaks (or {@link MAX_AFTER_RANGE_BYTES}); true when the file ended first.
 */
function addLinesAfter(window: LineWindow, path: FilePath, start: number, lines: number): boolean {
  const step = 16 * 1024;
  for (let at = start, found = 0; at - start < MAX_AFTER_RANGE_BYTES; ) {
    const chunk = readBytes(path, at, at + step);
    if (chunk.length === 0) return true;
    window.add(chunk);
    at += chunk.length;
    for (let i = chunk.indexOf(10); i >= 0 && found < lines; i = chunk.indexOf(10, i + 1)) found++;
    if (found >= lines) return false;
  }
  return false;
}

/**
 * Reads bytes `[start, end)` of a regular file (to its end when `end` is past it) with blocking
 * reads, in chunks of {@link READ_CHUNK_BYTES}: into the memory an mbox's splitter lends
 * (`memory`), or fresh memory. A chunk is never written again once read.
 */
async function* readBlocking(path: FilePath, start: number, end: number, memory?: ChunkMemory): AsyncGenerator<Buffer> {
  const fd = openSync(path, 'r');
  let chunks = 0;
  try {
    while (start < end) {
      const chunk = memory?.lend?.(READ_CHUNK_BYTES) ?? Buffer.allocUnsafe(READ_CHUNK_BYTES);
      const n = readSync(fd, chunk, 0, Math.min(chunk.length, end - start), start);
      if (n === 0) return;
      start += n;
      yield n < chunk.length ? chunk.subarray(0, n) : chunk;
      if (++chunks % TURN_CHUNKS === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The chunks of a whole input, each shown to `seen` as the reader asks for it; `gz` says the
 * input is gzip (sniffed from its first chunk), whose chunks are handed on in pieces of at
 * most `piece` bytes, so that what `seen` counts is what the decompressor has taken.
 */
async function* countRead(chunks: AsyncIterable<Buffer>, piece: number, seen: (chunk: Buffer, gz: boolean) => void): AsyncGenerator<Buffer> {
  let gz: boolean | undefined;
  for await (const chunk of chunks) {
    gz ??= isGzip(chunk);
    if (!gz) {
      seen(chunk, false);
      yield chunk;
      continue;
    }
    if (chunk.length <= piece) {
      seen(chunk, true);
      yield chunk;
      continue;
    }
    for (let at = 0; at < chunk.length; at += piece) {
      const part = chunk.subarray(at, at + piece);
      seen(part, true);
      yield part;
    }
  }
}

async function* countBytes(chunks: AsyncIterable<Buffer>, seen: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    seen(chunk);
    yield chunk;
  }
}

async function* emptyChunks(): AsyncGenerator<Buffer> {}
