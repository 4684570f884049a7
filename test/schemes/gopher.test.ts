// Gopher URLs: RFC 1738 §3.4 and §5, RFC 4266 (the same syntax, kept on the standards track).
import { acceptAll, rejectAll } from './scheme-table.js';

const GOPHERURL = 'gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ] ]';

acceptAll('RFC 1738 §3.4 / RFC 4266 §2 forms', [
  {
    bnf: `${GOPHERURL}; §3.4.1: "The entire <gopher-path> may also be empty, in which case the delimiting "/" is also optional and the <gophertype> defaults to "1""`,
    url: 'gopher://gopher.example.com',
    parts: { host: 'gopher.example.com', port: 70, gtype: '1', selector: '', path: '' },
    absent: ['search', 'gopherPlus'],
  },
  { bnf: GOPHERURL, url: 'gopher://gopher.example.com/', parts: { gtype: '1', selector: '', path: '/' } },
  { bnf: 'gtype = xchar; "The Gopher selector string may be an empty string"', url: 'gopher://gopher.example.com/1', parts: { gtype: '1', selector: '' } },
  {
    bnf: '§3.4.1: "some Gopher <selector> strings begin with a copy of the <gophertype> character"',
    url: 'gopher://gopher.micro.umn.edu/00/InformationAboutGopher/AboutGopher',
    parts: { host: 'gopher.micro.umn.edu', gtype: '0', selector: '0/InformationAboutGopher/AboutGopher' },
  },
  {
    bnf: '§3.4.2: <gophertype><selector>%09<search>',
    url: 'gopher://gopher.example.com/7search%09daffodils',
    parts: { gtype: '7', selector: 'search', search: 'daffodils' },
    absent: ['gopherPlus'],
  },
  {
    bnf: '§3.4.3: "the %09<search> string must be supplied, although the <search> element may be the empty string"',
    url: 'gopher://gopher.example.com/0item%09%09+',
    parts: { gtype: '0', selector: 'item', search: '', gopherPlus: '+' },
  },
  { bnf: '§3.4.4: a Gopher+ string of only "?"', url: 'gopher://gopher.example.com/0item%09%09?', parts: { gopherPlus: '?' } },
  { bnf: '§3.4.6: "!" refers to all of an item\'s attributes', url: 'gopher://gopher.example.com/0item%09%09!', parts: { gopherPlus: '!' } },
  { bnf: '§3.4.6: "$" refers to all item attributes of a directory', url: 'gopher://gopher.example.com/1dir%09%09$', parts: { gopherPlus: '$' } },
  { bnf: '§3.4.7: "!+ABSTRACT"', url: 'gopher://gopher.example.com/0item%09%09!+ABSTRACT', parts: { gopherPlus: '!+ABSTRACT' } },
  { bnf: '§3.4.7: "!+ABSTRACT%20+SMELL"', url: 'gopher://gopher.example.com/0item%09%09!+ABSTRACT%20+SMELL', parts: { gopherPlus: '!+ABSTRACT%20+SMELL' } },
  {
    bnf: '§3.4.8: "+application/postscript%20Es_ES"',
    url: 'gopher://gopher.example.com/0item%09%09+application/postscript%20Es_ES',
    parts: { selector: 'item', gopherPlus: '+application/postscript%20Es_ES' },
  },
  {
    bnf: '§3.4.9: "+%091%0D%0A+-1%0D%0A<ask_item1_value>%0D%0A<ask_item2_value>%0D%0A.%0D%0A"; §6: encoded CR LF are sent on',
    url: 'gopher://gopher.example.com/0form%09%09+%091%0D%0A+-1%0D%0Ablue%0D%0Aseven%0D%0A.%0D%0A',
    parts: { selector: 'form', search: '', gopherPlus: '+%091%0D%0A+-1%0D%0Ablue%0D%0Aseven%0D%0A.%0D%0A' },
    notes: ['encoded-control'],
  },
  {
    bnf: '§3.4.1: "Within the <gopher-path>, no characters are reserved"',
    url: 'gopher://gopher.example.com/1a;b?c=d:e@f&g',
    parts: { gtype: '1', selector: 'a;b?c=d:e@f&g' },
    absent: ['search'],
  },
  { bnf: 'gtype = xchar: an escape', url: 'gopher://gopher.example.com/%2Bsel', parts: { gtype: '%2B', selector: 'sel' } },
]);

acceptAll('gopher URLs from the corpus', [
  {
    bnf: 'hostport; port 70 given explicitly',
    url: 'gopher://gopher.house.gov:70/OF-1%3a208%3aInternet%20Etiquette',
    parts: { port: 70, gtype: 'O', selector: 'F-1%3a208%3aInternet%20Etiquette' },
  },
  {
    bnf: 'hostport; RFC 1738 §6 nondefault port',
    url: 'gopher://bubl.bath.ac.uk:7070/11/BUBL_Main_Menu/K/K02/K02A',
    parts: { host: 'bubl.bath.ac.uk', port: 7070, gtype: '1', selector: '1/BUBL_Main_Menu/K/K02/K02A' },
    notes: ['nondefault-port'],
  },
  {
    bnf: 'gtype "R"',
    url: 'gopher://csd4.csd.uwm.edu/RemoteInformationServices/SpecialInternetConnections',
    parts: { gtype: 'R', selector: 'emoteInformationServices/SpecialInternetConnections' },
  },
]);

acceptAll('lenient: unsafe characters in a selector', [
  { bnf: 'RFC 1738 §2.2 "~" is unsafe', url: 'gopher://gopher.example.com/1~user', modes: ['lenient'], parts: { selector: '~user' }, notes: ['unsafe-char'] },
]);

rejectAll('near misses', [
  { bnf: 'gopherurl uses hostport: no user name (RFC 4266 §2.1)', url: 'gopher://user@gopher.example.com/', reason: 'unexpected-userinfo' },
  { bnf: GOPHERURL, url: 'gopher:gopher.example.com', reason: 'missing-authority' },
  { bnf: GOPHERURL, url: 'gopher://', reason: 'empty-host' },
  { bnf: 'hostport = host [ ":" port ]', url: 'gopher://gopher.example.com:seventy/', reason: 'bad-port' },
  { bnf: 'escape = "%" hex hex', url: 'gopher://gopher.example.com/1sel%0', reason: 'bad-escape' },
  { bnf: 'selector = *xchar: no space', url: 'gopher://gopher.example.com/1a b', reason: 'bad-char' },
  { bnf: 'selector = *xchar: "~" is unsafe', url: 'gopher://gopher.example.com/1~user', modes: ['strict'], reason: 'bad-char' },
  { bnf: 'host', url: 'gopher://gopher..example.com/', reason: 'bad-host' },
]);
