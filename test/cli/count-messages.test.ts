import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { countMessages, teeMessageCount } from '../../src/cli/count-messages.js';

const MBOX = [
  'From a@example.org Mon Jan  6 10:00:00 2020\nSubject: one\n\nbody\n>From quoted, not a boundary\n\n',
  'From b@example.org Mon Jan  6 10:00:00 2020\nSubject: two\n\nbody\n\n',
  'From c@example.org Mon Jan  6 10:00:00 2020\nSubject: three\n\nbody\n',
].join('');

async function* chunksOf(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('countMessages', () => {
  it.each([1, 7, 4096])('counts the messages of an mbox in chunks of %i bytes', async (size) => {
    expect(await countMessages(chunksOf(Buffer.from(MBOX), size), 'auto')).toBe(3);
  });

  it('counts a gzipped mbox', async () => {
    expect(await countMessages(chunksOf(gzipSync(MBOX), 10), 'auto')).toBe(3);
  });

  it('counts one for a message or an article, none for text', async () => {
    const eml = Buffer.from('From: a@example.org\nTo: b@example.org\nSubject: x\n\nhi\n');
    expect(await countMessages(chunksOf(eml, 100), 'auto')).toBe(1);
    expect(await countMessages(chunksOf(Buffer.from('just text\n'), 100), 'auto')).toBe(0);
    expect(await countMessages(chunksOf(Buffer.from('just text\n'), 100), 'news')).toBe(1);
  });

  it('counts the frames of an rnews batch (RFC 1036 §4.3), wherever the chunks are cut', async () => {
    const article = 'Newsgroups: a.b\nSubject: x\n\nhi\n';
    const batch = Buffer.from(`#! rnews ${article.length}\n${article}#! rnews ${article.length}\n${article}`);
    for (const size of [1, 3, 10, 1000]) expect(await countMessages(chunksOf(batch, size), 'auto')).toBe(2);
  });

  it('ends the count quietly on a broken gzip stream', async () => {
    const broken = gzipSync(MBOX).subarray(0, 30);
    await expect(countMessages(chunksOf(broken, 8), 'auto')).resolves.toBeGreaterThanOrEqual(0);
  });
});

describe('teeMessageCount', () => {
  it('passes every chunk on unchanged and counts on the side', async () => {
    const { chunks, count } = teeMessageCount(chunksOf(Buffer.from(MBOX), 5), 'auto');
    const passed: Buffer[] = [];
    for await (const chunk of chunks) passed.push(chunk);
    expect(Buffer.concat(passed).toString()).toBe(MBOX);
    expect(await count).toBe(3);
  });
});
