/**
 * The hostile-input catalogue for the sources (issue 12): inputs shaped to make a
 * reader or decoder superlinear, each built at any size. `bench.ts` times each at 2 MB and
 * 4 MB (a ratio near 2 is linear) and against normal mail of the same size; the tests in
 * test/sources/hostile.test.ts run each at a small size and assert its exact result.
 */
import { gzipSync } from 'node:zlib';
import { generateMailText } from './generate.js';

/** One hostile input: `build(bytes)` gives at least about `bytes` of input. */
export interface HostileSource {
  name: string;
  build: (bytes: number) => Buffer;
}

/** Repeats `unit(i)` until the text reaches `bytes`. */
function repeatUnits(bytes: number, unit: (i: number) => string, head = '', tail = ''): Buffer {
  const pieces: string[] = [head];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const piece = unit(i);
    pieces.push(piece);
    size += piece.length;
  }
  pieces.push(tail);
  return Buffer.from(pieces.join(''), 'latin1');
}

const HEAD = 'From a@example.org Mon Jan  1 00:00:00 2024\nFrom: a@example.org\nSubject: hostile\n';
const TEXT_HEAD = `${HEAD}Content-Type: text/plain\n\n`;

/** Normal mail of about `bytes`: the generated mail-like text as an mbox of messages of about 20 KB. */
export function normalMail(bytes: number): Buffer {
  const text = generateMailText(bytes);
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf('\n', at + 20_000);
    if (end < 0) end = text.length;
    pieces.push(`${TEXT_HEAD}${text.slice(at, end).replace(/^From /gm, '>From ')}\n\n`);
    at = end + 1;
  }
  return Buffer.from(pieces.join(''), 'latin1');
}

export const hostileSources: HostileSource[] = [
  {
    name: 'armour, distinct labels, no END',
    build: (bytes) => repeatUnits(bytes, (i) => `-----BEGIN X${i} KEY-----\n${i % 10 === 0 ? `http://a.example/${i}` : 'a line of prose after it'}\n`, TEXT_HEAD),
  },
  {
    name: 'armour, distinct labels with END',
    build: (bytes) => repeatUnits(bytes, (i) => `-----BEGIN X${i} KEY-----\nMIIB\n-----END X${i} KEY-----\n${i % 10 === 0 ? `http://a.example/${i}` : 'a line of prose after it'}\n`, TEXT_HEAD),
  },
  {
    name: 'armour, nested BEGIN blocks',
    build: (bytes) => repeatUnits(bytes, (i) => `-----BEGIN X${i % 1000} KEY-----\n`, TEXT_HEAD, '-----END X0 KEY-----\nhttp://a.example/\n'),
  },
  {
    name: 'multipart nested deep',
    build: (bytes) => repeatUnits(bytes, (i) => `Content-Type: multipart/mixed; boundary="b${i}"\n\n--b${i}\n`, `${HEAD}MIME-Version: 1.0\n`, '\nhttp://a.example/\n'),
  },
  {
    name: 'multipart, many parts',
    build: (bytes) => repeatUnits(bytes, (i) => `--b\nContent-Type: text/plain\n\n${i % 10 === 0 ? `http://a.example/${i}` : "some words of text, as a short note would have, and some more."}\n`, `${HEAD}MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n`, '--b--\n'),
  },
  {
    name: 'encoded words in one header',
    build: (bytes) => repeatUnits(bytes, (i) => ` =?utf-8?q?${i % 10 === 0 ? `http=3A//a.example/${i}` : 'caf=C3=A9'}?= and`, `${HEAD}List-Archive:`, '\n\nbody\n'),
  },
  {
    name: 'encoded words in B',
    // Base64 words in UTF-8, as most mail writes non-ASCII header text.
    build: (bytes) => repeatUnits(bytes, (i) => ` =?UTF-8?B?${Buffer.from(i % 10 === 0 ? `http://a.example/${i}` : 'café').toString('base64')}?= and`, `${HEAD}List-Archive:`, '\n\nbody\n'),
  },
  {
    name: 'encoded words in ISO-8859-2',
    // Q words with 8-bit bytes in a single-byte charset other than windows-1252.
    build: (bytes) => repeatUnits(bytes, (i) => ` =?iso-8859-2?Q?${i % 10 === 0 ? `http=3A//a.example/${i}` : 'Gda=F1sk'}?= and`, `${HEAD}List-Archive:`, '\n\nbody\n'),
  },
  {
    name: 'encoded words, distinct unknown charsets',
    // Each word names a charset nobody knows, a different one each time: each name is looked
    // up in libmime and iconv-lite: 6.5 µs a name at first, then 1.8 µs with iconvKnows;
    // now refused in place (isCertainlyUnknownCharset in mime.ts: one pass over the name, no
    // string made of it), and the next word is looked for past the refused one. One
    // unknown-charset record.
    build: (bytes) => repeatUnits(bytes, (i) => (i % 10 === 0 ? ` http://a.example/${i} and` : ` =?x-k${i}?q?a?= and`), `${HEAD}List-Archive:`, '\n\nbody\n'),
  },
  {
    name: 'header folded over many lines',
    build: (bytes) => repeatUnits(bytes, (i) => (i % 10 === 0 ? `\n <http://a.example/${i}>,` : '\n some folded text of the field,'), `${HEAD}List-Archive:`, '\n\nbody\n'),
  },
  {
    name: 'HTML unclosed tags',
    build: (bytes) => repeatUnits(bytes, (i) => `<a href=x${i} <b `, `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML unclosed comments',
    build: (bytes) => repeatUnits(bytes, (i) => `<!-- ${i} http://a.example/ `, `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML unclosed attribute quotes',
    build: (bytes) => repeatUnits(bytes, (i) => `<a href="http://a.example/${i} title='x `, `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML entities',
    build: (bytes) => repeatUnits(bytes, (i) => (i % 100 === 0 ? 'http&#58;//a.example/&amp;\n' : '&amp;&lt;&#x41;&eacute;'), `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML closed tags',
    // A tag every few characters: each costs what a tag costs, with little text between.
    build: (bytes) => repeatUnits(bytes, (i) => `<p>${i % 100 === 0 ? `http://a.example/${i}` : 'x'}</p><b>y</b>`, `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML attribute values refused',
    // Values with a scheme that no parser accepts: a space in one, a scheme nobody knows in the other.
    build: (bytes) => repeatUnits(bytes, (i) => (i % 100 === 0 ? `<a href="http://a.example/${i}">` : `<a href="http://a b${i}"><img src=javascript:x${i}>`), `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML attribute values of references',
    // Values written with character references: one that only decoding can tell from a
    // scheme, and one that decodes to a URL no parser accepts.
    build: (bytes) => repeatUnits(bytes, (i) => (i % 100 === 0 ? `<a href="&#104;ttp://a.example/${i}">` : `<a href=&x${i}><a href="&#104;ttp://a&#32;b${i}">`), `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'quoted-printable, soft breaks only',
    build: (bytes) => repeatUnits(bytes, () => '=\n', `${HEAD}Content-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\nhttp://a.=\nexample/\n`),
  },
  {
    name: 'base64 garbage, one line',
    build: (bytes) => repeatUnits(bytes, (i) => (i % 7 === 0 ? '!@#$' : 'aHR0cDovL2EuZXhhbXBsZS8g'), `${HEAD}Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n`, '\n'),
  },
  {
    name: 'one line, no newline',
    build: (bytes) => repeatUnits(bytes, (i) => (i % 10 === 0 ? `word http://a.example/${i} ` : 'words of a line that never ends '), ''),
  },
  {
    name: 'mbox of tiny messages',
    // The first message is a whole one, so that the input is sniffed as an mbox.
    build: (bytes) => repeatUnits(bytes, () => 'From a\n\n', 'From a@example.org Mon Jan  1 00:00:00 2024\nSubject: x\n\n'),
  },
  {
    name: 'From lines in bodies',
    build: (bytes) => repeatUnits(bytes, (i) => `From here on, see ${i % 10 === 0 ? `http://a.example/${i}` : 'the list'}\n>From there\n`, TEXT_HEAD),
  },
  {
    name: 'HTML tags with attributes',
    // Short tags that are not `<name>`: an attribute that is not a link, white space or `/` before the `>`.
    build: (bytes) => repeatUnits(bytes, (i) => `<p class=c>${i % 100 === 0 ? `http://a.example/${i}` : 'x'}</p ><br/>`, `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML no-break spaces',
    // What mail spaces words with: a named reference every few characters.
    build: (bytes) => repeatUnits(bytes, (i) => (i % 100 === 0 ? `http://a.example/${i}&nbsp;` : 'a&nbsp;'), `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML lone <',
    // A `<` that starts no tag is text: one every few characters.
    build: (bytes) => repeatUnits(bytes, (i) => `a < ${i % 100 === 0 ? `http://a.example/${i}` : 'b'} `, `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML empty elements',
    // Markup that reads as nothing, back to back: the text is the URL alone.
    build: (bytes) => repeatUnits(bytes, (i) => (i % 100 === 0 ? `<b></b> http://a.example/${i} ` : '<b></b>'), `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML closed comments',
    // A short comment every few characters: its text is read, set apart as a block.
    build: (bytes) => repeatUnits(bytes, (i) => `<!-- c -->${i % 100 === 0 ? ` http://a.example/${i} ` : 'x'}`, `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
  {
    name: 'HTML table cells',
    build: (bytes) => repeatUnits(bytes, (i) => `<tr><td>${i % 100 === 0 ? `http://a.example/${i}` : '1'}</td><td>2</td></tr>`, `${HEAD}Content-Type: text/html\n\n`, '\n'),
  },
];

/**
 * A `.gz` that expands about 1000 times: a message whose body is `bytes` of spaces and
 * one URL at the end. Its size for the ratios is the expanded size.
 */
export function expandingGzip(bytes: number): Buffer {
  const body = Buffer.alloc(bytes, 0x20);
  return gzipSync(Buffer.concat([Buffer.from(TEXT_HEAD), body, Buffer.from('\nhttp://a.example/end\n')]), { level: 9 });
}

/**
 * One message of `urls` short URLs, four to a line (issue 12's memory target: 1.69 million
 * make about 31 MB, which the CLI must scan in at most 256 MB of RSS in every format). For
 * example: `npx tsx -e "import('./test/bench/hostile-sources.ts').then((m) =>
 * process.stdout.write(m.denseUrlMessage(1_690_000)))" > dense.eml`, then
 * `/usr/bin/time -f '%M KB' node dist/cli.js --format jsonl dense.eml > /dev/null`.
 */
export function denseUrlMessage(urls: number): Buffer {
  const lines: string[] = [`${TEXT_HEAD.slice(TEXT_HEAD.indexOf('\n') + 1)}`];
  for (let i = 0; i < urls; i += 4) {
    const line: string[] = [];
    for (let j = i; j < Math.min(urls, i + 4); j++) line.push(`http://ab.io/${j.toString(36)}`);
    lines.push(`${line.join('  ')}\n`);
  }
  return Buffer.from(lines.join(''), 'latin1');
}
