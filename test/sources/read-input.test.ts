import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { findMessageBoundaries, scan, scanMessage, type ScanItem, type ScanMatch, type ScanRejection } from '../../src/index.js';
import { readDocuments } from '../../src/sources/read-input.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { collect } from '../support/chunks.js';

const mailDir = fileURLToPath(new URL('../../corpus/mail/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'urlsift-scan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));


/** What must not depend on how the input arrived: everything but the file name. */
const essence = (items: ScanItem[]) =>
  items.map((item) => {
    if (item.type === 'error') return { ...item, file: undefined, detail: item.detail.replace(/^[^:]*: /, '') };
    return { ...item, origin: { ...item.origin, file: undefined } };
  });

const urls = (items: ScanItem[]) => items.filter((item): item is ScanMatch => item.type === 'match').map((m) => `${m.origin.message}:${m.url}`);
const reasons = (items: ScanItem[]) => items.flatMap((item) => (item.type === 'error' ? [`${item.message ?? '-'}:${item.reason}`] : []));

const FROM = (n: number) => `From user${n}@example.com Mon Jan  1 00:00:0${n % 10} 2001\n`;

describe('scan inputs', () => {
  const path = join(mailDir, 'mboxrd-cl2.mbox');
  const bytes = readFileSync(path);

  it('reads a path, a file: URL, a Buffer, a Uint8Array, a Node stream and an iterable of strings alike', async () => {
    const fromPath = essence(await collect(scan(path)));
    expect(fromPath.length).toBeGreaterThan(2);
    expect(essence(await collect(scan(pathToFileURL(path))))).toEqual(fromPath);
    expect(essence(await collect(scan(bytes)))).toEqual(fromPath);
    expect(essence(await collect(scan(new Uint8Array(bytes))))).toEqual(fromPath);
    expect(essence(await collect(scan(Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]))))).toEqual(fromPath);
    expect(essence(await collect(scan([bytes.toString('utf8')])))).toEqual(fromPath);
  });

  it('names Buffer and stream inputs with the name option', async () => {
    const items = await collect(scan(bytes, { name: 'inbox.mbox' }));
    expect(items.every((item) => item.type === 'match' && item.origin.file === 'inbox.mbox')).toBe(true);
  });

  it('throws a TypeError for misuse only', () => {
    expect(() => scan(42 as unknown as string)).toThrow(TypeError);
    expect(() => scan(bytes, { input: 'pdf' as 'mbox' })).toThrow(/input must be one of/);
    expect(() => scan(bytes, { range: { start: 0, message: 0, line: 1 } })).toThrow(/range/);
    expect(() => scanMessage(7 as unknown as string)).toThrow(TypeError);
  });

  it('gives one error record naming a missing path, and goes on with the next', async () => {
    const items = await collect(scan(join(tmp, 'no-such-file.mbox')));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'error', reason: 'read-failed', file: join(tmp, 'no-such-file.mbox') });
    expect((items[0] as { detail: string }).detail).toContain('ENOENT');
  });

  it('reads gzip mailboxes as they stream, offsets in the decompressed data', async () => {
    const gz = join(tmp, 'box.mbox.gz');
    writeFileSync(gz, gzipSync(bytes));
    expect(essence(await collect(scan(gz)))).toEqual(essence(await collect(scan(path))));
  });

  it('reads a truncated gzip file up to where it breaks, with an error record', async () => {
    const messages = Array.from({ length: 40 }, (_, n) => `${FROM(n)}Subject: ${n}\n\nhttp://host${n}.example.com/ ${'filler text '.repeat(30)}\n\n`).join('');
    const gz = join(tmp, 'cut.mbox.gz');
    const compressed = gzipSync(Buffer.from(messages));
    writeFileSync(gz, compressed.subarray(0, Math.floor(compressed.length * 0.6)));
    const items = await collect(scan(gz));
    const found = urls(items);
    expect(found.length).toBeGreaterThan(10);
    expect(found.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, n) => `${n}:http://host${n}.example.com/`));
    expect(reasons(items).at(-1)).toBe('-:gzip-failed');
  });

  it('scans byte ranges from findMessageBoundaries to the same results as the whole file', async () => {
    const boundaries = [];
    for await (const boundary of findMessageBoundaries(path)) boundaries.push(boundary);
    expect(boundaries.map((b) => b.index)).toEqual([0, 1, 2]);
    expect(boundaries[1]!.offset).toBe(bytes.indexOf('From bob@'));
    const whole = await collect(scan(path));
    const first = await collect(scan(path, { range: { start: 0, end: boundaries[1]!.offset, message: 0, line: 1 } }));
    const rest = await collect(scan(path, { range: { start: boundaries[1]!.offset, message: 1, line: boundaries[1]!.line } }));
    expect([...first, ...rest]).toEqual(whole);
  });
});

describe('scanMessage', () => {
  it('scans one message in memory: URL-bearing fields and the body, never Message-ID or References', () => {
    const message = 'From x Mon Jan  1 00:00:00 2001\nMessage-ID: <id@example.com>\nReferences: <http://ref.example.com/>\nList-Help: <mailto:help@example.com>\n\nhttp://body.example.com/\n';
    const items = scanMessage(message);
    expect(items.map((item) => (item.type === 'match' ? [item.url, item.origin.header ?? item.origin.part] : item.reason))).toEqual([
      ['mailto:help@example.com', 'List-Help'],
      ['http://body.example.com/', '1'],
    ]);
    expect((items[1] as ScanMatch).origin.position.start).toEqual({ line: 6, column: 1, offset: message.indexOf('http://body') });
  });

  it('gives the same results when an onReject callback scans another message meanwhile', () => {
    // The matcher of a document is reused for the next (src/extract.ts): a callback that
    // scans in the middle of a document must neither see nor disturb that document's state.
    const outer = 'Content-Type: text/html\n\nhttp:// <a href="javascript:x">a</a> http://a.example/ ftp: http://b.example/\n';
    const inner = 'Subject: x\n\nnews: http://c.example/ mailto:\n';
    const plain = (text: string) => {
      const rejected: string[] = [];
      const items = scanMessage(text, { onReject: (r) => rejected.push(`${r.candidate}@${r.origin.position.start.offset}`) });
      return { urls: items.map((item) => item.type === 'match' && `${item.url}@${item.origin.position.start.offset}`), rejected };
    };
    const expected = plain(outer); // also leaves a matcher idle, for the scan below to take
    const innerResults: unknown[] = [];
    const rejected: string[] = [];
    const items = scanMessage(outer, {
      onReject: (r) => {
        rejected.push(`${r.candidate}@${r.origin.position.start.offset}`);
        innerResults.push(plain(inner));
      },
    });
    expect(items.map((item) => item.type === 'match' && `${item.url}@${item.origin.position.start.offset}`)).toEqual(expected.urls);
    expect(rejected).toEqual(expected.rejected);
    expect(expected.rejected.length).toBeGreaterThan(1);
    for (const result of innerResults) expect(result).toEqual(plain(inner));
  });

  it('does not scan header fields with headers: false', () => {
    const items = scanMessage('List-Help: <mailto:help@example.com>\n\nhttp://body.example.com/\n', { headers: false });
    expect(items.map((item) => item.type === 'match' && item.url)).toEqual(['http://body.example.com/']);
  });

  it('reports href and src of HTML parts as html-attr, and refused ones to onReject with their origin', () => {
    const rejected: ScanRejection[] = [];
    const items = scanMessage(
      'Content-Type: text/html\n\n<a href="javascript:alert(1)">x</a> <a href="/relative">y</a> <img src="http://img.example.com/a.png"> see http://text.example.com/\n',
      { onReject: (r) => rejected.push(r) },
    );
    expect(items.map((item) => item.type === 'match' && [item.context, item.url])).toEqual([
      ['html-attr', 'http://img.example.com/a.png'],
      ['bare', 'http://text.example.com/'],
    ]);
    expect(rejected.map((r) => [r.context, r.candidate, r.origin.part])).toEqual([['html-attr', 'javascript:alert(1)', '1']]);
  });

  it('gives each match of extracted or unwrapped text the line and column of its place in the decoded part', () => {
    // The points are walked forward over the part as matches come (src/extract.ts): checked here
    // against the lines counted afresh, with attributes, matches and rejections interleaved.
    const piece = fc.constantFrom(
      'http://a.example/x ',
      '<a href="http://h.example/">',
      '<img src="javascript:x">',
      '</a>',
      'http://b.exa<b>mple/</b> ',
      'ftp: ',
      '\n',
      '\n\n',
      ' text ',
      '&amp;',
    );
    const pointOf = (text: string, offset: number) => {
      const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
      return { line: text.slice(0, lineStart).split('\n').length, column: offset - lineStart + 1, offset };
    };
    let checked = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.constantFrom('text/html', 'text/plain; format=flowed'), (pieces, type) => {
        const body = pieces.join('');
        const message = `Content-Type: ${type}\n\n${body}`;
        const rejected: ScanRejection[] = [];
        const items = scanMessage(message, { onReject: (r) => rejected.push(r) });
        for (const found of [...items.filter((item): item is ScanMatch => item.type === 'match' && item.origin.part === '1'), ...rejected]) {
          expect(found.position.start).toEqual(pointOf(body, found.position.start.offset));
          expect(found.position.end).toEqual(pointOf(body, found.position.end.offset));
          expect(body.slice(found.position.start.offset, found.position.end.offset)).toBe(found.raw);
          checked++;
        }
      }),
      { numRuns: fuzzRuns(300) },
    );
    expect(checked).toBeGreaterThan(300);
  });

  it('keeps the slice invariant in the decoded part for unwrapped and extracted text', () => {
    const items = scanMessage('Content-Type: text/html\n\n<p>see <b>http://a.example.com/x?y=1&amp;z=2</b></p>\n');
    const match = items[0] as ScanMatch;
    expect(match.url).toBe('http://a.example.com/x?y=1&z=2');
    expect(match.raw).toBe('http://a.example.com/x?y=1&amp;z=2');
    expect(match.position.start.column).toBe('<p>see <b>'.length + 1);
  });
});

describe('corrupt input never costs the other messages', () => {
  it('a truncated mbox, a 50 MB base64 attachment, an unknown charset and NUL bytes', async () => {
    const attachment = Buffer.alloc(50 * 1024 * 1024, 7).toString('base64').replace(/.{76}/g, '$&\n');
    const box = [
      `${FROM(0)}Subject: fine\n\nhttp://zero.example.com/\n\n`,
      `${FROM(1)}Subject: big\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nhttp://one.example.com/\n--b\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n${attachment}\n--b--\n\n`,
      `${FROM(2)}Subject: martian\nContent-Type: text/plain; charset=x-martian\n\nhttp://two.example.com/\n\n`,
      `${FROM(3)}Subject: nul\n\nhttp://three.example.com/\0\0\n\n`,
      `${FROM(4)}Subject: cut\nContent-Type: multipart/mixed; boundary=c\n\n--c\n\nhttp://four.example.com/ and the rest is mis`,
    ].join('');
    const items = await collect(scan(Buffer.from(box, 'latin1')));
    expect(urls(items)).toEqual(['0:http://zero.example.com/', '1:http://one.example.com/', '2:http://two.example.com/', '3:http://three.example.com/', '4:http://four.example.com/']);
    // Message 1 is cut at MAX_MESSAGE_BYTES; its multipart is not reported as truncated on top of that.
    expect(reasons(items)).toEqual(['1:message-too-large', '2:unknown-charset', '3:nul-bytes', '4:truncated-multipart', '4:truncated-file']);
    for (const item of items) if (item.type === 'error') expect(item.detail.length).toBeGreaterThan(20);
  }, 60_000);

  it('never throws on random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), fc.constantFrom('auto', 'mbox', 'eml', 'news', 'rnews', 'text') as fc.Arbitrary<'auto'>, async (data, input) => {
        const items = await collect(scan(Buffer.from(data), { input }));
        for (const item of items) expect(['match', 'error']).toContain(item.type);
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});

describe('chunking', () => {
  const templates = [
    (n: number) => `${FROM(n)}Subject: plain\nList-Post: <mailto:list${n}@example.com>\n\nhttp://plain${n}.example.com/\n\n`,
    (n: number) => `${FROM(n)}Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nCaf=C3=A9 http://qp${n}.exa=\nmple.com/?a=3Db\n\n`,
    (n: number) => `${FROM(n)}Content-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: base64\n\n${Buffer.from(`<a href="http://b64${n}.example.com/">x</a> \u00e9`).toString('base64')}\n\n`,
    (n: number) => `${FROM(n)}Content-Type: text/plain; format=flowed\n\n>From quoted http://rd${n}.example.com/a \nb\n\n`,
    (n: number) => {
      const body = `From inside http://cl${n}.example.com/\n`;
      return `${FROM(n)}Content-Length: ${body.length}\n\n${body}\n`;
    },
    (n: number) => `${FROM(n)}Content-Type: multipart/alternative; boundary=z\n\n--z\n\nhttp://mp${n}.example.com/\n--z--\n\n`,
  ];

  async function* pieces(data: Buffer, sizes: number[]): AsyncGenerator<Buffer> {
    let at = 0;
    for (let i = 0; at < data.length; i++) {
      const size = sizes[i % sizes.length]!;
      yield data.subarray(at, at + size);
      at += size;
    }
  }

  it('gives the same results whether a mailbox arrives whole, one byte per chunk, or in random chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(templates.length - 1), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 12 }),
        async (choice, sizes) => {
          const data = Buffer.from(choice.map((t, n) => templates[t]!(n)).join(''), 'utf8');
          const whole = await collect(scan(data));
          expect(whole.filter((item) => item.type === 'match').length).toBeGreaterThanOrEqual(choice.length);
          expect(await collect(scan(pieces(data, sizes)))).toEqual(whole);
          expect(await collect(scan(pieces(data, [1])))).toEqual(whole);
        },
      ),
      { numRuns: fuzzRuns(60) },
    );
  });
});

describe('onMessage', () => {
  it('reports every message, with or without URLs, with its offset', async () => {
    const seen: Array<[number, number]> = [];
    const box = `${FROM(0)}Subject: a\n\nno links\n\n${FROM(1)}Content-Type: image/png\n\niVBOR\n`;
    const items = await collect(scan(Buffer.from(box), { onMessage: (m) => seen.push([m.message, m.offset]) }));
    expect(items).toEqual([]);
    expect(seen).toEqual([
      [0, 0],
      [1, box.indexOf(FROM(1))],
    ]);
  });
});

describe('readDocuments', () => {
  it('gives every part of every message, with or without URLs', async () => {
    const docs = [];
    for await (const item of readDocuments(join(mailDir, 'base64-charsets.mbox'))) if (item.type === 'document') docs.push(item);
    expect(docs.map((doc) => [doc.origin.message, doc.origin.charset])).toEqual([
      [0, 'KOI8-R'],
      [1, 'windows-1252'],
      [2, 'ISO-2022-JP'],
    ]);
  });
});
