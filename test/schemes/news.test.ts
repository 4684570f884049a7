// News and NNTP URLs: RFC 1738 §3.6, §3.7 and §5 (strict), RFC 5538 (lenient); every
// news and nntp example of RFC 1738, RFC 3986 and RFC 5538.
import { acceptAll, rejectAll } from './scheme-table.js';

const NEWSURL = 'newsurl = "news:" grouppart; grouppart = "*" | group | article';
const GROUP = 'group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]';
const ARTICLE = 'article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host';
const NEWS_5538 = 'RFC 5538 §4: newsURL = "news:" [ server "/" ] ( article / newsgroups )';
const NNTPURL = 'nntpurl = "nntp://" hostport "/" group [ "/" digits ]';
const NNTP_5538 = 'RFC 5538 §3: nntpURL = "nntp:" server "/" group [ "/" article-number ]';

acceptAll('RFC 1738 and RFC 3986 news examples', [
  { bnf: `${NEWSURL}; §3.6: "<URL:news:*>" refers to "all available news groups"`, url: 'news:*', parts: { scheme: 'news', group: '*' }, absent: ['article', 'host', 'port'] },
  { bnf: `${GROUP}; §3.6 example name`, url: 'news:comp.infosystems.www.misc', parts: { group: 'comp.infosystems.www.misc' } },
  { bnf: `${GROUP}; RFC 3986 §1.1.2`, url: 'news:comp.infosystems.www.servers.unix', parts: { group: 'comp.infosystems.www.servers.unix' } },
  { bnf: `${ARTICLE}; §3.6: <unique>@<full_domain_name>`, url: 'news:nov-faq-1-930909720@agate.Berkeley.EDU', parts: { article: 'nov-faq-1-930909720@agate.Berkeley.EDU' }, absent: ['group'] },
  { bnf: `${GROUP}: "+" and "_"`, url: 'news:alt.c++_talk', parts: { group: 'alt.c++_talk' } },
  { bnf: `${ARTICLE}: ";" "/" "?" ":" "&" "=" before "@"`, url: 'news:a;b/c?d:e&f=g@example.com', modes: ['strict'], parts: { article: 'a;b/c?d:e&f=g@example.com' } },
  {
    bnf: `${ARTICLE}; RFC 1738 §6: a message-id is sent to the server`,
    url: 'news:abc%0D%0AQUIT@example.com',
    parts: { article: 'abc%0D%0AQUIT@example.com' },
    notes: ['encoded-control'],
  },
]);

acceptAll('RFC 5538 news examples (lenient)', [
  { bnf: NEWS_5538, url: 'news://news.server.example/*', modes: ['lenient'], parts: { host: 'news.server.example', port: 119, group: '*' } },
  { bnf: `${NEWS_5538}; §4: "the first two are equivalent"`, url: 'news://news.server.example/', modes: ['lenient'], parts: { host: 'news.server.example', group: '' } },
  { bnf: `${NEWS_5538}; "?" percent-encoded in a wildmat`, url: 'news://wild.server.example/example.group.th%3Fse', modes: ['lenient'], parts: { group: 'example.group.th%3Fse' } },
  { bnf: 'RFC 5538 §4: newsgroups = *( group-char / pct-encoded / "*" )', url: 'news:example.group.*', modes: ['lenient'], parts: { group: 'example.group.*' } },
  { bnf: 'RFC 5538 §4 newsgroups', url: 'news:example.group.this', parts: { group: 'example.group.this' } },
  { bnf: NEWS_5538, url: 'news://news.server.example/example.group.this', modes: ['lenient'], parts: { host: 'news.server.example', port: 119, group: 'example.group.this' } },
  { bnf: `${NEWS_5538}; Appendix B`, url: 'news://news.gmane.org/gmane.ietf.tools', modes: ['lenient'], parts: { host: 'news.gmane.org', group: 'gmane.ietf.tools' } },
  {
    bnf: `${NEWS_5538}; Appendix B: "[" and "]" percent-encoded in msg-id-core`,
    url: 'news://news.gmane.org/p0624081dc30b8699bf9b@%5B10.20.30.108%5D',
    modes: ['lenient'],
    parts: { host: 'news.gmane.org', article: 'p0624081dc30b8699bf9b@%5B10.20.30.108%5D' },
  },
  { bnf: 'RFC 5538 §3 group-char allows a leading digit', url: 'news:3com.stuff', modes: ['lenient'], parts: { group: '3com.stuff' } },
  { bnf: 'RFC 1738 §2.2: "~" is unsafe; lenient mode notes it', url: 'news:comp~lang', modes: ['lenient'], parts: { group: 'comp~lang' }, notes: ['unsafe-char'] },
  { bnf: 'RFC 5538 §8.1: snews has the syntax of news, port 563', url: 'snews://secure.example/comp.lang.c', modes: ['lenient'], parts: { scheme: 'snews', host: 'secure.example', port: 563, group: 'comp.lang.c' } },
  { bnf: 'RFC 5538 §4 server port', url: 'news://news.server.example:433/misc.test', modes: ['lenient'], parts: { port: 433, group: 'misc.test' }, notes: ['nondefault-port'] },
]);

acceptAll('nntp examples', [
  {
    bnf: `${NNTPURL}; RFC 5538 §3`,
    url: 'nntp://news.server.example/example.group.this/12345',
    parts: { scheme: 'nntp', host: 'news.server.example', port: 119, group: 'example.group.this', article: '12345' },
  },
  { bnf: `${NNTPURL}; RFC 5538 §3: the form without <article-number>`, url: 'nntp://news.server.example/example.group.this', parts: { group: 'example.group.this' }, absent: ['article'] },
  { bnf: `${NNTPURL}; RFC 5538 Appendix B`, url: 'nntp://news.gmane.org/gmane.ietf.tools/742', parts: { host: 'news.gmane.org', group: 'gmane.ietf.tools', article: '742' } },
  {
    bnf: 'RFC 5538 §3: group = 1*( group-char / pct-encoded )',
    url: 'nntp://wild.server.example/example.group.n%2Fa/12345',
    modes: ['lenient'],
    parts: { group: 'example.group.n%2Fa', article: '12345' },
  },
  { bnf: 'hostport; RFC 1738 §6', url: 'nntp://news.example:1119/misc.test/1', parts: { port: 1119 }, notes: ['nondefault-port'] },
  { bnf: `${NNTPURL}: digits is unbounded in RFC 1738`, url: 'nntp://news.example/misc.test/12345678901234567', modes: ['strict'], parts: { article: '12345678901234567' } },
]);

rejectAll('near misses', [
  { bnf: NEWSURL, url: 'news:', reason: 'empty' },
  { bnf: GROUP, url: 'news:3com.stuff', modes: ['strict'], reason: 'bad-group' },
  { bnf: GROUP, url: 'news:comp.lang.c%2B%2B', modes: ['strict'], reason: 'bad-group' },
  { bnf: `${GROUP}: no wildcards but a lone "*"`, url: 'news:example.group.*', modes: ['strict'], reason: 'bad-group' },
  { bnf: 'RFC 5538 §4 newsgroups: no ","', url: 'news:comp,lang', reason: 'bad-group' },
  { bnf: `${GROUP}: "~" is unsafe (RFC 1738 §2.2)`, url: 'news:comp~lang', modes: ['strict'], reason: 'bad-group' },
  { bnf: ARTICLE, url: 'news:@example.com', reason: 'bad-article' },
  { bnf: ARTICLE, url: 'news:abc@', reason: 'bad-article' },
  { bnf: `${ARTICLE}: "@" host`, url: 'news:abc@-x-', modes: ['strict'], reason: 'bad-article' },
  { bnf: 'RFC 5538 §4: ""%3E" (">") is not allowed"', url: 'news:abc%3Edef@example.com', modes: ['lenient'], reason: 'bad-article' },
  { bnf: 'RFC 5538 §4: "/" must be percent-encoded in a message-id', url: 'news:a/b@example.com', modes: ['lenient'], reason: 'bad-article' },
  { bnf: `${NEWSURL}: RFC 1738 names no server`, url: 'news://news.server.example/misc.test', modes: ['strict'], reason: 'bad-group' },
  { bnf: `${NEWS_5538}: "/" after the server`, url: 'news://news.server.example', modes: ['lenient'], reason: 'bad-group' },
  { bnf: NNTPURL, url: 'nntp://news.example/', reason: 'bad-group' },
  { bnf: NNTPURL, url: 'nntp://news.example', reason: 'bad-group' },
  { bnf: NNTPURL, url: 'nntp:misc.test', reason: 'missing-authority' },
  { bnf: NNTPURL, url: 'nntp://', reason: 'empty-host' },
  { bnf: `${NNTPURL}: digits`, url: 'nntp://news.example/misc.test/12a', reason: 'bad-article' },
  { bnf: `${NNTPURL}: digits`, url: 'nntp://news.example/misc.test/1/2', reason: 'bad-article' },
  { bnf: `${NNTPURL}: digits`, url: 'nntp://news.example/misc.test/', reason: 'bad-article' },
  { bnf: 'RFC 5538 §3: article-number = 1*16DIGIT', url: 'nntp://news.example/misc.test/12345678901234567', modes: ['lenient'], reason: 'bad-article' },
  { bnf: GROUP, url: 'nntp://news.example/3com/1', modes: ['strict'], reason: 'bad-group' },
  { bnf: 'group-char', url: 'nntp://news.example/misc test/1', reason: 'bad-group' },
]);
