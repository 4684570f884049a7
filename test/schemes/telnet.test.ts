// Telnet URLs: RFC 1738 §3.8 and §5, RFC 4248.
import { acceptAll, rejectAll } from './scheme-table.js';

const TELNETURL = 'telneturl = "telnet://" login [ "/" ]';

acceptAll('telnet examples', [
  {
    bnf: `${TELNETURL}; RFC 3986 §1.1.2 (a nondefault port, RFC 1738 §6)`,
    url: 'telnet://192.0.2.16:80/',
    parts: { scheme: 'telnet', host: '192.0.2.16', port: 80 },
    notes: ['nondefault-port'],
    absent: ['path', 'user'],
  },
  {
    bnf: `${TELNETURL}; RFC 4248 §2: telnet://<user>:<password>@<host>:<port>/`,
    url: 'telnet://guest:secret@library.example:23/',
    parts: { user: 'guest', password: 'secret', host: 'library.example', port: 23 },
    notes: ['password'],
  },
  { bnf: `${TELNETURL}; "The final "/" character may be omitted"`, url: 'telnet://library.example', parts: { host: 'library.example', port: 23 } },
  { bnf: `${TELNETURL}; "The :<password> can be omitted"`, url: 'telnet://guest@library.example/', parts: { user: 'guest' }, absent: ['password'] },
  {
    bnf: 'RFC 1738 §6: "CR and LF characters for telnet protocols"',
    url: 'telnet://guest%0D%0Awhoami@library.example/',
    parts: { user: 'guest%0D%0Awhoami' },
    notes: ['encoded-control'],
  },
]);

rejectAll('near misses', [
  { bnf: `${TELNETURL}: nothing after the final "/"`, url: 'telnet://library.example/menu', reason: 'bad-path' },
  { bnf: `${TELNETURL}: nothing after the final "/"`, url: 'telnet://library.example/?x', reason: 'bad-path' },
  { bnf: `${TELNETURL}: nothing after the final "/"`, url: 'telnet://library.example//', reason: 'bad-path' },
  { bnf: TELNETURL, url: 'telnet:library.example', reason: 'missing-authority' },
  { bnf: TELNETURL, url: 'telnet://', reason: 'empty-host' },
  { bnf: 'port = digits', url: 'telnet://library.example:0x17/', reason: 'bad-port' },
  { bnf: 'user = *[ uchar | ";" | "?" | "&" | "=" ]', url: 'telnet://gu est@library.example/', reason: 'bad-char' },
]);
