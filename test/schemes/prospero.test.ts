// Prospero URLs: RFC 1738 §3.11 and §5, RFC 4157.
import { acceptAll, rejectAll } from './scheme-table.js';

const PROSPEROURL = 'prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]';
const FIELDSPEC = 'fieldspec = ";" fieldname "=" fieldvalue';

acceptAll('prospero examples', [
  {
    bnf: `${PROSPEROURL}; RFC 1738 §3.11: "<URL:prospero://host.dom//pros/name> designates a <hsoname> of "/pros/name""`,
    url: 'prospero://host.dom//pros/name',
    parts: { scheme: 'prospero', host: 'host.dom', port: 1525, hsoname: '/pros/name', path: '//pros/name' },
    absent: ['fields', 'user'],
  },
  { bnf: `${PROSPEROURL}; RFC 4157 §2`, url: 'prospero://example.com//pros/name', parts: { host: 'example.com', hsoname: '/pros/name' } },
  {
    bnf: `${FIELDSPEC}; §3.11: "the OBJECT-VERSION field can be specified"`,
    url: 'prospero://host.example:1525/pros/name;OBJECT-VERSION=3',
    parts: { hsoname: 'pros/name', fields: { 'OBJECT-VERSION': '3' } },
  },
  {
    bnf: `${FIELDSPEC}; "each field/value pair is separated from each other ... by a ";""`,
    url: 'prospero://host.example/obj;a=1;b=x:y@z',
    parts: { hsoname: 'obj', fields: { a: '1', b: 'x:y@z' } },
  },
  { bnf: 'hostport; RFC 1738 §6', url: 'prospero://host.example:1526/obj', parts: { port: 1526 }, notes: ['nondefault-port'] },
  { bnf: 'psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]', url: 'prospero://host.example/a?b=c', parts: { hsoname: 'a?b=c' } },
]);

rejectAll('near misses', [
  { bnf: 'RFC 1738 §3.11: "No username or password is allowed"', url: 'prospero://user@host.example/obj', reason: 'unexpected-userinfo' },
  { bnf: PROSPEROURL, url: 'prospero://host.example', reason: 'bad-path' },
  { bnf: FIELDSPEC, url: 'prospero://host.example/obj;novalue', reason: 'bad-field' },
  { bnf: `${FIELDSPEC}; fieldvalue has no "="`, url: 'prospero://host.example/obj;a=b=c', reason: 'bad-field' },
  { bnf: PROSPEROURL, url: 'prospero:host.example/obj', reason: 'missing-authority' },
  { bnf: 'psegment: no space', url: 'prospero://host.example/a b', reason: 'bad-char' },
]);
