/**
 * Mailto URLs: RFC 1738 §3.5 `mailto:<rfc822-addr-spec>` in strict mode; RFC 6068 in
 * lenient mode, with several addresses and `?hfields`.
 */
import { charClass, checkPart, decodePercent, XCHAR, type PartRule } from './characters.js';
import { beginUrl, finishUrl, indexIn, lastIndexIn } from './components.js';
import { checkHost } from './host.js';
import { addNote, type Parsed, type ParseState, QUIET_REJECTION, reject, type Rejection, type SchemeParseOptions } from './parsed.js';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

// RFC 6068 §2: qchar = unreserved / pct-encoded / some-delims;
// some-delims = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," / ";" / ":" / "@".
const QCHAR_CHARS = `${ALNUM}-._~!$'()*+,;:@`;
// In `to`, RFC 6068 §2 rule 1 also wants ";" percent-encoded; "," separates addresses.
const TO_LENIENT = charClass(ALNUM, "-._~!$'()*+,:@");
// Header fields are composed into the message header, so escaped CR and LF are sent on.
export const ADDRESSES: PartRule = { name: 'address', strict: XCHAR, lenient: TO_LENIENT, sent: true };
// Lenient mode also takes "/" in values, as RFC 3986 §3.4 does in any query.
export const HFNAME: PartRule = { name: 'header field name', strict: charClass(QCHAR_CHARS), lenient: charClass(QCHAR_CHARS), sent: true, reason: 'bad-hfield' };
export const HFVALUE: PartRule = { name: 'header field value', strict: charClass(QCHAR_CHARS), lenient: charClass(QCHAR_CHARS, '/'), sent: true, reason: 'bad-hfield' };
// RFC 6068 §5: "line breaks in the body of a message MUST be encoded with "%0D%0A"".
const BODY: PartRule = { ...HFVALUE, sent: false };

// RFC 5322 §3.2.3: atext = ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" /
// "-" / "/" / "=" / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~" (the same set as RFC 822
// §3.3 atom characters).
const ATEXT = charClass(ALNUM, "!#$%&'*+-/=?^_`{|}~");

/**
 * Parses a `mailto:` URL. `addresses` lists the addresses of the `to` part and of a
 * `to` header field, as written; `fields` maps header names (lower case) to values, as
 * written, the first occurrence winning (a repeat is noted `repeated-hfield`).
 *
 * Strict: RFC 1738 §5 `mailtourl = "mailto:" encoded822addr`, one address made of
 * `xchar`, with no header fields. Lenient: RFC 6068 §2
 * `mailtoURI = "mailto:" [ to ] [ hfields ]`. In both modes each address must be
 * `local-part "@" domain` once decoded: a dot-atom or quoted local part, and a domain
 * that is a host name (RFC 1738 §3.1; IDN in lenient mode) or a `[...]` literal.
 * A `?` or a second `=` inside a header field is refused (`bad-hfield`): RFC 6068 §6.1
 * calls `?cc=bob@example.com?body=hello` wrong.
 */
export function parseMailto(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, rest, end } = frame;
  const addresses: string[] = [];
  if (state.strict) {
    const bad = checkPart(state, rest, end, ADDRESSES) ?? checkAddress(state, rest, end);
    if (bad) return bad;
    addresses.push(url.slice(rest, end));
    parsed.addresses = addresses;
    return finishUrl(frame);
  }
  const question = indexIn(url, '?', rest, end);
  const badTo = checkPart(state, rest, question, ADDRESSES) ?? readAddresses(state, rest, question, addresses);
  if (badTo) return badTo;
  if (question < end) {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (let start = question + 1; start <= end; ) {
      const stop = indexIn(url, '&', start, end);
      const bad = readField(state, start, stop, fields, addresses);
      if (bad) return bad;
      start = stop + 1;
    }
    parsed.fields = fields;
  }
  if (addresses.length === 0 && !(parsed.fields && Object.keys(parsed.fields).length > 0)) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-address', `"${url.slice(0, 80)}" names no address and no header field`, rest);
  }
  parsed.addresses = addresses;
  return finishUrl(frame);
}

/** Reads `addr-spec *("," addr-spec)` from `[start, end)` into `addresses`. */
function readAddresses(state: ParseState, start: number, end: number, addresses: string[]): Rejection | undefined {
  if (start === end) return undefined;
  for (let from = start; from <= end; ) {
    const comma = indexIn(state.url, ',', from, end);
    const bad = checkAddress(state, from, comma);
    if (bad) return bad;
    addresses.push(state.url.slice(from, comma));
    from = comma + 1;
  }
  return undefined;
}

/** Reads one `hfname "=" hfvalue` (RFC 6068 §2). */
function readField(
  state: ParseState,
  start: number,
  end: number,
  fields: Record<string, string>,
  addresses: string[],
): Rejection | undefined {
  const url = state.url;
  const equals = indexIn(url, '=', start, end);
  if (equals === end || equals === start) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-hfield', `header field "${url.slice(start, Math.min(end, start + 40))}" at offset ${start} is not "name=value" (RFC 6068 §2 hfield)`, start);
  }
  const name = url.slice(start, equals).toLowerCase();
  const misplaced = Math.min(indexIn(url, '?', equals + 1, end), indexIn(url, '=', equals + 1, end));
  if (misplaced < end) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-hfield', `"${url.charAt(misplaced)}" at offset ${misplaced} is a delimiter in mailto URLs and must be encoded inside a header field (RFC 6068 §2, §6.1)`, misplaced);
  }
  const bad = checkPart(state, start, equals, HFNAME) ?? checkPart(state, equals + 1, end, name === 'body' ? BODY : HFVALUE);
  if (bad) return bad;
  // RFC 6068 §2: "mailto:?to=addr1,addr2" names the same recipients as "mailto:addr1,addr2".
  if (name === 'to') {
    const badTo = readAddresses(state, equals + 1, end, addresses);
    if (badTo) return badTo;
  }
  if (Object.hasOwn(fields, name)) {
    addNote(state, 'repeated-hfield');
  } else {
    fields[name] = url.slice(equals + 1, end);
  }
  return undefined;
}

/**
 * Checks `[start, end)` as one address: RFC 5322 §3.4.1 `addr-spec = local-part "@" domain`
 * once percent-decoded (RFC 6068 §2), without comments or whitespace.
 */
function checkAddress(state: ParseState, start: number, end: number): Rejection | undefined {
  const url = state.url;
  // Written only for a rejection that is not quiet.
  const shown = (): string => `address "${url.slice(start, Math.min(end, start + 80))}" at offset ${start}`;
  const at = lastIndexIn(url, '@', start, end);
  if (at < start) return state.quiet ? QUIET_REJECTION : reject(state, 'bad-address', `${shown()} has no "@" (RFC 5322 addr-spec)`, start);
  const local = decodePercent(url.slice(start, at));
  if (local === undefined) return state.quiet ? QUIET_REJECTION : reject(state, 'bad-address', `${shown()} has a local part that is not percent-encoded UTF-8 (RFC 6068 §2)`, start);
  if (!isDotAtom(local, 0, local.length, state.strict) && !isQuotedString(local, 0, local.length)) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-address', `${shown()}: the local part is neither a dot-atom nor a quoted string (RFC 5322 §3.4.1)`, start);
  }
  const domain = decodePercent(url.slice(at + 1, end));
  if (domain?.startsWith('[')) {
    return isDomainLiteral(domain, 0, domain.length) ? undefined : state.quiet ? QUIET_REJECTION : reject(state, 'bad-address', `${shown()} has a malformed domain literal (RFC 6068 §2 dtext-no-obs)`, at + 1);
  }
  const host = checkHost(state, at + 1, end, { reason: 'bad-address', what: 'mail domain' });
  if ('reason' in host) return host.reason === 'empty-host' && !state.quiet ? reject(state, 'bad-address', `${shown()} has no domain after "@"`, at + 1) : host;
  return undefined;
}

/**
 * RFC 5322 §3.2.3 `dot-atom-text = 1*atext *("." 1*atext)` on `text[start, end)`; lenient
 * mode also takes UTF-8 (RFC 6532 §3.2).
 */
export function isDotAtom(text: string, start: number, end: number, strict: boolean): boolean {
  if (start === end || text.charCodeAt(start) === 0x2e || text.charCodeAt(end - 1) === 0x2e) return false;
  let previous = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e) {
      if (previous === 0x2e) return false;
    } else if (!(code < 128 ? ATEXT[code] === 1 : code >= 0xa0 && !strict)) {
      return false;
    }
    previous = code;
  }
  return true;
}

/** RFC 5322 §3.2.4 `quoted-string` without folding on `text[start, end)`: `"` *(qtext / quoted-pair) `"`. */
export function isQuotedString(text: string, start: number, end: number): boolean {
  if (end - start < 2 || text.charCodeAt(start) !== 0x22 || text.charCodeAt(end - 1) !== 0x22) return false;
  for (let i = start + 1; i < end - 1; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5c) {
      const next = text.charCodeAt(i + 1);
      if (i + 1 >= end - 1 || next < 0x20 || next === 0x7f) return false;
      i += 1;
    } else if (code === 0x22 || code < 0x20 || code === 0x7f) {
      return false;
    }
  }
  return true;
}

/** RFC 6068 §2 on `text[start, end)`, which starts with "[": `"[" *dtext-no-obs "]"`, dtext-no-obs = %d33-90 / %d94-126. */
export function isDomainLiteral(text: string, start: number, end: number): boolean {
  if (end - start < 3 || text.charCodeAt(end - 1) !== 0x5d) return false;
  for (let i = start + 1; i < end - 1; i++) {
    const code = text.charCodeAt(i);
    if (code < 33 || code > 126 || (code >= 91 && code <= 93)) return false;
  }
  return true;
}
