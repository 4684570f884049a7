import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runUnit, type UnitEvent, type UnitSettings, type WorkUnit } from '../../src/cli/unit.js';
import { DEFAULT_UNIT_SETTINGS } from '../support/unit-settings.js';

const MBOX = fileURLToPath(new URL('../../corpus/cli/two-messages.mbox', import.meta.url));
const NOTES = fileURLToPath(new URL('../../corpus/cli/notes.txt', import.meta.url));

const SETTINGS: UnitSettings = DEFAULT_UNIT_SETTINGS;

async function run(unit: Partial<WorkUnit> & { path: string }, settings: Partial<UnitSettings> = {}, stdin?: AsyncIterable<Buffer>): Promise<UnitEvent[]> {
  const events: UnitEvent[] = [];
  await runUnit({ seq: 7, kind: 'auto', bytes: 0, newFile: true, ...unit }, { ...SETTINGS, ...settings }, (event) => void events.push(event), stdin);
  return events;
}

describe('runUnit', () => {
  it('sends the formatted records in one batch, then done with the messages and bytes read', async () => {
    const events = await run({ path: MBOX });
    expect(events).toEqual([
      {
        type: 'batch',
        seq: 7,
        batch: {
          out: 'https://lists.example.org/unsub\nftp://ftp.example.org/pub/notes.txt\nhttp://archive.example.org/2020/\n',
          count: 3,
          ends: [32, 68, 101],
        },
        size: 101,
      },
      { type: 'done', seq: 7, messages: 2, bytes: statSync(MBOX).size },
    ]);
  });

  it('adds what --unique and --stats need, record by record', async () => {
    const [first] = await run({ path: MBOX }, { unique: true, stats: true, schemes: ['https', 'ftp'] });
    expect(first).toMatchObject({
      type: 'batch',
      batch: {
        count: 2,
        ends: [32, 68],
        keys: ['https://lists.example.org/unsub', 'ftp://ftp.example.org/pub/notes.txt'],
        schemes: ['https', 'ftp'],
        hosts: ['lists.example.org', 'ftp.example.org'],
      },
    });
  });

  // The scanner reports a text's rejections while it reads it, before its matches are handed out.
  it('puts --explain lines before the matches of the same text, redacted', async () => {
    const [first] = await run({ path: NOTES }, { explain: true, redact: true });
    if (first?.type !== 'batch') throw new Error('expected a batch');
    expect(first.batch.out).toContain('ftp://anna:****@files.example.org/private/\n');
    expect(first.batch.stderr).toEqual([
      {
        before: 0,
        text: `${NOTES}:5:9: rejected http://bad.example.org:99999/: bad-port (port "99999" at offset 23 is not a number from 0 to 65535)`,
        error: false,
        io: false,
      },
    ]);
  });

  it('reads standard input for the path -', async () => {
    async function* input(): AsyncGenerator<Buffer> {
      yield Buffer.from('see http://a.example.org/ and ');
      yield Buffer.from('http://b.example.org/\n');
    }
    const events = await run({ path: '-' }, {}, input());
    expect(events[0]).toMatchObject({ batch: { out: 'http://a.example.org/\nhttp://b.example.org/\n', count: 2 } });
    expect(events[1]).toEqual({ type: 'done', seq: 7, messages: 0, bytes: 52 });
  });

  it('passes --fuzzy, --punycode and -s (bare label schemes) to the scanner', async () => {
    const text = 'see example.com and http://müller.de/ or TEL:+1-234-5678\n';
    const input = async function* (): AsyncGenerator<Buffer> {
      yield Buffer.from(text);
    };
    const out = async (settings: Partial<UnitSettings>) => ((await run({ path: '-' }, settings, input()))[0] as { batch: { out: string } }).batch.out;
    expect(await out({})).toBe('http://müller.de/\n');
    expect(await out({ fuzzy: true, punycode: true })).toBe('http://example.com\nhttp://xn--mller-kva.de/\n');
    expect(await out({ schemes: ['tel'] })).toBe('TEL:+1-234-5678\n');
  });

  it('reports an unreadable file as an I/O error line, and still finishes', async () => {
    const events = await run({ path: '/nonexistent/urlsift-test' });
    expect(events[0]).toMatchObject({ type: 'batch', batch: { count: 0, stderr: [{ before: 0, error: true, io: true }] } });
    expect((events[0] as { batch: { stderr: Array<{ text: string }> } }).batch.stderr[0]!.text).toBe('urlsift: /nonexistent/urlsift-test: No such file or directory');
    expect(events[1]).toMatchObject({ type: 'done', messages: 0 });
  });

  it('reports progress by messages too, for a small .gz of many messages without URLs', async () => {
    const gz = gzipSync('From a@example.org Mon Jan  1 00:00:00 2024\n\n'.repeat(25_000));
    const stdin = (async function* () {
      yield gz;
    })();
    const events = await run({ path: '-' }, {}, stdin);
    expect(events.filter((event) => event.type === 'progress').map((event) => (event as { messages: number }).messages)).toEqual([10_000, 20_000]);
    expect(events.at(-1)).toMatchObject({ type: 'done', messages: 25_000 });
  });

  // The audit of session 11: a huge message is all read before its matching starts, and its
  // matching (seconds for tens of MB of URLs) reported no progress: the display stood still.
  it('reports progress as a huge message is matched, up to where the matching has come', async () => {
    const head = 'From a@example.org Mon Jan  1 00:00:00 2024\nSubject: links\n\n';
    const count = 60_000;
    const text = `${head}${Array.from({ length: count }, (_, i) => `http://h${i % 97}.example/p/${i}\n`).join('')}`;
    const path = join(mkdtempSync(join(tmpdir(), 'urlsift-unit-')), 'links.mbox');
    writeFileSync(path, text);
    const size = Buffer.byteLength(text);
    const events = await run({ path, bytes: size });
    const lastBatch = events.findLastIndex((event) => event.type === 'batch');
    // Progress among the batches, before the last one, each further on and within the message.
    const during = events.slice(0, lastBatch).filter((event) => event.type === 'progress') as Array<{ bytes: number }>;
    expect(during.length).toBeGreaterThanOrEqual(10);
    for (const [i, { bytes }] of during.entries()) {
      expect(bytes).toBeGreaterThan(i === 0 ? head.length : (during[i - 1] as { bytes: number }).bytes);
      expect(bytes).toBeLessThan(size);
    }
    const records = events.reduce((sum, event) => sum + (event.type === 'batch' ? event.batch.count : 0), 0);
    expect(records).toBe(count);
    expect(events.at(-1)).toMatchObject({ type: 'done', messages: 1, bytes: size });
  });

  // Issue 12: the bytes of a .gz were counted as read from disk, a chunk of 256 KiB ahead
  // of the decompressor, and reported every 4 MiB: a small .gz that expands a lot showed 0%,
  // then 100%. Counted as the decompressor takes them, they keep pace with the messages.
  it('reports the compressed bytes of a .gz as the decompressor takes them, in step with its messages', async () => {
    const count = 2_000;
    // About 300 KB compressed, 9 MB decompressed: numbered lines, which gzip shrinks about 30 times.
    const body = (i: number): string => Array.from({ length: 150 }, (_, j) => `line ${i}.${j} of the digest\n`).join('');
    const gz = gzipSync(Array.from({ length: count }, (_, i) => `From a@example.org Mon Jan  1 00:00:00 2024\nSubject: ${i}\n\n${body(i)}\n`).join(''));
    const path = join(mkdtempSync(join(tmpdir(), 'urlsift-unit-')), 'digest.mbox.gz');
    writeFileSync(path, gz);
    const events = await run({ path, bytes: gz.length });
    const progress = events.filter((event) => event.type === 'progress') as Array<{ bytes: number; messages: number }>;
    expect(progress.length).toBeGreaterThanOrEqual(4);
    for (const { bytes, messages } of progress) {
      // The decompressor holds a piece or two (16 KiB each) beyond what it has handed on.
      expect(Math.abs(bytes / gz.length - messages / count), `${bytes} bytes at ${messages} messages`).toBeLessThan(0.15);
    }
    expect(events.at(-1)).toMatchObject({ type: 'done', messages: count, bytes: gz.length });
  });
});

