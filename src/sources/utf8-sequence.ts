/**
 * UTF-8 byte sequences (RFC 3629 §4): where one that starts at a given byte ends, and
 * whether it is well formed. The one table of lead bytes and second-byte ranges for the
 * readers that map decoded text back to bytes (`mime.ts`) and that decode encoded words
 * in runs (`encoded-word.ts`).
 */

/**
 * Reads the UTF-8 sequence whose first byte is `bytes[at]`, looking no further than `end`.
 * Returns where it ends when it is well formed (RFC 3629 §4, UTF8-1 to UTF8-4: no overlong
 * form, no surrogate, nothing above U+10FFFF); otherwise `~stop`, where `stop` is just after
 * its longest well-formed prefix (at least `at + 1`): the bytes that a WHATWG decoder
 * replaces with one U+FFFD (Encoding Standard §9.1.1), the byte at `stop` being read again.
 * A well-formed sequence of four bytes is two UTF-16 units, a shorter one is one.
 */
export function utf8SequenceEnd(bytes: Uint8Array, at: number, end: number): number {
  const lead = bytes[at] as number;
  if (lead < 0x80) return at + 1;
  // How many bytes follow the lead, and the range of the first of them (RFC 3629 §4).
  let needed: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) needed = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    needed = 2;
    if (lead === 0xe0) lower = 0xa0;
    else if (lead === 0xed) upper = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    needed = 3;
    if (lead === 0xf0) lower = 0x90;
    else if (lead === 0xf4) upper = 0x8f;
  } else return ~(at + 1);
  let next = at + 1;
  for (let seen = 0; seen < needed; seen++) {
    if (next >= end) return ~next;
    const byte = bytes[next] as number;
    if (byte < lower || byte > upper) return ~next;
    lower = 0x80;
    upper = 0xbf;
    next++;
  }
  return next;
}
