/**
 * A work unit: one file, one byte range of a large mbox, or standard input, scanned
 * by `scan` and turned into printable items. The same code runs in a worker thread
 * and, for `-j 1` and standard input, on the main thread; the main thread writes the
 * units' items in unit order, so the output does not depend on the number of jobs.
 */
import { createReadStream } from 'node:fs';
import type { InputKind, ScanError } from '../sources/origin.js';
import { scan, type MessageRange, type ScanItem, type ScanMatch, type ScanOptions, type ScanRejection } from '../sources/scan.js';
import { normalizeUrl } from '../schemes/normalize.js';
import { teeMessageCount } from './count-messages.js';
import { FORMATS, printable, STDIN_NAME, toOutputRecord, type FormatName, type OutputRecord } from './formats.js';
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
  /** What to read it as (`auto`: sniffed). */
  kind: InputKind;
  /** For a large mbox: the byte range of whole messages to read. */
  range?: MessageRange;
  /** How many messages the range holds, when the planner knows. */
  messages?: number;
  /** Bytes to read (the file or range size), for progress; 0 when unknown. */
  bytes: number;
  /** True for the first unit of a file (for the file count). */
  newFile: boolean;
}

/** Something to print: a match on stdout, a rejection (`--explain`) or an error on stderr. */
export type OutputItem =
  | { type: 'match'; text: string; scheme: string; key?: string; host?: string }
  | { type: 'rejected'; text: string }
  | { type: 'error'; text: string; io: boolean };

/** What a unit reports while it runs, in order. */
export type UnitEvent =
  | { type: 'items'; seq: number; items: OutputItem[]; size: number }
  | { type: 'progress'; seq: number; bytes: number }
  | { type: 'done'; seq: number; messages: number; bytes: number }
  | { type: 'failed'; seq: number; error: string };

/** Receives a unit's events; may return a promise to slow the unit down (flow control). */
export type UnitSink = (event: UnitEvent) => void | Promise<void>;

/** Items are handed over in batches of at most this many characters: few messages, little waiting. */
const BATCH_CHARS = 64 * 1024;

/** Progress is reported after every this many bytes read from a whole file. */
const PROGRESS_STEP_BYTES = 4 * 1024 * 1024;

/** File reads: large enough that per-chunk costs vanish, small enough to stream. */
const READ_CHUNK_BYTES = 1024 * 1024;

/** Error reasons that mean the input could not be read at all (grep's exit code 2). */
const IO_REASONS: ReadonlySet<string> = new Set(['read-failed', 'gzip-failed']);

/**
 * Scans one unit and sends its items to `sink` in file order, then `done`. An
 * unexpected exception is sent as `failed` (it is a bug, reported, and the other
 * units go on). `stdin` is read for the unit whose path is `-`.
 */
export async function runUnit(unit: WorkUnit, settings: UnitSettings, sink: UnitSink, stdin?: AsyncIterable<Buffer>): Promise<void> {
  const formatter = FORMATS[settings.format];
  const schemes = settings.schemes.length > 0 ? new Set(settings.schemes) : undefined;
  let items: OutputItem[] = [];
  let size = 0;
  let read = 0;
  let reported = 0;

  const flush = async (): Promise<void> => {
    if (items.length === 0) return;
    const batch = items;
    const batchSize = size;
    items = [];
    size = 0;
    await sink({ type: 'items', seq: unit.seq, items: batch, size: batchSize });
  };
  const push = async (item: OutputItem): Promise<void> => {
    items.push(item);
    size += item.text.length;
    if (size >= BATCH_CHARS) await flush();
    if (read - reported >= PROGRESS_STEP_BYTES) {
      reported = read;
      await sink({ type: 'progress', seq: unit.seq, bytes: read });
    }
  };

  const options: ScanOptions = {
    strict: settings.strict,
    emails: settings.emails,
    schemeless: settings.schemeless,
    headers: settings.headers,
  };
  // Rejections arrive synchronously while a document is scanned; they are queued and
  // pushed before the next match, which keeps them in file order.
  const rejected: OutputItem[] = [];
  if (settings.explain) {
    options.onReject = (rejection) => {
      if (schemes && rejection.scheme !== undefined && !schemes.has(rejection.scheme)) return;
      rejected.push({ type: 'rejected', text: describeRejection(rejection, settings.redact) });
    };
  }

  let count: Promise<number> | undefined;
  let source: AsyncIterable<ScanItem>;
  if (unit.range) {
    source = scan(unit.path, { ...options, range: unit.range });
  } else {
    let chunks: AsyncIterable<Buffer> = countBytes(unit.path === STDIN_NAME ? (stdin ?? emptyChunks()) : readFile(unit.path), (n) => (read += n));
    if (settings.stats) ({ chunks, count } = teeMessageCount(chunks, unit.kind));
    source = scan(chunks, { ...options, input: unit.kind, name: unit.path });
  }

  try {
    for await (const item of source) {
      if (rejected.length > 0) for (const rejection of rejected.splice(0)) await push(rejection);
      if (item.type === 'error') {
        await push(errorItem(item));
        continue;
      }
      if (schemes && !schemes.has(item.scheme)) continue;
      await push(matchItem(item, settings, formatter.format));
    }
    for (const rejection of rejected.splice(0)) await push(rejection);
    await flush();
    const messages = unit.messages ?? (count ? await count : 0);
    await sink({ type: 'done', seq: unit.seq, messages, bytes: unit.range ? unit.bytes : read });
  } catch (error) {
    await flush();
    await sink({ type: 'failed', seq: unit.seq, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

function matchItem(match: ScanMatch, settings: UnitSettings, format: (record: OutputRecord) => string): OutputItem {
  const record = toOutputRecord(match, settings.redact);
  const item: OutputItem = { type: 'match', text: format(record), scheme: record.scheme };
  if (settings.unique) item.key = normalizeUrl(record.url);
  if (settings.stats) {
    const host = record.parts.asciiHost ?? record.parts.host;
    if (host) item.host = host.toLowerCase();
  }
  return item;
}

/** `--explain`: `file:line:column: rejected <candidate>: reason (detail)`. */
function describeRejection(rejection: ScanRejection, redact: boolean): string {
  const { start } = rejection.origin.position;
  const candidate = redact ? redactUrl(rejection.candidate) : rejection.candidate;
  const detail = rejection.detail ? ` (${rejection.detail})` : '';
  return `${printable(rejection.origin.file ?? STDIN_NAME)}:${start.line}:${start.column}: rejected ${printable(candidate)}: ${rejection.reason}${printable(detail)}`;
}

function errorItem(error: ScanError): OutputItem {
  return { type: 'error', text: `urlsift: ${printable(error.detail)} [${error.reason}]`, io: IO_REASONS.has(error.reason) };
}

async function* readFile(path: string): AsyncGenerator<Buffer> {
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK_BYTES })) yield chunk as Buffer;
}

async function* countBytes(chunks: AsyncIterable<Buffer>, add: (n: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    add(chunk.length);
    yield chunk;
  }
}

async function* emptyChunks(): AsyncGenerator<Buffer> {}
