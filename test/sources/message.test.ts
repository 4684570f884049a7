import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiText, copyOrigin, MAX_MIME_DEPTH, MessageReader, newSpace, partOrigin, readMessage } from '../../src/sources/message.js';
import type { DocumentOrigin, ScanError, SourceDocument } from '../../src/sources/origin.js';
import { removeNoise } from '../../src/sources/noise.js';

function read(text: string | Buffer, encoding: BufferEncoding = 'latin1'): { docs: SourceDocument[]; errors: ScanError[]; bytes: Buffer } {
  const bytes = typeof text === 'string' ? Buffer.from(text.replace(/\n/g, '\r\n'), encoding) : text;
  const docs: SourceDocument[] = [];
  const errors: ScanError[] = [];
  for (const item of readMessage({ bytes, start: 0, frame: { raw: bytes, offset: 0, line: 1 } }, { file: 'm.eml', input: 'eml', index: 0 })) {
    if (item.type === 'error') errors.push(item);
    else docs.push(item);
  }
  return { docs, errors, bytes };
}

/** The 1-based line and byte column of the first occurrence of `needle` in `bytes`, counted by hand. */
function whereIs(bytes: Buffer, needle: string): { line: number; column: number; offset: number } {
  const offset = bytes.indexOf(needle);
  const before = bytes.subarray(0, offset).toString('latin1');
  const lines = before.split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1, offset };
}

const NESTED = `From: a@example.com
Message-ID: <nested@example.com>
References: <ref@example.com>
List-Unsubscribe: <http://list.example/unsub>
Content-Type: multipart/mixed; boundary="outer"

preamble http://preamble.example/
--outer
Content-Type: text/plain; charset=utf-8

plain http://one.example/
--outer
Content-Type: multipart/alternative; boundary=inner

--inner
Content-Type: text/plain

alt text
--inner
Content-Type: text/html; charset=us-ascii
Content-Location: http://location.example/page.html

<a href="http://two.example/?a=1&amp;b=2">two</a>
--inner--
--outer
Content-Type: message/rfc822

Archived-At: <http://archive.example/msg>
Content-Type: multipart/mixed; boundary=deep

--deep
Content-Type: text/plain

attached http://three.example/
--deep
Content-Type: image/png
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--deep--
--outer
Content-Type: application/pdf

%PDF http://never.example/
--outer--
`;

describe('readMessage', () => {
  it('numbers parts as IMAP does and reads only text parts and URL-bearing fields', () => {
    const { docs, errors } = read(NESTED);
    expect(errors).toEqual([]);
    expect(docs.map((doc) => [doc.origin.part ?? '', doc.origin.header ?? doc.origin.contentType])).toEqual([
      ['', 'List-Unsubscribe'],
      ['1', 'text/plain'],
      ['2.1', 'text/plain'],
      ['2.2', 'Content-Location'],
      ['2.2', 'text/html'],
      ['3', 'Archived-At'],
      ['3.1', 'text/plain'],
    ]);
    expect(docs.every((doc) => doc.origin.messageId === '<nested@example.com>')).toBe(true);
    expect(docs.some((doc) => doc.text.includes('never.example') || doc.text.includes('preamble'))).toBe(false);
    expect([...(docs[4]!.attributes ?? [])].map((a) => a.value)).toEqual(['http://two.example/?a=1&b=2']);
  });

  it('maps a URL in a quoted-printable part to the raw line and column, through a soft break and =3D', () => {
    const message = 'Subject: qp\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nCaf=C3=A9 link: http://example.com/pa=\nth?x=3D1&y=3D2 end\n';
    const { docs, bytes } = read(message);
    const doc = docs[0]!;
    expect(doc.text).toBe('Café link: http://example.com/path?x=1&y=2 end\r\n');
    const start = doc.text.indexOf('http');
    const end = doc.text.indexOf(' end');
    expect(doc.exact).toBe(true);
    expect(doc.toRaw(start, false)).toEqual(whereIs(bytes, 'http'));
    const endAt = whereIs(bytes, ' end');
    expect(doc.toRaw(end, true)).toEqual(endAt);
    expect(bytes.toString('latin1', doc.toRaw(start, false).offset, doc.toRaw(end, true).offset)).toBe('http://example.com/pa=\r\nth?x=3D1&y=3D2');
  });

  it('points into a base64 part at the line where its encoded data starts', () => {
    const encoded = Buffer.from('see http://b64.example/\n', 'utf8').toString('base64');
    const { docs, bytes } = read(`Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n${encoded}\n`);
    const doc = docs[0]!;
    expect(doc.text).toBe('see http://b64.example/\n');
    expect(doc.exact).toBe(false);
    expect(doc.toRaw(4, false)).toEqual(whereIs(bytes, encoded));
  });

  it('unwraps format=flowed and keeps positions in the decoded part', () => {
    const { docs } = read('Content-Type: text/plain; format=flowed; delsp=yes\n\nhttp://example.com/a/ \nb/c\n');
    const doc = docs[0]!;
    expect(doc.text).toBe('http://example.com/a/b/c\r\n');
    expect(doc.source).toBe('http://example.com/a/ \r\nb/c\r\n');
    const end = doc.toSource!.end(doc.text.indexOf('\r'));
    expect(doc.source.slice(0, end)).toBe('http://example.com/a/ \r\nb/c');
  });

  it('decodes RFC 2047 encoded words in URL-bearing fields', () => {
    const { docs } = read('X-URL: =?utf-8?q?http=3A//example.com/?= =?utf-8?q?x?=\n\n');
    expect(docs[0]!.text).toBe(' http://example.com/x');
  });

  it('reports an unknown charset, NUL bytes, a missing boundary and a cut multipart, and still reads the text', () => {
    const unknown = read('Content-Type: text/plain; charset=x-martian\n\nhttp://a.example/\n');
    expect(unknown.errors.map((e) => e.reason)).toEqual(['unknown-charset']);
    expect(unknown.docs[0]!.text).toContain('http://a.example/');
    expect(unknown.errors[0]!.detail).toContain('x-martian');

    const nul = read('Subject: x\n\nhttp://b.example/\0\n');
    expect(nul.errors.map((e) => e.reason)).toEqual(['nul-bytes']);
    expect(nul.errors[0]!.offset).toBe(nul.bytes.indexOf(0));

    const noBoundary = read('Content-Type: multipart/mixed\n\nhttp://c.example/\n');
    expect(noBoundary.errors.map((e) => e.reason)).toEqual(['missing-boundary']);
    expect(noBoundary.docs[0]!.text).toContain('http://c.example/');

    const cut = read('Content-Type: multipart/mixed; boundary=b\n\n--b\n\nhttp://d.example/\n--b\n\nhttp://e.ex');
    expect(cut.errors.map((e) => e.reason)).toEqual(['truncated-multipart']);
    expect(cut.docs.map((doc) => doc.text.trim())).toEqual(['http://d.example/', 'http://e.ex']);
  });

  it('says what a part in an unknown charset was read as: US-ASCII, UTF-8 or Latin-1', () => {
    const record = (bytes: Buffer, readAs: string) => ({
      type: 'error',
      reason: 'unknown-charset',
      detail: `m.eml: message 0, part 1: unknown charset "x-klingon"; the text is read as ${readAs}`,
      file: 'm.eml',
      input: 'eml',
      message: 0,
      messageOffset: 0,
      part: '1',
      offset: bytes.indexOf('http'),
    });
    const head = 'Content-Type: text/plain; charset=x-klingon\r\n\r\n';
    for (const [body, readAs, text] of [
      ['http://a.example/ ok\r\n', 'US-ASCII', 'http://a.example/ ok\r\n'],
      ['http://a.example/ caf\xc3\xa9\r\n', 'UTF-8', 'http://a.example/ caf\u00e9\r\n'],
      ['http://a.example/ caf\xe9\r\n', 'ISO-8859-1', 'http://a.example/ caf\u00e9\r\n'],
    ] as const) {
      const { docs, errors, bytes } = read(Buffer.from(head + body, 'latin1'));
      expect(errors).toEqual([record(bytes, readAs)]);
      expect(docs.map((doc) => [doc.text, doc.origin.charset])).toEqual([[text, readAs]]);
    }
    // A stateful charset nobody reads (UTF-7, refused for markup smuggling) over ASCII is read as UTF-8.
    const utf7 = read('Content-Type: text/plain; charset=utf-7\n\nhttp://a.example/\n');
    expect(utf7.errors.map((e) => e.detail)).toEqual(['m.eml: message 0, part 1: unknown charset "utf-7"; the text is read as UTF-8']);
  });

  it('reports encoded words in an unknown charset in a URL-bearing field once, where the first is, and reads the rest', () => {
    const field = 'X-URL: =?utf-8?q?http=3A//a.example/?= =?x-klingon?q?http=3A//b.example/?= http://c.example/ =?x-vulcan?b?aGk=?= =?x-klingon?q?x?=';
    const { docs, errors, bytes } = read(`${field}\nContent-Type: text/plain; charset=utf-8\n\nhttp://d.example/\n`);
    expect(errors).toEqual([
      {
        type: 'error',
        reason: 'unknown-charset',
        detail: 'm.eml: message 0: unknown charset "x-klingon" in an encoded word of the X-URL field; it and 2 more words in unknown charsets are scanned as written',
        file: 'm.eml',
        input: 'eml',
        message: 0,
        messageOffset: 0,
        offset: bytes.indexOf('=?x-klingon'),
      },
    ]);
    // The words in known charsets are decoded, the others kept as written, and the body read.
    expect(docs.map((doc) => doc.text.trim())).toEqual(['http://a.example/ =?x-klingon?q?http=3A//b.example/?= http://c.example/ =?x-vulcan?b?aGk=?= =?x-klingon?q?x?=', 'http://d.example/']);

    // One word, in a body part's field: the record names the part. A word cut short is no word.
    const part = read('Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Location: =?x-klingon?B?aGk=?= =?x-vulcan?q?cut\n\nhttp://e.example/\n--b--\n');
    expect(part.errors).toEqual([
      {
        type: 'error',
        reason: 'unknown-charset',
        detail: 'm.eml: message 0, part 1: unknown charset "x-klingon" in an encoded word of the Content-Location field; the word is scanned as written',
        file: 'm.eml',
        input: 'eml',
        message: 0,
        messageOffset: 0,
        part: '1',
        offset: part.bytes.indexOf('=?x-klingon'),
      },
    ]);
    expect(part.docs.map((doc) => doc.text.trim())).toEqual(['=?x-klingon?B?aGk=?= =?x-vulcan?q?cut', 'http://e.example/']);

    // Fields that are not read for URLs are not decoded, and say nothing.
    expect(read('Subject: =?x-klingon?q?a?=\n\nhttp://f.example/\n').errors).toEqual([]);
  });

  it('reads a text part mislabelled base64 as the text it is, with an error record', () => {
    const { docs, errors } = read('Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\nSee http://plain.example/ for details.\n');
    expect(errors.map((e) => e.reason)).toEqual(['malformed-base64']);
    expect(docs[0]!.text).toContain('http://plain.example/');
    expect(docs[0]!.exact).toBe(true);
  });

  it('reads each part by its own Content-Type, also when the values are alike or repeat', () => {
    // Values of one length that differ in a byte, repeated, and one folded: each part is read as declared.
    const types = ['text/plain; charset=utf-8', 'text/html;  charset=utf-8', 'text/html;  charset=utf-8', 'text/plain; charset=utf-8', 'image/png;  charset=utf-8', 'text/plain;\n charset=iso-8859-1'];
    const parts = types.map((type, i) => `--b\nContent-Type: ${type}\n\n<b>part</b> http://p${i}.example/\n`).join('');
    const { docs, errors } = read(`Subject: x\nContent-Type: multipart/mixed; boundary=b\n\n${parts}--b--\n`);
    expect(errors).toEqual([]);
    expect(docs.map((doc) => [doc.origin.part, doc.origin.contentType, doc.origin.charset, doc.text.trim()])).toEqual([
      ['1', 'text/plain', 'UTF-8', '<b>part</b> http://p0.example/'],
      ['2', 'text/html', 'UTF-8', 'part http://p1.example/'],
      ['3', 'text/html', 'UTF-8', 'part http://p2.example/'],
      ['4', 'text/plain', 'UTF-8', '<b>part</b> http://p3.example/'],
      ['6', 'text/plain', 'windows-1252', '<b>part</b> http://p5.example/'],
    ]);
  });

  it('stops at a nesting depth no mail has, with an error record', () => {
    let message = 'text http://deep.example/\n';
    for (let depth = 0; depth < MAX_MIME_DEPTH + 5; depth++) message = `Content-Type: multipart/mixed; boundary=b${depth}\n\n--b${depth}\n${message}--b${depth}--\n`;
    const { errors } = read(message);
    expect(errors.map((e) => e.reason)).toEqual(['mime-too-deep']);
  });

  it('reads an attached message that was base64-encoded, pointing at its encoded data', () => {
    const inner = Buffer.from('Subject: inner\r\n\r\nhttp://inner.example/\r\n').toString('base64');
    const { docs, bytes } = read(`Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n${inner}\n--b--\n`);
    expect(docs.map((doc) => [doc.origin.part, doc.text])).toEqual([['1.1', 'http://inner.example/\r\n']]);
    expect(docs[0]!.exact).toBe(false);
    expect(docs[0]!.toRaw(0, false).line).toBe(whereIs(bytes, inner).line);
  });
});

describe('fast paths of many-part messages against their slow paths', () => {
  it('asciiText cuts from windows exactly what reading each part from the bytes gives', () => {
    // Parts short and long (past MAX_WINDOWED_PART_BYTES), near and far apart (past a 64 KiB window), in order as a walk reads them.
    const gap = fc.oneof(fc.nat(200), fc.integer({ min: 60_000, max: 140_000 }));
    const length = fc.oneof(fc.nat(300), fc.integer({ min: 4000, max: 9000 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(gap, length), { maxLength: 25 }), (spans) => {
        const total = spans.reduce((sum, [g, l]) => sum + g + l, 0);
        const bytes = Buffer.alloc(total);
        for (let i = 0; i < total; i++) bytes[i] = 0x20 + ((i * 7919) % 95);
        const space = newSpace(bytes, undefined, true);
        let at = 0;
        for (const [g, l] of spans) {
          at += g;
          expect(asciiText(space, at, at + l)).toBe(bytes.toString('latin1', at, at + l));
          at += l;
        }
      }),
      { numRuns: 100 },
    );
    // Parts that end one byte inside, at, and one byte past the end of a 64 KiB window.
    const bytes = Buffer.alloc(200_000, 0x61);
    for (const end of [65_535, 65_536, 65_537]) {
      const space = newSpace(bytes, undefined, true);
      expect(asciiText(space, 0, 10)).toBe(bytes.toString('latin1', 0, 10));
      expect(asciiText(space, end - 100, end)).toBe(bytes.toString('latin1', end - 100, end));
      expect(asciiText(space, end, end + 5)).toBe(bytes.toString('latin1', end, end + 5));
    }
  });

  it('partOrigin gives the fields, in their order, that copyOrigin and four assignments give', () => {
    const origin = fc.record(
      { file: fc.string(), messageId: fc.string(), newsgroups: fc.array(fc.string(), { maxLength: 2 }) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(origin, fc.constantFrom('mbox', 'eml', 'news'), fc.nat(), fc.nat(), (optional, input, message, messageOffset) => {
        // Built as MessageReader builds a message's origin.
        const base: DocumentOrigin = { input: input as DocumentOrigin['input'], message, messageOffset };
        if (optional.file !== undefined) base.file = optional.file;
        if (optional.messageId !== undefined) base.messageId = optional.messageId;
        if (optional.newsgroups !== undefined) base.newsgroups = optional.newsgroups;
        const slow = copyOrigin(base);
        slow.part = '2.1';
        slow.contentType = 'text/plain';
        slow.charset = 'US-ASCII';
        slow.transferEncoding = '7bit';
        const fast = partOrigin(base, '2.1', 'text/plain', 'US-ASCII', '7bit');
        expect(Object.entries(fast)).toEqual(Object.entries(slow));
      }),
    );
  });

  it('gives a part the skipped blocks removeNoise finds in its text, in raw points, and the text it blanks', () => {
    const b64 = 'TWFuIGlzIGRpc3Rpbmd1aXNoZWQsIG5vdCBvbmx5IGJ5IGhpcyByZWFzb24sIGJ1dCBieSB0aGlz';
    const armour = (i: number) => `-----BEGIN X${i} KEY-----\nMIIB\n-----END X${i} KEY-----\nhttp://a.example/${i}\n`;
    const bodies = [
      'no noise http://a.example/\n',
      `${b64}\n${b64}\n${b64}\n${b64}\nTWFu\nafter\n`,
      Array.from({ length: 50 }, (_, i) => armour(i)).join(''), // past MIN_SPANS_BLANKED_IN_PLACE
      `begin 644 f.bin\nM86)C9&5F\n\`\nend\n${armour(1)}`,
      'caf\u00e9 =?\n-----BEGIN X KEY-----\n\u00e9\n-----END X KEY-----\n', // not ASCII
    ];
    // A block that ends just before a soft line break, where a start and an end map apart.
    const quoted = '--b\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n-----BEGIN X KEY-----\nMIIB\n-----END X KEY-----\n=\nx=3Dy\n';
    const parts = bodies.map((body) => `--b\nContent-Type: text/plain; charset=utf-8\n\n${body}`).join('') + quoted;
    const { docs } = read(`From: a@example.org\nContent-Type: multipart/mixed; boundary="b"\n\n${parts}--b--\n`, 'utf8');
    expect(docs).toHaveLength(bodies.length + 1);
    for (const doc of docs) {
      const slow = removeNoise(doc.source);
      expect(doc.text).toBe(slow.text);
      const blocks = slow.spans.map((span) => ({ kind: span.kind, start: doc.toRaw(span.start, false), end: doc.toRaw(span.end, true) }));
      expect(doc.origin.skipped ?? []).toEqual(blocks);
    }
    expect(docs.map((doc) => doc.origin.skipped?.length ?? 0)).toEqual([0, 1, 50, 2, 1, 1]);
    const last = docs.at(-1)!.origin.skipped![0]!;
    expect(last.end.offset).toBeLessThan(docs.at(-1)!.toRaw(docs.at(-1)!.source.indexOf('x='), false).offset);
  });

  it('MessageReader gives, a few items at a time, what readMessage gives', () => {
    const parts = Array.from({ length: 40 }, (_, i) => `--b\nContent-Type: text/plain\n\npart ${i} http://a.example/${i}\n`).join('');
    const bytes = Buffer.from(`From: a@example.org\nList-Help: <http://help.example/>\nContent-Type: multipart/mixed; boundary="b"\n\n${parts}`, 'latin1');
    const message = { bytes, start: 0, frame: { raw: bytes, offset: 0, line: 1 } };
    const place = { file: 'm.eml', input: 'eml' as const, index: 0 };
    const all = [...readMessage(message, place)];
    for (const max of [1, 3, 64]) {
      const reader = new MessageReader(message, place);
      const items: Array<SourceDocument | ScanError> = [];
      let steps = 0;
      while (!reader.readInto(items, items.length + max)) steps++;
      expect(items.map((item) => (item.type === 'error' ? item : { text: item.text, origin: item.origin }))).toEqual(
        all.map((item) => (item.type === 'error' ? item : { text: item.text, origin: item.origin })),
      );
      expect(steps).toBeGreaterThanOrEqual(max === 64 ? 0 : Math.floor(all.length / max) - 1);
    }
    // The last item: the multipart has no close delimiter.
    expect(all.at(-1)).toMatchObject({ type: 'error', reason: 'truncated-multipart' });
  });
});
