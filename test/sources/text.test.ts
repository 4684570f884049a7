import { describe, expect, it } from 'vitest';
import { findUrls } from '../../src/scan/find-urls.js';
import type { ScanError, SourceDocument } from '../../src/sources/origin.js';
import { readText } from '../../src/sources/text.js';
import { chunked, collectBatches } from '../support/chunks.js';

async function read(data: Buffer, pieceBytes?: number, chunk = data.length || 1): Promise<SourceDocument[]> {
  const out = await collectBatches(readText(chunked(data, [chunk]), { file: 't' }, pieceBytes));
  return out.filter((item): item is SourceDocument => item.type === 'document');
}

describe('readText', () => {
  it('reads UTF-8, and Latin-1 when the bytes are not UTF-8, with byte columns', async () => {
    const [utf8] = await read(Buffer.from('Café http://a.example/\n', 'utf8'));
    expect(utf8!.text).toBe('Café http://a.example/\n');
    expect(utf8!.toRaw(5, false)).toEqual({ line: 1, column: 7, offset: 6 });
    const [latin1] = await read(Buffer.from('Caf\xe9 http://a.example/\n', 'latin1'));
    expect(latin1!.text).toBe('Café http://a.example/\n');
    expect(latin1!.toRaw(5, false)).toEqual({ line: 1, column: 6, offset: 5 });
  });

  it('honours byte order marks: UTF-8 and UTF-16', async () => {
    const [bom] = await read(Buffer.from('\ufeffhttp://a.example/', 'utf8'));
    expect(bom!.text).toBe('http://a.example/');
    expect(bom!.toRaw(0, false).offset).toBe(3);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x http://b.example/', 'utf16le')]);
    const [wide] = await read(utf16);
    expect(wide!.text).toBe('x http://b.example/');
    expect(wide!.toRaw(2, false).offset).toBe(6);
  });

  it('cuts long text at empty lines, keeping lines and offsets, whatever the chunks', async () => {
    const paragraphs = Array.from({ length: 30 }, (_, n) => `paragraph ${n} http://p${n}.example/\nsecond line\n`).join('\n');
    const data = Buffer.from(paragraphs, 'utf8');
    const whole = (await read(data, 100)).map((doc) => doc.text);
    expect(whole.length).toBeGreaterThan(3);
    for (const chunk of [1, 13, data.length]) {
      const docs = await read(data, 100, chunk);
      expect(docs.map((doc) => doc.text)).toEqual(whole);
      expect(docs.map((doc) => doc.text).join('')).toBe(paragraphs);
      for (const doc of docs) {
        const at = doc.text.indexOf('http');
        const point = doc.toRaw(at, false);
        const before = paragraphs.slice(0, point.offset);
        expect(paragraphs.startsWith('http', point.offset)).toBe(true);
        expect(point.line).toBe(before.split('\n').length);
      }
    }
  });

  it('cuts a line longer than the pieces allow after white space: no URL cut, columns counted on', async () => {
    // With 64-byte pieces a line is cut at most 256 bytes in; the real limit is 32 MiB.
    const line = Array.from({ length: 60 }, (_, i) => `word http://a.example/${i} `).join('');
    const docs = await read(Buffer.from(`${line}\n`, 'latin1'), 64, 100);
    expect(docs.length).toBeGreaterThan(3);
    const found = docs.flatMap((doc) => findUrls(doc.text).map((match) => ({ url: match.url, start: doc.toRaw(match.position.start.offset, false) })));
    expect(found).toEqual(
      Array.from({ length: 60 }, (_, i) => {
        const at = line.indexOf(`http://a.example/${i} `);
        return { url: `http://a.example/${i}`, start: { line: 1, column: at + 1, offset: at } };
      }),
    );
  });
});

