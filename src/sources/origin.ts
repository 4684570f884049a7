/**
 * Where a URL was found: the records every source attaches to what it reads, and
 * the error record for input that could not be read as it claimed to be.
 */
import type { HtmlAttributes } from './html.js';
import type { NoiseKind } from './noise.js';
import type { OffsetMap, RawPoint } from './raw-position.js';

/** The kinds of input urlsift reads; `auto` (the default) sniffs. */
export type InputKind = 'auto' | 'text' | 'mbox' | 'eml' | 'maildir' | 'news' | 'rnews';

/** What an input turned out to be: an {@link InputKind}, with `spool` for a news spool tree. */
export type SourceKind = Exclude<InputKind, 'auto'> | 'spool';

/** A block of binary noise that was not scanned. */
export interface SkippedBlock {
  kind: NoiseKind;
  start: RawPoint;
  end: RawPoint;
}

/** What every URL found in one document shares. */
export interface DocumentOrigin {
  /** The path, or the `name` option for a Buffer or stream; absent when neither was given. A byte of a name that is not valid UTF-8 is written `%XX` (`sources/file-path.ts`). */
  file?: string;
  /** What the input was read as. */
  input: SourceKind;
  /** 0-based index of the message in the file (always 0 for a single message file); absent for plain text. */
  message?: number;
  /** Byte offset of the message in the raw file (its `From ` line in an mbox). */
  messageOffset?: number;
  /** The Message-ID field as written (`<id@host>`), when the message has one. */
  messageId?: string;
  /** The groups in the Newsgroups field (RFC 5536 §3.1.4), for articles that have one. */
  newsgroups?: string[];
  /** The MIME part, numbered as in IMAP (RFC 3501 §6.4.5): `1`, `1.2`, `2.1`. Absent for a message's own header fields. */
  part?: string;
  /** The part's media type in lower case (`text/plain`, `text/html`); absent for header fields. */
  contentType?: string;
  /** The charset the text was decoded with. */
  charset?: string;
  /** The part's Content-Transfer-Encoding in lower case. */
  transferEncoding?: string;
  /** The header field the URL was in, as written (`List-Unsubscribe`). */
  header?: string;
  /** Blocks of binary noise (uuencode, yEnc, armour, base64 runs) in this part that were not scanned. */
  skipped?: SkippedBlock[];
}

/** A match's place in the raw file, with the document it came from. */
export interface Origin extends DocumentOrigin {
  /** Start and end in the raw (decompressed) file; `end` is just after the last byte. */
  position: { start: RawPoint; end: RawPoint };
  /**
   * True when `position` points at the match's own bytes; false when the part was
   * base64-encoded (or otherwise untraceable) and `position` is where its encoded
   * data starts.
   */
  exact: boolean;
}

/** Kebab-case reasons a {@link ScanError} can give. */
export type ScanErrorReason =
  | 'read-failed'
  | 'broken-link'
  | 'gzip-failed'
  | 'unsupported-compression'
  | 'truncated-file'
  | 'junk-before-first-message'
  | 'bad-rnews-batch'
  | 'message-too-large'
  | 'nul-bytes'
  | 'unknown-charset'
  | 'invalid-utf8'
  | 'unknown-transfer-encoding'
  | 'malformed-base64'
  | 'missing-boundary'
  | 'no-body-parts'
  | 'truncated-multipart'
  | 'mime-too-deep';

/**
 * A problem with the input. It never stops a batch: every other message is still
 * read, and the broken one is scanned as raw text where that makes sense.
 */
export interface ScanError {
  type: 'error';
  reason: ScanErrorReason;
  /** A sentence saying what was wrong and where. */
  detail: string;
  file?: string;
  input?: SourceKind;
  /** 0-based index of the message concerned. */
  message?: number;
  /** Byte offset of that message in the raw file. */
  messageOffset?: number;
  /** The MIME part concerned. */
  part?: string;
  /** Byte offset of the problem in the raw file, when known. */
  offset?: number;
}

/**
 * One text to scan, as a source produces it: the text, where it came from, and
 * how to map offsets in it back to the decoded part and to the raw file.
 */
export interface SourceDocument {
  type: 'document';
  /** The text given to the scanner. */
  text: string;
  /**
   * The decoded text that reported positions refer to: the part after transfer and
   * charset decoding. It is `text` itself unless format=flowed unwrapping or HTML
   * text extraction made `text` from it.
   */
  source: string;
  /** Offsets in `text` to offsets in `source`; absent when they are the same. */
  toSource?: OffsetMap;
  /** Maps an offset in `source` (a start, or an exclusive end) to the raw file. */
  toRaw(offset: number, isEnd: boolean): RawPoint;
  /** See {@link Origin.exact}. */
  exact: boolean;
  origin: DocumentOrigin;
  /** For HTML parts: the `href` and `src` attributes, offsets in `source`. */
  attributes?: HtmlAttributes;
}

/**
 * What a reader hands on at a time: the documents and error records of one message
 * (or one piece of text), in file order. Readers pass batches, not single items, so
 * that each message costs one asynchronous step, not one per part.
 */
export type SourceBatch = Array<SourceDocument | ScanError>;

/** Builds an error record. */
export function scanError(reason: ScanErrorReason, detail: string, where: Omit<ScanError, 'type' | 'reason' | 'detail'>): ScanError {
  const error: ScanError = { type: 'error', reason, detail };
  for (const [key, value] of Object.entries(where)) {
    if (value !== undefined) (error as unknown as Record<string, unknown>)[key] = value;
  }
  return error;
}
