/**
 * A generic RFC 3986 parser for schemes without a module of their own.
 *
 * RFC 3986 §3: `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`,
 * `hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty`.
 */
import type { Parsed, Rejection, SchemeParseOptions } from './parsed.js';

/** Splits off the scheme; the caller has already chosen this parser by that scheme. */
function splitScheme(url: string): { scheme: string; rest: string } | undefined {
  const colon = url.indexOf(':');
  if (colon <= 0) return undefined;
  return { scheme: url.slice(0, colon).toLowerCase(), rest: url.slice(colon + 1) };
}

/** RFC 3986 §2.1: a `%` must be followed by two hex digits. Returns the bad index or -1. */
export function findBadEscape(text: string): number {
  for (let i = text.indexOf('%'); i !== -1; i = text.indexOf('%', i + 1)) {
    if (!isHex(text.charCodeAt(i + 1)) || !isHex(text.charCodeAt(i + 2))) return i;
  }
  return -1;
}

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/**
 * Parses any `scheme:...` by the generic syntax: an authority after `//` must name a
 * host; escapes must be well formed; the port, when given, is 0–65535.
 */
export function parseGeneric(url: string, _options: SchemeParseOptions): Parsed | Rejection {
  const split = splitScheme(url);
  if (!split) return { reason: 'no-scheme', detail: `"${url}" has no scheme` };
  const { scheme } = split;
  let rest = split.rest;
  if (rest.length === 0) return { reason: 'empty', scheme, detail: `"${url}" has nothing after "${scheme}:"` };
  const parsed: Parsed = { scheme, notes: [] };
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    parsed.fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  const badEscape = findBadEscape(rest);
  if (badEscape !== -1) return { reason: 'bad-escape', scheme, detail: `"%" not followed by two hex digits at ${badEscape}` };
  const query = rest.indexOf('?');
  if (query !== -1) {
    parsed.search = rest.slice(query + 1);
    rest = rest.slice(0, query);
  }
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash === -1 ? rest.slice(2) : rest.slice(2, slash);
    parsed.path = slash === -1 ? '' : rest.slice(slash);
    const at = authority.lastIndexOf('@');
    let hostport = authority;
    if (at !== -1) {
      const userinfo = authority.slice(0, at);
      hostport = authority.slice(at + 1);
      const colon = userinfo.indexOf(':');
      parsed.user = colon === -1 ? userinfo : userinfo.slice(0, colon);
      if (colon !== -1) parsed.password = userinfo.slice(colon + 1);
    }
    const close = hostport.lastIndexOf(']');
    const portColon = hostport.lastIndexOf(':');
    if (portColon > close) {
      const port = hostport.slice(portColon + 1);
      hostport = hostport.slice(0, portColon);
      if (port.length > 0) {
        if (!/^[0-9]{1,5}$/.test(port) || Number(port) > 65535) {
          return { reason: 'bad-port', scheme, detail: `port "${port}" is not a number from 0 to 65535` };
        }
        parsed.port = Number(port);
      }
    }
    if (hostport.length === 0) return { reason: 'empty-host', scheme, detail: `"${url}" names no host` };
    parsed.host = hostport;
  } else {
    parsed.path = rest;
  }
  return parsed;
}
