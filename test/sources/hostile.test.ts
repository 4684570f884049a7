// The hostile-input catalogue for the sources (issue 12), each pattern at a small size with
// its exact result. The same builders run at 2 MB and 4 MB in `npm run bench`, which reports
// their time ratios; nothing here is timed.
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { scan, type ScanItem } from '../../src/index.js';
import { MAX_MIME_DEPTH } from '../../src/sources/message.js';
import { shellWord } from '../../src/sources/read-input.js';
import { expandingGzip, hostileSources } from '../bench/hostile-sources.js';

const build = (name: string, bytes: number): Buffer => {
  const source = hostileSources.find((entry) => entry.name === name);
  if (!source) throw new Error(`no hostile source named "${name}"`);
  return source.build(bytes);
};

/** Every item, as `url` (with `@part` or `@header` when asked) or `reason`. */
async function results(input: Buffer | string, where: 'part' | 'header' | 'none' = 'none'): Promise<string[]> {
  const out: string[] = [];
  for await (const item of scan(input) as AsyncIterable<ScanItem>) {
    if (item.type === 'error') out.push(item.reason);
    else if (where === 'part') out.push(`${item.url} @${item.origin.part}`);
    else if (where === 'header') out.push(`${item.url} @${item.origin.header}`);
    else out.push(item.url);
  }
  return out;
}

/** How many times `unit` occurs in `text`. */
const count = (text: Buffer, unit: string): number => text.toString('latin1').split(unit).length - 1;
/** `http://a.example/i` for every i below `n` that is a multiple of `every`. */
const everyTenth = (n: number, every = 10): string[] => Array.from({ length: n }, (_, i) => i).filter((i) => i % every === 0).map((i) => `http://a.example/${i}`);

const dir = mkdtempSync(join(tmpdir(), 'urlsift-hostile-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('hostile input for the sources', () => {
  it('many distinct armour labels without END lines: the text under them is read', async () => {
    const input = build('armour, distinct labels, no END', 3000);
    expect(await results(input)).toEqual(everyTenth(count(input, '-----BEGIN ')));
  });

  it('many distinct armour labels with END lines: each block is blanked, the text after it read', async () => {
    const input = build('armour, distinct labels with END', 3000);
    expect(await results(input)).toEqual(everyTenth(count(input, '-----BEGIN ')));
  });

  it('nested BEGIN lines: the outer block runs to its own END, and the URL after it is read', async () => {
    expect(await results(build('armour, nested BEGIN blocks', 3000))).toEqual(['http://a.example/']);
  });

  it(`multipart nested past ${MAX_MIME_DEPTH} levels: one error record names the limit`, async () => {
    const input = build('multipart nested deep', 4000);
    expect(count(input, 'multipart/mixed')).toBeGreaterThan(MAX_MIME_DEPTH);
    const found = await results(input);
    expect(found.filter((item) => item === 'mime-too-deep')).toHaveLength(1);
    // Every level above the limit also misses its closing boundary; nothing else is found.
    expect(found.filter((item) => item !== 'mime-too-deep')).toEqual(Array(MAX_MIME_DEPTH).fill('truncated-multipart'));
    const detail: string[] = [];
    for await (const item of scan(input)) if (item.type === 'error' && item.reason === 'mime-too-deep') detail.push(item.detail);
    expect(detail[0]).toContain(`deeper than ${MAX_MIME_DEPTH} levels`);
  });

  it('multipart nested within the limit: the innermost part is read', async () => {
    const input = build('multipart nested deep', 300);
    const depth = count(input, 'multipart/mixed');
    expect(depth).toBeLessThan(MAX_MIME_DEPTH);
    expect(await results(input, 'part')).toEqual([
      `http://a.example/ @${Array(depth).fill('1').join('.')}`,
      ...Array(depth).fill('truncated-multipart'),
    ]);
  });

  it('hundreds of parts in one message: every part is read, numbered in order', async () => {
    const input = build('multipart, many parts', 20_000);
    const parts = count(input, '--b\n');
    expect(parts).toBeGreaterThan(200);
    expect(await results(input, 'part')).toEqual(everyTenth(parts).map((url) => `${url} @${Number(url.slice(17)) + 1}`));
  });

  it('hundreds of encoded words in one header field: each decoded word is read', async () => {
    const input = build('encoded words in one header', 20_000);
    expect(await results(input, 'header')).toEqual(everyTenth(count(input, '=?utf-8?q?')).map((url) => `${url} @List-Archive`));
  });

  it('hundreds of encoded words in B, and in ISO-8859-2: each decoded word is read', async () => {
    const b = build('encoded words in B', 20_000);
    expect(await results(b, 'header')).toEqual(everyTenth(count(b, '=?UTF-8?B?')).map((url) => `${url} @List-Archive`));
    const latin2 = build('encoded words in ISO-8859-2', 20_000);
    expect(await results(latin2, 'header')).toEqual(everyTenth(count(latin2, '=?iso-8859-2?Q?')).map((url) => `${url} @List-Archive`));
  });

  it('hundreds of encoded words in distinct unknown charsets: one error record, and the URLs between them read', async () => {
    const input = build('encoded words, distinct unknown charsets', 20_000);
    const words = count(input, '=?x-k');
    const detail: string[] = [];
    for await (const item of scan(input)) if (item.type === 'error') detail.push(item.detail);
    expect(detail).toEqual([`message 0: unknown charset "x-k1" in an encoded word of the List-Archive field; it and ${words - 1} more words in unknown charsets are scanned as written`]);
    expect(await results(input, 'header')).toEqual(['unknown-charset', ...everyTenth(words + count(input, ' http://')).map((url) => `${url} @List-Archive`)]);
  });

  it('a header field folded over hundreds of lines: read as one field', async () => {
    const input = build('header folded over many lines', 20_000);
    expect(await results(input, 'header')).toEqual(everyTenth(count(input, '\n ')).map((url) => `${url} @List-Archive`));
  });

  it('HTML with unclosed tags, comments and attribute quotes: what they swallow is markup, not text', async () => {
    expect(await results(build('HTML unclosed tags', 3000))).toEqual([]);
    expect(await results(build('HTML unclosed comments', 3000))).toEqual([]);
    // The href value runs to the next `"` and holds spaces: no URL (RFC 1738 Appendix: a URL has none).
    expect(await results(build('HTML unclosed attribute quotes', 3000))).toEqual([]);
  });

  it('HTML of short tags, one every few characters: the URL among them read', async () => {
    const input = build('HTML closed tags', 30_000);
    expect(await results(input)).toEqual(everyTenth(count(input, '<p>'), 100));
  });

  it('HTML attribute values no parser accepts: refused without a word, the good one among them found', async () => {
    const input = build('HTML attribute values refused', 30_000);
    expect(await results(input)).toEqual(everyTenth(count(input, '<a href='), 100));
  });

  it('HTML attribute values written with character references: decoded, the refused ones refused, and the URL among them found', async () => {
    const input = build('HTML attribute values of references', 30_000);
    expect(await results(input)).toEqual(everyTenth(count(input, '<a href=&x') + count(input, 'ttp://a.example/'), 100));
  });

  it('HTML of thousands of character references: decoded, and the URL among them read', async () => {
    const input = build('HTML entities', 100_000);
    expect(await results(input)).toEqual(Array(count(input, 'http&#58;')).fill('http://a.example/&'));
  });

  it('quoted-printable of soft line breaks only: decodes to nothing after the URL', async () => {
    expect(await results(build('quoted-printable, soft breaks only', 3000))).toEqual(['http://a.example/']);
  });

  it('base64 with garbage and no line breaks: one error record, the body read as it is', async () => {
    expect(await results(build('base64 garbage, one line', 3000))).toEqual(['malformed-base64']);
  });

  it('one line without a newline: every URL on it, in order', async () => {
    const input = build('one line, no newline', 5000);
    expect(await results(input)).toEqual(everyTenth(count(input, 'word ') + count(input, 'ends ')));
  });

  it('an mbox of tiny messages: every message counted, nothing found', async () => {
    const input = build('mbox of tiny messages', 8000);
    let messages = 0;
    for await (const item of scan(input, { onMessage: () => messages++ })) throw new Error(`unexpected ${item.type}`);
    expect(messages).toBe(count(input, 'From a\n\n') + 1);
    expect(messages).toBeGreaterThan(900);
  });

  it('tiny messages among them that hold a URL, an address or a NUL byte are still read', async () => {
    const tiny = 'From a\n\n'.repeat(3);
    const input = `From a@example.org Mon Jan  1 00:00:00 2024\n\n${tiny}From a\n\nhttp://a.example/x\n${tiny}From www.example.com\n\n${tiny}From a\n\nb@example.org\n${tiny}From a\n\n\0\n${tiny}`;
    const found: string[] = [];
    let messages = 0;
    for await (const item of scan(Buffer.from(input, 'latin1'), { emails: true, onMessage: () => messages++ })) {
      found.push(item.type === 'error' ? `${item.reason} in ${item.message}` : `${item.url} in ${item.origin.message}`);
    }
    expect(found).toEqual(['http://a.example/x in 4', 'http://www.example.com in 8', 'mailto:b@example.org in 12', 'nul-bytes in 16']);
    expect(messages).toBe(20);
  });

  it('mboxo From lines inside a body: each starts a message, and its URL is read from the line', async () => {
    const input = build('From lines in bodies', 3000);
    expect(await results(input, 'header')).toEqual(everyTenth(count(input, '\nFrom here')).map((url) => `${url} @From `));
  });

  it('a .gz that expands 1000 times streams to the URL at its end', async () => {
    const input = expandingGzip(1_000_000);
    expect(input.length).toBeLessThan(2000);
    expect(await results(input)).toEqual(['http://a.example/end']);
  });

  it('a truncated .gz: what was inflated is read, then one gzip-failed record', async () => {
    const messages = Array.from({ length: 400 }, (_, i) => `From a@example.org Mon Jan  1 00:00:00 2024\nSubject: ${i}\n\nhttp://a.example/${i}\n\n`).join('');
    const whole = gzipSync(messages);
    const found = await results(whole.subarray(0, whole.length - 200));
    // The cut falls inside a message's line: that message is reported as cut, then the stream.
    expect(found.slice(-2)).toEqual(['truncated-file', 'gzip-failed']);
    const urls = found.slice(0, -2);
    expect(urls.length).toBeGreaterThan(100);
    expect(urls).toEqual(everyTenth(urls.length, 1));
  });

  it.each([
    ['xz', Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04, 0xe6, 0xd6])],
    ['bzip2', Buffer.from('BZh91AY&SYhttp://a.example/', 'latin1')],
    ['zstd', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x00, 0x68, 0x74, 0x74, 0x70])],
  ])('%s data is refused by name, with one error record, not read as text', async (format, bytes) => {
    const items = [];
    for await (const item of scan(bytes, { name: `box.${format}` })) items.push(item);
    expect(items).toEqual([
      {
        type: 'error',
        reason: 'unsupported-compression',
        detail: `box.${format}: ${format}-compressed data cannot be read; decompress it first (${format} -dc box.${format} | urlsift -)`,
        file: `box.${format}`,
      },
    ]);
  });

  it('a part labelled UTF-8 with bytes that are not: one error record, and every URL that is whole still found', async () => {
    const message = (charset: string) => Buffer.concat([Buffer.from(`From: a@b.example\nContent-Type: text/plain; charset=${charset}\n\nsee http://a.example/ok and http://b.example/caf`), Buffer.from([0xe9]), Buffer.from(' then http://c.example/ok\n')]);
    const items: ScanItem[] = [];
    for await (const item of scan(message('utf-8'), { name: 'bad.eml' })) items.push(item);
    const errors = items.filter((item) => item.type === 'error');
    expect(errors.map((item) => item.type === 'error' && [item.reason, item.file, item.message])).toEqual([['invalid-utf8', 'bad.eml', 0]]);
    expect(items.filter((item) => item.type === 'match').map((item) => item.type === 'match' && item.url)).toEqual(['http://a.example/ok', 'http://c.example/ok']);
    // Unlabelled, or labelled Latin-1: read as Latin-1, nothing to say.
    for (const charset of ['us-ascii', 'iso-8859-1']) {
      const read: ScanItem[] = [];
      for await (const item of scan(message(charset), { name: 'fine.eml' })) read.push(item);
      expect(read.filter((item) => item.type === 'error'), charset).toEqual([]);
    }
  });

  it("the hint's file name is one shell word, whatever the sender named the file", async () => {
    // Harmless if the quoting ever breaks: each shell piece only prints (never put a command
    // that changes anything here; a planted bug runs it).
    const name = "my box; echo cut $(echo sub) `echo tick` 'q' * ~.xz";
    const items = [];
    for await (const item of scan(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), { name })) items.push(item);
    expect(items).toHaveLength(1);
    const hint = /\(xz -dc (.*) \| urlsift -\)$/.exec((items[0] as { detail: string }).detail)?.[1] ?? '';
    expect(hint).toBe(shellWord(name));
    // A shell reads the word back as the name, and runs nothing in it.
    expect(spawnSync('sh', ['-c', `printf %s ${hint}`], { encoding: 'utf8' }).stdout).toBe(name);
    for (const plain of ['box.xz', '/tmp/a-b/c_d.xz', 'a@b:c,d=e+f%.xz']) expect(shellWord(plain)).toBe(plain);
  });

  it('a mailbox with CR-only line ends is read as mail, each CR a line end, positions exact', async () => {
    const box = 'From a@example.org Mon Jan  1 00:00:00 2024\rSubject: one\r\rsee http://a.example/cr\r\rFrom b@example.org Mon Jan  1 00:00:00 2024\rSubject: two\r\rhttp://b.example/cr\r';
    const found = [];
    for await (const item of scan(Buffer.from(box, 'latin1'))) {
      if (item.type === 'error') throw new Error(item.detail);
      found.push({ url: item.url, message: item.origin.message, part: item.origin.part, start: item.origin.position.start });
    }
    expect(found).toEqual([
      { url: 'http://a.example/cr', message: 0, part: '1', start: { line: 4, column: 5, offset: box.indexOf('http://a.') } },
      { url: 'http://b.example/cr', message: 1, part: '1', start: { line: 9, column: 1, offset: box.indexOf('http://b.') } },
    ]);
  });

  it('a FIFO is read as it streams', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = createWriteStream(fifo);
    writer.end('From a@example.org Mon Jan  1 00:00:00 2024\nSubject: x\n\nhttp://a.example/fifo\n');
    expect(await results(fifo)).toEqual(['http://a.example/fifo']);
  });
});
