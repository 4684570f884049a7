/**
 * Reading `text/html` parts: the URLs of `href` and `src` attributes, and the text a
 * reader sees, with a map back to the HTML. A small linear tokenizer in the manner
 * of the HTML Standard's tokenization (§13.2.5), not a tree builder: text, tags,
 * comments (whose text is read: mail hides plain-text links there), and the raw text of
 * `script` and `style`, which is skipped.
 */
import { Buffer } from 'node:buffer';
import { decodeAttributeValue, decodeCharacterReference, numericReferenceCodePoint, sameText } from './mime.js';
import { buildOffsetMap, type OffsetMap, type OffsetMapBuilder } from './raw-position.js';

/**
 * A URL-bearing attribute whose value starts with a scheme name (see {@link valueShape}):
 * its value with character references decoded, and where the value is.
 */
export interface HtmlAttribute {
  /** `href` or `src`. */
  readonly name: string;
  /** The value, character references decoded. */
  readonly value: string;
  /** Offsets of the value (inside any quotes) in the HTML. */
  readonly start: number;
  readonly end: number;
}

/**
 * An {@link HtmlAttribute} whose value is cut from the HTML and decoded when first asked
 * for: a value nobody accepts is refused where it stands (extract.ts), and in hostile HTML
 * most are (bench row "HTML attribute values refused").
 */
export class Attribute implements HtmlAttribute {
  constructor(
    readonly name: string,
    private readonly html: string,
    readonly start: number,
    readonly end: number,
    private decoded: string | undefined,
    /** Where the value's scheme name starts in the HTML and where its `:` is, when written as they read; -1 otherwise (see valueShape). */
    readonly schemeStart: number,
    readonly schemeEnd: number,
  ) {}

  get value(): string {
    this.decoded ??= decodeValue(this.html, this.start, this.end);
    return this.decoded;
  }
}

/**
 * The URL-bearing attributes of a document, in order: an array of {@link HtmlAttribute}s
 * answers, and so does {@link AttributeList}, which {@link readHtml} makes.
 */
export interface HtmlAttributes extends Iterable<HtmlAttribute> {
  readonly length: number;
  /** The attribute at `index` (from 0; as `Array.prototype.at`, a negative one counts from the end). */
  at(index: number): HtmlAttribute | undefined;
}

/** Numbers per attribute in an {@link AttributeList}: the name (0 `href`, 1 `src`), start, end, scheme start, scheme end. */
const ATTRIBUTE_RECORD = 5;
const ATTRIBUTE_NAMES = ['href', 'src'] as const;

/**
 * The attributes {@link readHtml} found, held as numbers in a typed array (twenty bytes each),
 * and made {@link Attribute}s one at a time as they are asked for. An object each, held for the
 * whole part, was most of what the young generation copied and promoted in HTML of many
 * values that are all refused in the end: 8 MB of the bench row "HTML attribute values
 * refused" (360,000 of them) took 2.3 times as long as 4 MB.
 */
export class AttributeList implements HtmlAttributes {
  private records = new Int32Array(ATTRIBUTE_RECORD * 16);
  private count = 0;

  constructor(private readonly html: string) {}

  get length(): number {
    return this.count;
  }

  /** Adds the attribute `name` whose value is `html[start, end)`; `schemeStart` and `schemeEnd` as {@link Attribute} has them. */
  add(name: 'href' | 'src', start: number, end: number, schemeStart: number, schemeEnd: number): void {
    let records = this.records;
    const at = this.count * ATTRIBUTE_RECORD;
    if (at === records.length) {
      const grown = new Int32Array(records.length * 2);
      grown.set(records);
      this.records = records = grown;
    }
    records[at] = name === 'href' ? 0 : 1;
    records[at + 1] = start;
    records[at + 2] = end;
    records[at + 3] = schemeStart;
    records[at + 4] = schemeEnd;
    this.count++;
  }

  at(index: number): Attribute | undefined {
    const k = index < 0 ? index + this.count : index;
    if (!(k >= 0 && k < this.count)) return undefined;
    const records = this.records;
    const at = k * ATTRIBUTE_RECORD;
    return new Attribute(
      ATTRIBUTE_NAMES[records[at] as number] as string,
      this.html,
      records[at + 1] as number,
      records[at + 2] as number,
      undefined,
      records[at + 3] as number,
      records[at + 4] as number,
    );
  }

  *[Symbol.iterator](): Generator<Attribute, void, undefined> {
    for (let k = 0; k < this.count; k++) yield this.at(k) as Attribute;
  }
}

/**
 * `decodeAttributeValue(html.slice(start, end))`, with numeric character references
 * (`&#104;`, `&#x68`) decoded here: he, which decodeAttributeValue hands any other than
 * `&amp;` and its like to, costs a microsecond a value (values such as `&#104;ttp://a&#32;b`).
 * Any named reference still goes to decodeAttributeValue, as does a numeric one that he
 * maps through windows-1252 (see numericReferenceCodePoint).
 */
export function decodeValue(html: string, start: number, end: number): string {
  let out = '';
  let from = start;
  for (let amp = start; amp < end; amp++) {
    if (html.charCodeAt(amp) !== 0x26) continue;
    const next = amp + 1 < end ? html.charCodeAt(amp + 1) : -1;
    if (next !== 0x23) {
      if (isLetter(next) || isDigit(next)) return decodeAttributeValue(html.slice(start, end));
      continue; // an `&` of the text
    }
    const hex = amp + 2 < end && (html.charCodeAt(amp + 2) | 0x20) === 0x78;
    const digitsStart = amp + (hex ? 3 : 2);
    let k = digitsStart;
    while (k < end && (hex ? isHexDigit(html.charCodeAt(k)) : isDigit(html.charCodeAt(k)))) k++;
    if (k === digitsStart) continue; // `&#` with no digits is text
    const referenceEnd = k < end && html.charCodeAt(k) === 0x3b ? k + 1 : k;
    const codePoint = numericReferenceCodePoint(html, amp, referenceEnd);
    if (codePoint < 0) return decodeAttributeValue(html.slice(start, end));
    out += html.slice(from, amp) + String.fromCodePoint(codePoint);
    from = referenceEnd;
    amp = referenceEnd - 1;
  }
  return from === start ? html.slice(start, end) : out + html.slice(from, end);
}

/** The text of an HTML document and the URL-bearing attributes in it whose values start with a scheme name. */
export interface HtmlText {
  /** Text content: tags removed, character references decoded, block boundaries as line breaks. */
  text: string;
  /** Offsets in `text` to offsets in the HTML. */
  map: OffsetMap;
  attributes: AttributeList;
}

/**
 * `href` or `src` when `html[from, to)` names one of these attributes (any case), whose
 * value is a URL to report (HTML Standard: `a`, `area`, `link` `href`; `img`, `iframe`,
 * `script`... `src`); undefined otherwise. Compares in place: most attributes are neither.
 */
function isUrlAttribute(html: string, from: number, to: number): 'href' | 'src' | undefined {
  const lower = (at: number): number => html.charCodeAt(at) | 0x20;
  if (to - from === 4 && lower(from) === 0x68 && lower(from + 1) === 0x72 && lower(from + 2) === 0x65 && lower(from + 3) === 0x66) return 'href';
  if (to - from === 3 && lower(from) === 0x73 && lower(from + 1) === 0x72 && lower(from + 2) === 0x63) return 'src';
  return undefined;
}

/**
 * An attribute value longer than this is not reported: it is a `data:` URI holding
 * an image, not a link anyone reads, and copying it would cost memory per match.
 */
export const MAX_ATTRIBUTE_URL_LENGTH = 8192;

/**
 * The longest named character reference is 32 characters with `&` and `;`
 * (`&CounterClockwiseContourIntegral;`); a numeric one longer than this is garbage.
 */
const MAX_REFERENCE_LENGTH = 40;

/**
 * The decoded text of a run of character references is gathered in a buffer this long, and
 * cut into a string when the run ends or the buffer fills: where it is handed to
 * `String.fromCharCode` as arguments, it stays well under the engine's limit on their
 * number, and it is one allocation for the whole process.
 */
const RUN_BUFFER_UNITS = 4096;
/**
 * Text between markup up to this long is copied into {@link RUN_UNITS} rather than cut
 * into a string of its own: copying a few units costs less than a string, its place in the
 * list of pieces, and its share of joining them.
 */
const SHORT_TEXT_UNITS = 32;
/**
 * A document's map makes room at first for an entry per `2 ** EXPECTED_ENTRY_SHIFT` characters
 * of HTML (a quarter of a byte per character): a tag or short text every eight characters.
 */
const EXPECTED_ENTRY_SHIFT = 3;
/** How far {@link readHtml} looks for the next `<` (and TextOut for the next `&`) by hand before it asks `indexOf`. */
const NEAR_TEXT_UNITS = 8;
const RUN_UNITS = new Uint16Array(RUN_BUFFER_UNITS);
/**
 * The bytes of {@link RUN_UNITS}, read as UTF-16LE to cut a run into a string: a tenth of the
 * time of `String.fromCharCode.apply` over a run of hundreds of units, and V8 still makes a
 * one-byte string of one that fits. Only where the machine stores units little-endian.
 */
const RUN_BYTES = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? Buffer.from(RUN_UNITS.buffer, RUN_UNITS.byteOffset, RUN_UNITS.byteLength) : undefined;

/** The first `units` units of {@link RUN_UNITS} as a string. */
function runText(units: number): string {
  if (units === 1) return String.fromCharCode(RUN_UNITS[0] as number);
  if (RUN_BYTES !== undefined) return RUN_BYTES.toString('utf16le', 0, 2 * units);
  return String.fromCharCode.apply(null, RUN_UNITS.subarray(0, units) as unknown as number[]);
}

/** What a tag means for the text around it. */
export const enum TagKind {
  Inline,
  Block,
  Spaced,
  Script,
  Style,
}

/** Elements whose start and end read as a line break, so that text on either side does not run together. */
const BLOCK_ELEMENTS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre',
  'section', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'ul', 'body', 'html', 'head', 'title',
]);

/** Elements whose start and end read as a space: table cells, images, links. */
const SPACED_ELEMENTS = new Set(['td', 'th', 'img', 'a']);

/** The end tags that close the raw text elements, whose content is not shown (HTML Standard §13.1.2). */
const RAW_TEXT_END = { script: /<\/script[\s/>]/gi, style: /<\/style[\s/>]/gi };

/**
 * The longest name among the elements above (`blockquote`, `figcaption`): a longer one is
 * inline without a look.
 */
const LONGEST_CLASSIFIED_NAME = 10;

/**
 * The elements above by name length and first letter, so that a tag is classified by
 * comparing a few characters in place instead of building and hashing its name: the
 * names and kinds at index `length * 128 + first letter` (an array, not a Map: it is read
 * for every tag, and a document can be made of nothing else).
 */
const TAGS_BY_SHAPE: Array<Array<string | TagKind> | undefined> = [];
for (const [names, kind] of [
  [BLOCK_ELEMENTS, TagKind.Block],
  [SPACED_ELEMENTS, TagKind.Spaced],
  [new Set(['script']), TagKind.Script],
  [new Set(['style']), TagKind.Style],
] as const) {
  for (const name of names) (TAGS_BY_SHAPE[name.length * 128 + name.charCodeAt(0)] ??= []).push(name, kind);
}
for (let shape = 0; shape < (LONGEST_CLASSIFIED_NAME + 1) * 128; shape++) TAGS_BY_SHAPE[shape] ??= undefined;

/** The kind of the element named `html[from, to)`, in any case: the general case of {@link tagKindOf}. Exported for tests. */
export function classifyTag(html: string, from: number, to: number): TagKind {
  const first = html.charCodeAt(from) | 0x20;
  if (to - from > LONGEST_CLASSIFIED_NAME || first >= 128) return TagKind.Inline;
  const candidates = TAGS_BY_SHAPE[(to - from) * 128 + first];
  if (candidates === undefined) return TagKind.Inline;
  outer: for (let c = 0; c < candidates.length; c += 2) {
    const name = candidates[c] as string;
    for (let i = 1; i < name.length; i++) {
      const code = html.charCodeAt(from + i);
      // Lower-case ASCII letters only; digits (h1..h6) compare as they are.
      if ((code >= 0x41 && code <= 0x5a ? code | 0x20 : code) !== name.charCodeAt(i)) continue outer;
    }
    return candidates[c + 1] as TagKind;
  }
  return TagKind.Inline;
}

/**
 * The kinds of the names of one and two ASCII characters, made by {@link classifyTag}: the
 * first at the character's code, the second at `128 + 128 * first + second`. Most tags of
 * mail are such (`p`, `b`, `a`, `br`, `td`), and a look in a table costs less than
 * classifyTag's compares, once per tag of a document made of nothing else (bench row "HTML
 * closed tags").
 */
const SHORT_NAME_KINDS = new Uint8Array(128 + 128 * 128);
for (let first = 0; first < 128; first++) {
  SHORT_NAME_KINDS[first] = classifyTag(String.fromCharCode(first), 0, 1);
  for (let second = 0; second < 128; second++) SHORT_NAME_KINDS[128 + 128 * first + second] = classifyTag(String.fromCharCode(first, second), 0, 2);
}

/**
 * The kind of the element named `html[from, to)`, in any case; the name is of
 * {@link isNameChar} characters (ASCII). Exported for tests.
 */
export function tagKindOf(html: string, from: number, to: number): TagKind {
  if (to - from === 1) return SHORT_NAME_KINDS[html.charCodeAt(from)] as TagKind;
  if (to - from === 2) return SHORT_NAME_KINDS[128 + 128 * html.charCodeAt(from) + html.charCodeAt(from + 1)] as TagKind;
  return classifyTag(html, from, to);
}

const isNameChar = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x3a || code === 0x5f;
const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c;

/** {@link valueShape}: the value cannot start with a scheme name and `:`, so it is never a URL in context. */
export const VALUE_NO_SCHEME = 0;
/** {@link valueShape}: the value starts with a scheme name and `:`. */
export const VALUE_SCHEME = 1;
/** {@link valueShape}: a character reference comes before the answer; decode the value and ask again. */
export const VALUE_UNSURE = 2;

/**
 * True for the code units `String.prototype.trim` removes: ECMAScript WhiteSpace and
 * LineTerminator (ECMA-262 §12.2, §12.3), which are Unicode's Zs and a few more.
 */
export function isTrimmedSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/** {@link referenceCodeAt}: the reference's text is not known without decoding it. */
const UNKNOWN_REFERENCE = -1;
/** {@link referenceCodeAt}: the reference's text is a character that is neither in a scheme name nor trimmed. */
const OTHER_CHARACTER = 0xfffd;
/** Where the reference {@link referenceCodeAt} read ends. */
let referenceCodeEnd = 0;

/**
 * The character that the `&` at `amp` of an attribute value `text[.., to)` stands for once
 * decoded as he decodes attribute values (HTML Standard §13.2.5.72-80), as far as a scheme
 * name cares, and where it ends ({@link referenceCodeEnd}):
 * - `&#` and digits, `&#x` and hex digits, `;` optional: the character (as
 *   numericReferenceCodePoint reads it; NUL, C1 controls and past U+10FFFF are none of ours);
 * - a name then `;`: {@link UNKNOWN_REFERENCE}, any of 2,231 texts (`&colon;`, `&fjlig;`);
 * - a name without `;`: only the legacy names of ISO 8859-1 are decoded (and not before `=`):
 *   `&nbsp` is {@link UNKNOWN_REFERENCE} (a space, which a trim may strip), every other is a
 *   character from U+0022 to U+00FF that is in no scheme name, as is an `&` left as it is;
 * - anything else: the `&` itself.
 */
function referenceCodeAt(text: string, amp: number, to: number): number {
  referenceCodeEnd = amp + 1;
  if (amp + 1 >= to) return 0x26;
  const next = text.charCodeAt(amp + 1);
  if (next === 0x23) {
    const hex = amp + 2 < to && (text.charCodeAt(amp + 2) | 0x20) === 0x78;
    const digitsStart = amp + (hex ? 3 : 2);
    let k = digitsStart;
    while (k < to && (hex ? isHexDigit(text.charCodeAt(k)) : isDigit(text.charCodeAt(k)))) k++;
    if (k === digitsStart) return 0x26;
    const end = k < to && text.charCodeAt(k) === 0x3b ? k + 1 : k;
    referenceCodeEnd = end;
    const codePoint = numericReferenceCodePoint(text, amp, end);
    return codePoint < 0 ? OTHER_CHARACTER : codePoint;
  }
  if (!(isLetter(next) || isDigit(next))) return 0x26;
  let k = amp + 1;
  while (k < to && (isLetter(text.charCodeAt(k)) || isDigit(text.charCodeAt(k)))) k++;
  if (k < to && text.charCodeAt(k) === 0x3b) {
    referenceCodeEnd = k + 1;
    return UNKNOWN_REFERENCE;
  }
  if (k - amp === 5 && text.startsWith('nbsp', amp + 1)) {
    referenceCodeEnd = k;
    return UNKNOWN_REFERENCE;
  }
  // The `&` and the name are left as they are, or a legacy name is decoded: either way a
  // character in no scheme name and not trimmed; the letters after it are read as text.
  return OTHER_CHARACTER;
}

/** {@link valueCodeAt}: a character reference whose text could be anything (`&colon;`, `&nbsp;`). */
export const UNKNOWN_VALUE_CODE = UNKNOWN_REFERENCE;
/** Where the character {@link valueCodeAt} read last ends in the HTML. */
export let valueCodeEnd = 0;

/**
 * The character at `i` of the undecoded `href` or `src` value `text[.., to)` as the decoded
 * value has it (see {@link referenceCodeAt}: a reference read as one character, an unsure one
 * as {@link UNKNOWN_VALUE_CODE}), and where it ends ({@link valueCodeEnd}). For refusing a value
 * where it stands, without decoding it (extract.ts, refusedInPlace).
 */
export function valueCodeAt(text: string, i: number, to: number): number {
  const code = text.charCodeAt(i);
  if (code !== 0x26) {
    valueCodeEnd = i + 1;
    return code;
  }
  const decoded = referenceCodeAt(text, i, to);
  valueCodeEnd = referenceCodeEnd;
  return decoded;
}

const isLetter = (code: number): boolean => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isHexDigit = (code: number): boolean => isDigit(code) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66);

/**
 * Whether the `href` or `src` value `text[from, to)` starts with a scheme name and `:`
 * once read as the URL Standard reads it (leading and trailing spaces stripped, tabs and
 * newlines removed: what `readAttributeUrl` in extract.ts makes of it) and RFC 3986 §3.1
 * names a scheme: a letter, then letters, digits, `+`, `-` or `.`. Read in place, with no
 * slice: a value that gives no scheme (a relative reference, a fragment) is never a URL in
 * context, and hostile HTML has hundreds of thousands of them (bench row "HTML unclosed
 * tags"). With `references`, the value is still undecoded HTML: its character references
 * are read as an attribute value's are (see {@link referenceCodeAt}), and one whose text
 * could be anything gives {@link VALUE_UNSURE}.
 */
export function valueShape(text: string, from: number, to: number, references: boolean): number {
  let leading = true;
  // Whether the scheme name is written as it reads: no reference, tab or newline in it.
  let plain = true;
  let nameStart = from;
  for (let i = from; i < to; ) {
    let code = text.charCodeAt(i);
    let next = i + 1;
    if (references && code === 0x26) {
      code = referenceCodeAt(text, i, to);
      if (code === UNKNOWN_REFERENCE) return VALUE_UNSURE;
      next = referenceCodeEnd;
    }
    if (leading) {
      // What a trim strips, then a letter (RFC 3986 §3.1).
      if (!isTrimmedSpace(code)) {
        if (!isLetter(code)) return VALUE_NO_SCHEME;
        leading = false;
        nameStart = i;
        plain = next === i + 1;
      }
    } else if (code === 0x3a) {
      shapeSchemeStart = plain && next === i + 1 ? nameStart : -1;
      shapeSchemeEnd = i;
      return VALUE_SCHEME;
    } else if (!(isLetter(code) || isDigit(code) || code === 0x2b || code === 0x2d || code === 0x2e || code === 0x09 || code === 0x0a || code === 0x0d)) {
      // Letters, digits, `+`, `-`, `.`; tabs and newlines are removed (URL Standard).
      return VALUE_NO_SCHEME;
    } else if (code === 0x09 || code === 0x0a || code === 0x0d) {
      plain = false;
    }
    if (next !== i + 1) plain = false;
    i = next;
  }
  return VALUE_NO_SCHEME;
}

/**
 * Where the scheme name of the value {@link valueShape} answered {@link VALUE_SCHEME} for last
 * starts and where its `:` is, when the name and its `:` are written as they read (no
 * reference, tab or newline); -1 otherwise. An {@link Attribute} keeps them, so that its
 * value is refused without reading its scheme name again (extract.ts, refusedInPlace).
 */
let shapeSchemeStart = -1;
let shapeSchemeEnd = -1;

/**
 * The fast paths of {@link readHtml} that tests can turn off, to compare it with its general
 * path (test/sources/html.test.ts, html-references.test.ts). Read once per document.
 * @internal
 */
export const htmlFastPaths = { shortTags: true, commonReferences: true, textBetweenReferences: true };

const isAsciiLetter = (code: number): boolean => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;

/** The kind of the tag {@link shortTagEnd} read last. */
let shortTagKind = TagKind.Inline;

/**
 * Where the tag at `lt` (`next` after its `<`) ends when it is a start or end tag of a name of
 * one or two characters (a letter, then a letter or digit) and nothing else: `<p>`, `</TD>`,
 * and with `/` and white space after the name passed over as the general path passes them
 * (`<br/>`, `</p >`); -1 for any other markup. Its kind is left in {@link shortTagKind}, from
 * the table of short names (such names are never `script` or `style`). Most tags of mail
 * are such, and reading them here costs a few compares where the general path ran a loop over
 * the name and then classified it: `readHtml` 1.24, 1.37 and 1.29-1.37 times as fast on the
 * bench rows "HTML closed tags", "HTML empty elements" and "HTML table cells", 0.95-1.02 on
 * "HTML tags with attributes", whose `<p class=c>` misses here (same build, path toggled run by
 * run, medians of 41).
 */
function shortTagEnd(html: string, lt: number, next: number): number {
  let at = lt + 1;
  let first = next;
  if (first === 0x2f) first = html.charCodeAt(++at);
  if (!isAsciiLetter(first)) return -1;
  let i = at + 1;
  let code = html.charCodeAt(i);
  let shape = first;
  if (isAsciiLetter(code) || isDigit(code)) {
    shape = 128 + 128 * first + code;
    code = html.charCodeAt(++i);
  }
  // A third name character (or `-`, `:`, `_`) stops here: that name is not short.
  while (code === 0x2f || isSpace(code)) code = html.charCodeAt(++i);
  if (code !== 0x3e) return -1;
  shortTagKind = SHORT_NAME_KINDS[shape] as TagKind;
  return i + 1;
}

/** Reads the text and URL-bearing attributes of `html`. Linear in its length. */
export function readHtml(html: string): HtmlText {
  const out = new TextOut(html);
  const attributes = new AttributeList(html);
  const shortTags = htmlFastPaths.shortTags;
  let pos = 0;

  while (pos < html.length) {
    // A few characters by hand first: between tags there are often only a few (`<p>x</p>`),
    // and a native search costs a call each.
    let lt = pos;
    let next = 0;
    for (;;) {
      const near = Math.min(lt + NEAR_TEXT_UNITS, html.length);
      while (lt < near && html.charCodeAt(lt) !== 0x3c) lt++;
      if (lt === near && lt < html.length) {
        lt = html.indexOf('<', lt);
        if (lt < 0) lt = html.length;
      }
      if (lt >= html.length) break;
      // A `<` that starts no markup is text, read with the text around it: `a < b` is one
      // run, not three pieces (bench row "HTML lone <").
      next = html.charCodeAt(lt + 1);
      if (next === 0x2f || next === 0x21 || next === 0x3f || isNameChar(next)) break;
      lt++;
    }
    // Not called for the empty text between two tags.
    if (lt > pos) out.text(pos, lt);
    if (lt >= html.length) break;
    // The markup at `lt` ends at `end` and reads as `code` (NO_OUTPUT: as nothing). Written
    // at one call at the loop's end, so that the writing is inlined here once, not once per
    // kind of markup: V8 inlines into a function only so much code, and the writing of the
    // text and of the markup are what a document of tags runs (bench row "HTML closed tags").
    let end: number;
    let code = NO_OUTPUT;
    if (next === 0x2f || isNameChar(next)) {
      // `<name>` and `</name>`, the tags of most documents, and `<br/>`, `</p >`, read here as
      // readTag reads them (white space and `/` after a name are passed over); any other tag
      // goes to readTag.
      let kind: TagKind;
      let closing = next === 0x2f;
      const short = shortTags ? shortTagEnd(html, lt, next) : -1;
      if (short > 0) {
        end = short;
        kind = shortTagKind;
      } else {
        let i = closing ? lt + 2 : lt + 1;
        const nameStart = i;
        while (i < html.length && isNameChar(html.charCodeAt(i))) i++;
        const nameEnd = i;
        while (i < html.length && (html.charCodeAt(i) === 0x2f || isSpace(html.charCodeAt(i)))) i++;
        if (nameEnd > nameStart && html.charCodeAt(i) === 0x3e) {
          end = i + 1;
          kind = tagKindOf(html, nameStart, nameEnd);
        } else {
          end = readTag(html, lt, attributes);
          kind = tagKind;
          closing = tagClosing;
        }
      }
      if (end < 0) {
        // Unterminated: the rest is the tag's.
        end = html.length;
      } else if (kind === TagKind.Block) {
        code = 0x0a;
      } else if (kind === TagKind.Spaced) {
        code = 0x20;
      } else if (!closing && (kind === TagKind.Script || kind === TagKind.Style)) {
        // Its raw text is not shown: read as part of the tag, which reads as nothing.
        end = rawTextEnd(html, end, kind);
      }
    } else if (next === 0x21 && html.charCodeAt(lt + 2) === 0x2d && html.charCodeAt(lt + 3) === 0x2d) {
      // `<!--`, compared in place: `startsWith` was a call for each comment of a document of
      // short comments, as was the `[if` below (1.17 times as fast a readHtml without both, bench
      // row "HTML closed comments").
      pos = readComment(out, html, lt);
      continue;
    } else {
      // <!DOCTYPE ...>, <![CDATA[...]]> outside foreign content, <?...>: bogus comments.
      const close = html.indexOf('>', lt);
      end = close < 0 ? html.length : close + 1;
    }
    out.markup(code, lt, end);
    pos = end;
  }
  return { text: out.finish(), map: out.map.finish(), attributes };
}

/** How far {@link readComment} looks for the end of a comment by hand before it asks `indexOf`. */
const NEAR_COMMENT_UNITS = 16;

/** {@link TextOut.markup}: the markup reads as nothing. */
const NO_OUTPUT = -1;

/** Where the raw text of the `script` or `style` element (`kind`) whose start tag ends at `from` ends: at its end tag, or the end of `html`. */
function rawTextEnd(html: string, from: number, kind: TagKind): number {
  const closing = kind === TagKind.Script ? RAW_TEXT_END.script : RAW_TEXT_END.style;
  closing.lastIndex = from;
  const found = closing.exec(html);
  return found ? found.index : html.length;
}

/** Writes the comment at `lt` (`<!--`), and returns where it ends. */
function readComment(out: TextOut, html: string, lt: number): number {
  // Its end looked for by hand for a few characters first: a document of short comments
  // (`<!-- c -->` repeated) made a native search per comment.
  let close = -1;
  const near = Math.min(lt + 4 + NEAR_COMMENT_UNITS, html.length - 2);
  for (let k = lt + 4; k < near; k++) {
    if (html.charCodeAt(k) === 0x2d && html.charCodeAt(k + 1) === 0x2d && html.charCodeAt(k + 2) === 0x3e) {
      close = k;
      break;
    }
  }
  if (close < 0 && near >= lt + 4 && near < html.length - 2) close = html.indexOf('-->', near);
  const end = close < 0 ? html.length : close + 3;
  if (close < 0 || (html.charCodeAt(lt + 4) === 0x5b && html.charCodeAt(lt + 5) === 0x69 && html.charCodeAt(lt + 6) === 0x66)) {
    // Unclosed, or an Outlook conditional comment (markup for one client): dropped.
    out.markup(NO_OUTPUT, lt, end);
  } else {
    // Some mail hides a plain-text link inside a comment: its text is read, set apart
    // from the text around it as a block is.
    out.markup(0x0a, lt, lt + 4);
    if (close > lt + 4) out.text(lt + 4, close);
    out.markup(0x0a, close, end);
  }
  return end;
}

/**
 * The code unit that the reference at `amp` (an `&`), ending by `limit`, writes when it is one
 * of those mail is made of: `&nbsp;`, `&amp;`, `&lt;`, `&gt;`, `&quot;`, and a numeric one of
 * at most {@link COMMON_NUMERIC_DIGITS} digits that decodes to one unit below the surrogates
 * (not NUL or a C1 control, which he maps through windows-1252) and is not followed by more
 * letters or digits. Sets {@link referenceEndAt}; -1 for any other, which
 * {@link writeReference} reads. Asked first in the loop over a run of references: writeReference's
 * loop over the name to hash it, and its checks for what else a reference may be, were most of
 * the time of the bench rows "HTML entities" and "HTML no-break spaces" (scan instructions a pass
 * 392M to 334M and 384M to 320M with it).
 */
function commonReferenceUnit(html: string, amp: number, limit: number): number {
  const first = html.charCodeAt(amp + 1);
  if (first === 0x23) return numericReferenceUnit(html, amp, limit);
  if (first === 0x6e) {
    if (amp + 6 > limit || html.charCodeAt(amp + 2) !== 0x62 || html.charCodeAt(amp + 3) !== 0x73 || html.charCodeAt(amp + 4) !== 0x70 || html.charCodeAt(amp + 5) !== 0x3b) return -1;
    referenceEndAt = amp + 6;
    return 0x20; // a no-break space, written as the space it renders as (see writeReference)
  }
  if (first === 0x61) {
    if (amp + 5 > limit || html.charCodeAt(amp + 2) !== 0x6d || html.charCodeAt(amp + 3) !== 0x70 || html.charCodeAt(amp + 4) !== 0x3b) return -1;
    referenceEndAt = amp + 5;
    return 0x26;
  }
  if (first === 0x6c || first === 0x67) {
    if (amp + 4 > limit || html.charCodeAt(amp + 2) !== 0x74 || html.charCodeAt(amp + 3) !== 0x3b) return -1;
    referenceEndAt = amp + 4;
    return first === 0x6c ? 0x3c : 0x3e;
  }
  if (first === 0x71) {
    if (amp + 6 > limit || html.charCodeAt(amp + 2) !== 0x75 || html.charCodeAt(amp + 3) !== 0x6f || html.charCodeAt(amp + 4) !== 0x74 || html.charCodeAt(amp + 5) !== 0x3b) return -1;
    referenceEndAt = amp + 6;
    return 0x22;
  }
  return -1;
}

/**
 * The longest numeric reference {@link commonReferenceUnit} reads, in digits: the code units
 * it writes are below U+D800, at most five digits (`&#55295;`, `&#xD7FF;`); one more lets a
 * leading zero through, and a longer one goes to writeReference.
 */
const COMMON_NUMERIC_DIGITS = 6;

/** {@link commonReferenceUnit} of `&#` at `amp`. */
function numericReferenceUnit(html: string, amp: number, limit: number): number {
  let k = amp + 2;
  const hex = k < limit && (html.charCodeAt(k) | 0x20) === 0x78;
  if (hex) k++;
  const digitsStart = k;
  const digitsEnd = Math.min(limit, digitsStart + COMMON_NUMERIC_DIGITS);
  let value = 0;
  while (k < digitsEnd) {
    const code = html.charCodeAt(k);
    if (code >= 0x30 && code <= 0x39) value = value * (hex ? 16 : 10) + code - 0x30;
    else if (hex && (code | 0x20) >= 0x61 && (code | 0x20) <= 0x66) value = value * 16 + (code | 0x20) - 0x57;
    else break;
    k++;
  }
  if (k === digitsStart) return -1;
  if (k < limit) {
    // More of a name (letters, digits) after the digits: writeReference reads it as he does.
    const code = html.charCodeAt(k);
    if (isLetter(code) || isDigit(code)) return -1;
    if (code === 0x3b) k++;
  }
  if (value === 0 || (value >= 0x80 && value <= 0x9f) || value >= 0xd800) return -1;
  referenceEndAt = k;
  return value === 0xa0 ? 0x20 : value;
}

/** Where the reference {@link writeReference} read last ends. */
let referenceEndAt = 0;

/**
 * Reads the character reference at `amp` (an `&`) that ends by `limit`, and writes its text
 * to {@link RUN_UNITS} from `at`, a no-break space as a space (it ends a URL the way the
 * space it renders as does). Returns where the text ends, and sets {@link referenceEndAt} to
 * where the reference ends; -1 when there is no reference at `amp` or it decodes to itself.
 * The common ones, numeric ones and named ones seen before are read in place, in one pass
 * over the name: no string is cut or made for each (bench row "HTML entities": 100,000
 * references and more).
 */
function writeReference(html: string, amp: number, limit: number, at: number): number {
  // The name or number: letters and digits, after `#` for a number, up to a `;` if any.
  let i = amp + 1;
  const max = Math.min(limit, amp + MAX_REFERENCE_LENGTH);
  const numeric = html.charCodeAt(i) === 0x23;
  if (numeric) i++;
  const nameStart = i;
  let hash = 0;
  while (i < max) {
    const code = html.charCodeAt(i);
    if (!((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39))) break;
    hash = (Math.imul(hash, 31) + code) | 0;
    i++;
  }
  if (i === nameStart) {
    referenceEndAt = amp + 1;
    return -1;
  }
  const semicolon = i < limit && html.charCodeAt(i) === 0x3b;
  const end = semicolon ? i + 1 : i;
  referenceEndAt = end;
  if (numeric) {
    const codePoint = numericReferenceCodePoint(html, amp, end);
    if (codePoint >= 0x10000) {
      RUN_UNITS[at] = 0xd800 + ((codePoint - 0x10000) >> 10);
      RUN_UNITS[at + 1] = 0xdc00 + ((codePoint - 0x10000) & 0x3ff);
      return at + 2;
    }
    if (codePoint >= 0) {
      RUN_UNITS[at] = codePoint === 0xa0 ? 0x20 : codePoint;
      return at + 1;
    }
  } else if (semicolon) {
    // `&amp;`, `&lt;`, `&gt;`: what escaped text is made of; `&nbsp;`, what mail spaces with.
    const first = html.charCodeAt(amp + 1);
    if (end - amp === 6 && first === 0x6e && html.charCodeAt(amp + 2) === 0x62 && html.charCodeAt(amp + 3) === 0x73 && html.charCodeAt(amp + 4) === 0x70) {
      RUN_UNITS[at] = 0x20;
      return at + 1;
    }
    if (end - amp === 5 && first === 0x61 && html.charCodeAt(amp + 2) === 0x6d && html.charCodeAt(amp + 3) === 0x70) {
      RUN_UNITS[at] = 0x26;
      return at + 1;
    }
    if (end - amp === 4 && html.charCodeAt(amp + 2) === 0x74 && (first === 0x6c || first === 0x67)) {
      RUN_UNITS[at] = first === 0x6c ? 0x3c : 0x3e;
      return at + 1;
    }
  }
  const decoded = decodedReferenceAt(html, amp, end, Math.imul(hash, 31) + end - amp);
  if (decoded === undefined) return -1;
  for (let k = 0; k < decoded.length; k++) {
    const unit = decoded.charCodeAt(k);
    RUN_UNITS[at++] = unit === 0xa0 ? 0x20 : unit;
  }
  return at;
}

/**
 * Slots of the cache of references {@link decodedReferenceAt} decoded, found by a hash of
 * their text: a document repeats a few references (`&nbsp;`, `&eacute;`) many times.
 */
const REFERENCE_SLOTS = 256;
const slotReferences: string[] = new Array<string>(REFERENCE_SLOTS).fill('');
const slotTexts: Array<string | undefined> = new Array<string | undefined>(REFERENCE_SLOTS).fill(undefined);

/**
 * The text of the reference `html[amp, end)` as `decodeCharacterReference` gives it, or
 * undefined when that is the reference itself. `hash` is any number made of the reference's
 * text alone: a reference decoded before is found by it and compared in place, with no slice.
 */
function decodedReferenceAt(html: string, amp: number, end: number, hash: number): string | undefined {
  const slot = hash & (REFERENCE_SLOTS - 1);
  if (sameText(slotReferences[slot] as string, html, amp, end)) return slotTexts[slot];
  const reference = html.slice(amp, end);
  const decoded = decodeCharacterReference(reference, false);
  slotReferences[slot] = reference;
  slotTexts[slot] = decoded === reference ? undefined : decoded;
  return slotTexts[slot];
}

/** The kind of the tag {@link readTag} read last, and whether it was an end tag: module state, not an object per tag. */
let tagKind = TagKind.Inline;
let tagClosing = false;

/**
 * Reads the tag at `lt` (`<name ...>` or `</name ...>`), collecting URL attributes. Returns
 * where it ends, or -1 when it is unterminated; its kind is left in {@link tagKind} and
 * {@link tagClosing}.
 */
function readTag(html: string, lt: number, attributes: AttributeList): number {
  let i = lt + 1;
  const closing = html.charCodeAt(i) === 0x2f;
  if (closing) i++;
  const nameStart = i;
  while (i < html.length && isNameChar(html.charCodeAt(i))) i++;
  tagKind = i > nameStart ? tagKindOf(html, nameStart, i) : TagKind.Inline;
  tagClosing = closing;
  while (i < html.length) {
    const code = html.charCodeAt(i);
    if (code === 0x3e) return i + 1;
    if (isSpace(code) || code === 0x2f) {
      i++;
      continue;
    }
    // Attribute name (§13.2.5.33): up to white space, `/`, `>` or `=`.
    const attrStart = i;
    while (i < html.length) {
      const c = html.charCodeAt(i);
      if (isSpace(c) || c === 0x2f || c === 0x3e || (c === 0x3d && i > attrStart)) break;
      i++;
    }
    const wanted = isUrlAttribute(html, attrStart, i);
    while (i < html.length && isSpace(html.charCodeAt(i))) i++;
    if (html.charCodeAt(i) !== 0x3d) continue;
    i++;
    while (i < html.length && isSpace(html.charCodeAt(i))) i++;
    let valueStart: number;
    let valueEnd: number;
    const quote = html.charCodeAt(i);
    if (quote === 0x22 || quote === 0x27) {
      valueStart = i + 1;
      valueEnd = html.indexOf(quote === 0x22 ? '"' : "'", valueStart);
      if (valueEnd < 0) return -1;
      i = valueEnd + 1;
    } else {
      valueStart = i;
      while (i < html.length && !isSpace(html.charCodeAt(i)) && html.charCodeAt(i) !== 0x3e) i++;
      valueEnd = i;
    }
    if (!closing && wanted && valueEnd - valueStart <= MAX_ATTRIBUTE_URL_LENGTH) {
      // Only a value that starts with a scheme name can be a URL in context: any other is
      // dropped here, before it costs a slice, its decoding and an object.
      const shape = valueShape(html, valueStart, valueEnd, true);
      if (shape === VALUE_SCHEME) {
        attributes.add(wanted, valueStart, valueEnd, shapeSchemeStart, shapeSchemeEnd);
      } else if (shape === VALUE_UNSURE) {
        // Decoded here to tell its shape, and again if it is asked for: most such values are refused.
        const value = decodeValue(html, valueStart, valueEnd);
        if (valueShape(value, 0, value.length, false) === VALUE_SCHEME) attributes.add(wanted, valueStart, valueEnd, -1, -1);
      }
    }
  }
  return -1;
}

/**
 * References per segment of a {@link buildReferenceMap} map: a look-up inside a run of
 * references walks at most this many, and the map under it gets one piece per this many.
 */
const SEGMENT_REFERENCES = 32;
/** Numbers per segment: output start and end, input start, index of its first pair of lengths, count. */
const SEGMENT = 5;

/** An {@link OffsetMapBuilder} that also records references cheaply. */
export interface ReferenceMapBuilder extends OffsetMapBuilder {
  /**
   * `outputLength` units of output came from `inputLength` units of HTML read as one: a
   * character reference, a short run of text, or a tag (no output, or the break it reads
   * as). The map answers as if `take(outputLength, inputLength)` had been called, and costs
   * two bytes for it rather than a piece when both are at most 255.
   */
  takeReference(outputLength: number, inputLength: number): void;
}

/**
 * {@link buildOffsetMap} for HTML text, where a run of character references gives a piece
 * each (each has its own ratio of input to output): each reference is two bytes here, the
 * map under it gets one piece per {@link SEGMENT_REFERENCES}, and a look-up inside a
 * segment walks its references. Building a piece per reference was most of the time of a
 * document of references (bench row "HTML entities"). The answers are the same as the
 * plain builder's (test/sources/html.test.ts checks it).
 */
export function buildReferenceMap(inputStart = 0): ReferenceMapBuilder {
  return new ReferenceMap(inputStart);
}

/**
 * The builder of {@link buildReferenceMap} and the map it finishes. A class, not closures
 * made for each document: its methods are compiled once, for every HTML part. An instance of
 * each lives in {@link TextOut}'s static field, so that V8 keeps the code of both across a
 * full collection: without them, the code of `takeReference` and `flush`, and of the loop
 * that had inlined them, was dropped after each ("weak objects") and compiled again.
 */
class ReferenceMap implements ReferenceMapBuilder {
  private readonly outer: OffsetMapBuilder;
  /** Output and input length of each reference recorded, in pairs. */
  private lengths: Uint8Array;
  private used = 0;
  /** {@link SEGMENT} numbers per segment. */
  private segments = new Int32Array(SEGMENT * 8);
  private segmentsUsed = 0;
  /** Output and input units before the segment being recorded. */
  private outPos = 0;
  private inPos: number;
  /**
   * Where the segment being recorded starts in `lengths`. Its sums are made when it is
   * flushed, from its pairs: a document of tags records an entry every few characters, and
   * each counter kept per entry cost as much as storing the entry (bench row "HTML closed tags").
   */
  private segmentStart = 0;
  /** Input units without output read before any segment's first entry, not yet given to the map under this one. */
  private skipIn = 0;

  /**
   * `expectedEntries`: room made at first. A document of tags records an entry every few
   * characters, and growing the pairs' array by doubling from a few dozen copied and zeroed
   * megabytes of it (bench row "HTML lone <").
   */
  constructor(inputStart: number, expectedEntries = 32) {
    this.lengths = new Uint8Array(2 * Math.max(32, expectedEntries));
    this.outer = buildOffsetMap(inputStart);
    this.inPos = inputStart;
  }

  private flush(): void {
    const start = this.segmentStart;
    const used = this.used;
    if (used === start) return;
    const lengths = this.lengths;
    let pendingOut = 0;
    let pendingIn = 0;
    for (let k = start; k < used; k += 2) {
      pendingOut += lengths[k] as number;
      pendingIn += lengths[k + 1] as number;
    }
    // The entries without output (markup) at the segment's end. A segment never ends with
    // one: a look-up walks a segment's entries up to its last, and must not stop on one that
    // has no output; they go to the map under it instead. Nor does it start with one (see
    // takeReference), so one entry at least is kept.
    let keptEnd = used;
    let trailingSkipIn = 0;
    while (keptEnd > start && lengths[keptEnd - 2] === 0) {
      trailingSkipIn += lengths[keptEnd - 1] as number;
      keptEnd -= 2;
    }
    if (keptEnd > start) {
      // In a typed array: a document of tags fills a segment every few dozen characters.
      if (this.segmentsUsed === this.segments.length) {
        const grown = new Int32Array(this.segments.length * 4);
        grown.set(this.segments);
        this.segments = grown;
      }
      const segments = this.segments;
      const at = this.segmentsUsed;
      segments[at] = this.outPos;
      segments[at + 1] = this.outPos + pendingOut;
      segments[at + 2] = this.inPos;
      segments[at + 3] = start;
      segments[at + 4] = (keptEnd - start) / 2;
      this.segmentsUsed = at + SEGMENT;
      this.outer.take(pendingOut, pendingIn - trailingSkipIn);
    }
    // The markup after the segment's last output, as the plain map would have it.
    if (trailingSkipIn > 0) this.outer.take(0, trailingSkipIn);
    this.outPos += pendingOut;
    this.inPos += pendingIn;
    this.used = keptEnd;
    this.segmentStart = keptEnd;
  }

  take(outputLength: number, inputLength: number): void {
    this.flush();
    this.applySkip();
    this.outer.take(outputLength, inputLength);
    this.outPos += outputLength;
    this.inPos += inputLength;
  }

  takeReference(outputLength: number, inputLength: number): void {
    // The common entry, in a method small enough to be inlined where readHtml calls it for
    // each tag and run of text; anything else in takeOther.
    const used = this.used;
    if (outputLength >= 0 && outputLength <= 0xff && inputLength <= 0xff && used < this.lengths.length) {
      if (used === this.segmentStart) {
        // Nor does a segment start with an entry without output: the map under it answers
        // for the segment's start, and must find it where the output starts. Such entries
        // are summed and given to it at once (the plain map's take(0, a), take(0, b) is its
        // take(0, a + b)): a document of empty elements is nothing else (`<b></b>` repeated).
        if (outputLength === 0) {
          this.skipIn += inputLength;
          return;
        }
        this.applySkip();
      }
      const lengths = this.lengths;
      lengths[used] = outputLength;
      lengths[used + 1] = inputLength;
      this.used = used + 2;
      if (used + 2 - this.segmentStart === 2 * SEGMENT_REFERENCES) this.flush();
      return;
    }
    this.takeOther(outputLength, inputLength);
  }

  /** {@link takeReference} of an entry that is not a pair of bytes, or that needs room. */
  private takeOther(outputLength: number, inputLength: number): void {
    if (outputLength < 0 || outputLength > 0xff || inputLength > 0xff || (outputLength === 0 && inputLength === 0)) {
      if (outputLength !== 0 || inputLength !== 0) this.take(outputLength, inputLength);
      return;
    }
    const grown = new Uint8Array(this.lengths.length * 2);
    grown.set(this.lengths);
    this.lengths = grown;
    this.takeReference(outputLength, inputLength);
  }

  /** Gives the map under this one the input units without output summed in `skipIn`. */
  private applySkip(): void {
    if (this.skipIn === 0) return;
    this.outer.take(0, this.skipIn);
    this.inPos += this.skipIn;
    this.skipIn = 0;
  }

  finish(): OffsetMap {
    this.flush();
    this.applySkip();
    return new ReferenceLookup(this.outer.finish(), this.lengths, this.segments, this.segmentsUsed / SEGMENT, this.outPos);
  }
}

/** A map {@link ReferenceMap} finished: segments of references over the plain map of the rest. */
class ReferenceLookup implements OffsetMap {
  /** The segment found last: look-ups come in increasing order. */
  private cursor = 0;
  /** The reference {@link findReference} found: where its output and input start, its pair of lengths. */
  private refOut = 0;
  private refIn = 0;
  private pair = 0;

  constructor(
    private readonly inner: OffsetMap,
    private readonly table: Uint8Array,
    private readonly segments: Int32Array,
    private readonly count: number,
    private readonly total: number,
  ) {}

  /** Where segment `k` (the one holding output `offset`, or the last one past the end of all output) starts among the segments' numbers, or -1. */
  private segmentAt(offset: number): number {
    const count = this.count;
    if (count === 0) return -1;
    const segments = this.segments;
    let k = this.cursor;
    if (!((segments[SEGMENT * k] as number) <= offset && (k + 1 === count || (segments[SEGMENT * (k + 1)] as number) > offset))) {
      // The last segment starting at or before `offset` (0 when none does), searched in
      // place: a callback made for each map was a closure that V8's code for this method
      // held, and dropped after each collection ("weak objects").
      let low = 0;
      let high = count - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((segments[SEGMENT * middle] as number) <= offset) low = middle;
        else high = middle - 1;
      }
      k = this.cursor = low;
    }
    const at = SEGMENT * k;
    if (offset < (segments[at] as number)) return -1;
    if (offset < (segments[at + 1] as number) || (k === count - 1 && segments[at + 1] === this.total)) return at;
    return -1;
  }

  /** Finds the reference of the segment at `at` that holds output `offset` (its last, past its end). */
  private findReference(at: number, offset: number): void {
    const segments = this.segments;
    const table = this.table;
    let refOut = segments[at] as number;
    let refIn = segments[at + 2] as number;
    let pair = segments[at + 3] as number;
    const last = pair + 2 * ((segments[at + 4] as number) - 1);
    while (pair < last && offset >= refOut + (table[pair] as number)) {
      refOut += table[pair] as number;
      refIn += table[pair + 1] as number;
      pair += 2;
    }
    this.refOut = refOut;
    this.refIn = refIn;
    this.pair = pair;
  }

  /** The found reference's piece as the plain builder makes it: a whole number of input units per output unit, or indivisible (0). */
  private stride(): number {
    const output = this.table[this.pair] as number;
    const input = this.table[this.pair + 1] as number;
    return input % output === 0 ? input / output : 0;
  }

  start(offset: number): number {
    const at = this.segmentAt(offset);
    if (at < 0) return this.inner.start(offset);
    this.findReference(at, offset);
    const stride = this.stride();
    const refEnd = this.refIn + (this.table[this.pair + 1] as number);
    return stride === 0 ? this.refIn : Math.min(this.refIn + (offset - this.refOut) * stride, refEnd);
  }

  end(offset: number): number {
    const at = offset <= 0 ? -1 : this.segmentAt(offset - 1);
    if (at < 0) return this.inner.end(offset);
    this.findReference(at, offset - 1);
    const stride = this.stride();
    const refEnd = this.refIn + (this.table[this.pair + 1] as number);
    return stride === 0 ? refEnd : Math.min(this.refIn + (offset - this.refOut) * stride, refEnd);
  }
}

/**
 * The text of one document as {@link readHtml} writes it: pieces of text and their map. A
 * class, not closures made for each document: the loop over a run of references is compiled
 * once, for every HTML part, and one instance lives in a static field so that V8 keeps its
 * hidden class across a full collection (see ReplacementMap in raw-position.ts). Made for
 * each document as closures, the loop was compiled again (on another thread, whose CPU time
 * the process pays) for each document after a collection (bench row "HTML entities").
 */
class TextOut {
  /** One of each class of a document's text, map and attributes, alive as long as the module (the last class of the module, so that the others exist). */
  static readonly shapeKeepers: readonly object[] = [new TextOut(''), new ReferenceMap(0).finish(), new Attribute('href', '', 0, 0, undefined, -1, -1), new AttributeList('')];

  private readonly pieces: string[] = [];
  readonly map: ReferenceMap;
  /**
   * Units of {@link RUN_UNITS} written and not yet cut into a piece: runs of references, short
   * runs of text and the breaks for tags gather there, so that HTML of many short pieces
   * (`<p>x</p>` repeated) makes one piece per buffer, not a string per piece, which joining
   * and collecting cost more than reading the HTML (bench row "HTML closed tags").
   */
  private units = 0;
  /**
   * The next `&` at or after a position, found once: searching afresh for every text run
   * would read to the end of a document without one, again and again.
   */
  private nextAmp = -1;

  constructor(private readonly html: string) {
    this.map = new ReferenceMap(0, html.length >> EXPECTED_ENTRY_SHIFT);
  }

  /** Writes the text `html[from, to)` with its character references decoded. */
  text(from: number, to: number): void {
    // The few characters between two tags, with no `&` among them: copied here, in a method
    // small enough to be inlined where readHtml calls it for each (`<p>x</p>` repeated).
    // `nextAmp` is at or after `from` when it was found from before it: runs come in order.
    const units = this.units;
    if (to - from <= SHORT_TEXT_UNITS && this.nextAmp >= to && units <= RUN_BUFFER_UNITS - SHORT_TEXT_UNITS) {
      const html = this.html;
      for (let k = from; k < to; k++) RUN_UNITS[units + k - from] = html.charCodeAt(k);
      this.units = units + to - from;
      this.map.takeReference(to - from, to - from);
      return;
    }
    this.anyText(from, to);
  }

  /** {@link text} for any run. */
  private anyText(from: number, to: number): void {
    const html = this.html;
    const map = this.map;
    let i = from;
    while (i < to) {
      if (this.nextAmp < i) {
        // A few characters by hand first: text spaced with `&nbsp;` has a reference every few.
        let amp = i;
        const near = Math.min(i + NEAR_TEXT_UNITS, html.length);
        while (amp < near && html.charCodeAt(amp) !== 0x26) amp++;
        if (amp === near && amp < html.length) {
          amp = html.indexOf('&', amp);
          if (amp < 0) amp = html.length;
        }
        this.nextAmp = amp;
      }
      const amp = Math.min(this.nextAmp, to);
      if (amp > i) {
        const length = amp - i;
        if (length <= SHORT_TEXT_UNITS) {
          if (this.units > RUN_BUFFER_UNITS - SHORT_TEXT_UNITS) this.cut();
          const units = this.units;
          for (let k = 0; k < length; k++) RUN_UNITS[units + k] = html.charCodeAt(i + k);
          this.units = units + length;
          map.takeReference(length, length);
        } else {
          this.cut();
          this.pieces.push(html.slice(i, amp));
          map.take(length, length);
        }
      }
      if (amp >= to) return;
      i = this.references(amp, to);
    }
  }

  /**
   * Writes the run of character references (and lone `&`s) at `from`, up to `to`, and
   * returns where it ends. A method of its own, so that {@link text} is small enough to be
   * inlined where it is called for every run of text between two tags.
   */
  private references(from: number, to: number): number {
    const html = this.html;
    const map = this.map;
    // References back to back (`&amp;&lt;...`) are gathered as UTF-16 code units: a
    // string each was most of the cost of a document of 100,000.
    let units = this.units;
    let i = from;
    const commonReferences = htmlFastPaths.commonReferences;
    const textBetween = htmlFastPaths.textBetweenReferences;
    for (;;) {
      while (i < to && html.charCodeAt(i) === 0x26) {
        // Room for the next reference's text, which is never longer than the reference.
        if (units > RUN_BUFFER_UNITS - 2 * MAX_REFERENCE_LENGTH) {
          this.pieces.push(runText(units));
          units = 0;
        }
        const common = commonReferences ? commonReferenceUnit(html, i, to) : -1;
        if (common >= 0) {
          RUN_UNITS[units++] = common;
          map.takeReference(1, referenceEndAt - i);
          i = referenceEndAt;
          continue;
        }
        const written = writeReference(html, i, to, units);
        if (written >= 0) {
          map.takeReference(written - units, referenceEndAt - i);
          units = written;
          i = referenceEndAt;
        } else {
          // No reference: the `&` is text.
          RUN_UNITS[units++] = 0x26;
          map.takeReference(1, 1);
          i++;
        }
      }
      if (!textBetween || i >= to) break;
      this.units = units;
      const next = this.shortTextBeforeReference(i, to);
      if (next < 0) return i;
      units = this.units;
      i = next;
    }
    this.units = units;
    return i;
  }

  /**
   * Copies the run of text at `from` when it is short and an `&` or the end `to` ends it, as
   * anyText copies it, and returns where it ends; -1 otherwise, for anyText to read. Words spaced
   * with `&nbsp;` are then one loop in {@link references}, not a return to anyText and a search
   * for the next `&` for each (bench row "HTML no-break spaces").
   */
  private shortTextBeforeReference(from: number, to: number): number {
    const html = this.html;
    if (this.units > RUN_BUFFER_UNITS - SHORT_TEXT_UNITS) this.cut();
    const units = this.units;
    const near = Math.min(to, from + SHORT_TEXT_UNITS);
    let k = from;
    for (; k < near; k++) {
      const code = html.charCodeAt(k);
      if (code === 0x26) break;
      RUN_UNITS[units + k - from] = code;
    }
    // Longer, or no `&` near: the units written past `units` are left unused.
    if (k === near && k < to) return -1;
    this.units = units + k - from;
    this.map.takeReference(k - from, k - from);
    return k;
  }

  /**
   * Writes the character `code` for the markup `html[from, to)`: a line break or space where
   * a tag was; nothing for {@link NO_OUTPUT}.
   */
  markup(code: number, from: number, to: number): void {
    let output = 0;
    if (code !== NO_OUTPUT) {
      if (this.units === RUN_BUFFER_UNITS) this.cut();
      RUN_UNITS[this.units++] = code;
      output = 1;
    }
    this.map.takeReference(output, to - from);
  }

  /** Makes the units gathered a piece of text. */
  private cut(): void {
    if (this.units === 0) return;
    this.pieces.push(runText(this.units));
    this.units = 0;
  }

  /** The text written. */
  finish(): string {
    this.cut();
    return this.pieces.join('');
  }
}
