/**
 * A work unit: one file, one byte range of a large mbox, or standard input, read by
 * the sources' `readInput`, matched by `extractBatch` (as the library's `scan` is)
 * and turned into printable items. The same code runs in a worker thread
 * and, for `-j 1` and standard input, on the main thread; the main thread writes the
 * units' items in unit order, so the output does not depend on the number of jobs.
 */
import { extractBatch, type ScanItem, type ScanMatch, type ScanOptions, type ScanRejection } from '../extract.js';
import type { InputKind } from '../sources/origin.js';
import { readInput, type MessageRange } from '../sources/read-input.js';
import { normalizeUrl } from '../schemes/normalize.js';
import { FORMATS, printable, STDIN_NAME, toOutputRecord, type FormatName } from './formats.js';
import { redactUrl } from './redact.js';

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
  headers: boolean;
}

/** One piece of work, numbered in output order. */
export interface WorkUnit {
  seq: number;
  /** The path to read, or `-` for standard input. */
  path: string;
  /** What to read it as (`auto`: sniffed; `spool`: an article of a news spool). */
  kind: InputKind | 'spool';
  /** For a large mbox: the byte range of whole messages to read. */
  range?: MessageRange;
  /** Bytes to read (the file or range size), for progress; 0 when unknown. */
  bytes: number;
  /** True for the first unit of a file (for the file count). */
  newFile: boolean;
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
  | { type: 'failed'; seq: number; error: string };

/** Receives a unit's events; may return a promise to slow the unit down (flow control). */
export type UnitSink = (event: UnitEvent) => void | Promise<void>;

/** Items are handed over in batches of at most this many characters: few messages, little waiting. */
const BATCH_CHARS = 64 * 1024;

/** Progress is reported after every this many bytes read from a whole file. */
const PROGRESS_STEP_BYTES = 4 * 1024 * 1024;

/** Progress is also sent every this many messages: a few a second for the tiniest messages, little cost for any. */
const PROGRESS_STEP_MESSAGES = 10_000;

/** Error reasons that mean the input could not be read at all (grep's exit code 2). */
const IO_REASONS: ReadonlySet<string> = new Set(['read-failed', 'gzip-failed', 'unsupported-compression']);

/**
 * Scans one unit and sends its items to `sink` in file order, then `done`. An
 * unexpected exception is sent as `failed` (it is a bug, reported, and the other
 * units go on). `stdin` is read for the unit whose path is `-`.
 */
export async function runUnit(unit: WorkUnit, settings: UnitSettings, sink: UnitSink, stdin?: AsyncIterable<Buffer>): Promise<void> {
  const formatter = FORMATS[settings.format];
  const schemes = settings.schemes.length > 0 ? new Set(settings.schemes) : undefined;
  let texts: string[] = [];
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

  // Not async: a flush that need not wait returns nothing, so no suspended frame keeps
  // the batch alive while a large part is still being matched synchronously.
  const flush = (): Promise<void> | undefined => {
    if (texts.length === 0 && stderrLines.length === 0) return;
    const batch: Batch = { out: texts.join(''), count: texts.length };
    if (settings.unique || stderrLines.length > 0) batch.ends = ends;
    if (settings.unique) batch.keys = keys;
    if (settings.stats) {
      batch.schemes = schemeList;
      batch.hosts = hosts;
    }
    if (stderrLines.length > 0) batch.stderr = stderrLines;
    const batchSize = size;
    texts = [];
    size = 0;
    outLength = 0;
    ends = [];
    keys = [];
    schemeList = [];
    hosts = [];
    stderrLines = [];
    return sink({ type: 'batch', seq: unit.seq, batch, size: batchSize }) ?? undefined;
  };
  const afterPush = async (): Promise<void> => {
    if (size >= BATCH_CHARS) await flush();
    if (read - reported >= PROGRESS_STEP_BYTES) {
      reported = read;
      await sink({ type: 'progress', seq: unit.seq, bytes: read, messages });
    }
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
  const pushStderr = (text: string, error: boolean, io: boolean): void => {
    stderrLines.push({ before: texts.length, text, error, io });
    size += text.length;
    sendIfFull();
  };
  const pushMatch = (match: ScanMatch): void => {
    const record = toOutputRecord(match, settings.redact);
    const text = formatter.separator + formatter.format(record);
    texts.push(text);
    size += text.length;
    outLength += text.length;
    ends.push(outLength);
    if (settings.unique) keys.push(normalizeUrl(record.url));
    if (settings.stats) {
      schemeList.push(record.scheme);
      hosts.push((record.parts.asciiHost ?? record.parts.host ?? '').toLowerCase());
    }
    sendIfFull();
  };

  const range = unit.range;
  const options: ScanOptions = {
    strict: settings.strict,
    emails: settings.emails,
    schemeless: settings.schemeless,
    headers: settings.headers,
    // Every message read, with or without URLs: the count for --stats and the progress display.
    onMessage: (message) => {
      messages++;
      if (range) read = message.offset + message.length - range.start;
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
      if (schemes && rejection.scheme !== undefined && !schemes.has(rejection.scheme)) return;
      pushStderr(describeRejection(rejection, settings.redact), false, false);
    };
  }

  try {
    const onRead = range ? undefined : (n: number): void => {
      read += n;
    };
    const batches = unit.path === STDIN_NAME
      ? readInput(stdin ?? [], { ...options, input: unit.kind, name: unit.path, onRead })
      : readInput(unit.path, range ? { ...options, range } : { ...options, input: unit.kind, onRead });
    const emit = (item: ScanItem): void => {
      if (item.type === 'error') pushStderr(`urlsift: ${printable(item.detail)} [${item.reason}]`, true, IO_REASONS.has(item.reason));
      else if (!schemes || schemes.has(item.scheme)) pushMatch(item);
    };
    for await (const batch of batches) {
      extractBatch(batch, options, emit);
      if (sending) {
        await sending;
        sending = undefined;
      }
      await afterPush();
    }
    await flush();
    await sink({ type: 'done', seq: unit.seq, messages, bytes: range ? unit.bytes : read });
  } catch (error) {
    await flush();
    await sink({ type: 'failed', seq: unit.seq, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

/** `--explain`: `file:line:column: rejected <candidate>: reason (detail)`. */
function describeRejection(rejection: ScanRejection, redact: boolean): string {
  const { start } = rejection.origin.position;
  const candidate = redact ? redactUrl(rejection.candidate) : rejection.candidate;
  const detail = rejection.detail ? ` (${rejection.detail})` : '';
  return `${printable(rejection.origin.file ?? STDIN_NAME)}:${start.line}:${start.column}: rejected ${printable(candidate)}: ${rejection.reason}${printable(detail)}`;
}
