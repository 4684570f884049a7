// FTP URLs: RFC 1738 §3.2 and §5, every ftp example in RFC 1738 and RFC 3986.
import { describe, expect, it } from 'vitest';
import { parseUrl } from '../../src/index.js';
import { acceptAll, rejectAll, type Accepted } from './scheme-table.js';

const FTPURL = 'ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]';
const LOGIN = 'login = [ user [ ":" password ] "@" ] hostport';
const FPATH = 'fpath = fsegment *[ "/" fsegment ]';
const FTPTYPE = 'ftptype = "A" | "I" | "D" | "a" | "i" | "d"';

describe('the acceptance example', () => {
  it('ftp://myname:pw@host.dom/%2Fetc/motd;type=a', () => {
    expect(parseUrl('ftp://myname:pw@host.dom/%2Fetc/motd;type=a')).toEqual({
      scheme: 'ftp',
      user: 'myname',
      password: 'pw',
      host: 'host.dom',
      port: 21,
      path: '/%2Fetc/motd',
      cwd: ['%2Fetc'],
      name: 'motd',
      typecode: 'a',
      notes: ['password'],
    });
  });
});

acceptAll('RFC 1738 §3.1 and §3.2.2 examples', [
  {
    bnf: `${LOGIN}; §3.1: "<URL:ftp://@host.com/> has an empty user name and no password"`,
    url: 'ftp://@host.com/',
    parts: { user: '', host: 'host.com', port: 21, path: '/', cwd: [], name: '' },
    absent: ['password'],
  },
  {
    bnf: `${LOGIN}; §3.1: "<URL:ftp://host.com/> has no user name"`,
    url: 'ftp://host.com/',
    parts: { host: 'host.com', port: 21, path: '/' },
    absent: ['user', 'password'],
  },
  {
    bnf: `${LOGIN}; §3.1: "<URL:ftp://foo:@host.com/> has a user name of "foo" and an empty password"`,
    url: 'ftp://foo:@host.com/',
    parts: { user: 'foo', password: '', host: 'host.com' },
    notes: ['password'],
  },
  {
    bnf: `${FPATH}; §3.2.2: "CWD /etc" and then "RETR motd"`,
    url: 'ftp://myname@host.dom/%2Fetc/motd',
    parts: { user: 'myname', host: 'host.dom', path: '/%2Fetc/motd', cwd: ['%2Fetc'], name: 'motd' },
    absent: ['password', 'typecode'],
  },
  {
    bnf: `${FPATH}; §3.2.2: "CWD etc" and then "RETR motd"`,
    url: 'ftp://myname@host.dom/etc/motd',
    parts: { user: 'myname', cwd: ['etc'], name: 'motd' },
  },
  {
    bnf: `${FPATH}; §3.2.2: "CWD " with a null argument, then "CWD etc", and then "RETR motd"`,
    url: 'ftp://myname@host.dom//etc/motd',
    parts: { cwd: ['', 'etc'], name: 'motd', path: '//etc/motd' },
  },
]);

acceptAll('RFC 1738 Appendix and reference list', [
  {
    bnf: `${FTPURL} with ";type=d"`,
    url: 'ftp://info.cern.ch/pub/www/doc;type=d',
    parts: { host: 'info.cern.ch', path: '/pub/www/doc', cwd: ['pub', 'www'], name: 'doc', typecode: 'd' },
  },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc', parts: { host: 'ds.internic.net', path: '/rfc', cwd: [], name: 'rfc' } },
  {
    bnf: `${FTPURL} with ";type=a"`,
    url: 'ftp://ds.internic.net/rfc/rfc1436.txt;type=a',
    parts: { host: 'ds.internic.net', path: '/rfc/rfc1436.txt', cwd: ['rfc'], name: 'rfc1436.txt', typecode: 'a' },
  },
  {
    bnf: `${FPATH}; "+" is safe`,
    url: 'ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt',
    parts: { host: 'boombox.micro.umn.edu', cwd: ['pub', 'gopher', 'gopher_protocol', 'Gopher+'], name: 'Gopher+.txt' },
  },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc/rfc1630.txt', parts: { host: 'ds.internic.net', name: 'rfc1630.txt' } },
  { bnf: FTPURL, url: 'ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z', parts: { host: 'info.cern.ch', name: 'http-spec.txt.Z' } },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc/rfc1123.txt', parts: { path: '/rfc/rfc1123.txt' } },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc/rfc822.txt', parts: { path: '/rfc/rfc822.txt' } },
  { bnf: FTPURL, url: 'ftp://quake.think.com/pub/wais/doc/protspec.txt', parts: { host: 'quake.think.com', cwd: ['pub', 'wais', 'doc'] } },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc/rfc1036.txt', parts: { name: 'rfc1036.txt' } },
  { bnf: FTPURL, url: 'ftp://quake.think.com/pub/wais/doc/doc-ids.txt', parts: { name: 'doc-ids.txt' } },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc/rfc977.txt', parts: { name: 'rfc977.txt' } },
  {
    bnf: FTPURL,
    url: 'ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt',
    parts: { cwd: ['internet-drafts'], name: 'draft-ietf-uri-irl-fun-req-02.txt' },
  },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc/rfc1034.txt', parts: { name: 'rfc1034.txt' } },
  {
    bnf: FTPURL,
    url: 'ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z',
    parts: { host: 'prospero.isi.edu', cwd: ['pub', 'prospero', 'doc'], name: 'prospero-protocol.PS.Z' },
  },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc/rfc959.txt', parts: { name: 'rfc959.txt' } },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc/rfc1737.txt', parts: { name: 'rfc1737.txt' } },
  { bnf: FTPURL, url: 'ftp://ds.internic.net/rfc/rfc1625.txt', parts: { name: 'rfc1625.txt' } },
  { bnf: FTPURL, url: 'ftp://uu.psi.com/wp/nir.txt', parts: { host: 'uu.psi.com', cwd: ['wp'], name: 'nir.txt' } },
]);

acceptAll('RFC 3986 and RFC 4266 examples', [
  { bnf: 'RFC 3986 §1.1.2', url: 'ftp://ftp.is.co.za/rfc/rfc1808.txt', parts: { host: 'ftp.is.co.za', port: 21, cwd: ['rfc'], name: 'rfc1808.txt' } },
  { bnf: 'RFC 3986 Appendix C', url: 'ftp://foo.example.com/rfc/', parts: { host: 'foo.example.com', cwd: ['rfc'], name: '' } },
  {
    bnf: `RFC 3986 §7.6 semantic attack; ${LOGIN}: user = *[ uchar | ";" | "?" | "&" | "=" ]`,
    url: 'ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm',
    parts: { user: 'cnn.example.com&story=breaking_news', host: '10.0.0.1', name: 'top_story.htm' },
  },
  {
    bnf: 'RFC 4266 §4 reference',
    url: 'ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt',
    parts: { name: 'Gopher+.txt' },
  },
]);

const inBothModes: Accepted[] = [
  {
    bnf: `${FTPTYPE}; the literal ";type=" in RFC 822 notation may be upper case`,
    url: 'ftp://host.example/file.bin;TYPE=I',
    parts: { typecode: 'i', name: 'file.bin' },
  },
  { bnf: 'hostport = host [ ":" port ]', url: 'ftp://host.example:2121/', parts: { port: 2121 }, notes: ['nondefault-port'] },
  { bnf: 'hostport; port = digits', url: 'ftp://host.example:21/', parts: { port: 21 } },
  {
    bnf: 'RFC 1738 §6: encoded delimiters such as CR and LF must not be decoded before transmission',
    url: 'ftp://host.example/a%0D%0ADELE%20x',
    parts: { name: 'a%0D%0ADELE%20x' },
    notes: ['encoded-control'],
  },
];
acceptAll('options in both modes', inBothModes);

acceptAll('lenient only: RFC 3986 additions', [
  {
    bnf: 'RFC 3986 §3.2.2 IP-literal',
    url: 'ftp://[2001:db8::1]/pub/file.txt',
    modes: ['lenient'],
    parts: { host: '[2001:db8::1]', port: 21, cwd: ['pub'], name: 'file.txt' },
  },
  {
    bnf: 'RFC 3986 §3.4: "?" starts a query',
    url: 'ftp://host.example/dir/file?x=1',
    modes: ['lenient'],
    parts: { path: '/dir/file', name: 'file', search: 'x=1' },
  },
  {
    bnf: `${FTPTYPE} before a query`,
    url: 'ftp://host.example/dir/file;type=a?x',
    modes: ['lenient'],
    parts: { path: '/dir/file', typecode: 'a', search: 'x' },
  },
  { bnf: 'RFC 3986 §3.2.3 port = *DIGIT', url: 'ftp://host.example:/x', modes: ['lenient'], parts: { port: 21 } },
  { bnf: 'RFC 3986 §2.3 unreserved "~"', url: 'ftp://host.example/~user/x', modes: ['lenient'], parts: { cwd: ['~user'] }, notes: ['unsafe-char'] },
  {
    bnf: 'RFC 3986 §3.3 pchar includes ";"',
    url: 'ftp://host.example/a;b/c',
    modes: ['lenient'],
    parts: { cwd: ['a;b'], name: 'c' },
    absent: ['typecode'],
  },
]);

acceptAll('strict: "?" is an fsegment character', [
  {
    bnf: 'fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]',
    url: 'ftp://host.example/dir/file?x=1',
    modes: ['strict'],
    parts: { path: '/dir/file?x=1', name: 'file?x=1' },
    absent: ['search'],
  },
]);

rejectAll('near misses', [
  { bnf: 'domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit', url: 'ftp://-bad-/x', reason: 'bad-host' },
  { bnf: FTPTYPE, url: 'ftp://host.example/file;type=x', reason: 'bad-typecode' },
  { bnf: FTPTYPE, url: 'ftp://host.example/file;type=', reason: 'bad-typecode' },
  { bnf: FTPTYPE, url: 'ftp://host.example/file;type=ai', reason: 'bad-typecode' },
  { bnf: FTPURL, url: 'ftp:host.example/x', reason: 'missing-authority' },
  { bnf: 'hostport = host [ ":" port ]', url: 'ftp://', reason: 'empty-host' },
  { bnf: 'hostport = host [ ":" port ]', url: 'ftp://user@/x', reason: 'empty-host' },
  { bnf: 'port = digits (0–65535)', url: 'ftp://host.example:99999/', reason: 'bad-port' },
  { bnf: 'port = digits', url: 'ftp://host.example:21a/', reason: 'bad-port' },
  { bnf: 'port = digits; §3.1 "If the port is omitted, the colon is as well"', url: 'ftp://host.example:/', modes: ['strict'], reason: 'bad-port' },
  { bnf: 'escape = "%" hex hex', url: 'ftp://host.example/a%2', reason: 'bad-escape' },
  { bnf: 'escape = "%" hex hex', url: 'ftp://host.example/a%zz', reason: 'bad-escape' },
  { bnf: 'alphadigit: no "_" in host names', url: 'ftp://ho_st.example/', modes: ['strict'], reason: 'bad-host' },
  { bnf: 'hostnumber: groups 0–255', url: 'ftp://256.1.1.1/', reason: 'bad-host' },
  { bnf: 'toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit', url: 'ftp://1.2.3/', reason: 'bad-host' },
  { bnf: '§3.2.2: "/" and ";" are reserved in a name or CWD component', url: 'ftp://host.example/a;b/c', modes: ['strict'], reason: 'bad-char' },
  { bnf: 'national characters are unsafe (§2.2)', url: 'ftp://host.example/~user/', modes: ['strict'], reason: 'bad-char' },
  { bnf: 'space is unsafe (§2.2)', url: 'ftp://host.example/a b', reason: 'bad-char' },
  { bnf: '§3.1: within the user and password field, any ":", "@", or "/" must be encoded', url: 'ftp://a@b@host.example/', reason: 'bad-char' },
  { bnf: 'host: IPv6 literals are RFC 3986, not RFC 1738', url: 'ftp://[2001:db8::1]/', modes: ['strict'], reason: 'bad-host' },
]);
