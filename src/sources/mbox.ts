/**
 * mbox mailboxes (RFC 4155): messages one after another, each starting with a
 * `From ` line. Read as bytes, streamed in constant memory from files of any size,
 * and split with native `indexOf` on `\nFrom `, so that a 100 MB mailbox costs
 * little more than reading it. RFC 4155 §2 describes how implementations vary and
 * points to qmail's mbox(5), which names the variants read here:
 *
 * - mboxo and mboxrd: body lines that start with `From ` were quoted as `>From `;
 *   mboxrd also quotes `>From ` as `>>From `. One `>` is removed from every
 *   `>…>From ` line (the mboxrd reading, which is also right for mboxo's own quoting);
 * - mboxcl and mboxcl2: a `Content-Length` field gives the body length, and `From `
 *   lines inside the body are not quoted. The length is honoured when it is
 *   consistent: when it ends the message at the end of the file or just before a
 *   `From ` line (after at most one empty line). Otherwise it is ignored.
 *
 * Any line starting with `From ` outside a consistent Content-Length starts a new
 * message, as Python's `mailbox.mbox` reads it.
 */
import { MessageReader, type ReadMessageOptions } from './message.js';
import { fieldValue, findField, parseHeader, type HeaderSection } from './header.js';
import { scanError, type ScanError, type SourceBatch, type SourceDocument } from './origin.js';
import { buildOffsetMap, countLines, type OffsetMap, type RawPoint } from './raw-position.js';

/**
 * A message longer than this is read up to this length and reported. Mail services
 * refuse messages over 25 to 35 MB, so 32 MiB holds any mail a person sent, text
 * parts (which come first) included; capping it keeps memory constant: a mailbox
 * without `From ` lines would otherwise be read whole, and two workers each holding
 * a message stay well under the CLI's 256 MB.
 */
export const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

/** New buffers hold at least this much, so that small chunks do not cost an allocation each. */
const MIN_BUFFER_BYTES = 256 * 1024;

const FROM_LINE = Buffer.from('From ', 'latin1');
const NEWLINE_FROM = Buffer.from('\nFrom ', 'latin1');
const QUOTED_FROM = Buffer.from('>From ', 'latin1');

/** A `\nFrom ` this close is found byte by byte: cheaper than a native search for a tiny message. */
const SHORT_SCAN_BYTES = 128;

/**
 * Set by {@link findNewlineFrom} when it passed a `>From ` on its way to the `\nFrom ` it
 * found (or to the end of the view); cleared by its caller (see {@link MboxMessage.quotedFrom}).
 */
let passedQuotedFrom = false;

/**
 * The offset of the first `\nFrom ` in `view` at or after `from`, or -1; sets
 * {@link passedQuotedFrom} when a `>From ` starts at or after `from` and before it. One
 * native search for `From ` finds both, with the byte before each `From ` telling which:
 * `readMbox` then searches a message for `>From ` lines to unquote (`unquoteMboxrd`) only
 * when this saw one, instead of a second search over every message (whose 2,229 messages in
 * the usrp-users mbox hold none): `--format jsonl -j 1` on its first 10 and 30 MB, callgrind,
 * 4,303.7 -> 4,296.0 and 6,210.1 -> 6,197.7 M instructions.
 */
function findNewlineFrom(view: Buffer, from: number): number {
  const last = view.length - NEWLINE_FROM.length;
  const end = Math.min(last + 1, from + SHORT_SCAN_BYTES);
  for (let i = from; i < end; i++) {
    const code = view[i];
    if ((code === 0x0a || code === 0x3e) && view[i + 1] === 0x46 && view[i + 2] === 0x72 && view[i + 3] === 0x6f && view[i + 4] === 0x6d && view[i + 5] === 0x20) {
      if (code === 0x0a) return i;
      passedQuotedFrom = true;
    }
  }
  if (end > last) return -1;
  // `From ` at end + 1 or later: the byte before it is at `end` or later, as the loop left off.
  for (let at = view.indexOf(FROM_LINE, end + 1); at >= 0; at = view.indexOf(FROM_LINE, at + 1)) {
    const before = view[at - 1];
    if (before === 0x0a) return at - 1;
    if (before === 0x3e) passedQuotedFrom = true;
  }
  return -1;
}

/** Whether `buf[from, to)` holds a `:`, which every header field (Content-Length too) has; long spans are assumed to. */
function hasColon(buf: Buffer, from: number, to: number): boolean {
  if (to - from > SHORT_SCAN_BYTES) return true;
  for (let i = from; i < to; i++) if (buf[i] === 0x3a) return true;
  return false;
}

/**
 * A message longer than this is always read in full: {@link mayHoldUrl} looks at it byte
 * by byte, which pays only for the tiny messages it spares (and a long message nearly
 * always holds a `:` in its first header field anyway).
 */
const MAX_SKIPPED_MESSAGE_BYTES = 4096;

/**
 * The bytes that may make a message yield anything: the characters the scanner starts
 * or reveals a candidate at (`:` `.` `@` `<`, see `scan/find-urls.ts`), NUL (an error
 * record), and every non-ASCII byte (decoded by a charset, it is no longer that byte). A
 * header field, hence any Content-Type, transfer encoding or charset, needs a `:`.
 */
const MAY_HOLD_URL = new Uint8Array(256);
for (const code of [0x00, 0x2e, 0x3a, 0x3c, 0x40]) MAY_HOLD_URL[code] = 1;
MAY_HOLD_URL.fill(1, 0x80);

/** How many messages and lines the last {@link skipQuietMessages} skipped. */
const quietRun = { messages: 0, lines: 0 };

/**
 * Skips the quiet messages (see {@link OnQuietMessage}) that follow one another from
 * `bytes[from]`, each ended by a `\nFrom ` within the `length` bytes read, telling `onQuiet`
 * of each (the first is message `index`, at `offset` in the input), and returns where the
 * first message that is not quiet, or not ended yet, starts; counts in {@link quietRun}.
 * One pass over each message finds the boundary, counts the lines and looks for
 * {@link MAY_HOLD_URL} bytes: a mailbox of a million tiny messages is mostly this loop. A
 * function of the module, not a closure of each splitter, and one call for a whole run of
 * messages: a closure made afresh is compiled afresh, and its first thousands of calls in
 * each mailbox ran unoptimised (bench row "From lines in bodies"). Without a `:`, a message
 * has no Content-Length field, so each split is the one the splitter's `decide` would make.
 */
function skipQuietMessages(bytes: Buffer, from: number, length: number, index: number, offset: number, onQuiet: OnQuietMessage): number {
  // `i` stops where the `\nFrom ` it tests would run past the bytes read.
  const last = length - NEWLINE_FROM.length;
  let start = from;
  let messages = 0;
  let lines = 0;
  let pending = 0;
  let i = start;
  let limit = Math.min(last, start + MAX_SKIPPED_MESSAGE_BYTES - 1);
  for (; i <= limit; i++) {
    const code = bytes[i] as number;
    if (code === 0x0a) {
      pending++;
      if (bytes[i + 1] === 0x46 && bytes[i + 2] === 0x72 && bytes[i + 3] === 0x6f && bytes[i + 4] === 0x6d && bytes[i + 5] === 0x20) {
        onQuiet(index + messages, offset + (start - from), i + 1 - start);
        messages++;
        lines += pending;
        pending = 0;
        start = i + 1;
        limit = Math.min(last, start + MAX_SKIPPED_MESSAGE_BYTES - 1);
      }
    } else if (MAY_HOLD_URL[code] === 1) {
      break;
    }
  }
  quietRun.messages = messages;
  quietRun.lines = lines;
  return start;
}

/** Where reading starts: the beginning of the input, or a message boundary found earlier. */
export interface MboxStart {
  /** Byte offset in the raw input. */
  offset: number;
  /** Index of the message that starts there. */
  index: number;
  /** 1-based line number there. */
  line: number;
}

/**
 * The start of an input, shared: a literal made at each call had a hidden class that died
 * with it, and the splitter's code that read it was dropped at the next full collection.
 */
const INPUT_START: MboxStart = { offset: 0, index: 0, line: 1 };

/** One message of an mbox, as raw bytes. */
export interface MboxMessage {
  type: 'message';
  index: number;
  /** Byte offset of its `From ` line in the raw input. */
  offset: number;
  /** 1-based line number of its `From ` line. */
  line: number;
  /** Its raw bytes from the `From ` line on (at most {@link MAX_MESSAGE_BYTES}). */
  raw: Buffer;
  /** Its length in the input; more than `raw.length` when it was cut. */
  length: number;
  /**
   * The line breaks (LF bytes) in `raw`, as the splitter counted them to number the next
   * message's lines; undefined for a message that was cut, and for the last one (whose lines
   * number nothing after it, and are not counted).
   */
  lineBreaks: number | undefined;
  /**
   * Its header section, when the splitter read it to look for a Content-Length field: in
   * `raw`'s offsets, ended by an empty line (so the same whatever follows it), and only for
   * a message that was not cut. {@link readMbox} then does not read it again.
   */
  header?: HeaderSection;
  /**
   * False when the splitter's search for `From ` lines looked at every byte of `raw` and found
   * no `>From ` there, so that `raw` has no mboxrd-quoted line to unquote; true when it saw
   * one, or did not look at every byte (a Content-Length body passed over, a message cut).
   */
  quotedFrom: boolean;
}

/** Where an error record says it is. */
interface Place {
  file?: string;
}

/**
 * Told of each quiet message instead of being handed it: one of at most
 * {@link MAX_SKIPPED_MESSAGE_BYTES}, `From ` line included, with no byte of
 * {@link MAY_HOLD_URL}, so that scanning it could give nothing (see {@link mayHoldUrl}).
 */
export type OnQuietMessage = (index: number, offset: number, length: number) => void;

/**
 * Lets whoever reads an mbox's chunks read them straight into its splitter's buffer
 * ({@link MboxSplitter.lend}): {@link readMbox} sets `lend` once its splitter exists. A chunk
 * read into fresh memory was copied into the splitter's buffer, and both were new memory
 * for the system to hand over page by page (about 3% of a `-j 1` run, CPU profile).
 */
export interface ChunkMemory {
  lend?: (bytes: number) => Buffer | undefined;
}

/** What {@link createMboxSplitter} makes: chunks go in, whole messages come out one by one, synchronously. */
export interface MboxSplitter {
  /**
   * Adds the next chunk (call only when {@link MboxSplitter.next} has nothing more). A chunk
   * read into the start of the view {@link MboxSplitter.lend} gave last is taken where it is;
   * any other is copied.
   */
  push(chunk: Buffer): void;
  /**
   * Memory for the next chunk to be read into, `bytes` long: the free end of the splitter's
   * buffer, never written by the splitter itself. The chunk read into its start is to be the
   * next one pushed; when a view lent comes back in no push (a reader that holds its chunks,
   * as gzip's does), the splitter lends no more and gives `undefined`: read into memory of
   * your own then.
   */
  lend(bytes: number): Buffer | undefined;
  /** Ends the input: {@link MboxSplitter.next} then gives what is left. */
  end(): void;
  /** The next message or error record that the bytes so far decide; `undefined` when it needs more bytes (or after the end, none is left). */
  next(): MboxMessage | ScanError | undefined;
}

/**
 * Splits an mbox into messages. The output is the same however the input is cut
 * into chunks: every decision depends on bytes only, and a decision that needs
 * bytes not yet read (a Content-Length pointing ahead) waits for them.
 */
export async function* splitMbox(
  chunks: AsyncIterable<Buffer>,
  place: Place = {},
  start: MboxStart = INPUT_START,
  maxMessageBytes: number = MAX_MESSAGE_BYTES,
): AsyncGenerator<MboxMessage | ScanError> {
  const splitter = createMboxSplitter(place, start, maxMessageBytes);
  for await (const chunk of chunks) {
    splitter.push(chunk);
    for (let item = splitter.next(); item !== undefined; item = splitter.next()) yield item;
  }
  splitter.end();
  for (let item = splitter.next(); item !== undefined; item = splitter.next()) yield item;
}

/**
 * The splitter behind {@link splitMbox}, synchronous and lazy: a reader pushes each
 * chunk and takes the messages it completed one at a time, in one plain loop, with no
 * asynchronous step per message and no array of them (a 256 KiB chunk holds 30,000
 * messages of 8 bytes, which must not all be alive at once).
 *
 * With `reuse`, the splitter moves the message being read to the start of its own buffer
 * when the next chunk does not fit after it, instead of moving it to a new buffer: the
 * bytes of the messages it handed out are then written over. Only for a caller that is
 * done with each message (its `raw` view) before it lends or pushes again, as a byte pass
 * that only counts messages is (`measureRange` in `src/cli/ranges.ts`); such a pass then
 * reads a mailbox in one buffer, where a new one for each chunk cost it more than the
 * splitting (see there).
 */
export function createMboxSplitter(
  place: Place = {},
  start: MboxStart = INPUT_START,
  maxMessageBytes: number = MAX_MESSAGE_BYTES,
  onQuiet?: OnQuietMessage,
  reuse = false,
): MboxSplitter {
  return new Splitter(place, start, maxMessageBytes, onQuiet, reuse);
}

/**
 * The state of one {@link createMboxSplitter}, its steps methods of one class, not closures
 * made for each input. V8 keeps a function's optimised code only while a closure that runs
 * it lives: the closures of one mailbox's splitter died with it, the next full collection
 * dropped their code, and every mailbox after it compiled the splitter again (about 15 ms
 * of compiler time, counted in the process's CPU time, and a slow start until then: bench
 * row "From lines in bodies", 2 MB, 13 ms after another scan, 36 ms after a gc()).
 */
class Splitter implements MboxSplitter {
  /** Keeps the class's hidden class alive through a full collection (see `ReplacementMap` in raw-position.ts). */
  static readonly shapeKeeper: Splitter = new Splitter({}, INPUT_START, 0, undefined, false);

  private buf = Buffer.alloc(0);
  private len = 0;
  // The current message (or junk before the first) is `kept` (when cut) + buf[msgStart, len).
  private msgStart = 0;
  private search = 0;
  private offset: number;
  private index: number;
  private line: number;
  private started: boolean | undefined = undefined;
  private kept: Buffer | undefined = undefined;
  private droppedBytes = 0;
  private droppedLines = 0;
  /** Content-Length of the current message: undefined = not read yet, null = none usable. */
  private claimedEnd: number | null | undefined = undefined;
  /** The current message's header section as {@link decide} read it (see {@link MboxMessage.header}); undefined when it read none. */
  private header: HeaderSection | undefined = undefined;
  /** The current message's {@link MboxMessage.quotedFrom} so far: a `>From ` seen, or bytes of it passed over unsearched. */
  private quotedFrom = false;
  /** Items decided and not yet taken by `next` (at most an error record and a message). */
  private readonly ready: Array<MboxMessage | ScanError> = [];
  private eof = false;
  private finished = false;
  /** `buf` up to `len`: what the boundary search looks at. */
  private view: Buffer;
  /** Where the view last lent (see {@link lend}) ends in `buf`; 0 when it came back, or none was lent. */
  private lentEnd = 0;
  /** False once a view lent did not come back in the next push. */
  private lending = true;

  constructor(
    private readonly place: Place,
    start: MboxStart,
    private readonly maxMessageBytes: number,
    private readonly onQuiet: OnQuietMessage | undefined,
    /** Whether {@link grow} may move the current message within `buf` (see {@link createMboxSplitter}'s `reuse`). */
    private readonly reuse: boolean,
  ) {
    this.offset = start.offset;
    this.index = start.index;
    this.line = start.line;
    this.view = this.buf;
  }

  push(chunk: Buffer): void {
    const lentEnd = this.lentEnd;
    this.lentEnd = 0;
    if (lentEnd > 0 && chunk.buffer === this.buf.buffer && chunk.byteOffset === this.buf.byteOffset + this.len && this.len + chunk.length <= lentEnd) {
      // Read into the view lent: already in place.
      this.len += chunk.length;
      this.view = this.buf.subarray(0, this.len);
      return;
    }
    // A view lent and not given back is its reader's: the bytes after `len` are not written
    // any more (the reader may still hold them), and the chunk goes to a new buffer.
    if (lentEnd > 0) this.lending = false;
    if (lentEnd > 0 || this.len + chunk.length > this.buf.length) this.grow(chunk.length);
    chunk.copy(this.buf, this.len);
    this.len += chunk.length;
    this.view = this.buf.subarray(0, this.len);
  }

  lend(bytes: number): Buffer | undefined {
    if (this.lentEnd > 0) this.lending = false;
    if (!this.lending) return undefined;
    if (this.len + bytes > this.buf.length) this.grow(bytes);
    this.lentEnd = this.len + bytes;
    return this.buf.subarray(this.len, this.lentEnd);
  }

  /**
   * Moves the current message's bytes to the start of a buffer with room for `bytes` more
   * after them: a new one, or, with `reuse`, the same one when they fit in it.
   */
  private grow(bytes: number): void {
    const live = this.len - this.msgStart;
    // Not while a view lent is still its reader's (see `lending`): the bytes after `len` stay unwritten.
    if (this.reuse && this.lending && live + bytes <= this.buf.length) {
      this.buf.copyWithin(0, this.msgStart, this.len);
    } else {
      const next = Buffer.allocUnsafe(Math.max(MIN_BUFFER_BYTES, 2 * (live + bytes)));
      this.buf.copy(next, 0, this.msgStart, this.len);
      // Older messages handed out are views of the old buffer; it is left to them.
      this.buf = next;
    }
    this.search -= this.msgStart;
    // A Content-Length end already read is an offset in `buf` too (a claim waiting for its
    // bytes): left as it was, it pointed past the body, and the message was split at a
    // `From ` line of its body or not, by where the chunks were cut.
    if (typeof this.claimedEnd === 'number') this.claimedEnd -= this.msgStart;
    this.len = live;
    this.msgStart = 0;
    this.view = this.buf.subarray(0, this.len);
  }

  end(): void {
    this.eof = true;
  }

  next(): MboxMessage | ScanError | undefined {
    while (this.ready.length === 0) {
      if (this.finished) return undefined;
      if (!this.step()) {
        if (!this.eof) return undefined;
        this.finish();
        this.finished = true;
      }
    }
    return this.ready.shift();
  }

  private error(reason: 'junk-before-first-message' | 'truncated-file' | 'message-too-large', detail: string, at: number): ScanError {
    const file = this.place.file;
    return scanError(reason, `${file === undefined ? '' : `${file}: `}${detail}`, { file, input: 'mbox', offset: at });
  }

  /** Ends the current message (or junk) at buf[end], queueing what to report; returns the message. */
  private take(end: number, last = false): MboxMessage | undefined {
    const { buf, msgStart, kept } = this;
    const length = this.droppedBytes + (end - msgStart) + (kept ? kept.length : 0);
    // The lines of the last message are never needed (they place the message after it):
    // counting the lines of a mailbox of one 2 MB message took a native search per line.
    const lines = last ? 0 : this.droppedLines + countLines(buf, msgStart, end) + (kept ? countLines(kept) : 0);
    let message: MboxMessage | undefined;
    if (!this.started) {
      this.ready.push(this.error('junk-before-first-message', `${length} bytes before the first "From " line at byte ${this.offset} are not a message`, this.offset));
    } else {
      const cut = kept !== undefined || end - msgStart > this.maxMessageBytes;
      const raw = kept ?? buf.subarray(msgStart, Math.min(end, msgStart + this.maxMessageBytes));
      if (cut) {
        const file = this.place.file;
        this.ready.push(
          scanError('message-too-large', `${file === undefined ? '' : `${file}: `}message ${this.index} is ${length} bytes; only its first ${this.maxMessageBytes} bytes are read`, {
            file,
            input: 'mbox',
            message: this.index,
            messageOffset: this.offset,
          }),
        );
      }
      // `header` in the literal, even when undefined: added afterwards, it made a hidden class
      // that only such messages held, which died with the mailbox's, and the next full
      // collection dropped the code of `take` and of the readers that had seen one.
      // Not cut, `raw` is buf[msgStart, end) and `lines` its count (droppedLines is 0 without `kept`).
      message = { type: 'message', index: this.index, offset: this.offset, line: this.line, raw, length, lineBreaks: cut || last ? undefined : lines, header: cut ? undefined : this.header, quotedFrom: cut || this.quotedFrom };
      this.ready.push(message);
      this.index++;
    }
    this.offset += length;
    this.line += lines;
    this.msgStart = end;
    this.search = end;
    this.started = true;
    this.kept = undefined;
    this.droppedBytes = 0;
    this.droppedLines = 0;
    this.claimedEnd = undefined;
    this.header = undefined;
    this.quotedFrom = false;
    return message;
  }

  /**
   * What to do with a `From ` line at buf[at] inside the current message: `split`
   * there, `skip` it (it is inside a consistent Content-Length body), or `wait` for
   * the bytes that decide.
   */
  private decide(at: number): 'split' | 'skip' | 'wait' {
    if (this.kept) return 'split';
    const { buf, msgStart, len } = this;
    if (this.claimedEnd === undefined) {
      this.claimedEnd = null;
      const headerStart = buf.indexOf(10, msgStart);
      if (headerStart >= 0 && headerStart < at && hasColon(buf, headerStart, at)) {
        // Read in the message's own offsets, as `readMbox` reads it: it is handed on with the
        // message, and not read a second time (one read of every header was 2% of a run over
        // the usrp-users mbox, CPU profile).
        const message = buf.subarray(msgStart, at);
        const section = parseHeader(message, headerStart + 1 - msgStart, at - msgStart);
        if (section.terminated) this.header = section;
        const field = section.terminated ? findField(section, 'content-length') : undefined;
        const value = field ? fieldValue(message, field) : '';
        if (/^\d{1,10}$/.test(value) && section.bodyStart <= this.maxMessageBytes && Number(value) <= this.maxMessageBytes) {
          this.claimedEnd = msgStart + section.bodyStart + Number(value);
        }
      }
    }
    const claimedEnd = this.claimedEnd;
    if (claimedEnd === null || claimedEnd <= at) return 'split';
    // Enough bytes to see what follows the claimed end: an optional empty line and `From `.
    const need = claimedEnd + 2 + FROM_LINE.length;
    if (len < need && !this.eof) return 'wait';
    let next = claimedEnd;
    if (next + 1 < len && buf[next] === 0x0d && buf[next + 1] === 0x0a) next += 2;
    else if (next < len && buf[next] === 0x0a) next += 1;
    const atEnd = next >= len && this.eof;
    const fromFollows = next + FROM_LINE.length <= len && buf.compare(FROM_LINE, 0, FROM_LINE.length, next, next + FROM_LINE.length) === 0;
    // The claimed end must itself end a line, inside the bytes read: a claim past the end
    // of the input is not consistent (past `len`, `buf` holds whatever memory it was given).
    const lineEnds = claimedEnd > 0 && claimedEnd <= len && buf[claimedEnd - 1] === 0x0a;
    return lineEnds && (atEnd || fromFollows) ? 'skip' : 'split';
  }

  /**
   * Splits off the quiet messages (see {@link OnQuietMessage}) from `msgStart` on, each
   * ended by a `\nFrom ` in the bytes read, telling `onQuiet` instead of handing them out;
   * false, having changed nothing, when the first is not quiet or not ended yet (see
   * {@link skipQuietMessages}).
   */
  private skipQuiet(onQuiet: OnQuietMessage): boolean {
    const end = skipQuietMessages(this.buf, this.msgStart, this.len, this.index, this.offset, onQuiet);
    if (end === this.msgStart) return false;
    this.index += quietRun.messages;
    this.offset += end - this.msgStart;
    this.line += quietRun.lines;
    this.msgStart = end;
    this.search = end;
    this.claimedEnd = undefined;
    this.header = undefined;
    this.quotedFrom = false;
    return true;
  }

  /** Splits off the next message that the bytes read so far decide; false when there is none. */
  private step(): boolean {
    while (true) {
      if (this.started === undefined) {
        if (this.len - this.msgStart < FROM_LINE.length && !this.eof) return false;
        this.started = this.len - this.msgStart >= FROM_LINE.length && this.buf.compare(FROM_LINE, 0, FROM_LINE.length, this.msgStart, this.msgStart + FROM_LINE.length) === 0;
      }
      const onQuiet = this.onQuiet;
      if (onQuiet !== undefined && this.started && this.kept === undefined && this.search === this.msgStart && this.skipQuiet(onQuiet)) continue;
      passedQuotedFrom = false;
      const found = findNewlineFrom(this.view, Math.max(this.search, this.msgStart));
      if (passedQuotedFrom) this.quotedFrom = true;
      if (found < 0) {
        this.search = Math.max(this.msgStart, this.len - NEWLINE_FROM.length + 1);
        break;
      }
      const at = found + 1;
      const decision = this.started ? this.decide(at) : 'split';
      if (decision === 'wait') {
        this.search = found;
        return false;
      }
      if (decision === 'skip') {
        // The Content-Length body from here on is not searched: it may hold `>From ` lines.
        this.quotedFrom = true;
        this.search = Math.max(found + 1, (this.claimedEnd as number) - 1);
        continue;
      }
      this.take(at);
      return true;
    }
    // No boundary pending: a message grown past the limit keeps its first bytes only.
    const live = this.len - this.msgStart;
    const limit = this.maxMessageBytes - (this.kept ? this.kept.length : 0);
    if (this.started && !this.eof && (this.kept !== undefined || live > limit + NEWLINE_FROM.length)) {
      // Keep the last bytes: a `\nFrom ` may start in them and end in the next chunk.
      const keepTail = NEWLINE_FROM.length - 1;
      let cut = this.len - keepTail;
      if (!this.kept) {
        this.kept = Buffer.from(this.buf.subarray(this.msgStart, this.msgStart + this.maxMessageBytes));
        this.droppedBytes -= this.maxMessageBytes;
        this.droppedLines -= countLines(this.kept);
        cut = Math.max(cut, this.msgStart + this.maxMessageBytes);
      }
      this.droppedBytes += cut - this.msgStart;
      this.droppedLines += countLines(this.buf, this.msgStart, cut);
      // The kept bytes were counted into the dropped ones above, and taken out again.
      this.msgStart = cut;
      this.search = Math.max(this.search, cut);
    }
    return false;
  }

  /** At the end of the input: the last message, and a note when it has no final line break. */
  private finish(): void {
    if (this.len <= this.msgStart && !this.kept) return;
    const last = this.kept && this.len === this.msgStart ? this.kept[this.kept.length - 1] : this.buf[this.len - 1];
    const at = this.offset;
    const message = this.take(this.len, true);
    if (last !== 0x0a && message) {
      const file = this.place.file;
      this.ready.push(scanError('truncated-file', `${file === undefined ? '' : `${file}: `}the input ends inside message ${message.index} (no final line break); it may be cut short`, {
        file,
        input: 'mbox',
        message: message.index,
        messageOffset: at,
      }));
    }
  }
}

/**
 * Undoes mboxrd quoting in `raw` after `from`: one `>` goes from every line that is
 * `>` characters followed by `From `. Returns `undefined` when there is none (the
 * common case, found with one native search), else the unquoted bytes and the map
 * from them back to `raw`.
 */
export function unquoteMboxrd(raw: Buffer, from: number): { bytes: Buffer; map: OffsetMap } | undefined {
  const removals: number[] = [];
  for (let at = findQuotedFrom(raw, from); at >= 0; at = findQuotedFrom(raw, at + 1)) {
    let lineStart = at;
    while (lineStart > from && raw[lineStart - 1] === 0x3e) lineStart--;
    if (lineStart === from || raw[lineStart - 1] === 0x0a) removals.push(lineStart);
  }
  if (removals.length === 0) return undefined;
  const bytes = Buffer.allocUnsafe(raw.length - removals.length);
  const map = buildOffsetMap(0);
  let copied = 0;
  let written = 0;
  for (const at of removals) {
    copyBytes(raw, bytes, written, copied, at);
    written += at - copied;
    map.take(at - copied, at - copied);
    map.take(0, 1);
    copied = at + 1;
  }
  copyBytes(raw, bytes, written, copied, raw.length);
  map.take(raw.length - copied, raw.length - copied);
  return { bytes, map: map.finish() };
}

/**
 * The offset of the first `>From ` in `raw` at or after `from`, or -1 (short spans byte by
 * byte). Long spans are searched for `From ` and the byte before it checked: a native
 * search for `>From ` stops at every `>`, which raw HTML holds every few bytes (2 MB of
 * empty elements read 1.9x faster this way), while `F` followed by `rom ` is rare.
 * @internal exported for its test against a plain search
 */
export function findQuotedFrom(raw: Buffer, from: number): number {
  if (raw.length - from > SHORT_SCAN_BYTES) {
    for (let at = raw.indexOf(FROM_LINE, from + 1); at >= 0; at = raw.indexOf(FROM_LINE, at + 1)) {
      if (raw[at - 1] === 0x3e) return at - 1;
    }
    return -1;
  }
  for (let i = from; i + QUOTED_FROM.length <= raw.length; i++) {
    if (raw[i] === 0x3e && raw[i + 1] === 0x46 && raw[i + 2] === 0x72 && raw[i + 3] === 0x6f && raw[i + 4] === 0x6d && raw[i + 5] === 0x20) return i;
  }
  return -1;
}

/** Copies `source[from, to)` to `target` at `at`: short runs byte by byte (a native copy costs more), long ones natively. */
function copyBytes(source: Buffer, target: Buffer, at: number, from: number, to: number): void {
  if (to - from > SHORT_SCAN_BYTES) {
    source.copy(target, at, from, to);
    return;
  }
  for (let i = from; i < to; i++) target[at++] = source[i] as number;
}

/**
 * A batch holds at most about this many documents and error records: enough that the
 * asynchronous step per batch costs nothing, few enough that they die young (one batch
 * per 256 KiB chunk was 30,000 documents for a mailbox of tiny messages, all promoted
 * to the old generation, and the collector became most of the time).
 */
export const MAX_BATCH_ITEMS = 256;

/**
 * Whether the scanner could find anything in `raw` from `from` on (by default its `From `
 * line included: its words are scanned too, see {@link separatorDocument}): false only
 * for a short message without a single byte of {@link MAY_HOLD_URL} there, whose
 * documents (the `From ` line's words, an empty header, a plain-text body) could give no
 * match, rejection or error.
 */
function mayHoldUrl(raw: Buffer, from = 0): boolean {
  if (raw.length > MAX_SKIPPED_MESSAGE_BYTES) return true;
  for (let i = from; i < raw.length; i++) if (MAY_HOLD_URL[raw[i] as number] === 1) return true;
  return false;
}

/**
 * The {@link OnQuietMessage} of a reader not told of messages: one function of the module,
 * not a closure made for each mailbox. The splitter's loop over quiet messages inlines it,
 * and a closure that died with its mailbox made V8 drop that loop's code at the next full
 * collection ("weak objects") and compile it again (bench row "From lines in bodies").
 */
const ignoreQuiet: OnQuietMessage = () => {};

/**
 * Reads an mbox into documents and error records, in file order, in batches of whole
 * messages (so a mailbox of tiny messages costs one asynchronous step per batch, not
 * one per message).
 */
export async function* readMbox(
  chunks: AsyncIterable<Buffer>,
  place: Place,
  options: ReadMessageOptions = {},
  start?: MboxStart,
  memory?: ChunkMemory,
): AsyncGenerator<SourceBatch> {
  const onMessage = options.onMessage;
  // Quiet messages are counted, never read: the splitter does not even hand them out.
  const onQuiet: OnQuietMessage = onMessage
    ? (index, offset, length) => onMessage({ file: place.file, input: 'mbox', message: index, offset, length })
    : ignoreQuiet;
  const splitter = createMboxSplitter(place, start, MAX_MESSAGE_BYTES, onQuiet);
  if (memory) memory.lend = (bytes) => splitter.lend(bytes);
  for await (const chunk of chunks) {
    splitter.push(chunk);
    yield* readMessages(splitter, place, options);
  }
  splitter.end();
  yield* readMessages(splitter, place, options);
}

/** The documents and error records of the messages the splitter has ready, in order, in batches. */
function* readMessages(splitter: MboxSplitter, place: Place, options: ReadMessageOptions): Generator<SourceBatch> {
  let batch: SourceBatch = [];
  for (let item = splitter.next(); item !== undefined; item = splitter.next()) {
    // Checked before each item, whatever the last one added (an error record, a `From `
    // line's document): a mailbox whose messages each gave one such item was one batch of
    // them all, every document alive until the input's end (20,000 for 8 MB of the bench's
    // "From lines in bodies"), and each young collection copied them all again.
    if (batch.length >= MAX_BATCH_ITEMS) {
      yield batch;
      batch = [];
    }
    if (item.type !== 'message') {
      batch.push(item);
      continue;
    }
    const { raw } = item;
    if (item.length === raw.length && !mayHoldUrl(raw)) {
      // Nothing in it can become a URL or an error record: it is counted, not read.
      options.onMessage?.({ file: place.file, input: 'mbox', message: item.index, offset: item.offset, length: raw.length });
      continue;
    }
    const fromLineEnd = raw.indexOf(10);
    const headerStart = fromLineEnd < 0 ? raw.length : fromLineEnd + 1;
    const cut = item.length > raw.length;
    const separator = separatorDocument(item, place, fromLineEnd < 0 ? raw.length : fromLineEnd);
    if (separator) batch.push(separator);
    if (!cut && !mayHoldUrl(raw, headerStart)) {
      // Only its `From ` line may hold a URL (an mboxo body line that split a message): the
      // rest, read, would give documents with nothing to find, and is only counted.
      options.onMessage?.({ file: place.file, input: 'mbox', message: item.index, offset: item.offset, length: raw.length });
      continue;
    }
    const unquoted = item.quotedFrom ? unquoteMboxrd(raw, headerStart) : undefined;
    const reader = new MessageReader(
      {
        bytes: unquoted ? unquoted.bytes : raw,
        start: headerStart,
        frame: { raw, offset: item.offset, line: item.line, lineBreaks: item.lineBreaks },
        toFrame: unquoted?.map,
        // The splitter's reading of the header is of `raw`: of no use once `>From ` lines were unquoted.
        header: unquoted === undefined ? item.header : undefined,
      },
      { file: place.file, input: 'mbox', index: item.index },
      cut ? { ...options, cut } : options,
    );
    // Filled to MAX_BATCH_ITEMS, not a message at a time: one message of 20,000 parts must not gather them all.
    while (!reader.readInto(batch, MAX_BATCH_ITEMS)) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * What follows `From ` on a true separator (RFC 4155 §2: the envelope sender, then a
 * `date-time` as asctime writes it, `Mon Jan  1 00:00:00 2024`; Mozilla writes `-` for the
 * sender): such a line is skipped. Only ever tested on the line's first 200 characters.
 */
const ENVELOPE_LINE = /^\S* +[A-Z][a-z]{2},? +[A-Z][a-z]{2} +\d/;

/** A `From ` line's document: where the line is, read by the one {@link separatorToRaw}. */
interface SeparatorDocument extends SourceDocument {
  /** 1-based line number of the `From ` line. */
  line: number;
  /** Byte offset of the `From ` line in the raw input. */
  lineOffset: number;
}

/**
 * {@link SourceDocument.toRaw} of every {@link SeparatorDocument}: one function for all of
 * them, not a closure per document. The match handler (`extract.ts`) inlined such a closure,
 * and V8 dropped its code at each full collection ("weak objects"): a mailbox of `From `
 * lines in bodies, each its own document, ran at a third of its speed after a gc() (bench
 * row "From lines in bodies", issue 12).
 */
function separatorToRaw(this: SeparatorDocument, offset: number): RawPoint {
  const column = FROM_LINE.length + offset;
  return { line: this.line, column: column + 1, offset: this.lineOffset + column };
}

/**
 * The text of a message's `From ` line, as a document of its own. In mboxo, a body line
 * that starts with `From ` and was not quoted starts a new message (as Python's
 * `mailbox.mbox` reads it), and the writer's words on it, URLs included, must not vanish
 * with the split. A true separator (`From sender date`) gives none. The origin's `header` is `From ` (the line, which is no header field).
 */
function separatorDocument(item: MboxMessage, place: Place, lineEnd: number): SourceDocument | undefined {
  const contentEnd = lineEnd > 0 && item.raw[lineEnd - 1] === 0x0d ? lineEnd - 1 : lineEnd;
  const start = FROM_LINE.length;
  if (contentEnd <= start) return undefined;
  // Read as Latin-1, one character per byte, so that offsets in the text are byte columns.
  const text = item.raw.toString('latin1', start, contentEnd);
  if (ENVELOPE_LINE.test(text.slice(0, 200))) return undefined;
  // One literal per shape, not a field added afterwards (see `take`).
  const file = place.file;
  const origin: SourceDocument['origin'] =
    file === undefined
      ? { input: 'mbox', message: item.index, messageOffset: item.offset, header: 'From ' }
      : { input: 'mbox', file, message: item.index, messageOffset: item.offset, header: 'From ' };
  const document: SeparatorDocument = { type: 'document', text, source: text, toRaw: separatorToRaw, exact: true, origin, line: item.line, lineOffset: item.offset };
  return document;
}
