// HTTP and HTTPS URLs: RFC 1738 §3.3 and §5 (strict), RFC 3986 (lenient); every http
// example in RFC 1738, RFC 3986 and RFC 5538.
import { acceptAll, rejectAll, type Accepted } from './scheme-table.js';

const HTTPURL = 'httpurl = "http://" hostport [ "/" hpath [ "?" search ]]';
const HSEGMENT = 'hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]';

acceptAll('RFC 1738 examples', [
  {
    bnf: `${HTTPURL}; Appendix: <URL:http://ds.internic.net/instructions/overview.html#WARNING>`,
    url: 'http://ds.internic.net/instructions/overview.html#WARNING',
    parts: { scheme: 'http', host: 'ds.internic.net', port: 80, path: '/instructions/overview.html', fragment: 'WARNING' },
    absent: ['search', 'user', 'password'],
  },
  {
    bnf: `${HTTPURL}; §1`,
    url: 'http://www.acl.lanl.gov/URI/archive/uri-archive.index.html',
    parts: { host: 'www.acl.lanl.gov', path: '/URI/archive/uri-archive.index.html' },
  },
]);

// RFC 3986 §5.4: the base URI and the resolved targets of the reference resolution examples.
const resolved: [string, string, string?, string?][] = [
  ['http://a/b/c/d;p?q', '/b/c/d;p', 'q'],
  ['http://a/b/c/g', '/b/c/g'],
  ['http://a/b/c/g/', '/b/c/g/'],
  ['http://a/g', '/g'],
  ['http://g', ''],
  ['http://a/b/c/d;p?y', '/b/c/d;p', 'y'],
  ['http://a/b/c/g?y', '/b/c/g', 'y'],
  ['http://a/b/c/d;p?q#s', '/b/c/d;p', 'q', 's'],
  ['http://a/b/c/g#s', '/b/c/g', undefined, 's'],
  ['http://a/b/c/g?y#s', '/b/c/g', 'y', 's'],
  ['http://a/b/c/;x', '/b/c/;x'],
  ['http://a/b/c/g;x', '/b/c/g;x'],
  ['http://a/b/c/g;x?y#s', '/b/c/g;x', 'y', 's'],
  ['http://a/b/c/', '/b/c/'],
  ['http://a/b/', '/b/'],
  ['http://a/b/g', '/b/g'],
  ['http://a/', '/'],
  ['http://a/b/c/g.', '/b/c/g.'],
  ['http://a/b/c/.g', '/b/c/.g'],
  ['http://a/b/c/g..', '/b/c/g..'],
  ['http://a/b/c/..g', '/b/c/..g'],
  ['http://a/b/c/g/h', '/b/c/g/h'],
  ['http://a/b/c/h', '/b/c/h'],
  ['http://a/b/c/g;x=1/y', '/b/c/g;x=1/y'],
  ['http://a/b/c/y', '/b/c/y'],
  ['http://a/b/c/g#s/./x', '/b/c/g', undefined, 's/./x'],
  ['http://a/b/c/g#s/../x', '/b/c/g', undefined, 's/../x'],
];
acceptAll(
  'RFC 3986 §5.4 reference resolution results',
  resolved.map(([url, path, search, fragment]): Accepted => {
    const parts: Accepted['parts'] = { path, host: url.slice(7).split('/')[0] ?? '' };
    const absent: Accepted['absent'] = [];
    if (search === undefined) absent.push('search');
    else parts.search = search;
    if (fragment === undefined) absent.push('fragment');
    else parts.fragment = fragment;
    return { bnf: `${HTTPURL}; ${HSEGMENT}`, url, parts, absent };
  }),
);

acceptAll('RFC 3986 §5.4.2: a search with "/" is RFC 3986 only', [
  { bnf: 'RFC 3986 §3.4 query = *( pchar / "/" / "?" )', url: 'http://a/b/c/g?y/./x', modes: ['lenient'], parts: { path: '/b/c/g', search: 'y/./x' } },
  { bnf: 'RFC 3986 §3.4 query = *( pchar / "/" / "?" )', url: 'http://a/b/c/g?y/../x', modes: ['lenient'], parts: { path: '/b/c/g', search: 'y/../x' } },
]);

acceptAll('other RFC 3986 examples', [
  { bnf: 'RFC 3986 §1.1.2', url: 'http://www.ietf.org/rfc/rfc2396.txt', parts: { host: 'www.ietf.org', path: '/rfc/rfc2396.txt' } },
  { bnf: 'RFC 3986 §1.1.1', url: 'http://localhost/', parts: { host: 'localhost', path: '/' } },
  { bnf: 'RFC 3986 §6.2.2.1: scheme and host are case-insensitive', url: 'HTTP://www.EXAMPLE.com/', parts: { scheme: 'http', host: 'www.EXAMPLE.com', path: '/' } },
  { bnf: 'RFC 3986 §6.2.2.1', url: 'http://www.example.com/', parts: { host: 'www.example.com' } },
  { bnf: `RFC 3986 §6.2.3; ${HTTPURL}: "If neither <path> nor <searchpart> is present, the "/" may also be omitted"`, url: 'http://example.com', parts: { host: 'example.com', port: 80, path: '' } },
  { bnf: 'RFC 3986 §6.2.3', url: 'http://example.com/', parts: { path: '/' } },
  { bnf: 'RFC 3986 §6.2.3: the default port given explicitly', url: 'http://example.com:80/', parts: { port: 80, path: '/' } },
  { bnf: 'RFC 3986 §6.2.3', url: 'http://example.com/data', parts: { path: '/data' } },
  { bnf: 'RFC 3986 §6.2.3', url: 'http://example.com/data/', parts: { path: '/data/' } },
  { bnf: 'RFC 3986 §6.2.3: an empty query', url: 'http://example.com/?', parts: { path: '/', search: '' } },
  { bnf: 'RFC 3986 Appendix C', url: 'http://www.w3.org/Addressing/', parts: { host: 'www.w3.org', path: '/Addressing/' } },
  {
    bnf: 'RFC 3986 Appendix C',
    url: 'http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING',
    parts: { host: 'www.ics.uci.edu', path: '/pub/ietf/uri/historical.html', fragment: 'WARNING' },
  },
  { bnf: 'RFC 3986 Appendix B', url: 'http://www.ics.uci.edu/pub/ietf/uri/#Related', parts: { path: '/pub/ietf/uri/', fragment: 'Related' } },
  { bnf: "RFC 3986 authors' addresses", url: 'http://roy.gbiv.com/', parts: { host: 'roy.gbiv.com' } },
  { bnf: "RFC 3986 authors' addresses", url: 'http://larry.masinter.net/', parts: { host: 'larry.masinter.net' } },
  {
    bnf: 'RFC 3986 §10.2 [Siedzik] (broken across lines in the RFC)',
    url: 'http://www.giac.org/practical/gsec/Richard_Siedzik_GSEC.pdf',
    parts: { host: 'www.giac.org', path: '/practical/gsec/Richard_Siedzik_GSEC.pdf' },
  },
]);

acceptAll('RFC 5538 Appendix B examples', [
  { bnf: HTTPURL, url: 'http://dir.gmane.org/gmane.ietf.tools', parts: { host: 'dir.gmane.org', path: '/gmane.ietf.tools' } },
  { bnf: HTTPURL, url: 'http://permalink.gmane.org/gmane.ietf.tools/742', parts: { path: '/gmane.ietf.tools/742' } },
  {
    bnf: `${HSEGMENT}: "@" may stand in a segment`,
    url: 'http://mid.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D',
    parts: { host: 'mid.gmane.org', path: '/p0624081dc30b8699bf9b@%5B10.20.30.108%5D' },
  },
  { bnf: HTTPURL, url: 'http://purl.net/xyzzy/', parts: { path: '/xyzzy/' } },
]);

acceptAll('https (RFC 9110 §4.2.2) and ports', [
  { bnf: 'https: default port 443', url: 'https://example.com/', parts: { scheme: 'https', port: 443 } },
  { bnf: 'https: default port 443', url: 'HTTPS://example.com:443/a', parts: { scheme: 'https', port: 443, path: '/a' } },
  { bnf: 'RFC 1738 §6: a port other than the default', url: 'https://example.com:80/', parts: { port: 80 }, notes: ['nondefault-port'] },
  { bnf: 'port = digits', url: 'http://example.com:8080/x', parts: { port: 8080 }, notes: ['nondefault-port'] },
  { bnf: 'port = digits; 0 is a port number', url: 'http://example.com:0/', parts: { port: 0 }, notes: ['nondefault-port'] },
  { bnf: 'port = digits; 65535 is the last', url: 'http://example.com:65535/', parts: { port: 65535 }, notes: ['nondefault-port'] },
  { bnf: 'hostnumber = digits "." digits "." digits "." digits', url: 'http://192.0.2.16/', parts: { host: '192.0.2.16' } },
  {
    bnf: 'RFC 1738 §6 encoded CR LF in the request line',
    url: 'http://example.com/a%0D%0ASet-Cookie:%20x',
    parts: { path: '/a%0D%0ASet-Cookie:%20x' },
    notes: ['encoded-control'],
  },
]);

acceptAll('lenient: what real URLs look like today (RFC 3986, RFC 3987)', [
  {
    bnf: 'RFC 3986 §3: "//" authority path-abempty [ "?" query ] [ "#" fragment ]',
    url: 'http://host/a/b?x=1/2&y=%20#frag',
    modes: ['lenient'],
    parts: { host: 'host', path: '/a/b', search: 'x=1/2&y=%20', fragment: 'frag' },
  },
  { bnf: 'RFC 1738 §2.2: "~" is unsafe', url: 'HTTP://EXAMPLE.COM/~user', modes: ['lenient'], parts: { host: 'EXAMPLE.COM', path: '/~user' }, notes: ['unsafe-char'] },
  {
    bnf: 'RFC 1738 §2.2 national characters',
    url: 'http://example.com/a{b}|c^d`e[f]',
    modes: ['lenient'],
    parts: { path: '/a{b}|c^d`e[f]' },
    notes: ['unsafe-char'],
  },
  {
    bnf: 'RFC 3987 §3.1 IRI host',
    url: 'http://bücher.example/',
    modes: ['lenient'],
    parts: { host: 'bücher.example', asciiHost: 'xn--bcher-kva.example' },
    notes: ['idn', 'unsafe-char'],
  },
  {
    bnf: 'RFC 3987 §3.1 IRI host',
    url: 'http://例え.テスト/',
    modes: ['lenient'],
    parts: { host: '例え.テスト', asciiHost: 'xn--r8jz45g.xn--zckzah' },
    notes: ['idn', 'unsafe-char'],
  },
  {
    bnf: 'RFC 3986 §3.2.2: a percent-encoded UTF-8 reg-name',
    url: 'http://b%C3%BCcher.example/',
    modes: ['lenient'],
    parts: { host: 'b%C3%BCcher.example', asciiHost: 'xn--bcher-kva.example' },
    notes: ['idn'],
  },
  { bnf: 'RFC 3987 §2.2 ipath', url: 'http://example.com/caf\u00e9?q=\u00e9#\u00e9', modes: ['lenient'], parts: { path: '/caf\u00e9', search: 'q=\u00e9', fragment: '\u00e9' }, notes: ['unsafe-char'] },
  { bnf: 'RFC 3986 §3.2.2 IPv6address', url: 'http://[2001:db8::7]:8080/x', modes: ['lenient'], parts: { host: '[2001:db8::7]', port: 8080 }, notes: ['nondefault-port'] },
  { bnf: 'RFC 3986 §3.2.2 IPv6address with ls32', url: 'http://[::ffff:192.0.2.1]/', modes: ['lenient'], parts: { host: '[::ffff:192.0.2.1]' } },
  { bnf: 'RFC 3986 §3.2.2 IPvFuture', url: 'http://[v1.fe80::a+en1]/', modes: ['lenient'], parts: { host: '[v1.fe80::a+en1]' } },
  {
    bnf: 'RFC 3986 §3.2.1 userinfo (RFC 1738 §3.3: "No user name or password is allowed")',
    url: 'http://user:pw@example.com/',
    modes: ['lenient'],
    parts: { user: 'user', password: 'pw', host: 'example.com' },
    notes: ['password', 'userinfo'],
  },
  {
    bnf: 'RFC 3986 §7.6 semantic attack',
    url: 'http://trusted.example@evil.example/',
    modes: ['lenient'],
    parts: { user: 'trusted.example', host: 'evil.example' },
    notes: ['userinfo'],
  },
  { bnf: 'RFC 3986 §3.2.2: the DNS root', url: 'http://example.com./', modes: ['lenient'], parts: { host: 'example.com.' } },
  { bnf: 'RFC 3986 §3.3: a query right after the authority', url: 'http://example.com?x=1', modes: ['lenient'], parts: { path: '', search: 'x=1' } },
  { bnf: 'RFC 3986 §3.2.3 port = *DIGIT', url: 'http://example.com:/', modes: ['lenient'], parts: { port: 80 } },
  { bnf: 'RFC 3986 §3.5 fragment may hold "?" and "/"', url: 'http://example.com/#a/b?c', modes: ['lenient'], parts: { fragment: 'a/b?c' } },
  { bnf: 'RFC 1738 §2.2: "#" is unsafe inside a fragment', url: 'http://example.com/#!/a#b', modes: ['lenient'], parts: { fragment: '!/a#b' }, notes: ['unsafe-char'] },
]);

rejectAll('near misses', [
  { bnf: 'hostport: the host is required', url: 'http://', reason: 'empty-host' },
  { bnf: 'hostport: the host is required', url: 'http:///x', reason: 'empty-host' },
  { bnf: 'hostport: the host is required', url: 'http://:80/', reason: 'empty-host' },
  { bnf: HTTPURL, url: 'http:g', reason: 'missing-authority' },
  { bnf: HTTPURL, url: 'http:/example.com/', reason: 'missing-authority' },
  { bnf: 'port = digits (0–65535)', url: 'http://example.com:65536/', reason: 'bad-port' },
  { bnf: 'port = digits', url: 'http://example.com:-1/', reason: 'bad-port' },
  { bnf: 'port = digits', url: 'http://example.com:8o/', reason: 'bad-port' },
  { bnf: 'hostname = *[ domainlabel "." ] toplabel', url: 'http://.example.com/', reason: 'bad-host' },
  { bnf: 'hostname = *[ domainlabel "." ] toplabel', url: 'http://example..com/', reason: 'bad-host' },
  { bnf: 'domainlabel ends with alphadigit', url: 'http://example-.com/', reason: 'bad-host' },
  { bnf: 'toplabel starts with alpha', url: 'http://3com.42/', reason: 'bad-host' },
  { bnf: 'alphadigit | "-" only', url: 'http://a_b.example/', modes: ['strict'], reason: 'bad-host' },
  { bnf: 'alphadigit | "-" only', url: 'http://exa$mple.com/', reason: 'bad-host' },
  { bnf: 'RFC 1034 §3.1: labels of 63 characters or less', url: `http://${'a'.repeat(64)}.example/`, reason: 'bad-host' },
  { bnf: 'RFC 3986 §3.2.2 IP-literal', url: 'http://[::1/', modes: ['lenient'], reason: 'bad-host' },
  { bnf: 'RFC 3986 §3.2.2 IP-literal', url: 'http://[::1]x/', modes: ['lenient'], reason: 'bad-host' },
  { bnf: 'RFC 3986 §3.2.2 IPv6address: one "::" at most', url: 'http://[1::2::3]/', modes: ['lenient'], reason: 'bad-host' },
  { bnf: 'RFC 3986 §3.2.2 IPv6address: eight groups', url: 'http://[1:2:3:4:5:6:7]/', modes: ['lenient'], reason: 'bad-host' },
  { bnf: 'RFC 3986 §3.2.2 IPv6address: no zone identifier', url: 'http://[fe80::1%25eth0]/', modes: ['lenient'], reason: 'bad-host' },
  { bnf: 'RFC 3986 §3.2.2 h16 = 1*4HEXDIG', url: 'http://[12345::1]/', modes: ['lenient'], reason: 'bad-host' },
  { bnf: 'RFC 3986 §3.2.2 dec-octet', url: 'http://[::ffff:192.0.2.256]/', modes: ['lenient'], reason: 'bad-host' },
  { bnf: 'IDNA: not a valid internationalised name', url: 'http://xn--iñ.example/', modes: ['lenient'], reason: 'bad-host' },
  { bnf: 'RFC 3987 §4.1: no bidi formatting characters', url: 'http://example.com/\u202Etxt.exe', reason: 'bad-char' },
  { bnf: 'RFC 3987 §2.2: no C1 controls', url: 'http://example.com/a\u0085b', reason: 'bad-char' },
  { bnf: 'escape = "%" hex hex', url: 'http://example.com/%', reason: 'bad-escape' },
  { bnf: 'escape = "%" hex hex', url: 'http://example.com/?q=100%', reason: 'bad-escape' },
  { bnf: 'escape = "%" hex hex', url: 'http://example.com/#%g0', reason: 'bad-escape' },
  { bnf: 'punctuation = "<" | ">" | "#" | "%" | <">: unsafe', url: 'http://example.com/a"b', reason: 'bad-char' },
  { bnf: 'punctuation: unsafe', url: 'http://example.com/<x>', reason: 'bad-char' },
  { bnf: 'RFC 1738 §2.2: control characters must be encoded', url: 'http://example.com/a\tb', reason: 'bad-char' },
  { bnf: 'hostname: no trailing dot', url: 'http://example.com./', modes: ['strict'], reason: 'bad-host' },
  { bnf: `${HTTPURL}: a search needs a "/" before it`, url: 'http://example.com?x=1', modes: ['strict'], reason: 'bad-path' },
  { bnf: 'RFC 1738 §3.3: "No user name or password is allowed"', url: 'http://user:pw@example.com/', modes: ['strict'], reason: 'unexpected-userinfo' },
  { bnf: `${HSEGMENT}: national characters are unsafe`, url: 'http://example.com/{x}', modes: ['strict'], reason: 'bad-char' },
  { bnf: 'search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]: no "?"', url: 'http://example.com/?a=b?c', modes: ['strict'], reason: 'bad-char' },
  { bnf: 'search: no "/"', url: 'http://host/a/b?x=1/2&y=%20#frag', modes: ['strict'], reason: 'bad-char' },
  { bnf: 'host: ASCII names only in RFC 1738', url: 'http://bücher.example/', modes: ['strict'], reason: 'bad-host' },
  { bnf: 'uchar: no non-ASCII', url: 'http://example.com/caf\u00e9', modes: ['strict'], reason: 'bad-char' },
]);
