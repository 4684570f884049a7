/**
 * Header sections (RFC 5322 §2.2, §3.2.2; RFC 2045 §3 for MIME part headers) read
 * straight from bytes: every field with the byte span of its value, so URL-bearing
 * fields can be scanned where they stand and structural fields decoded cheaply.
 */

/** One header field: name as written, and where its value is. */
export interface HeaderField {
  /** The field name as written (`List-Unsubscribe`). */
  name: string;
  /** The field name in lower case. */
  key: string;
  /** Byte offset just after the `:`. */
  valueStart: number;
  /** Byte offset of the line break ending the field's last line (folded lines included). */
  valueEnd: number;
}

/** A parsed header section. */
export interface HeaderSection {
  /** The fields, in order: `fields[0, count)` (a section read again by {@link parseHeaderAgain} may keep more in its array). */
  fields: HeaderField[];
  /** How many of `fields` are this section's: all of them, but in a section read again. */
  count: number;
  /** Byte offset where the body starts (after the empty line, or at the first line that is not a field). */
  bodyStart: number;
  /** True when an empty line ended the section, false when a non-field line or the end of the data did. */
  terminated: boolean;
}

/** The fields of a section with none, shared (sections are only read). */
const NO_FIELDS: HeaderField[] = [];

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const COLON = 0x3a;

/**
 * Reads the header section at `bytes[from, to)`. A field line is `name:` with `name`
 * of printable ASCII except `:` (RFC 5322 §2.2, `ftext`), allowing the obsolete white
 * space before the colon (§4.5.3); a line starting with white space continues the
 * field before it (folding, §2.2.3). The section ends at an empty line, or at the
 * first line that is neither, which then starts the body, as Python's `email` and
 * mail readers do with a missing separator line.
 */
export function parseHeader(bytes: Buffer, from: number, to: number): HeaderSection {
  return readHeader({ fields: NO_FIELDS, count: 0, bodyStart: to, terminated: false }, bytes, from, to);
}

/**
 * {@link parseHeader} into `section`, a section read before, whose array and field objects are
 * used again: only `fields[0, count)` are this header's. For a reader that is done with a
 * section before it reads the next, as the walk of a multipart's body parts is: a part's
 * header section, its array and its field were a third of the objects made for each of the
 * 20,000 short parts of a message (bench row "multipart, many parts").
 */
export function parseHeaderAgain(section: HeaderSection, bytes: Buffer, from: number, to: number): HeaderSection {
  return readHeader(section, bytes, from, to);
}

/** Reads the header section at `bytes[from, to)` into `section` (see {@link parseHeader}). */
function readHeader(section: HeaderSection, bytes: Buffer, from: number, to: number): HeaderSection {
  // A fresh section's array is made at its first field, holding it: an empty array grows to
  // room for 17 at its first push, and a body part's header is mostly one field.
  let fields = section.fields;
  let count = 0;
  let pos = from;
  let bodyStart = to;
  let terminated = false;
  while (pos < to) {
    const lineEnd = lineEndFrom(bytes, pos, to);
    const contentEnd = lineEnd > pos && bytes[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
    const next = lineEnd < to ? lineEnd + 1 : to;
    if (contentEnd === pos) {
      bodyStart = next;
      terminated = true;
      break;
    }
    const first = bytes[pos] as number;
    if (first === SPACE || first === TAB) {
      if (count > 0) {
        (fields[count - 1] as HeaderField).valueEnd = contentEnd;
        pos = next;
        continue;
      }
      bodyStart = pos;
      break;
    }
    const nameEnd = fieldNameEnd(bytes, pos, contentEnd);
    if (nameEnd < 0) {
      bodyStart = pos;
      break;
    }
    let colon = nameEnd;
    while (bytes[colon] !== COLON) colon++;
    const slot = fieldNameSlot(bytes, pos, nameEnd);
    const name = slotNames[slot] as string;
    const key = slotKeys[slot] as string;
    if (count < fields.length) {
      const field = fields[count] as HeaderField;
      field.name = name;
      field.key = key;
      field.valueStart = colon + 1;
      field.valueEnd = contentEnd;
    } else {
      const field: HeaderField = { name, key, valueStart: colon + 1, valueEnd: contentEnd };
      if (fields === NO_FIELDS) fields = [field];
      else fields.push(field);
    }
    count++;
    pos = next;
  }
  section.fields = fields;
  section.count = count;
  section.bodyStart = bodyStart;
  section.terminated = terminated;
  return section;
}

/**
 * A header line shorter than this is searched for its end byte by byte: a native
 * `indexOf` costs more than the loop on the short lines of a part's header (bench row
 * "multipart, many parts": 20,000 part headers in one message).
 */
const SHORT_LINE_BYTES = 128;

/** Index of the LF that ends the line starting at `pos`, or `to` when none does before it. */
function lineEndFrom(bytes: Buffer, pos: number, to: number): number {
  const near = Math.min(to, pos + SHORT_LINE_BYTES);
  for (let i = pos; i < near; i++) if (bytes[i] === LF) return i;
  if (near === to) return to;
  const at = bytes.indexOf(LF, near);
  return at < 0 || at >= to ? to : at;
}

/**
 * Field names met lately, as written and in lower case, in slots chosen by their length and
 * first and last bytes. The parts of one message repeat the same few names, and a name
 * read here is the same string each time: no string is made and lower-cased per field, and
 * the lookups of its key (`URL_HEADER_FIELDS`) reuse its hash.
 */
const NAME_SLOTS = 64;
const slotNames: (string | undefined)[] = new Array<string | undefined>(NAME_SLOTS).fill(undefined);
const slotKeys: (string | undefined)[] = new Array<string | undefined>(NAME_SLOTS).fill(undefined);

/** The slot of the field name `bytes[from, to)` (printable ASCII), filled with it if it held another. */
function fieldNameSlot(bytes: Buffer, from: number, to: number): number {
  const length = to - from;
  const slot = (length * 31 + (bytes[from] as number) * 7 + (bytes[to - 1] as number)) & (NAME_SLOTS - 1);
  const known = slotNames[slot];
  if (known !== undefined && known.length === length) {
    let i = 0;
    while (i < length && known.charCodeAt(i) === bytes[from + i]) i++;
    if (i === length) return slot;
  }
  const name = bytes.toString('latin1', from, to);
  slotNames[slot] = name;
  slotKeys[slot] = name.toLowerCase();
  return slot;
}

/** End of a valid field name starting at `pos` and followed by optional WSP and `:`; -1 when none. */
function fieldNameEnd(bytes: Buffer, pos: number, end: number): number {
  let i = pos;
  while (i < end) {
    const b = bytes[i] as number;
    if (b === COLON || b === SPACE || b === TAB) break;
    if (b < 33 || b > 126) return -1;
    i++;
  }
  if (i === pos) return -1;
  let colon = i;
  while (colon < end && (bytes[colon] === SPACE || bytes[colon] === TAB)) colon++;
  return colon < end && bytes[colon] === COLON ? i : -1;
}

/** The first field named `key` (lower case). */
export function findField(section: HeaderSection, key: string): HeaderField | undefined {
  const fields = section.fields;
  for (let i = 0; i < section.count; i++) if ((fields[i] as HeaderField).key === key) return fields[i];
  return undefined;
}

/**
 * A structural field's value as text: folding removed (RFC 5322 §2.2.3), trimmed,
 * bytes read as Latin-1 (structural fields are ASCII; this never fails).
 */
export function fieldValue(bytes: Buffer, field: HeaderField): string {
  const raw = bytes.toString('latin1', field.valueStart, field.valueEnd);
  return raw.replace(/\r?\n(?=[ \t])/g, '').trim();
}
