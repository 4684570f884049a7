/**
 * What `urlsift` prints for each URL: one plain record per match with stable field
 * names, and the output formats, each a small formatter in a `Record` keyed by the
 * `--format` name.
 */
import type { Parsed } from '../schemes/parsed.js';
import type { FoundUrl, ScanContext, ScanMatch } from '../extract.js';
import type { DocumentOrigin } from '../sources/origin.js';
import type { RawPoint } from '../sources/raw-position.js';
import { paint, SGR } from './color.js';
import type { MatchLines } from './lines.js';
import { redactUrl, PASSWORD_MASK } from './redact.js';

/** The `--format` names, plus `urls` for `-o`/`--only-urls`. */
export type FormatName = 'text' | 'jsonl' | 'json' | 'csv' | 'urls';

/** The names `--format` accepts. */
export const FORMAT_NAMES: readonly FormatName[] = ['text', 'jsonl', 'json', 'csv'];

/**
 * One match as printed by `--format jsonl`, `json` and `csv`. Every field is always
 * present; `null` where it does not apply (no Message-ID, not in a header field...).
 * Positions are in the raw file (decompressed, for `.gz`): 1-based line, 1-based
 * column counted in bytes, 0-based byte offsets, the end just after the last byte.
 */
export interface OutputRecord {
  url: string;
  scheme: string;
  /** `wrapper`, `angle`, `prefix`, `bare`, `schemeless`, `email` or `html-attr`. */
  context: string;
  /** The path as given or found while walking (bytes that are not UTF-8 as `%XX`, see `displayPath`); `-` for standard input. */
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  offset: number;
  endOffset: number;
  /**
   * False when the position is where the encoded data of a base64 part starts, not
   * the URL's own bytes (see the sources' `Origin.exact`).
   */
  exact: boolean;
  /** 0-based index of the message in its file; null for plain text. */
  message: number | null;
  messageId: string | null;
  newsgroups: string[] | null;
  /** MIME part path as in IMAP (`1.2`); null for a message's own header fields and plain text. */
  part: string | null;
  /** The header field the URL was in (`List-Unsubscribe`); null in bodies. */
  header: string | null;
  alternatives: string[];
  notes: string[];
  /** The scheme parser's reading of the URL. */
  parts: Parsed;
}

/** The name printed for standard input. */
export const STDIN_NAME = '-';

/**
 * Builds the printed record of a match. With `redact`, passwords are masked in the
 * URL, its alternative readings and its parts.
 */
export function toOutputRecord(match: ScanMatch, redact: boolean): OutputRecord {
  const { origin } = match;
  return foundRecord(match, match.context, origin, origin.position.start, origin.position.end, origin.exact, redact);
}

/**
 * {@link toOutputRecord} from what the lean path hands on (`FoundSink`): the match's
 * reading, its document's origin and its raw points, with no `ScanMatch` made first.
 */
export function foundRecord(match: FoundUrl, context: ScanContext, origin: DocumentOrigin, start: RawPoint, end: RawPoint, exact: boolean, redact: boolean): OutputRecord {
  let parts = match.parts;
  if (redact && parts.password) parts = { ...parts, password: PASSWORD_MASK };
  return {
    url: redact ? redactUrl(match.url) : match.url,
    scheme: match.scheme,
    context,
    file: origin.file ?? STDIN_NAME,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    offset: start.offset,
    endOffset: end.offset,
    exact,
    message: origin.message ?? null,
    messageId: origin.messageId ?? null,
    newsgroups: origin.newsgroups ?? null,
    part: origin.part ?? null,
    header: origin.header ?? null,
    alternatives: redact ? match.alternatives.map(redactUrl) : match.alternatives,
    notes: match.notes,
    parts,
  };
}

/** How one output format writes records. */
export interface Formatter {
  /** Written once before the first record (a CSV header line, `[`). */
  header: string;
  /** One record, with its line end; `lines` when the unit read them (see {@link needsLines}). */
  format(record: OutputRecord, lines?: MatchLines | null): string;
  /** Written between two records (`,` in a JSON array). */
  separator: string;
  /** Written once at the end, after `count` records. */
  footer(count: number): string;
}

/** The CSV columns, in order: every record field except `parts`. */
export const CSV_COLUMNS = [
  'url', 'scheme', 'context', 'file', 'line', 'column', 'endLine', 'endColumn', 'offset', 'endOffset',
  'exact', 'message', 'messageId', 'newsgroups', 'part', 'header', 'alternatives', 'notes',
] as const satisfies ReadonlyArray<keyof OutputRecord>;

/**
 * The fields JSON records (`jsonl`, `json`) add to an {@link OutputRecord}: the raw text
 * of the match's line (`null` where the position is not the URL's own bytes, or the
 * line is no longer at hand), and with `--context N` the lines around it. (`line` is
 * the line number, so the text is `lineText`.)
 */
export interface RecordLines {
  lineText: string | null;
  linesBefore?: string[];
  linesAfter?: string[];
}

/** How text output looks: `--color`, `-Z`, and `-A`/`-B`/`-C`. */
export interface TextLook {
  color: boolean;
  nul: boolean;
  /** Print each match's line (grep's `-C` style) instead of the URL alone. */
  context: boolean;
  /** Context was asked for JSON records. */
  jsonContext: boolean;
}

/** The plain look: no colour, `:` after file names, no context. */
export const PLAIN_LOOK: TextLook = { color: false, nul: false, context: false, jsonContext: false };

/** True when the units must keep the input's raw lines for `format`. */
export function needsLines(name: FormatName, look: TextLook): boolean {
  return name === 'jsonl' || name === 'json' || (name === 'text' && look.context);
}

/**
 * The formatter for `name` with a look. Text with context prints grep's `-C` shape:
 * `file-12-line` for context, `file:13:7:line` for the match's line, `--` between groups.
 */
export function createFormatter(name: FormatName, look: TextLook): Formatter {
  if (name === 'jsonl' || name === 'json') {
    const end = name === 'jsonl' ? '\n' : '';
    const context = look.jsonContext;
    return { ...FORMATS[name], format: (r, lines) => recordJson(r, lines && r.exact ? lines : null, context) + end };
  }
  if (name !== 'text' || (!look.color && !look.nul && !look.context)) return FORMATS[name];
  const file = (r: OutputRecord): string => (look.color ? paint(SGR.file, printable(r.file)) : printable(r.file));
  const fileEnd = (mark: string): string => (look.nul ? '\0' : look.color ? paint(SGR.separator, mark) : mark);
  const number = (n: number): string => (look.color ? paint(SGR.number, String(n)) : String(n));
  const sep = (mark: string): string => (look.color ? paint(SGR.separator, mark) : mark);
  const nul = look.nul ? '\0' : undefined;
  if (!look.context) {
    return {
      ...FORMATS.text,
      format: (r) => `${file(r)}${nul ?? fileEnd(':')}${number(r.line)}${sep(':')}${number(r.column)}\t${look.color ? colorUrl(r) : printable(r.url)}\n`,
    };
  }
  return {
    header: '',
    separator: `${sep('--')}\n`,
    footer: () => '',
    format(r, lines) {
      if (!lines || !r.exact) return `${file(r)}${nul ?? fileEnd(':')}${number(r.line)}${sep(':')}${number(r.column)}\t${look.color ? colorUrl(r) : printable(r.url)}\n`;
      let out = '';
      const first = r.line - lines.before.length;
      lines.before.forEach((text, i) => (out += `${file(r)}${nul ?? fileEnd('-')}${number(first + i)}${sep('-')}${printable(text)}\n`));
      const { line, matchStart, matchEnd } = lines;
      const shown = look.color
        ? `${printable(line.slice(0, matchStart))}${paint(SGR.match, printable(line.slice(matchStart, matchEnd)))}${printable(line.slice(matchEnd))}`
        : printable(line);
      out += `${file(r)}${nul ?? fileEnd(':')}${number(r.line)}${sep(':')}${number(r.column)}${sep(':')}${shown}\n`;
      lines.after.forEach((text, i) => (out += `${file(r)}${nul ?? fileEnd('-')}${number(r.line + 1 + i)}${sep('-')}${printable(text)}\n`));
      return out;
    },
  };
}

/** The URL with its scheme and host coloured (found in the printed URL as the parser read them). */
function colorUrl(r: OutputRecord): string {
  const url = printable(r.url);
  const colon = url.indexOf(':');
  const schemeEnd = colon > 0 && url.slice(0, colon).toLowerCase() === r.scheme ? colon : 0;
  const host = r.parts.host;
  const hostAt = host ? url.indexOf(host, schemeEnd) : -1;
  let out = schemeEnd > 0 ? paint(SGR.scheme, url.slice(0, schemeEnd)) : '';
  if (hostAt < 0 || !host) return out + url.slice(schemeEnd);
  return out + url.slice(schemeEnd, hostAt) + paint(SGR.host, host) + url.slice(hostAt + host.length);
}

/** The output formats, by name. */
export const FORMATS: Readonly<Record<FormatName, Formatter>> = {
  // grep style: file:line:column<TAB>url, so editors and `grep -n` habits work.
  text: {
    header: '',
    format: (r) => `${printable(r.file)}:${r.line}:${r.column}\t${printable(r.url)}\n`,
    separator: '',
    footer: () => '',
  },
  // Bare URLs, one a line, as urlview shows them.
  urls: {
    header: '',
    format: (r) => `${printable(r.url)}\n`,
    separator: '',
    footer: () => '',
  },
  jsonl: {
    header: '',
    format: (r) => `${terminalSafeJson(r)}\n`,
    separator: '',
    footer: () => '',
  },
  // One JSON array, one record a line, streamed rather than built in memory.
  json: {
    header: '[\n',
    format: (r) => terminalSafeJson(r),
    separator: ',\n',
    footer: (count) => (count === 0 ? ']\n' : '\n]\n'),
  },
  csv: {
    header: `${CSV_COLUMNS.join(',')}\n`,
    format: csvRecord,
    separator: '',
    footer: () => '',
  },
};

/**
 * One CSV field (RFC 4180 §2): quoted when it holds a comma, a double quote or a line
 * break, with quotes doubled. Lists are joined with spaces; null is empty. Control and
 * bidi characters are escaped as in {@link printable}. A field that a spreadsheet would
 * run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a
 * leading `'` and is quoted, as OWASP's "CSV Injection" page advises: a URL's text or a
 * file name comes from whoever sent the mail. The file name `-` (standard input) is no
 * formula and stays as it is.
 */
export function csvField(value: string | number | boolean | string[] | null): string {
  if (value === null) return '';
  // Line breaks are data inside a quoted field (RFC 4180 §2.6); other controls are escaped.
  let text = printable(Array.isArray(value) ? value.join(' ') : String(value), true);
  if (typeof value !== 'number' && FORMULA_START.test(text) && text !== STDIN_NAME) text = `'${text}`;
  return /[",\r\n]/.test(text) || text.startsWith("'") ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The first characters that make a spreadsheet read a cell as a formula (OWASP, CSV Injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Characters that reorder text on screen (Unicode bidi controls: ALM, LRM, RLM, the
 * embeddings and overrides U+202A..U+202E, the isolates U+2066..U+2069): a file name or
 * header holding one can make a line read differently from what it is ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_FOR_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * Text for a terminal: C0 and C1 control characters, DEL and bidi controls
 * percent-encoded (as UTF-8), so that nothing read from a message or a file name can
 * move the cursor, recolour the screen or reorder a line. The scheme parsers refuse such
 * characters in URLs already; this also covers file names and header text. With
 * `keepLineBreaks`, CR and LF are left (for a quoted CSV field, or lines of a message).
 */
export function printable(text: string, keepLineBreaks = false): string {
  if (!UNSAFE_FOR_TERMINAL.test(text)) return text;
  let out = '';
  for (const char of text) {
    out += UNSAFE_FOR_TERMINAL.test(char) && !(keepLineBreaks && (char === '\n' || char === '\r'))
      ? Array.from(Buffer.from(char, 'utf8'), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')
      : char;
  }
  return out;
}

/**
 * A record and its lines as JSON: the text of `JSON.stringify({ ...record, lineText,
 * linesBefore, linesAfter })` (`jobOffset` first when the record has one), made safe for a
 * terminal as {@link terminalSafeJson} does. Written field by field: the spread and the
 * generic walk over twenty fields cost more than the rest of writing a record. Each string
 * is made terminal-safe on its own (see {@link jsonString}), which gives the same text as
 * escaping the whole record: the escapes are of single characters inside strings.
 */
export function recordJson(r: OutputRecord & { jobOffset?: number }, lines: MatchLines | null, context: boolean): string {
  const last = lastRecord;
  const file = `,"file":${last.file.of(r.file)}`;
  const shared = `,"message":${r.message === null ? 'null' : jsonNumber(r.message)},"messageId":${last.messageId.of(r.messageId)},"newsgroups":${r.newsgroups === null ? 'null' : terminalSafeJson(r.newsgroups)},"part":${last.part.of(r.part)},"header":${last.header.of(r.header)}`;
  return jsonText(r.jobOffset, r.url, r.parts, r.scheme, r.context, file, r.line, r.column, r.endLine, r.endColumn, r.offset, r.endOffset, r.exact, shared, r.alternatives, r.notes, lines, context);
}

/**
 * {@link recordJson} of `foundRecord(match, context, origin, start, end, exact, false)` and
 * `jobOffset`, written with no record made: the lean path's JSON records (`jsonl`, `json`).
 * The fields a document's records share are written once per document ({@link DocumentFields}).
 */
export function foundJson(match: FoundUrl, context: ScanContext, origin: DocumentOrigin, start: RawPoint, end: RawPoint, exact: boolean, lines: MatchLines | null, withContext: boolean, jobOffset?: number): string {
  const shared = documentJson.of(origin);
  return jsonText(jobOffset, match.url, match.parts, match.scheme, context, shared.file, start.line, start.column, end.line, end.column, start.offset, end.offset, exact, shared.rest, match.alternatives, match.notes, lines, withContext);
}

/**
 * The JSON of a record from its fields: `file` is its `,"file":` member and `shared` its
 * members from `,"message":` to `"header":`, which the records of a document share.
 */
function jsonText(
  jobOffset: number | undefined,
  url: string,
  parts: Parsed,
  scheme: string,
  context: string,
  file: string,
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
  offset: number,
  endOffset: number,
  exact: boolean,
  shared: string,
  alternatives: string[],
  notes: string[],
  lines: MatchLines | null,
  withContext: boolean,
): string {
  const last = lastRecord;
  const byUrl = urlJsonOf(url, parts);
  let json = jobOffset === undefined ? '{"url":' : `{"jobOffset":${jsonNumber(jobOffset)},"url":`;
  json += `${byUrl.url},"scheme":${last.scheme.of(scheme)},"context":${last.context.of(context)}${file},"line":${jsonNumber(line)},"column":${jsonNumber(column)}`;
  json += `,"endLine":${jsonNumber(endLine)},"endColumn":${jsonNumber(endColumn)},"offset":${jsonNumber(offset)},"endOffset":${jsonNumber(endOffset)},"exact":${exact}${shared}`;
  json += `,"alternatives":${alternatives.length === 0 ? '[]' : terminalSafeJson(alternatives)},"notes":${notes.length === 0 ? '[]' : terminalSafeJson(notes)},"parts":${byUrl.partsJson}`;
  json += `,"lineText":${lines ? jsonString(lines.line) : 'null'}`;
  if (withContext) json += `,"linesBefore":${lines ? terminalSafeJson(lines.before) : '[]'},"linesAfter":${lines ? terminalSafeJson(lines.after) : '[]'}`;
  return `${json}}`;
}

/**
 * The text of the record fields that every match of a document shares, as one format writes
 * them, for the last document origin asked about. The matches of a document come one after
 * another with the same origin object (`FoundSink`), and its six fields were six look-ups
 * per record. An origin is not changed once its document is scanned (sources/origin.ts).
 */
class DocumentFields {
  private origin: DocumentOrigin | undefined = undefined;
  file = '';
  rest = '';

  constructor(private readonly write: (fields: DocumentFields, origin: DocumentOrigin) => void) {}

  of(origin: DocumentOrigin): DocumentFields {
    if (origin !== this.origin) {
      this.origin = origin;
      this.write(this, origin);
    }
    return this;
  }
}

/** {@link DocumentFields} of JSON records (see {@link recordJson}). */
const documentJson = new DocumentFields((fields, origin) => {
  fields.file = `,"file":${jsonString(origin.file ?? STDIN_NAME)}`;
  // As foundRecord gives them: null where the origin has no value.
  const message = origin.message ?? null;
  const newsgroups = origin.newsgroups ?? null;
  fields.rest = `,"message":${message === null ? 'null' : jsonNumber(message)},"messageId":${nullableJson(origin.messageId ?? null)},"newsgroups":${newsgroups === null ? 'null' : terminalSafeJson(newsgroups)},"part":${nullableJson(origin.part ?? null)},"header":${nullableJson(origin.header ?? null)}`;
});

/**
 * A string as {@link terminalSafeJson} writes it. Nearly every URL holds only characters
 * that JSON and a terminal take as they are: one regular-expression test finds that, and
 * the string is quoted as it is. That cost a quarter of a `JSON.stringify` call for the
 * usrp-users mbox's URLs, and about as much as one for its lines (one process timing both);
 * a loop over the characters in JavaScript was slower than either.
 */
export function jsonString(text: string): string {
  return JSON_ESCAPED.test(text) ? terminalSafeJson(text) : `"${text}"`;
}

/**
 * The characters {@link terminalSafeJson} does not write as they are: the quote, the
 * backslash and C0 controls (JSON), DEL, C1 and bidi controls ({@link JSON_UNSAFE}), and
 * surrogates (JSON.stringify escapes lone ones; a pair takes the general path too).
 */
// eslint-disable-next-line no-control-regex
const JSON_ESCAPED = /["\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;

/** The JSON of a URL and of its parts, kept for the next record with the same URL. */
interface UrlJson {
  parts: Parsed;
  url: string;
  partsJson: string;
}

/**
 * The URLs whose JSON {@link urlJsonOf} keeps. A mailbox names the same few URLs again and
 * again (the usrp-users mbox: 1,233 distinct URLs in 44,889 records, most of them a list's
 * footer); a file of URLs that never repeat must not grow the table without end, so it is
 * emptied when full.
 */
const MAX_KEPT_URLS = 4096;

const urlJson = new Map<string, UrlJson>();

/**
 * The JSON of a record's `url` and `parts`. A URL seen before reuses its JSON when its parts hold
 * the same values (a redacted record's parts differ from the plain ones, and a parser's
 * reading could depend on options): comparing the parts cost a fraction of writing them.
 */
function urlJsonOf(url: string, parts: Parsed): UrlJson {
  const known = urlJson.get(url);
  if (known !== undefined && samePlainData(known.parts, parts)) return known;
  if (urlJson.size >= MAX_KEPT_URLS) urlJson.clear();
  // Kept as copies: the URL and its parts' strings are slices of the text they were found in,
  // and V8 keeps a slice's whole string alive (4,096 kept URLs could hold as many parts of
  // messages). JSON reads a string back as it was, lone surrogates included.
  const own = JSON.parse(JSON.stringify(url)) as string;
  const partsJson = terminalSafeJson(parts);
  const made: UrlJson = { parts: readBack(partsJson), url: jsonString(own), partsJson };
  urlJson.set(own, made);
  return made;
}

/** What {@link readBack} gives for JSON it cannot read back: an object {@link samePlainData} finds the same as nothing else. */
const UNLIKE_ANY_PARTS = Object.freeze(Object.create(Object.freeze(Object.create(null) as object)) as Parsed);

/**
 * The parts that `json` (their JSON) was written from, read back, for {@link samePlainData} to
 * compare later parts with: plain objects, arrays and JSON's values, sharing no string with the
 * parts they were written from. Later parts that samePlainData finds the same as them have the
 * same JSON (the same keys in the same order, and the same values); parts JSON writes otherwise
 * (a function, `undefined`, NaN, a class instance with its `toJSON`) are never the same as these,
 * and are written each time, as they must be. A `structuredClone` of the parts, as they were
 * kept before, took 19 ms of a 2.3 s run over the usrp-users mbox (1,233 distinct URLs, CPU
 * profile); reading back a mailto URL's parts from their JSON takes a third of its clone's time.
 */
function readBack(json: string): Parsed {
  try {
    return JSON.parse(json) as Parsed;
  } catch {
    return UNLIKE_ANY_PARTS;
  }
}

/**
 * True when `a` and `b` have the same JSON: equal primitives, or arrays and plain objects
 * with the same keys in the same order and the same values. Plain objects include those
 * with no prototype, as the mailto parser makes its `fields` (without them every mailto
 * record, a sixth of the usrp-users mbox's, had its parts written again). Anything else (a
 * class instance, which may have its own `toJSON`) is only the same as itself.
 */
function samePlainData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlainData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainPrototype(Object.getPrototypeOf(a)) || !isPlainPrototype(Object.getPrototypeOf(b))) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i] as string;
    if (key !== bKeys[i] || !samePlainData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** A prototype that gives an object no `toJSON` of its own: Object's, or none. */
function isPlainPrototype(prototype: unknown): boolean {
  return prototype === Object.prototype || prototype === null;
}

/**
 * One field's last value and its text in a format. Consecutive records nearly always share
 * their file, message, part, header, scheme and context, and writing a short string (a
 * `JSON.stringify` call, or a CSV field's three tests) cost about as much as a record's URL
 * and line together (CPU profile of `recordJson`).
 */
class LastText<T extends string | null> {
  private value: T | undefined;
  private text = '';

  constructor(private readonly write: (value: T) => string) {}

  of(value: T): string {
    if (value !== this.value) {
      this.value = value;
      this.text = this.write(value);
    }
    return this.text;
  }
}

const nullableJson = (value: string | null): string => (value === null ? 'null' : jsonString(value));

/** The fields {@link recordJson} keeps the last JSON of. */
const lastRecord = {
  scheme: new LastText<string>(jsonString),
  context: new LastText<string>(jsonString),
  file: new LastText<string>(jsonString),
  messageId: new LastText<string | null>(nullableJson),
  part: new LastText<string | null>(nullableJson),
  header: new LastText<string | null>(nullableJson),
};

/** The fields {@link csvRecord} keeps the last CSV of. */
const lastCsv = {
  scheme: new LastText<string>(csvField),
  context: new LastText<string>(csvField),
  file: new LastText<string>(csvField),
  messageId: new LastText<string | null>(csvField),
  part: new LastText<string | null>(csvField),
  header: new LastText<string | null>(csvField),
};

/**
 * A record as a CSV line: the text of `CSV_COLUMNS.map((column) => csvField(r[column]))`
 * joined with commas, written column by column. A number, a boolean and `null` are
 * written as `csvField` writes them (their text has nothing to quote or escape), and the
 * fields that repeat from record to record keep their last text. The generic walk cost
 * three times this (the usrp-users mbox's records, one process timing both).
 */
export function csvRecord(r: OutputRecord): string {
  const last = lastCsv;
  const file = `,${last.file.of(r.file)}`;
  const shared = `,${r.message === null ? '' : r.message},${last.messageId.of(r.messageId)},${r.newsgroups === null ? '' : csvField(r.newsgroups)},${last.part.of(r.part)},${last.header.of(r.header)}`;
  return csvText(r.url, r.scheme, r.context, file, r.line, r.column, r.endLine, r.endColumn, r.offset, r.endOffset, r.exact, shared, r.alternatives, r.notes);
}

/** {@link csvRecord} of `foundRecord(match, context, origin, start, end, exact, false)`, written with no record made (see {@link foundJson}). */
export function foundCsv(match: FoundUrl, context: ScanContext, origin: DocumentOrigin, start: RawPoint, end: RawPoint, exact: boolean): string {
  const shared = documentCsv.of(origin);
  return csvText(match.url, match.scheme, context, shared.file, start.line, start.column, end.line, end.column, start.offset, end.offset, exact, shared.rest, match.alternatives, match.notes);
}

/** A CSV line from a record's fields; `file` and `shared` as for {@link jsonText}, each with its leading comma. */
function csvText(
  url: string,
  scheme: string,
  context: string,
  file: string,
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
  offset: number,
  endOffset: number,
  exact: boolean,
  shared: string,
  alternatives: string[],
  notes: string[],
): string {
  const last = lastCsv;
  return `${csvField(url)},${last.scheme.of(scheme)},${last.context.of(context)}${file},${line},${column},${endLine},${endColumn},${offset},${endOffset},${exact}${shared},${alternatives.length === 0 ? '' : csvField(alternatives)},${notes.length === 0 ? '' : csvField(notes)}\n`;
}

/** {@link DocumentFields} of CSV records (see {@link csvRecord}). */
const documentCsv = new DocumentFields((fields, origin) => {
  fields.file = `,${csvField(origin.file ?? STDIN_NAME)}`;
  const message = origin.message ?? null;
  const newsgroups = origin.newsgroups ?? null;
  fields.rest = `,${message === null ? '' : message},${csvField(origin.messageId ?? null)},${newsgroups === null ? '' : csvField(newsgroups)},${csvField(origin.part ?? null)},${csvField(origin.header ?? null)}`;
});

/**
 * `FORMATS.text` (or `FORMATS.urls`, with `urlsOnly`) of `foundRecord(match, context, origin,
 * start, ...)`, written with no record made (see {@link foundJson}): the plain text look's
 * `file:line:column<TAB>url`, its file name made printable once per document.
 */
export function foundText(match: FoundUrl, origin: DocumentOrigin, start: RawPoint, urlsOnly: boolean): string {
  if (urlsOnly) return `${printable(match.url)}\n`;
  return `${documentText.of(origin).file}:${start.line}:${start.column}\t${printable(match.url)}\n`;
}

/** {@link DocumentFields} of plain text records: the printable file name. */
const documentText = new DocumentFields((fields, origin) => {
  fields.file = printable(origin.file ?? STDIN_NAME);
});

/** A number as JSON.stringify writes it (`null` for NaN and the infinities). */
function jsonNumber(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

/** Characters JSON.stringify leaves as they are but a terminal acts on: DEL, C1 and bidi controls. */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A record as JSON, with DEL, C1 and bidi controls written as `\\uXXXX` escapes (the same
 * value to any JSON reader; JSON.stringify already escapes C0), so that the output is safe
 * to show in a terminal.
 */
export function terminalSafeJson(value: unknown): string {
  const json = JSON.stringify(value);
  JSON_UNSAFE.lastIndex = 0;
  return JSON_UNSAFE.test(json) ? json.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}
