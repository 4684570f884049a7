// The generic RFC 3986 parser: every example of RFC 3986 with a scheme that has no module
// of its own, plus the schemes urlsift registers with this parser.
import { describe } from 'vitest';
import { createRegistry, parseGeneric } from '../../src/index.js';
import { acceptAll, rejectAll } from './scheme-table.js';

const URI = 'RFC 3986 §3: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]';
const AUTHORITY = 'RFC 3986 §3.2: authority = [ userinfo "@" ] host [ ":" port ]';

acceptAll('RFC 3986 §1.1.2 examples', [
  {
    bnf: `${AUTHORITY}; IP-literal`,
    url: 'ldap://[2001:db8::7]/c=GB?objectClass?one',
    modes: ['lenient'],
    parts: { scheme: 'ldap', host: '[2001:db8::7]', port: 389, path: '/c=GB', search: 'objectClass?one' },
  },
  { bnf: `${URI}; path-rootless`, url: 'tel:+1-816-555-1212', parts: { scheme: 'tel', path: '+1-816-555-1212' }, absent: ['host', 'port'] },
  { bnf: `${URI}; path-rootless`, url: 'urn:oasis:names:specification:docbook:dtd:xml:4.1.2', parts: { path: 'oasis:names:specification:docbook:dtd:xml:4.1.2' } },
  { bnf: `${URI}; §3`, url: 'urn:example:animal:ferret:nose', parts: { path: 'example:animal:ferret:nose' } },
]);

// RFC 3986's own examples use the placeholder schemes "foo" and "example"; a registry
// that adds them with the generic parser reads them.
const placeholders = createRegistry({ foo: parseGeneric, example: parseGeneric });
describe('placeholder schemes added to a registry', () => {
  acceptAll(
    'RFC 3986 §3, §3.3 and §6.2.2 examples',
    [
      {
        bnf: `${URI}; §3 example`,
        url: 'foo://example.com:8042/over/there?name=ferret#nose',
        parts: { scheme: 'foo', host: 'example.com', port: 8042, path: '/over/there', search: 'name=ferret', fragment: 'nose' },
        // "foo" has no default port, so 8042 is not noted as a nondefault one.
      },
      { bnf: `${AUTHORITY}; no default port known, none filled in`, url: 'foo://example.com/x', parts: { host: 'example.com' }, absent: ['port'] },
      { bnf: `${URI}; §3.3: path-abempty may be empty before a query`, url: 'foo://info.example.com?fred', parts: { host: 'info.example.com', path: '', search: 'fred' } },
      { bnf: `${URI}; §6.2.2`, url: 'example://a/b/c/%7Bfoo%7D', parts: { scheme: 'example', host: 'a', path: '/b/c/%7Bfoo%7D' } },
      { bnf: `${URI}; §6.2.2: the scheme in any case`, url: 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d', parts: { scheme: 'example', host: 'a', path: '/./b/../b/%63/%7bfoo%7d' } },
    ],
    placeholders,
  );
});

acceptAll('other registered schemes', [
  { bnf: 'RFC 2392: mid = "mid:" message-id [ "/" content-id ]', url: 'mid:960830.1639@XIson.com/partA.960830.1639@XIson.com', parts: { scheme: 'mid', path: '960830.1639@XIson.com/partA.960830.1639@XIson.com' } },
  { bnf: 'RFC 2392: cid = "cid:" content-id', url: 'cid:foo4*foo1@bar.net', parts: { path: 'foo4*foo1@bar.net' } },
  { bnf: 'corpus', url: 'mid:MessageFeatures@id.foo.com', parts: { path: 'MessageFeatures@id.foo.com' } },
  {
    bnf: `${AUTHORITY}; default port 3690`,
    url: 'svn://svn.twistedmatrix.com/svn/Twisted/branches/write-more-doc-strings-1604',
    parts: { host: 'svn.twistedmatrix.com', port: 3690, path: '/svn/Twisted/branches/write-more-doc-strings-1604' },
  },
  { bnf: `${AUTHORITY}; port 389 given explicitly`, url: 'ldap://root.openldap.org:389', parts: { host: 'root.openldap.org', port: 389, path: '' } },
  { bnf: `${AUTHORITY}; userinfo`, url: 'imap://michael@minbari.org/users.*;type=list', parts: { user: 'michael', host: 'minbari.org', port: 143, path: '/users.*;type=list' } },
  { bnf: 'RFC 3261 sip URI', url: 'sip:alice@atlanta.example.com;transport=tcp', parts: { scheme: 'sip', path: 'alice@atlanta.example.com;transport=tcp' } },
  { bnf: 'RFC 5122 xmpp URI', url: 'xmpp:romeo@montague.example?message', parts: { path: 'romeo@montague.example', search: 'message' } },
  { bnf: `${AUTHORITY}; RFC 1738 §6`, url: 'ssh://git@example.com:2222/repo.git', parts: { user: 'git', port: 2222, path: '/repo.git' }, notes: ['nondefault-port'] },
  { bnf: `${AUTHORITY}; default port 6667 (RFC 7194)`, url: 'irc://irc.example.net/channel', parts: { host: 'irc.example.net', port: 6667 } },
  { bnf: `${AUTHORITY}; default port 554 (RFC 7826 §19.1)`, url: 'rtsp://media.example.com/stream', parts: { port: 554 } },
  { bnf: 'RFC 3986 §2.3 unreserved "~" (RFC 1738 §2.2: unsafe)', url: 'imap://psicorp.org/~peter/%E6%97%A5%E6%9C%AC%E8%AA%9E/%E5%8F%B0%E5%8C%97', modes: ['lenient'], parts: { path: '/~peter/%E6%97%A5%E6%9C%AC%E8%AA%9E/%E5%8F%B0%E5%8C%97' }, notes: ['unsafe-char'] },
  { bnf: 'opaquelocktoken (RFC 4918 Appendix C)', url: 'opaquelocktoken:f81d4fae-7dec-11d0-a765-00a0c91e6bf6', parts: { path: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6' } },
]);

rejectAll('near misses', [
  { bnf: AUTHORITY, url: 'ssh://', reason: 'empty-host' },
  { bnf: `${AUTHORITY}; RFC 1738 §3.1 host rules`, url: 'ssh://-x-/', reason: 'bad-host' },
  { bnf: 'port 0–65535', url: 'ssh://example.com:70000/', reason: 'bad-port' },
  { bnf: URI, url: 'tel:', reason: 'empty' },
  { bnf: 'pct-encoded = "%" HEXDIG HEXDIG', url: 'urn:a%zz', reason: 'bad-escape' },
  { bnf: 'pchar: no space', url: 'urn:a b', reason: 'bad-char' },
  { bnf: 'pchar: no "<"', url: 'sip:a<b@example.com', reason: 'bad-char' },
  { bnf: 'RFC 1738 §5 xchar: "~" is unsafe', url: 'urn:a~b', modes: ['strict'], reason: 'bad-char' },
  { bnf: 'RFC 1738 §3.1: no IP literals', url: 'ldap://[2001:db8::7]/c=GB', modes: ['strict'], reason: 'bad-host' },
]);
