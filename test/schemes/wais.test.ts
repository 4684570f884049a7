// WAIS URLs: RFC 1738 §3.9 and §5, RFC 4156.
import { acceptAll, rejectAll } from './scheme-table.js';

const WAISDATABASE = 'waisdatabase = "wais://" hostport "/" database';
const WAISINDEX = 'waisindex = "wais://" hostport "/" database "?" search';
const WAISDOC = 'waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath';

acceptAll('the three forms', [
  { bnf: WAISDATABASE, url: 'wais://wais.example.com:210/database', parts: { scheme: 'wais', host: 'wais.example.com', port: 210, database: 'database', path: '/database' }, absent: ['search', 'wtype', 'wpath'] },
  { bnf: `${WAISDATABASE}; database = *uchar`, url: 'wais://wais.example.com/', parts: { database: '' } },
  { bnf: `${WAISINDEX}; from the corpus`, url: 'wais://quake.think.com/wais-discussion-archives?lynch', parts: { host: 'quake.think.com', database: 'wais-discussion-archives', search: 'lynch' } },
  { bnf: WAISINDEX, url: 'wais://wais.example.com/db?ferret%20nose', parts: { database: 'db', search: 'ferret%20nose' } },
  { bnf: WAISDOC, url: 'wais://wais.example.com/db/TEXT/0x0-0x2af-%2Fdoc', parts: { database: 'db', wtype: 'TEXT', wpath: '0x0-0x2af-%2Fdoc' }, absent: ['search'] },
  { bnf: `${WAISDOC}; RFC 1738 §6`, url: 'wais://wais.example.com:8210/db/TEXT/x', parts: { port: 8210 }, notes: ['nondefault-port'] },
]);

acceptAll('lenient: RFC 3986 characters and an opaque wpath with "/"', [
  { bnf: 'RFC 4156 §2: the document-id is opaque', url: 'wais://wais.example.com/db/TEXT/a/b/c', modes: ['lenient'], parts: { wtype: 'TEXT', wpath: 'a/b/c' } },
  { bnf: 'RFC 3986 pchar', url: 'wais://wais.example.com/d;b', modes: ['lenient'], parts: { database: 'd;b' } },
]);

rejectAll('near misses', [
  { bnf: `${WAISDATABASE}: "/" database is required`, url: 'wais://wais.example.com', reason: 'bad-path' },
  { bnf: `${WAISDOC}: wtype then "/" wpath`, url: 'wais://wais.example.com/db/TEXT', reason: 'bad-path' },
  { bnf: 'waisurl uses hostport: no user name', url: 'wais://user@wais.example.com/db', reason: 'unexpected-userinfo' },
  { bnf: WAISDATABASE, url: 'wais:wais.example.com/db', reason: 'missing-authority' },
  { bnf: 'wpath = *uchar: no "/"', url: 'wais://wais.example.com/db/TEXT/a/b', modes: ['strict'], reason: 'bad-char' },
  { bnf: `${WAISDOC}: no search`, url: 'wais://wais.example.com/db/TEXT/x?q', modes: ['strict'], reason: 'bad-path' },
  { bnf: 'database = *uchar: ";" is reserved', url: 'wais://wais.example.com/d;b', modes: ['strict'], reason: 'bad-char' },
  { bnf: 'escape = "%" hex hex', url: 'wais://wais.example.com/db?%4', reason: 'bad-escape' },
]);
