import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMboxSplitter, findQuotedFrom, MAX_BATCH_ITEMS, readMbox, splitMbox, unquoteMboxrd, type MboxMessage } from '../../src/sources/mbox.js';
import type { ScanError, SourceDocument } from '../../src/sources/origin.js';
import { fuzzRuns } from '../fuzz-runs.js';
import { chunked } from '../support/chunks.js';
import { parseHeader } from '../../src/sources/header.js';


async function split(text: string | Buffer, sizes?: number[], limit?: number): Promise<Array<MboxMessage | ScanError>> {
  const data = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
  const out: Array<MboxMessage | ScanError> = [];
  for await (const item of splitMbox(chunked(data, sizes), { file: 'box' }, undefined, limit)) out.push(item);
  return out;
}

const messages = (items: Array<MboxMessage | ScanError>): MboxMessage[] => items.filter((item): item is MboxMessage => item.type === 'message');
const summary = (items: Array<MboxMessage | ScanError>) =>
  items.map((item) => (item.type === 'message' ? { index: item.index, offset: item.offset, line: item.line, length: item.length, raw: item.raw.toString('latin1') } : item));

const FROM_1 = 'From alice@example.com Mon Jan  1 00:00:00 2001\n';
const FROM_2 = 'From bob@example.com Tue Jan  2 00:00:00 2001\n';
const FROM_3 = 'From carol@example.com Wed Jan  3 00:00:00 2001\n';

describe('splitMbox', () => {
  it('splits at every line starting with "From " and reports offsets and lines', async () => {
    const one = `${FROM_1}Subject: one\n\nbody\n\n`;
    const two = `${FROM_2}Subject: two\n\n>From quoted\n\n`;
    const three = `${FROM_3}Subject: three\n\nlast\n`;
    const items = await split(one + two + three);
    expect(summary(items)).toEqual([
      { index: 0, offset: 0, line: 1, length: one.length, raw: one },
      { index: 1, offset: one.length, line: 6, length: two.length, raw: two },
      { index: 2, offset: one.length + two.length, line: 11, length: three.length, raw: three },
    ]);
  });

  it('honours a consistent Content-Length (mboxcl2): a "From " line inside the body is not a boundary', async () => {
    const body = 'From the start of a line\nhttp://example.com/\n';
    const one = `${FROM_1}Content-Length: ${body.length}\n\n${body}\n`;
    const two = `${FROM_2}Subject: two\n\nx\n`;
    expect(messages(await split(one + two)).map((m) => m.raw.toString('latin1'))).toEqual([one, two]);
    // Also when the claimed body ends the file.
    const only = `${FROM_1}Content-Length: ${body.length}\n\n${body}`;
    expect(messages(await split(only))).toHaveLength(1);
  });

  it('ignores an inconsistent Content-Length, as Python\'s mailbox.mbox always does', async () => {
    const body = 'text\nFrom somebody else\nmore\n';
    const box = `${FROM_1}Content-Length: 7\n\n${body}`;
    expect(messages(await split(box))).toHaveLength(2);
    const beyond = `${FROM_1}Content-Length: 5000\n\n${body}`;
    expect(messages(await split(beyond))).toHaveLength(2);
  });

  it('reports bytes before the first "From " line and an input cut inside a message', async () => {
    const items = await split(`junk line\n${FROM_1}\nbody without final newline`);
    expect(items.map((item) => (item.type === 'message' ? 'message' : item.reason))).toEqual(['junk-before-first-message', 'message', 'truncated-file']);
    expect(messages(items)[0]!.offset).toBe('junk line\n'.length);
    expect(messages(items)[0]!.line).toBe(2);
  });

  it('reads an empty input as no messages and text without "From " lines as junk', async () => {
    expect(await split('')).toEqual([]);
    expect((await split('no mbox here\n')).map((item) => item.type === 'error' && item.reason)).toEqual(['junk-before-first-message']);
  });

  it('keeps only the first bytes of a message over the limit, and reads the next one whole', async () => {
    const big = `${FROM_1}Subject: big\n\n${'x'.repeat(200)}\n${'y'.repeat(200)}\n\n`;
    const next = `${FROM_2}Subject: next\n\nok\n`;
    const items = await split(big + next, [7], 100);
    expect(items.map((item) => (item.type === 'message' ? item.index : item.reason))).toEqual(['message-too-large', 0, 1]);
    const [first, second] = messages(items);
    expect(first!.raw.toString('latin1')).toBe(big.slice(0, 100));
    expect(first!.length).toBe(big.length);
    expect(second!.offset).toBe(big.length);
    expect(second!.line).toBe(7);
    expect(second!.raw.toString('latin1')).toBe(next);
  });

  it('gives the same result however the input is cut into chunks', async () => {
    const part = fc.constantFrom(
      FROM_1,
      FROM_2,
      'Subject: s\n',
      'Content-Length: 12\n',
      'Content-Length: 30\n',
      '\n',
      'From inside a body\n',
      '>From quoted\n',
      'text http://example.com/\n',
      'x'.repeat(40),
      '\r\n',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 25 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 10 }), fc.boolean(), async (parts, sizes, small) => {
        const data = Buffer.from(parts.join(''), 'latin1');
        const limit = small ? 64 : undefined;
        const whole = summary(await split(data, undefined, limit));
        expect(summary(await split(data, sizes, limit))).toEqual(whole);
        expect(summary(await split(data, [1], limit))).toEqual(whole);
      }),
      { numRuns: fuzzRuns(150) },
    );
  });
  it('honours a Content-Length whose body is still being read when the buffer is moved to a larger one', async () => {
    // The claimed end is an offset in the splitter's buffer: moved with the message when a
    // chunk makes room (past the first 256 KiB), or the inner "From " line split it.
    const filler = `${FROM_1}Subject: f\n\n${'x'.repeat(70)}\n`.repeat(3000);
    const body = `line\nFrom inside the body\n${'y'.repeat(300_000)}\nend\n`;
    const claimed = `${FROM_2}Content-Length: ${body.length}\n\n${body}\n`;
    const data = Buffer.from(`${filler}${claimed}${FROM_3}Subject: last\n\nz\n`, 'latin1');
    const whole = summary(await split(data));
    expect(messages(await split(data)).map((m) => m.raw.length).slice(-2)).toEqual([claimed.length, `${FROM_3}Subject: last\n\nz\n`.length]);
    for (const size of [65_536, 100_000, 262_144]) expect(summary(await split(data, [size]))).toEqual(whole);
  });

  it('hands on the header section it read for Content-Length only as the message reader would read it', async () => {
    // readMbox gives a message's reader the splitter's section instead of reading the header
    // again: it must be what parseHeader makes of the message's own bytes, however cut.
    const part = fc.constantFrom(
      FROM_1,
      FROM_2,
      'Subject: s\n',
      'Content-Length: 12\n',
      'Content-Length: 30\r\n',
      'X-Folded: a\n b\n',
      ' continued\n',
      'List-Help: <http://example.com/>\n',
      'no colon here\n',
      '\n',
      '\r\n',
      'From inside a body\n',
      'text http://example.com/\n',
    );
    let handedOn = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 25 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 10 }), fc.boolean(), async (parts, sizes, small) => {
        const data = Buffer.from(`${FROM_1}${parts.join('')}`, 'latin1');
        for (const message of messages(await split(data, sizes, small ? 64 : undefined))) {
          if (message.header === undefined) continue;
          handedOn++;
          const { raw } = message;
          expect(message.length).toBe(raw.length);
          expect(message.header).toEqual(parseHeader(raw, raw.indexOf(10) + 1, raw.length));
        }
      }),
      { numRuns: fuzzRuns(150) },
    );
    expect(handedOn).toBeGreaterThan(0);
  });
});

/** How a chunk reaches the splitter in {@link splitLending}. */
type Feed = 'fresh' | 'lent' | 'abandoned';

/**
 * The splitter fed `data` in chunks of `sizes` bytes, each read as `feeds` say in turn: into
 * fresh memory, into the memory the splitter lends, or into lent memory that the reader then
 * keeps for itself (a gzip stream's input) while it pushes a copy. Every chunk read into lent
 * memory is checked, at the end, to still hold its bytes: the line window keeps such chunks.
 */
function splitLending(data: Buffer, sizes: number[], feeds: Feed[], limit?: number, reuse = false): Array<MboxMessage | ScanError> {
  const splitter = createMboxSplitter({ file: 'box' }, undefined, limit, undefined, reuse);
  const out: Array<MboxMessage | ScanError> = [];
  const held: Array<{ chunk: Buffer; bytes: Buffer }> = [];
  let lent = 0;
  for (let at = 0, i = 0; at < data.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] ?? data.length);
    const end = Math.min(data.length, at + size);
    const feed = feeds[i % feeds.length] ?? 'fresh';
    const view = feed === 'fresh' ? undefined : splitter.lend(size);
    let chunk: Buffer = Buffer.from(data.subarray(at, end));
    if (view) {
      lent++;
      expect(view.length).toBe(size);
      // A view kept by its reader holds other bytes (gzip's input) than the chunk pushed.
      const bytes = feed === 'lent' ? data.subarray(at, end) : Buffer.alloc(end - at, '#');
      bytes.copy(view);
      // A chunk lent and given back is the splitter's memory again, which one that reuses it writes over.
      if (!reuse || feed === 'abandoned') held.push({ chunk: view.subarray(0, end - at), bytes });
      if (feed === 'lent') chunk = view.subarray(0, end - at);
    }
    splitter.push(chunk);
    // A splitter that reuses its memory writes over a message's bytes at the next lend or push: copied now.
    for (let item = splitter.next(); item !== undefined; item = splitter.next()) out.push(reuse && item.type === 'message' ? { ...item, raw: Buffer.from(item.raw) } : item);
    at = end;
  }
  splitter.end();
  for (let item = splitter.next(); item !== undefined; item = splitter.next()) out.push(item);
  // A view kept by its reader is never written over, reuse or not.
  for (const { chunk, bytes } of held) expect(chunk.equals(bytes)).toBe(true);
  lentChunks = lent;
  return out;
}

/** How many chunks the last {@link splitLending} read into lent memory. */
let lentChunks = 0;

describe('MboxSplitter.lend', () => {
  it('splits chunks read into the memory it lends as it splits copied ones, and never writes over a chunk lent', async () => {
    const part = fc.constantFrom(FROM_1, FROM_2, 'Subject: s\n', 'Content-Length: 12\n', 'Content-Length: 30\n', '\n', 'From inside a body\n', '>From quoted\n', 'text http://example.com/\n', 'x'.repeat(40), '\r\n');
    const feed = fc.constantFrom<Feed>('fresh', 'lent', 'abandoned');
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { maxLength: 40, size: 'max' }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 10 }),
        fc.array(feed, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (parts, sizes, feeds, small) => {
          const data = Buffer.from(parts.join(''), 'latin1');
          const limit = small ? 64 : undefined;
          const whole = summary(await split(data, undefined, limit));
          expect(summary(splitLending(data, sizes, feeds, limit))).toEqual(whole);
        },
      ),
      { numRuns: fuzzRuns(200) },
    );
  });

  it('takes chunks read into its memory in place, across its buffers, and lends no more once a view lent is kept', () => {
    const data = Buffer.from(`${FROM_1}Subject: s\n\n${'text http://example.com/\n'.repeat(40_000)}${FROM_2}\nlast\n`, 'latin1');
    const whole = summary(splitLending(data, [65_536], ['fresh']));
    expect(summary(splitLending(data, [65_536], ['lent']))).toEqual(whole);
    expect(lentChunks).toBe(Math.ceil(data.length / 65_536));
    expect(summary(splitLending(data, [300_000, 1, 70_000], ['lent']))).toEqual(whole);
    expect(lentChunks).toBeGreaterThan(3);
    const splitter = createMboxSplitter();
    const first = splitter.lend(16);
    expect(first).toBeDefined();
    expect(splitter.lend(16)).toBeUndefined();
    splitter.push(Buffer.from(FROM_1, 'latin1'));
    expect(splitter.lend(16)).toBeUndefined();
  });
});

describe('MboxSplitter with reuse', () => {
  it('hands out the messages a splitter with new buffers does, each intact until the next lend or push, however the input is read', () => {
    // About 2 MB in a seeded order: messages longer and shorter than the splitter's first
    // buffer (256 KiB), so that it moves the message being read to the start of the buffer
    // it has, or to a new one when the message does not fit; Content-Length bodies with
    // `From ` lines; a message past the limit (800 KB); no final line break.
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const texts: string[] = [];
    for (let i = 0, size = 0; size < 2_000_000; i++) {
      const line = `text ${i} http://example.com/${i}\n`;
      const kind = random(8);
      let text: string;
      if (i === 3) text = `${FROM_1}Subject: past the limit\n\n${line.repeat(30_000)}`;
      else if (kind === 0) text = `${FROM_1}Subject: big\n\n${line.repeat(2000 + random(12_000))}`;
      else if (kind === 1) {
        const body = `From inside ${i}\n${line.repeat(random(40))}`;
        text = `${FROM_2}Content-Length: ${Buffer.byteLength(body) + (random(3) === 0 ? 7 : 0)}\n\n${body}\n`;
      } else text = `${FROM_1}Subject: s\n\n${line.repeat(random(300))}`;
      texts.push(text);
      size += text.length;
    }
    const data = Buffer.from(`${texts.join('')}${FROM_2}\nlast`, 'latin1');
    const limit = 800_000;
    const whole = summary(splitLending(data, [65_536], ['fresh'], limit));
    expect(messages(splitLending(data, [65_536], ['fresh'], limit)).some((message) => message.length > message.raw.length)).toBe(true);
    for (const [sizes, feeds] of [
      [[262_144], ['lent']],
      [[4096, 100_000, 1, 70_000], ['lent']],
      [[65_536, 300_000], ['lent', 'fresh']],
      [[50_000], ['lent', 'lent', 'abandoned', 'lent']],
    ] as Array<[number[], Feed[]]>) {
      expect(summary(splitLending(data, sizes, feeds, limit, true)), `reads of ${sizes.join(', ')}`).toEqual(whole);
    }
  });
});

describe('unquoteMboxrd', () => {
  it('removes one ">" from ">From " and ">>From " lines only', () => {
    const raw = Buffer.from('From x\nA: b\n\n>From one\n>>From two\n> >From three\nx>From four\n', 'latin1');
    const start = raw.indexOf('A:');
    const result = unquoteMboxrd(raw, start);
    expect(result?.bytes.toString('latin1')).toBe('From x\nA: b\n\nFrom one\n>From two\n> >From three\nx>From four\n');
    const map = result!.map;
    const at = result!.bytes.indexOf('two');
    expect(raw.toString('latin1', map.start(at), map.end(at + 3))).toBe('two');
  });

  it('returns nothing to do for a message without quoted lines', () => {
    expect(unquoteMboxrd(Buffer.from('From x\n\nhello\n'), 7)).toBeUndefined();
  });

  it('gives each message that was not cut, but the last, the count of line breaks in its raw bytes, however the input is cut into chunks', async () => {
    const piece = fc.constantFrom(FROM_1, 'From x\n', '\n', 'text\n', 'Content-Length: 3\n', '\r\n', 'no break', '>From y\n');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 60, size: 'max' }), fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }), fc.option(fc.integer({ min: 20, max: 200 }), { nil: undefined }), async (pieces, sizes, limit) => {
        const all = messages(await split(FROM_2 + pieces.join(''), sizes, limit));
        all.forEach((message, i) => {
          const whole = message.length === message.raw.length && i < all.length - 1;
          let breaks = 0;
          for (const byte of message.raw) if (byte === 10) breaks++;
          expect(message.lineBreaks).toBe(whole ? breaks : undefined);
          // And the next message's first line follows from it.
          if (whole) expect(all[i + 1]!.line).toBe(message.line + breaks);
        });
      }),
    );
  });

  it('is asked only for messages the splitter saw a ">From " in (quotedFrom), however the input is cut into chunks', async () => {
    // readMbox unquotes a message only when its quotedFrom is set: a message with a `>From `
    // anywhere in its raw bytes must have it, whether the splitter's search met it in a short
    // span (byte by byte), a long one (native search) or across two chunks, or passed over it
    // (a Content-Length body, a message cut at the limit).
    const piece = fc.constantFrom(FROM_1, 'From x\n', '>From y\n', '>>From z\n', 'x>From w\n', '>', 'From ', 'rom ', 'Content-Length: 3\n', 'Content-Length: 40\n', '\n', 'text\n', 'x'.repeat(150), '\r\n');
    let unquoted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 60, size: 'max' }),
        fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 10 }),
        fc.option(fc.integer({ min: 100, max: 600 }), { nil: undefined }),
        async (pieces, sizes, limit) => {
          for (const message of messages(await split(FROM_2 + pieces.join(''), sizes, limit))) {
            if (message.raw.indexOf('>From ') >= 0) expect(message.quotedFrom).toBe(true);
            if (!message.quotedFrom) unquoted++;
          }
        },
      ),
      { numRuns: fuzzRuns(300) },
    );
    // Not every message is searched again.
    expect(unquoted).toBeGreaterThan(0);
    const [plain, quoted] = messages(await split(`${FROM_1}A: b\n\n${'x'.repeat(300)}\n${FROM_2}A: b\n\n${'x'.repeat(300)}\n>From y\n`));
    expect([plain?.quotedFrom, quoted?.quotedFrom]).toEqual([false, true]);
    // A Content-Length body with a `From ` line is passed over, not searched: its `>From ` line counts.
    const body = 'From inside the body\n>From quoted\n';
    const [counted] = messages(await split(`${FROM_1}Content-Length: ${body.length}\n\n${body}${FROM_2}\n`));
    expect(counted?.raw.toString('latin1')).toContain('>From quoted');
    expect(counted?.quotedFrom).toBe(true);
  });

  it('finds each ">From " where a plain search does, in short and long spans', () => {
    // Long spans search for "From " and look at the byte before; short ones go byte by byte.
    const piece = fc.constantFrom('>', 'From ', '>From ', 'F', 'rom ', '\n', 'x', '<a>', '>>');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 0, maxLength: 120, size: 'max' }), (pieces) => {
        const raw = Buffer.from(pieces.join(''), 'latin1');
        for (let from = 0; from <= raw.length; from++) expect(findQuotedFrom(raw, from)).toBe(raw.indexOf('>From ', from));
      }),
    );
  });
});

describe('readMbox', () => {
  it('gives each message its index, offset and Message-ID, and maps positions through the unquoting', async () => {
    const one = `${FROM_1}Message-ID: <one@example>\n\nhello\n\n`;
    const two = `${FROM_2}Message-ID: <two@example>\nList-Post: <mailto:list@example.com>\n\n>From here: http://example.com/x\n`;
    const docs: SourceDocument[] = [];
    for await (const batch of readMbox(chunked(Buffer.from(one + two, 'latin1')), { file: 'box' })) {
      for (const item of batch) if (item.type === 'document') docs.push(item);
    }
    expect(docs.map((doc) => [doc.origin.message, doc.origin.messageOffset, doc.origin.messageId, doc.origin.header ?? doc.origin.part])).toEqual([
      [0, 0, '<one@example>', '1'],
      [1, one.length, '<two@example>', 'List-Post'],
      [1, one.length, '<two@example>', '1'],
    ]);
    const body = docs[2]!;
    expect(body.text).toBe('From here: http://example.com/x\n');
    const at = body.text.indexOf('http');
    // Line 10 of the file is ">From here: http://...": the URL starts at byte column 13.
    expect(body.toRaw(at, false)).toEqual({ line: 10, column: 13, offset: (one + two).indexOf('http') });
  });

  it('reads only the From line of a message whose other lines hold nothing a URL could start at, and counts it', async () => {
    const box = `${FROM_1}Subject: s\n\nFrom here see http://a.example/\n>From there\nFrom here see http://b.example/\nand http://c.example/\n`;
    const told: number[] = [];
    const docs: SourceDocument[] = [];
    for await (const batch of readMbox(chunked(Buffer.from(box, 'latin1')), { file: 'box' }, { onMessage: (m) => told.push(m.message) })) {
      for (const item of batch) if (item.type === 'document') docs.push(item);
    }
    expect(told).toEqual([0, 1, 2]);
    // Message 1 gives its From line only; message 2 its From line and its body.
    expect(docs.map((doc) => [doc.origin.message, doc.origin.header ?? doc.origin.part, doc.text])).toEqual([
      [0, '1', ''],
      [1, 'From ', 'here see http://a.example/'],
      [2, 'From ', 'here see http://b.example/'],
      [2, '1', 'and http://c.example/\n'],
    ]);
  });

  it('hands documents on in batches of at most MAX_BATCH_ITEMS when each message gives only its From line, each mapped to its place', async () => {
    // One chunk holds them all: the batch must still be cut, or every document stays alive
    // until the input ends (bench row "From lines in bodies").
    const lines = Array.from({ length: 3 * MAX_BATCH_ITEMS }, (_, i) => `From here see http://a.example/${i}\n`);
    const box = `${FROM_1}Subject: s\n\n${lines.join('')}`;
    const sizes: number[] = [];
    const docs: SourceDocument[] = [];
    for await (const batch of readMbox(chunked(Buffer.from(box, 'latin1')), { file: 'box' })) {
      sizes.push(batch.length);
      for (const item of batch) if (item.type === 'document' && item.origin.header === 'From ') docs.push(item);
    }
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_BATCH_ITEMS);
    expect(docs).toHaveLength(lines.length);
    for (const [i, doc] of docs.entries()) {
      const at = doc.text.indexOf('http');
      const offset = box.indexOf(`\n${lines[i]}`) + 1 + 'From '.length + at;
      expect([doc.origin.message, doc.toRaw(at, false), doc.toRaw(doc.text.length, true)]).toEqual([
        i + 1,
        { line: i + 4, column: 'From '.length + at + 1, offset },
        { line: i + 4, column: lines[i]!.length, offset: offset - at + doc.text.length },
      ]);
    }
  });

  it('counts quiet messages (short, nothing a URL could start at) as splitMbox splits them, and keeps the lines after them', async () => {
    // The splitter skips quiet messages itself; every message must still be told of, with
    // the place splitMbox (which hands every message out) gives it, however the input is cut.
    const part = fc.constantFrom('From a\n\n', 'From a\nb\n', 'From a\n', FROM_1, 'Subject: s\n', '\n', 'text http://example.com/\n', 'x'.repeat(40), '>From quoted\n', 'From www.example.com\n');
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 10 }), async (parts, sizes) => {
        const text = `${FROM_1}${parts.join('')}`;
        const data = Buffer.from(text, 'latin1');
        const told: Array<[number, number, number]> = [];
        const docs: SourceDocument[] = [];
        for await (const batch of readMbox(chunked(data, sizes), { file: 'box' }, { onMessage: (m) => told.push([m.message, m.offset, m.length]) })) {
          for (const item of batch) if (item.type === 'document') docs.push(item);
        }
        expect(told).toEqual(messages(await split(data)).map((m) => [m.index, m.offset, m.length]));
        for (const doc of docs) {
          const start = doc.toRaw(0, false);
          expect(start.line).toBe(text.slice(0, start.offset).split('\n').length);
        }
      }),
      { numRuns: fuzzRuns(150) },
    );
  });
});
