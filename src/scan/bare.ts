/**
 * URLs in running text without a wrapper: where a bare run ends, schemeless `www.` and
 * `ftp.` hosts, and bare e-mail addresses.
 */
import { endsBareUrl, isAlnum, isAlpha } from './characters.js';

export { MAX_URL_LENGTH } from '../limits.js';
import { MAX_URL_LENGTH } from '../limits.js';

/** RFC 5321 §4.5.3.1.1: a local part is at most 64 octets. */
export const MAX_LOCAL_PART_LENGTH = 64;

/** RFC 5321 §4.5.3.1.2: a domain is at most 255 octets. */
export const MAX_DOMAIN_LENGTH = 255;

/** The end of the run of URL characters that starts at `from`: whitespace or `<>"` ends it. */
export function bareRunEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && !endsBareUrl(text.charCodeAt(i))) i++;
  return i;
}

/** Characters that, just before `www.` or `ftp.`, mean it is inside a longer word or URL. */
function continuesWord(code: number): boolean {
  return (
    isAlnum(code) ||
    code === 0x2e /* . */ ||
    code === 0x2d /* - */ ||
    code === 0x5f /* _ */ ||
    code === 0x40 /* @ */ ||
    code === 0x2f /* / */ ||
    code === 0x3a /* : */ ||
    code === 0x25 /* % */ ||
    code === 0x3d /* = */
  );
}

/**
 * For a `.` at `dot`, the start and implied scheme of a schemeless host when the dot
 * ends `www` or `ftp` at a word start and a host name follows; the start is never
 * before `floor`.
 */
export function schemelessAt(text: string, dot: number, floor: number): { start: number; scheme: 'http' | 'ftp' } | undefined {
  const start = dot - 3;
  if (start < floor || !isAlnum(text.charCodeAt(dot + 1))) return undefined;
  if (start > 0 && continuesWord(text.charCodeAt(start - 1))) return undefined;
  // Compared by character codes, any case (setting bit 0x20 lower-cases an ASCII letter, and
  // only "W" and "w" become "w"): this runs at every "w." and "p." of the text.
  const a = text.charCodeAt(start) | 0x20;
  const b = text.charCodeAt(start + 1) | 0x20;
  const c = text.charCodeAt(start + 2) | 0x20;
  if (a === 0x77 && b === 0x77 && c === 0x77) return { start, scheme: 'http' };
  if (a === 0x66 && b === 0x74 && c === 0x70) return { start, scheme: 'ftp' };
  return undefined;
}

/**
 * Local-part characters we accept in running text: letters, digits and `._%+-`. RFC
 * 5322 `atext` allows more punctuation, but next to an address in prose those are
 * nearly always the prose's own.
 */
function isLocalChar(code: number): boolean {
  return isAlnum(code) || code === 0x2e || code === 0x5f || code === 0x25 || code === 0x2b || code === 0x2d;
}

function isDomainChar(code: number): boolean {
  return isAlnum(code) || code === 0x2e || code === 0x2d;
}

/**
 * The span of a bare e-mail address around the `@` at `at`, never starting before
 * `floor`: a local part of at most 64 characters and a dotted domain of at most 255.
 */
export function emailAt(text: string, at: number, floor: number): { start: number; end: number } | undefined {
  let start = at;
  const min = Math.max(floor, at - MAX_LOCAL_PART_LENGTH);
  while (start > min && isLocalChar(text.charCodeAt(start - 1))) start--;
  if (start === min && start > floor && isLocalChar(text.charCodeAt(start - 1))) return undefined;
  while (start < at && text.charCodeAt(start) === 0x2e) start++;
  if (start === at) return undefined;
  let end = at + 1;
  const max = Math.min(text.length, at + 1 + MAX_DOMAIN_LENGTH);
  while (end < max && isDomainChar(text.charCodeAt(end))) end++;
  if (end === max && end < text.length && isDomainChar(text.charCodeAt(end))) return undefined;
  while (end > at + 1 && !isAlnum(text.charCodeAt(end - 1))) end--;
  const domain = text.slice(at + 1, end);
  if (!isAlnum(domain.charCodeAt(0)) || !domain.includes('.')) return undefined;
  const top = domain.slice(domain.lastIndexOf('.') + 1);
  if (!isAlpha(top.charCodeAt(0))) return undefined;
  return { start, end };
}
