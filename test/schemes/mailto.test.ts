// Mailto URLs: RFC 1738 §3.5 (strict) and RFC 6068 (lenient); every example of RFC 6068 §6.
import { acceptAll, rejectAll } from './scheme-table.js';

const MAILTOURL = 'mailtourl = "mailto:" encoded822addr';
const MAILTOURI = 'RFC 6068: mailtoURI = "mailto:" [ to ] [ hfields ]';
const HFIELDS = 'RFC 6068: hfields = "?" hfield *( "&" hfield ); hfield = hfname "=" hfvalue';

acceptAll('RFC 1738, RFC 3986 and RFC 5538 examples: one address', [
  { bnf: `${MAILTOURL}; RFC 3986 §1.1.2`, url: 'mailto:John.Doe@example.com', parts: { scheme: 'mailto', addresses: ['John.Doe@example.com'] }, absent: ['fields', 'host'] },
  { bnf: `${MAILTOURL}; RFC 3986 §3.3`, url: 'mailto:fred@example.com', parts: { addresses: ['fred@example.com'] } },
  { bnf: `${MAILTOURL}; RFC 3986 §6.2.3`, url: 'mailto:Joe@Example.COM', parts: { addresses: ['Joe@Example.COM'] } },
  { bnf: `${MAILTOURL}; RFC 3986 §6.2.3`, url: 'mailto:Joe@example.com', parts: { addresses: ['Joe@example.com'] } },
  { bnf: `${MAILTOURL}; RFC 5538 §1`, url: 'mailto:uri@w3.org', parts: { addresses: ['uri@w3.org'] } },
  { bnf: `${MAILTOURL}; RFC 5538 Appendix B`, url: 'mailto:tools.discuss@ietf.org', parts: { addresses: ['tools.discuss@ietf.org'] } },
  { bnf: `${MAILTOURL}; RFC 1738 §3.5: "the percent sign ... must be encoded"`, url: 'mailto:gorby%25kremvax@example.com', parts: { addresses: ['gorby%25kremvax@example.com'] } },
  { bnf: `${MAILTOURL}; RFC 6068 §6.1`, url: 'mailto:chris@example.com', parts: { addresses: ['chris@example.com'] } },
  { bnf: `${MAILTOURL}; RFC 6068 §6.1`, url: 'mailto:Mike%26family@example.org', parts: { addresses: ['Mike%26family@example.org'] } },
  { bnf: `${MAILTOURL}; RFC 6068 §6.2 quoted local part`, url: 'mailto:%22not%40me%22@example.org', parts: { addresses: ['%22not%40me%22@example.org'] } },
  { bnf: `${MAILTOURL}; RFC 6068 §6.2 quoted-pair`, url: 'mailto:%22oh%5C%5Cno%22@example.org', parts: { addresses: ['%22oh%5C%5Cno%22@example.org'] } },
  {
    bnf: `${MAILTOURL}; RFC 6068 §6.2`,
    url: "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
    parts: { addresses: ["%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org"] },
  },
  { bnf: `${MAILTOURL}; RFC 6068 §5 subaddress`, url: 'mailto:bill+ietf@example.org', parts: { addresses: ['bill+ietf@example.org'] } },
]);

acceptAll('RFC 6068 §6 examples with header fields and several addresses (lenient)', [
  {
    bnf: HFIELDS,
    url: 'mailto:infobot@example.com?subject=current-issue',
    modes: ['lenient'],
    parts: { addresses: ['infobot@example.com'], fields: { subject: 'current-issue' } },
  },
  {
    bnf: HFIELDS,
    url: 'mailto:infobot@example.com?body=send%20current-issue',
    modes: ['lenient'],
    parts: { fields: { body: 'send%20current-issue' } },
  },
  {
    bnf: `${HFIELDS}; §5: "line breaks in the body of a message MUST be encoded with "%0D%0A"" (no encoded-control note there)`,
    url: 'mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index',
    modes: ['lenient'],
    parts: { fields: { body: 'send%20current-issue%0D%0Asend%20index' } },
  },
  {
    bnf: `${HFIELDS}; hfname is case-insensitive`,
    url: 'mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E',
    modes: ['lenient'],
    parts: { addresses: ['list@example.org'], fields: { 'in-reply-to': '%3C3469A91.D10AF4C@example.com%3E' } },
  },
  { bnf: HFIELDS, url: 'mailto:majordomo@example.com?body=subscribe%20bamboo-l', modes: ['lenient'], parts: { fields: { body: 'subscribe%20bamboo-l' } } },
  {
    bnf: HFIELDS,
    url: 'mailto:joe@example.com?cc=bob@example.com&body=hello',
    modes: ['lenient'],
    parts: { addresses: ['joe@example.com'], fields: { cc: 'bob@example.com', body: 'hello' } },
  },
  {
    bnf: HFIELDS,
    url: 'mailto:unlikely%3Faddress@example.com?blat=foop',
    modes: ['lenient'],
    parts: { addresses: ['unlikely%3Faddress@example.com'], fields: { blat: 'foop' } },
  },
  {
    bnf: `${HFIELDS}; §6.1 as it stands in HTML source ("&amp;")`,
    url: 'mailto:joe@an.example?cc=bob@an.example&amp;body=hello',
    modes: ['lenient'],
    parts: { fields: { cc: 'bob@an.example', 'amp;body': 'hello' } },
  },
  { bnf: `${HFIELDS}; §6.3 UTF-8`, url: 'mailto:user@example.org?subject=caf%C3%A9', modes: ['lenient'], parts: { fields: { subject: 'caf%C3%A9' } } },
  {
    bnf: `${HFIELDS}; §6.3 encoded-word`,
    url: 'mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D',
    modes: ['lenient'],
    parts: { fields: { subject: '%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D' } },
  },
  {
    bnf: `${HFIELDS}; §6.3 encoded-word`,
    url: 'mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D',
    modes: ['lenient'],
    parts: { fields: { subject: '%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D' } },
  },
  {
    bnf: `${HFIELDS}; §6.3`,
    url: 'mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9',
    modes: ['lenient'],
    parts: { fields: { subject: 'caf%C3%A9', body: 'caf%C3%A9' } },
  },
  {
    bnf: '§2 rule 4: "Percent-encoding can be used in the <domain> part ... to denote an internationalized domain name"',
    url: 'mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO',
    modes: ['lenient'],
    parts: { addresses: ['user@%E7%B4%8D%E8%B1%86.example.org'], fields: { subject: 'Test', body: 'NATTO' } },
    notes: ['idn'],
  },
  {
    bnf: `${MAILTOURI}; to = addr-spec *("," addr-spec )`,
    url: 'mailto:addr1@an.example,addr2@an.example',
    modes: ['lenient'],
    parts: { addresses: ['addr1@an.example', 'addr2@an.example'] },
    absent: ['fields'],
  },
  {
    bnf: `${MAILTOURI}; §2: "is equivalent to <mailto:?to=addr1@an.example,addr2@an.example>"`,
    url: 'mailto:?to=addr1@an.example,addr2@an.example',
    modes: ['lenient'],
    parts: { addresses: ['addr1@an.example', 'addr2@an.example'], fields: { to: 'addr1@an.example,addr2@an.example' } },
  },
  {
    bnf: `${MAILTOURI}; §2: "is equivalent to <mailto:addr1@an.example?to=addr2@an.example>"`,
    url: 'mailto:addr1@an.example?to=addr2@an.example',
    modes: ['lenient'],
    parts: { addresses: ['addr1@an.example', 'addr2@an.example'], fields: { to: 'addr2@an.example' } },
  },
  {
    bnf: '§2: "domain = dot-atom-text / "[" *dtext-no-obs "]""',
    url: 'mailto:postmaster@%5B192.0.2.1%5D',
    modes: ['lenient'],
    parts: { addresses: ['postmaster@%5B192.0.2.1%5D'] },
  },
  {
    bnf: 'RFC 1738 §6: encoded CR LF in a header field could add header lines',
    url: 'mailto:a@example.com?subject=x%0D%0ABcc:%20evil@example.com',
    modes: ['lenient'],
    parts: { fields: { subject: 'x%0D%0ABcc:%20evil@example.com' } },
    notes: ['encoded-control'],
  },
  {
    bnf: '§2: "creators of mailto URIs SHOULD NOT use the same <hfname> multiple times"',
    url: 'mailto:a@example.com?subject=a&Subject=b',
    modes: ['lenient'],
    parts: { fields: { subject: 'a' } },
    notes: ['repeated-hfield'],
  },
  { bnf: 'RFC 6532: UTF-8 in a local part', url: 'mailto:j%C3%B6rg@example.com', modes: ['lenient'], parts: { addresses: ['j%C3%B6rg@example.com'] } },
]);

rejectAll('near misses', [
  { bnf: 'encoded822addr = 1*xchar', url: 'mailto:', reason: 'empty' },
  { bnf: 'addr-spec = local-part "@" domain', url: 'mailto:joe', reason: 'bad-address' },
  { bnf: 'addr-spec = local-part "@" domain', url: 'mailto:@example.com', reason: 'bad-address' },
  { bnf: 'addr-spec = local-part "@" domain', url: 'mailto:joe@', reason: 'bad-address' },
  { bnf: 'domain: a host name (RFC 1738 §3.1)', url: 'mailto:joe@-x-.example', reason: 'bad-address' },
  { bnf: 'dot-atom-text = 1*atext *("." 1*atext)', url: 'mailto:a..b@example.com', reason: 'bad-address' },
  { bnf: 'dot-atom-text', url: 'mailto:.a@example.com', reason: 'bad-address' },
  { bnf: 'quoted-string', url: 'mailto:%22a%22b%22@example.com', reason: 'bad-address' },
  { bnf: 'to = addr-spec *("," addr-spec )', url: 'mailto:joe@example.com,', modes: ['lenient'], reason: 'bad-address' },
  { bnf: '"[" *dtext-no-obs "]"', url: 'mailto:a@%5B192.0.2.1', modes: ['lenient'], reason: 'bad-address' },
  { bnf: HFIELDS, url: 'mailto:joe@example.com?subject', modes: ['lenient'], reason: 'bad-hfield' },
  { bnf: HFIELDS, url: 'mailto:joe@example.com?=x', modes: ['lenient'], reason: 'bad-hfield' },
  { bnf: `${HFIELDS}; §2: "?", "=" and "&" are reserved`, url: 'mailto:joe@example.com?subject=a=b', modes: ['lenient'], reason: 'bad-hfield' },
  { bnf: '§6.1: "The following example, using "?" twice, is incorrect"', url: 'mailto:joe@example.com?cc=bob@example.com?body=hello', modes: ['lenient'], reason: 'bad-hfield' },
  { bnf: 'hfvalue = *qchar: no space', url: 'mailto:joe@example.com?subject=a b', modes: ['lenient'], reason: 'bad-hfield' },
  { bnf: 'to: "&" must be percent-encoded in an addr-spec (RFC 6068 §2 rule 1)', url: 'mailto:Mike&family@example.org', modes: ['lenient'], reason: 'bad-char' },
  { bnf: 'xchar: no space', url: 'mailto:jo e@example.com', reason: 'bad-char' },
  { bnf: 'escape = "%" hex hex', url: 'mailto:a%zz@example.com', reason: 'bad-escape' },
  { bnf: `${MAILTOURL}: one RFC 822 address, no header fields`, url: 'mailto:infobot@example.com?subject=current-issue', modes: ['strict'], reason: 'bad-address' },
  { bnf: `${MAILTOURL}: one address`, url: 'mailto:addr1@an.example,addr2@an.example', modes: ['strict'], reason: 'bad-address' },
  { bnf: `${MAILTOURL}: "?" is an xchar but no part of an addr-spec domain`, url: 'mailto:joe@example.com?cc=bob@example.com?body=hello', modes: ['strict'], reason: 'bad-address' },
  { bnf: `${MAILTOURL}: RFC 1738 knows no percent-encoded IDN`, url: 'mailto:user@%E7%B4%8D%E8%B1%86.example.org', modes: ['strict'], reason: 'bad-address' },
]);
