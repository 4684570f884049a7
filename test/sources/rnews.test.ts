import { describe, expect, it } from 'vitest';
import type { ScanError, SourceDocument } from '../../src/sources/origin.js';
import { readRnews } from '../../src/sources/rnews.js';
import { chunked, collectBatches } from '../support/chunks.js';

async function read(text: string, size = text.length): Promise<Array<SourceDocument | ScanError>> {
  const data = Buffer.from(text, 'latin1');
  return collectBatches(readRnews(chunked(data, [size]), { file: 'batch' }));
}

const article = (id: string, body: string) => `Newsgroups: news.misc\nMessage-ID: <${id}@example>\n\n${body}\n`;
const frame = (text: string, count = Buffer.byteLength(text, 'latin1')) => `#! rnews ${count}\n${text}`;
const summary = (items: Array<SourceDocument | ScanError>) =>
  items.map((item) => (item.type === 'error' ? `error ${item.reason}` : `${item.origin.message} ${item.origin.messageId} ${item.text.trim()}`));

describe('readRnews (RFC 1036 §4.3)', () => {
  it('reads each article after its "#! rnews <count>" line, in any chunking', async () => {
    const batch = frame(article('a', 'http://a.example/')) + frame(article('b', 'second #! rnews 5 is no frame'));
    const expected = ['0 <a@example> http://a.example/', '1 <b@example> second #! rnews 5 is no frame'];
    expect(summary(await read(batch))).toEqual(expected);
    expect(summary(await read(batch, 1))).toEqual(expected);
    expect(summary(await read(batch, 7))).toEqual(expected);
  });

  it('points into the batch file: article offsets and lines count the frame lines', async () => {
    const first = frame(article('a', 'x'));
    const second = frame(article('b', 'http://b.example/'));
    const items = await read(first + second);
    const doc = items[1] as SourceDocument;
    expect(doc.origin.messageOffset).toBe(first.length + second.indexOf('\n') + 1);
    // Five lines of the first frame, the frame line, two fields and the empty line.
    expect(doc.toRaw(0, false).line).toBe(10);
  });

  it('recovers from a wrong count at the next frame line, with an error record', async () => {
    const batch = frame(article('a', 'http://a.example/'), 10) + frame(article('b', 'ok'));
    expect(summary(await read(batch))).toEqual(['0 <a@example> http://a.example/', 'error bad-rnews-batch', '1 <b@example> ok']);
  });

  it('accepts counts that treat CRLF as one byte, as RFC 1036 says', async () => {
    const text = article('a', 'line').replace(/\n/g, '\r\n');
    const count = Buffer.byteLength(text.replace(/\r\n/g, '\n'));
    expect(summary(await read(frame(text, count) + frame(article('b', 'ok'))))).toEqual(['0 <a@example> line', '1 <b@example> ok']);
  });

  it('reports a batch cut short and text that is not a batch', async () => {
    expect(summary(await read(frame(article('a', 'http://a.example/ and more'), 500)))).toEqual(['0 <a@example> http://a.example/ and more', 'error truncated-file']);
    expect(summary(await read('garbage\n' + frame(article('a', 'x'))))).toEqual(['error bad-rnews-batch', '0 <a@example> x']);
  });
});
