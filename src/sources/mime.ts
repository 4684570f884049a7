/**
 * The MIME library boundary. mailparser's own building blocks do the decoding
 * that is a solved problem: libmime for charsets (iconv-lite, and
 * encoding-japanese for ISO-2022-JP), RFC 2047 encoded words and RFC 2045/2231
 * header parameters; `he` for HTML character references. This is the only module
 * that imports them, so they can be replaced in one place.
 *
 * mailparser's `simpleParser` itself is not used: it cannot say where in the raw
 * message a decoded character came from, and it runs at about 19 MB/s. The MIME
 * structure is walked by `multipart.ts` on bytes instead, and no linkify pass of
 * mailparser's ever runs.
 *
 * The libraries load on first use, not with this module: their tables cost about
 * 200 ms of CPU at start-up (libmime pulls in iconv-lite and encoding-japanese), and
 * a message in UTF-8 or US-ASCII with the common character references needs none
 * of them. `require` rather than `import()`, because the decoders are synchronous.
 */
import { Buffer, isAscii, isUtf8 } from 'node:buffer';
import { createRequire } from 'node:module';
import type he from 'he';
import type iconvLite from 'iconv-lite';
import type libmimeInstance from 'libmime';
import type * as libmimeCharset from 'libmime/lib/charset.js';
import { buildOffsetMap, constantMap, copyMap, type OffsetMap } from './raw-position.js';
import { utf8SequenceEnd } from './utf8-sequence.js';
import { decodeWindows1252 } from './windows-1252.js';

// The command's CommonJS bundle drops this line, and bundles the libraries (build/bundle-cli.ts).
const require = createRequire(import.meta.url);
let heModule: typeof he | undefined;
let iconvModule: typeof iconvLite | undefined;
let libmimeModule: typeof libmimeInstance | undefined;
let charsetModule: typeof libmimeCharset | undefined;

/** iconv-lite, loaded on first use (its codec index). */
function iconv(): typeof iconvLite {
  return (iconvModule ??= require('iconv-lite') as typeof iconvLite);
}

/** libmime, loaded on first use (it loads iconv-lite and encoding-japanese with it). */
function libmime(): typeof libmimeInstance {
  return (libmimeModule ??= require('libmime') as typeof libmimeInstance);
}

/** libmime's charset decoder (iconv-lite, encoding-japanese for the Japanese charsets), loaded on first use. */
function decodeCharset(bytes: Buffer, charset: string): string {
  return (charsetModule ??= require('libmime/lib/charset.js') as typeof libmimeCharset).decode(bytes, charset);
}

/** he, loaded on first use (its table of 2,000 named references). */
function htmlEntities(): typeof he {
  return (heModule ??= require('he') as typeof he);
}

/**
 * `libmime.normalizeCharset` for the names nearly every message declares, so that
 * such a message loads no charset library (test/sources/mime.test.ts checks it
 * against libmime). Note that libmime, like the WHATWG Encoding Standard, reads
 * US-ASCII and ISO-8859-1 as windows-1252.
 */
const COMMON_CHARSETS: ReadonlyMap<string, string> = new Map([
  ['utf-8', 'UTF-8'],
  ['us-ascii', 'windows-1252'],
  ['iso-8859-1', 'windows-1252'],
  ['windows-1252', 'windows-1252'],
]);

/** The canonical name libmime gives `declared`. */
function normalizeCharset(declared: string): string {
  return COMMON_CHARSETS.get(declared.toLowerCase().trim()) ?? libmime().normalizeCharset(declared);
}

/** Text decoded from bytes in a charset, with the way back to the bytes. */
export interface DecodedText {
  text: string;
  /** The charset actually used, canonical name (`UTF-8`, `windows-1252`, `KOI8-R`, ...). */
  charset: string;
  /** False when the declared charset is unknown (the text was then read as US-ASCII, UTF-8 or Latin-1, which {@link charset} says). */
  known: boolean;
  /** True when {@link offsets} maps every character to its bytes; false when it maps to the first byte. */
  exact: boolean;
  /** Maps offsets in `text` to absolute offsets in the byte buffer; built on first use. */
  offsets(): OffsetMap;
}

/** Charsets whose bytes below 0x80 do not always stand for themselves. */
const STATEFUL_OR_WIDE_CHARSET = /^(?:hz|iso-?2022|utf-?7|unicode-1-1-utf-7|utf-?16|utf-?32|ucs)/i;
/** ISO-2022-JP and its variants (RFC 1468), decoded by encoding-japanese through libmime. */
const ISO_2022_JP = /^iso-?2022-?jp/i;
/** Every byte value, to learn whether a charset is one byte per character. */
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

const singleByteCache = new Map<string, boolean>();

/** True when `charset` decodes every byte to exactly one UTF-16 unit (ISO-8859-x, windows-125x, KOI8-R...). */
function isSingleByte(charset: string): boolean {
  let known = singleByteCache.get(charset);
  if (known === undefined) {
    known = !STATEFUL_OR_WIDE_CHARSET.test(charset) && iconv().decode(ALL_BYTES, charset).length === 256;
    singleByteCache.set(charset, known);
  }
  return known;
}

/** True when libmime can decode `charset` (a name it normalised). */
function isKnownCharset(charset: string): boolean {
  if (/^utf-?7|unicode-1-1-utf-7/i.test(charset)) return false; // libmime refuses UTF-7 (markup smuggling)
  // UTF-8 and windows-1252 are known without asking iconv-lite (which knows windows-1252).
  return charset === 'UTF-8' || charset === 'windows-1252' || ISO_2022_JP.test(charset) || /^jis|^eucjp/i.test(charset) || iconvKnows(charset);
}

/** iconv-lite's codec table and cache, which its typings leave out. */
interface IconvTables {
  encodings: Record<string, unknown> | null;
  _codecDataCache: Record<string, unknown>;
  _canonicalizeEncoding(name: string): string;
}

/**
 * `iconv.encodingExists(charset)`, without its cost for a name iconv-lite does not know:
 * it answers by catching the Error that `getCodec` throws, and building that Error and its
 * stack took about 6 µs, so a header of encoded words each naming a new unknown charset ran
 * at 0.02-0.04x of normal mail (the sources catalogue's "distinct unknown charsets" row).
 * `getCodec` throws at once when neither its codec cache nor its table holds the name's
 * canonical form; those two look-ups are made here as it makes them, and only a name one
 * of them holds goes on to `encodingExists`. test/sources/charset.test.ts compares the two
 * on every name iconv-lite lists and on generated ones.
 */
export function iconvKnows(charset: string): boolean {
  const tables = iconvTables();
  const name = tables._canonicalizeEncoding(charset);
  const kind = typeof tables.encodings?.[name];
  if (!tables._codecDataCache[name] && kind !== 'string' && kind !== 'object' && kind !== 'function') return false;
  return iconv().encodingExists(charset);
}

/** iconv-lite with its table of encodings loaded (getCodec loads it on its first call). */
function iconvTables(): IconvTables {
  const tables = iconv() as unknown as IconvTables;
  if (tables.encodings === null || tables.encodings === undefined) iconv().encodingExists('utf-8');
  return tables;
}

/**
 * Decodes `bytes[from, to)` in the `declared` charset. No declaration (or
 * `us-ascii` over 8-bit bytes, which is common) reads UTF-8 when the bytes are
 * valid UTF-8 and Latin-1 otherwise, as mail readers do. An unknown charset is
 * read the same way (ASCII bytes as US-ASCII) and reported with `known: false`; `charset`
 * then names what the text was read as, not the unknown name. `asciiText` is given by a caller that
 * knows the bytes are all below 0x80: their text, as `bytes.toString('latin1', from, to)`
 * (they are then not looked at again).
 */
export function decodeText(bytes: Buffer, from: number, to: number, declared?: string, asciiText?: string): DecodedText {
  const name = declared ? normalizeCharset(declared) : '';
  const known = name === '' || isKnownCharset(name);
  const asciiCompatible = name === '' || !STATEFUL_OR_WIDE_CHARSET.test(name);

  // Pure ASCII in an ASCII-compatible charset: one byte per character, the fast path.
  if (asciiCompatible && (asciiText !== undefined || isAsciiRange(bytes, from, to))) {
    return new CopiedText(asciiText ?? bytes.toString('latin1', from, to), known && name !== '' ? name : 'US-ASCII', known, from, to);
  }
  const slice = bytes.subarray(from, to);
  if (!known || name === '' || name === 'windows-1252' && declared && /ascii/i.test(declared)) {
    if (isUtf8(slice)) return utf8(bytes, from, to, known);
    return new CopiedText(slice.toString('latin1'), 'ISO-8859-1', known, from, to);
  }
  if (name === 'UTF-8') return utf8(bytes, from, to, true);
  // The commonest 8-bit charset, without loading iconv-lite (start-up, see windows-1252.ts).
  if (name === 'windows-1252') return new CopiedText(decodeWindows1252(slice), name, known, from, to);
  if (isSingleByte(name)) {
    return new CopiedText(iconv().decode(slice, name), name, known, from, to);
  }
  const text = decodeCharset(slice, name);
  if (/^utf-?16(?:le|be)$/i.test(name) && text.length * 2 === slice.length) {
    return { text, charset: name, known, exact: true, offsets: () => stride(from, text.length, 2) };
  }
  if (ISO_2022_JP.test(name)) {
    const map = mapIso2022Jp(bytes, from, to, text.length);
    return { text, charset: name, known, exact: map !== undefined, offsets: () => map ?? constantMap(from) };
  }
  if (!STATEFUL_OR_WIDE_CHARSET.test(name)) {
    let map: OffsetMap | undefined | null = null;
    const build = (): OffsetMap | undefined => {
      if (map === null) map = mapByLowByteRuns(bytes, from, to, name, text.length);
      return map;
    };
    // Exactness is only known once the map is built; it is built lazily, so say what it will be.
    return {
      text,
      charset: name,
      known,
      get exact() {
        return build() !== undefined;
      },
      offsets: () => build() ?? constantMap(from),
    };
  }
  return { text, charset: name, known, exact: false, offsets: () => constantMap(from) };
}

/**
 * A {@link DecodedText} of one character per byte, whose map copies `[from, to)`. A class,
 * not an object literal and a closure for its map: every short part of a message has one
 * (bench row "multipart, many parts").
 */
class CopiedText implements DecodedText {
  /** Keeps the class's hidden class alive through a full collection (see ReplacementMap; issue 12). */
  static readonly shapeKeeper: DecodedText = new CopiedText('', '', true, 0, 0);
  readonly exact = true;
  constructor(
    readonly text: string,
    readonly charset: string,
    readonly known: boolean,
    private readonly from: number,
    private readonly to: number,
  ) {}

  offsets(): OffsetMap {
    return copyMap(this.from, this.to);
  }
}

/**
 * Bytes up to this many are checked for ASCII by hand: below it a view for the native
 * check costs more than the loop, once for each of the many small parts of a message
 * (bench row "multipart, many parts").
 */
const SHORT_TEXT_BYTES = 256;

/** True when `bytes[from, to)` are all below 0x80. */
export function isAsciiRange(bytes: Buffer, from: number, to: number): boolean {
  if (to - from > SHORT_TEXT_BYTES) return isAscii(bytes.subarray(from, to));
  for (let i = from; i < to; i++) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}

function stride(from: number, units: number, bytesPerUnit: number): OffsetMap {
  const builder = buildOffsetMap(from);
  builder.take(units, units * bytesPerUnit);
  return builder.finish();
}

function utf8(bytes: Buffer, from: number, to: number, known: boolean): DecodedText {
  return new Utf8Text(bytes.toString('utf8', from, to), known, bytes, from, to);
}

/**
 * A {@link DecodedText} decoded from UTF-8: data over one class, not an object literal with a
 * closure for its map (issue 12: per-part closures, inlined by the match handler, made V8 drop
 * its code after each gc()). One instance lives in a static field (see ReplacementMap).
 */
class Utf8Text implements DecodedText {
  static readonly shapeKeeper: DecodedText = new Utf8Text('', true, Buffer.alloc(0), 0, 0);
  readonly exact = true;
  readonly charset = 'UTF-8';
  constructor(
    readonly text: string,
    readonly known: boolean,
    private readonly bytes: Buffer,
    private readonly from: number,
    private readonly to: number,
  ) {}

  offsets(): OffsetMap {
    const bytes = this.bytes;
    return isUtf8(bytes.subarray(this.from, this.to)) ? new SeekUtf8Map(this.text, this.from) : mapUtf8(bytes, this.from, this.to);
  }
}

/**
 * Maps offsets in text decoded from valid UTF-8 back to bytes by measuring the text
 * in between with native `Buffer.byteLength`, from the last offset asked for: the
 * offsets of one part's matches come in increasing order, so a part costs one pass
 * at native speed however many URLs it has. (Malformed UTF-8 needs {@link mapUtf8}.)
 * A class for the reason {@link Utf8Text} is one.
 */
class SeekUtf8Map implements OffsetMap {
  static readonly shapeKeeper: OffsetMap = new SeekUtf8Map('', 0);
  private units = 0;
  private bytes: number;
  constructor(
    private readonly text: string,
    private readonly from: number,
  ) {
    this.bytes = from;
  }

  start(offset: number): number {
    return this.seek(offset);
  }

  end(offset: number): number {
    return this.seek(offset);
  }

  private seek(offset: number): number {
    if (offset < this.units) {
      this.units = 0;
      this.bytes = this.from;
    }
    this.bytes += Buffer.byteLength(this.text.slice(this.units, offset), 'utf8');
    this.units = offset;
    return this.bytes;
  }
}

/**
 * Maps UTF-16 offsets of `bytes.toString('utf8', from, to)` back to bytes. Follows the
 * WHATWG UTF-8 decoder, which V8 implements, so that every U+FFFD put in for a
 * malformed sequence is matched to the bytes it replaced (Encoding Standard §9.1.1).
 */
export function mapUtf8(bytes: Uint8Array, from: number, to: number): OffsetMap {
  const builder = buildOffsetMap(from);
  let i = from;
  while (i < to) {
    let j = i;
    while (j < to && (bytes[j] as number) < 0x80) j++;
    if (j > i) {
      builder.take(j - i, j - i);
      i = j;
      continue;
    }
    const sequenceEnd = utf8SequenceEnd(bytes, i, to);
    if (sequenceEnd >= 0) {
      builder.take(sequenceEnd - i === 4 ? 2 : 1, sequenceEnd - i);
      i = sequenceEnd;
      continue;
    }
    // An invalid lead byte or a truncated sequence becomes one U+FFFD; the byte that broke it is read again.
    const k = ~sequenceEnd;
    builder.take(1, k - i);
    i = k;
  }
  return builder.finish();
}

/**
 * Maps ISO-2022-JP text (RFC 1468) back to bytes: escape sequences produce no
 * characters, JIS X 0208 and 0212 take two bytes per character, ASCII, JIS X 0201
 * Roman and half-width katakana one. Returns `undefined` when the count of characters
 * does not agree with what the decoder produced.
 */
function mapIso2022Jp(bytes: Buffer, from: number, to: number, expected: number): OffsetMap | undefined {
  const builder = buildOffsetMap(from);
  let double = false;
  let units = 0;
  let i = from;
  while (i < to) {
    const b = bytes[i] as number;
    if (b === 0x1b) {
      const b1 = bytes[i + 1];
      const b2 = bytes[i + 2];
      let length = 3;
      if (b1 === 0x24 && (b2 === 0x40 || b2 === 0x42)) double = true; // ESC $ @, ESC $ B
      else if (b1 === 0x24 && b2 === 0x28) {
        double = true; // ESC $ ( D
        length = 4;
      } else if (b1 === 0x28) double = false; // ESC ( B, ESC ( J, ESC ( I
      else length = 1;
      builder.take(0, Math.min(length, to - i));
      i += length;
    } else if (b === 0x0e || b === 0x0f) {
      builder.take(0, 1); // SO / SI
      i++;
    } else if (double && b !== 0x0a && b !== 0x0d) {
      builder.take(1, Math.min(2, to - i));
      units++;
      i += 2;
    } else {
      builder.take(1, 1);
      units++;
      i++;
    }
  }
  return units === expected ? builder.finish() : undefined;
}

/**
 * Maps text in a double-byte charset (GBK, Big5, Shift_JIS, EUC-KR...) back to bytes.
 * No lead or trail byte of these charsets is below 0x30, so such a byte always
 * decodes as itself and the runs between them decode independently. A run whose
 * character count equals its byte count is mapped one for one, any other run as a
 * whole. Returns `undefined` when the runs do not add up to the decoded text.
 */
function mapByLowByteRuns(bytes: Buffer, from: number, to: number, charset: string, expected: number): OffsetMap | undefined {
  const builder = buildOffsetMap(from);
  let units = 0;
  let i = from;
  while (i < to) {
    if ((bytes[i] as number) < 0x30) {
      builder.take(1, 1);
      units++;
      i++;
      continue;
    }
    let j = i;
    while (j < to && (bytes[j] as number) >= 0x30) j++;
    let length = j - i;
    let ascii = true;
    for (let k = i; k < j; k++) {
      if ((bytes[k] as number) >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (!ascii) length = iconv().decode(bytes.subarray(i, j), charset).length;
    builder.take(length, j - i);
    units += length;
    i = j;
  }
  return units === expected ? builder.finish() : undefined;
}

/** A parsed Content-Type (RFC 2045 §5.1, parameters per RFC 2231). */
export interface ContentType {
  /** `type/subtype` in lower case. */
  mediaType: string;
  /** Parameter names in lower case; values decoded (RFC 2231 continuations joined). */
  params: Record<string, string>;
}

/**
 * A Content-Type value libmime is not needed for: `type/subtype` and `name=value`
 * parameters without RFC 2231 `*` continuations, comments, escapes or encoded
 * words, as nearly every mailer writes it. A value may be a quoted string
 * (`boundary="==outer=="`) without a quote or `;` inside.
 */
const SIMPLE_CONTENT_TYPE = /^[^*()\\]*$/;

/** Parses a Content-Type field value; `undefined` when it has no `type/subtype`. */
export function parseContentType(value: string): ContentType | undefined {
  if (SIMPLE_CONTENT_TYPE.test(value) && !value.includes('=?')) {
    const simple = parseSimpleContentType(value);
    if (simple !== null) return simple;
  }
  const parsed = libmime().parseHeaderValue(value) as { value: string; params: Record<string, string> };
  const mediaType = parsed.value.trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(mediaType)) return undefined;
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, param] of Object.entries(parsed.params)) {
    if (typeof param === 'string') params[key.toLowerCase()] = param;
  }
  return { mediaType, params };
}

/**
 * {@link parseContentType} for a value {@link SIMPLE_CONTENT_TYPE} accepts (RFC 2045 §5.1
 * syntax); `null` when a quoted string holds what only libmime reads right (a `;` or a
 * quote inside it). A parameter named twice keeps its first value, as libmime does.
 */
function parseSimpleContentType(value: string): ContentType | undefined | null {
  const pieces = value.split(';');
  const mediaType = pieces[0]!.trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(mediaType)) return pieces[0]!.includes('"') ? null : undefined;
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const equals = piece.indexOf('=');
    if (equals < 0) {
      if (piece.includes('"')) return null;
      continue;
    }
    const key = piece.slice(0, equals).trim().toLowerCase();
    let param = piece.slice(equals + 1).trim();
    const quote = param.indexOf('"');
    if (quote >= 0) {
      // RFC 2045 §5.1: value := token / quoted-string; a quote anywhere else is libmime's to read.
      if (quote !== 0 || param.length < 2 || param.indexOf('"', 1) !== param.length - 1 || key === '' || key.includes('"')) return null;
      param = param.slice(1, -1);
    }
    if (key !== '' && !(key in params)) params[key] = param;
  }
  return { mediaType, params };
}

/**
 * Decodes one RFC 2047 encoded word from its parts (`=?charset?encoding?text?=`);
 * `undefined` when the charset is unknown.
 */
export function decodeEncodedWord(charset: string, encoding: string, text: string): string | undefined {
  const name = encodedWordCharset(charset, 0, charset.length);
  if (name === undefined) return undefined;
  if (name === 'UTF-8' || name === 'windows-1252') {
    const value = encoding === 'Q' || encoding === 'q' ? decodeQWord(text, name) : encoding === 'B' || encoding === 'b' ? decodeBWord(text, name) : undefined;
    if (value !== undefined) return value;
  }
  return libmime().decodeWord(charset, encoding, text);
}

/*
 * The charset of the last encoded word, as encodedWordCharset read it: the words of one field
 * nearly always share one, and its name costs more to resolve than a word to decode.
 */
let lastWordCharset = '';
let lastWordCharsetName: string | undefined;

/**
 * Charsets as written in encoded words, and what encodedWordCharset made of them (null: not
 * known). The words of a field may alternate between two charsets (`utf-8`, `iso-8859-2`),
 * and each resolution is libmime's normalisation and iconv-lite's look-up: 2-15 µs, 10 µs
 * more when iconv-lite throws for a name it does not know.
 */
const wordCharsets = new Map<string, string | null>();
/**
 * How many names {@link wordCharsets} keeps: a mailbox's words name a few dozen charsets at
 * most; made-up names past this many are resolved again each time they come.
 */
const MAX_WORD_CHARSETS = 512;

/**
 * The canonical name (as libmime gives it) of the charset of an encoded word, written at
 * `text[from, to)`, or `undefined` when libmime cannot decode it. An RFC 2231 language
 * suffix (`utf-8*en`, RFC 2231 §5) is not part of the name. The charset of the word before
 * is compared in place, with no slice: a field may hold thousands of words.
 */
export function encodedWordCharset(text: string, from: number, to: number): string | undefined {
  if (!sameText(lastWordCharset, text, from, to)) {
    if (isCertainlyUnknownCharset(text, from, to)) {
      lastWordCharset = '';
      lastWordCharsetName = undefined;
      return undefined;
    }
    lastWordCharset = text.slice(from, to);
    let known = wordCharsets.get(lastWordCharset);
    if (known === undefined) {
      known = wordCharsetName(lastWordCharset);
      if (wordCharsets.size < MAX_WORD_CHARSETS) wordCharsets.set(lastWordCharset, known);
    }
    lastWordCharsetName = known ?? undefined;
  }
  return lastWordCharsetName;
}

/**
 * The canonical name libmime gives an encoded word's charset as written, `null` when libmime
 * cannot decode it: {@link encodedWordCharset} without its memories and its quick refusal.
 */
export function wordCharsetName(written: string): string | null {
  const name = normalizeCharset(written.replace(/\*.*$/, ''));
  return isKnownCharset(name) ? name : null;
}

/** libmime's UTF8_COMPATIBLE: names whose text libmime's charset decoder reads as UTF-8. */
const UTF8_COMPATIBLE = /^(?:(?:us-)?ascii|utf-8|7bit)$/i;
/** The charsets libmime decodes with encoding-japanese rather than iconv-lite. */
const JAPANESE_CHARSET = /^jis|^iso-?2022-?jp|^eucjp/i;
/** {@link wordByteTable}'s answers, by canonical name (null: none); names that are known, so few. */
const wordByteTables = new Map<string, Uint16Array | null>();

/**
 * The character of each byte, as the words of charset `name` (a name encodedWordCharset gave)
 * are decoded, when that is one UTF-16 unit per byte whatever its neighbours and ASCII
 * stands for itself: windows-1252, ISO-8859-x, KOI8-R and the other single-byte charsets
 * iconv-lite decodes by table.
 * undefined for UTF-8 and for charsets of several bytes a character or of state, whose words
 * decodeEncodedWord decodes one by one. Read from what libmime's decoder makes of every
 * byte value, and only when that is iconv-lite's single-byte answer, so that a word decoded
 * through the table is what libmime's decodeWord gives (test/sources/encoded-word.test.ts).
 */
export function wordByteTable(name: string): Uint16Array | undefined {
  let table = wordByteTables.get(name);
  if (table === undefined) {
    let chars: string | undefined;
    if (name === 'windows-1252') chars = decodeWindows1252(ALL_BYTES);
    else if (name !== 'UTF-8' && !UTF8_COMPATIBLE.test(name) && !JAPANESE_CHARSET.test(name) && isSingleByte(name)) {
      const decoded = decodeCharset(ALL_BYTES, name);
      if (decoded === iconv().decode(ALL_BYTES, name)) chars = decoded;
    }
    table = null;
    // Bytes below 0x80 standing for themselves (a word of them is copied as it is), and no lone
    // surrogate, which would not survive the UTF-8 the words are written to.
    if (chars !== undefined && chars.length === 256 && chars.startsWith(ALL_BYTES.toString('latin1', 0, 0x80)) && !/[\ud800-\udfff]/.test(chars)) {
      table = new Uint16Array(256);
      for (let i = 0; i < 256; i++) table[i] = chars.charCodeAt(i);
    }
    wordByteTables.set(name, table);
  }
  return table ?? undefined;
}

/** True when `text[from, to)` is `known`, compared in place. */
export function sameText(known: string, text: string, from: number, to: number): boolean {
  if (known.length !== to - from) return false;
  for (let i = 0; i < known.length; i++) if (known.charCodeAt(i) !== text.charCodeAt(from + i)) return false;
  return true;
}

/**
 * Hashes of the names that can make a charset known, as bit maps over {@link nameHash}: the
 * keys of libmime's alias table (`aliases`, compared with the name as lower-cased), and
 * iconv-lite's table of encodings (`iconv`, compared with the name in iconv-lite's canonical
 * form, see {@link iconvKnows}). Built at the first name that needs them.
 */
let charsetNameHashes: { aliases: Uint8Array; iconv: Uint8Array } | undefined;

/** {@link nameHash}'s range: 16 bits, a bit map of 64 KiB. */
const NAME_HASH_MASK = 0xffff;

/**
 * A hash of the ASCII name `text[from, to)`, lower-cased, with only letters and digits when
 * `canonical` (iconv-lite's canonical form), no string built.
 */
function nameHash(text: string, from: number, to: number, canonical: boolean): number {
  let hash = 0;
  for (let i = from; i < to; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0x41 && code <= 0x5a) code |= 0x20;
    if (canonical && !((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39))) continue;
    hash = (Math.imul(hash, 31) + code) & NAME_HASH_MASK;
  }
  return hash;
}

function buildCharsetNameHashes(): { aliases: Uint8Array; iconv: Uint8Array } {
  const aliases = new Uint8Array(NAME_HASH_MASK + 1);
  // libmime's CommonJS build exports its alias table as the module itself (its ES build as `default`).
  const aliasModule = require('libmime/lib/charsets.js') as Record<string, string> & { default?: Record<string, string> };
  for (const name of Object.keys(aliasModule.default ?? aliasModule)) aliases[nameHash(name, 0, name.length, false)] = 1;
  const iconvNames = new Uint8Array(NAME_HASH_MASK + 1);
  const tables = iconvTables();
  for (const name of [...Object.keys(tables.encodings ?? {}), ...Object.keys(tables._codecDataCache)]) iconvNames[nameHash(name, 0, name.length, true)] = 1;
  return { aliases, iconv: iconvNames };
}

/**
 * True when the charset written at `text[from, to)` is certainly one libmime cannot decode:
 * {@link encodedWordCharset} then gives `undefined` without libmime's normalisation and
 * iconv-lite's look-up (about 0.8 µs a name, and a header of encoded words each naming a
 * new made-up charset is hostile input: the sources catalogue's "distinct unknown charsets"
 * row). `false` when it cannot tell: the full path decides. Certain only for a name of
 * ASCII letters, digits and punctuation with no whitespace and no `*` (RFC 2231's language
 * suffix) that
 * - starts as no name libmime's normalizeCharset rewrites or isKnownCharset knows by its
 *   start ({@link mayBeRewritten}): libmime then gives the name itself, upper-cased;
 * - is no key of libmime's alias table; and
 * - has a canonical form (iconv-lite's: letters and digits, lower-cased, without a `:dddd`
 *   year) that names no encoding of iconv-lite's table or codec cache.
 * The two look-ups are bit maps of hashes: a collision only sends a name to the full path.
 * test/sources/charset.test.ts holds it to the full path.
 */
export function isCertainlyUnknownCharset(text: string, from: number, to: number): boolean {
  if (to <= from || mayBeRewritten(text, from, to)) return false;
  // iconv-lite's canonical form drops a trailing ":dddd" (a year, "iso_8859-2:1987").
  let end = to;
  if (to - from >= 5 && text.charCodeAt(to - 5) === 0x3a) {
    let digits = 0;
    while (digits < 4 && isDigitCode(text.charCodeAt(to - 4 + digits))) digits++;
    if (digits === 4) end = to - 5;
  }
  // One pass: the name is ASCII with no space and no `*`, and both its hashes (nameHash's,
  // as written and in canonical form to `end`).
  let asWritten = 0;
  let canonical = 0;
  for (let i = from; i < to; i++) {
    let code = text.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f || code === 0x2a) return false;
    if (code >= 0x41 && code <= 0x5a) code |= 0x20;
    asWritten = (Math.imul(asWritten, 31) + code) & NAME_HASH_MASK;
    if (i < end && ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39))) canonical = (Math.imul(canonical, 31) + code) & NAME_HASH_MASK;
  }
  const hashes = (charsetNameHashes ??= buildCharsetNameHashes());
  return hashes.aliases[asWritten] === 0 && hashes.iconv[canonical] === 0;
}

/**
 * True when the ASCII name `text[from, to)` starts as a name that libmime's normalizeCharset
 * rewrites (its patterns, all anchored at the start: `utf[-_]?<digit>`, `us[-_]?ascii`,
 * `win(dows)?[-_]?<digit>`, `(latin|iso[-_]?8859)?[-_]?<digit>`, `l[-_]?<digit>`) or one that
 * isKnownCharset knows by its start (`iso-?2022-?jp`, `jis`, `eucjp`). Any other name
 * libmime gives back as it is, upper-cased.
 */
function mayBeRewritten(text: string, from: number, to: number): boolean {
  // Each pattern starts with one of "u", "w", "l", "i", "j", "e" (either case), a digit, "-"
  // or "_": a name that starts otherwise is settled by its first character.
  const first = text.charCodeAt(from);
  const letter = first | 0x20;
  if (!(letter === 0x75 || letter === 0x77 || letter === 0x6c || letter === 0x69 || letter === 0x6a || letter === 0x65 || isDigitCode(first) || first === 0x2d || first === 0x5f)) return false;
  let i: number;
  if ((i = lettersEnd(text, from, to, 'utf')) !== -1 && digitAfter(text, i, to)) return true;
  if ((i = lettersEnd(text, from, to, 'us')) !== -1 && lettersEnd(text, pastSeparator(text, i, to), to, 'ascii') !== -1) return true;
  if ((i = lettersEnd(text, from, to, 'win')) !== -1 && (digitAfter(text, i, to) || ((i = lettersEnd(text, i, to, 'dows')) !== -1 && digitAfter(text, i, to)))) return true;
  if (digitAfter(text, from, to)) return true;
  if ((i = lettersEnd(text, from, to, 'latin')) !== -1 && digitAfter(text, i, to)) return true;
  if ((i = lettersEnd(text, from, to, 'iso')) !== -1 && (i = lettersEnd(text, pastSeparator(text, i, to), to, '8859')) !== -1 && digitAfter(text, i, to)) return true;
  if ((i = lettersEnd(text, from, to, 'l')) !== -1 && digitAfter(text, i, to)) return true;
  if ((i = lettersEnd(text, from, to, 'iso')) !== -1) {
    // ISO_2022_JP: /^iso-?2022-?jp/i (a "-" only, as written there).
    if (i < to && text.charCodeAt(i) === 0x2d) i++;
    if ((i = lettersEnd(text, i, to, '2022')) !== -1) {
      if (i < to && text.charCodeAt(i) === 0x2d) i++;
      if (lettersEnd(text, i, to, 'jp') !== -1) return true;
    }
  }
  return lettersEnd(text, from, to, 'jis') !== -1 || lettersEnd(text, from, to, 'eucjp') !== -1;
}

/*
 * mayBeRewritten's readers of `text[i, to)`: functions of their own, not closures over
 * `text` and `to`, which made a context object at each call, that is for each encoded word
 * in a charset not seen before (bench row "encoded words, distinct unknown charsets").
 */

/** Where `letters` (lower case) end when `text[i, to)` starts with them in either case, else -1. */
function lettersEnd(text: string, i: number, to: number, letters: string): number {
  if (i + letters.length > to) return -1;
  for (let k = 0; k < letters.length; k++) if ((text.charCodeAt(i + k) | 0x20) !== letters.charCodeAt(k)) return -1;
  return i + letters.length;
}

/** True when `text[i, to)` starts with a digit, or with "-" or "_" and then a digit. */
function digitAfter(text: string, i: number, to: number): boolean {
  const code = i < to ? text.charCodeAt(i) : 0;
  return isDigitCode(code === 0x2d || code === 0x5f ? (i + 1 < to ? text.charCodeAt(i + 1) : 0) : code);
}

/** Past the "-" or "_" at `i`, if one is there. */
function pastSeparator(text: string, i: number, to: number): number {
  const code = i < to ? text.charCodeAt(i) : 0;
  return code === 0x2d || code === 0x5f ? i + 1 : i;
}

function isDigitCode(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Scratch bytes for a Q word; an encoded word is at most 75 characters (RFC 2047 §2). */
let qWordBytes = Buffer.alloc(128);

/**
 * A Q-encoded word's text (RFC 2047 §4.2: `_` is a space, `=XX` a byte) in UTF-8 or
 * windows-1252, decoded exactly as libmime's decodeWord decodes it, or undefined when the
 * text is not ASCII: libmime then reads it. The text holds no white space (the encoded-word
 * pattern allows none), so libmime's white-space rules never apply. Without libmime's
 * per-word regular expressions and arrays, a field of thousands of words decodes at the
 * speed of the text around it.
 */
function decodeQWord(text: string, charset: 'UTF-8' | 'windows-1252'): string | undefined {
  if (text.length > qWordBytes.length) qWordBytes = Buffer.alloc(text.length);
  const bytes = qWordBytes;
  const length = decodeQBytes(text, 0, text.length, bytes, 0);
  if (length < 0) return undefined;
  // UTF-8 is read as libmime reads it (Buffer#toString), windows-1252 as iconv-lite reads it.
  let ascii = true;
  for (let i = 0; i < length && ascii; i++) ascii = (bytes[i] as number) < 0x80;
  if (ascii) return bytes.toString('latin1', 0, length);
  return charset === 'UTF-8' ? bytes.toString('utf8', 0, length) : decodeWindows1252(bytes.subarray(0, length));
}

/**
 * Writes the bytes of the Q-encoded text `text[from, to)` (RFC 2047 §4.2: `_` is a space,
 * `=XX` a byte, anything else itself) to `out` from `at`, and returns where they end, or -1
 * when the text is not ASCII (libmime then reads the word). `out` needs room for `to - from`
 * bytes: a Q word never decodes to more bytes than it has characters.
 */
export function decodeQBytes(text: string, from: number, to: number, out: Uint8Array, at: number): number {
  let length = at;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return -1;
    if (code === 0x3d && i + 2 < to) {
      const high = hexValue(text.charCodeAt(i + 1));
      const low = hexValue(text.charCodeAt(i + 2));
      if (high >= 0 && low >= 0) {
        out[length++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    out[length++] = code === 0x5f ? 0x20 : code;
  }
  return length;
}

/** The value of a hexadecimal digit (either case), or -1. */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/**
 * A B-encoded word's text (RFC 2047 §4.1) in UTF-8 or windows-1252, decoded as libmime
 * decodes it, or undefined when padding stands before more data: libmime (libbase64) then
 * decodes segment by segment, and reads it.
 */
function decodeBWord(text: string, charset: 'UTF-8' | 'windows-1252'): string | undefined {
  const pad = text.indexOf('=');
  if (pad >= 0 && /[a-zA-Z0-9+/\-_]/.test(text.slice(pad))) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return charset === 'UTF-8' ? bytes.toString('utf8') : decodeWindows1252(bytes);
}

/** The references mail HTML is made of, decoded without a table lookup. */
const COMMON_REFERENCES: ReadonlyMap<string, string> = new Map([
  ['&amp;', '&'],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&apos;', "'"],
  ['&#39;', "'"],
  ['&nbsp;', '\u00a0'],
]);
/** The length of the longest key of {@link COMMON_REFERENCES} less one (`&nbsp;`, `&quot;`). */
const LONGEST_COMMON_REFERENCE = 5;

/**
 * Decodes one HTML character reference (`&amp;`, `&#x2F;`, `&nbsp`) to its text, as he
 * decodes it. The common ones, numeric ones and named ones seen before cost no call to he
 * (a few microseconds each: a document of 100,000 references was a hostile input).
 */
export function decodeCharacterReference(reference: string, inAttribute: boolean): string {
  const common = COMMON_REFERENCES.get(reference);
  if (common !== undefined) return common;
  if (reference.charCodeAt(1) === 0x23) {
    const numeric = decodeNumericReference(reference);
    if (numeric !== undefined) return numeric;
  }
  const cache = inAttribute ? attributeReferences : textReferences;
  let decoded = cache.get(reference);
  if (decoded === undefined) {
    decoded = htmlEntities().decode(reference, inAttribute ? { isAttributeValue: true } : undefined);
    if (cache.size < MAX_CACHED_REFERENCES) cache.set(reference, decoded);
  }
  return decoded;
}

/**
 * How many named references he's answers are kept for, in text and in attributes each. HTML
 * has 2,231 names; a document of more distinct ones is made up, and each then costs a call.
 */
const MAX_CACHED_REFERENCES = 4096;
const textReferences = new Map<string, string>();
const attributeReferences = new Map<string, string>();

/**
 * A numeric reference that is one whole `&#digits;` or `&#xhex;` (the `;` optional), decoded
 * as he decodes it (HTML Standard §13.2.5.80: out of range or a surrogate is U+FFFD), or
 * undefined for what he must read: NUL and the C1 controls, which it maps through
 * windows-1252, and references followed by more letters. The reference is
 * `reference[start, end)`, so that HTML text is decoded in place.
 */
export function decodeNumericReference(reference: string, start = 0, end = reference.length): string | undefined {
  const codePoint = numericReferenceCodePoint(reference, start, end);
  return codePoint < 0 ? undefined : String.fromCodePoint(codePoint);
}

/**
 * {@link decodeNumericReference} as a code point, -1 where that gives undefined: HTML text
 * writes it as UTF-16 units with no string made for each reference (bench row "HTML entities").
 */
export function numericReferenceCodePoint(reference: string, start: number, end: number): number {
  const hex = (reference.charCodeAt(start + 2) | 0x20) === 0x78;
  const digitsStart = start + (hex ? 3 : 2);
  const digitsEnd = reference.charCodeAt(end - 1) === 0x3b ? end - 1 : end;
  if (digitsEnd === digitsStart) return -1;
  let codePoint = 0;
  for (let i = digitsStart; i < digitsEnd; i++) {
    const code = reference.charCodeAt(i);
    const digit = hex ? hexValue(code) : code >= 0x30 && code <= 0x39 ? code - 0x30 : -1;
    if (digit < 0) return -1;
    // Past the last code point the value only has to stay out of range.
    codePoint = Math.min(codePoint * (hex ? 16 : 10) + digit, 0x110000);
  }
  if (codePoint === 0 || (codePoint >= 0x80 && codePoint <= 0x9f)) return -1;
  if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return 0xfffd;
  return codePoint;
}

/** Decodes the character references in an attribute value (HTML Standard §13.2.5.38). */
export function decodeAttributeValue(value: string): string {
  let amp = value.indexOf('&');
  if (amp < 0) return value;
  // The usual case, `?a=1&amp;b=2`: every reference is a common one, replaced in one pass
  // without loading he. Any other `&` hands the whole value to he.
  let out = '';
  let from = 0;
  while (amp >= 0) {
    const semicolon = value.indexOf(';', amp);
    const common = semicolon > amp && semicolon - amp <= LONGEST_COMMON_REFERENCE ? COMMON_REFERENCES.get(value.slice(amp, semicolon + 1)) : undefined;
    if (common === undefined) return htmlEntities().decode(value, { isAttributeValue: true });
    out += value.slice(from, amp) + common;
    from = semicolon + 1;
    amp = value.indexOf('&', from);
  }
  return out + value.slice(from);
}
