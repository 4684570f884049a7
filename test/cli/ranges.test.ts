// A large mbox cut by byte offsets alone (src/cli/ranges.ts): each range's runner finds
// its own first message from the offset, and the scheduler adds the ranges' messages and
// lines up in order (settleRange, as schedule.ts does). The oracle is the sources' splitter
// run once over the whole file: the ranges must hold exactly its messages, each once, with
// the same index, offset, line and length, on files made to trip the cut: `From ` lines on
// range starts, a message longer than many ranges, mboxcl2 Content-Length bodies holding
// `From ` lines (some lengths wrong), mboxrd quoting, CRLF, junk before the first message,
// no final line break, and thousands of tiny messages. Then the built command, `-j 1`
// against `-j 3`, on one file with all of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { measureRange, settleRange, type NominalRange, type RangeStart } from '../../src/cli/ranges.js';
import { PLAIN_LOOK } from '../../src/cli/formats.js';
import { runUnit, type UnitSettings, type WorkUnit } from '../../src/cli/unit.js';
import { splitMbox } from '../../src/sources/mbox.js';
import { DEFAULT_UNIT_SETTINGS } from '../support/unit-settings.js';
import { CLI, requireBuild, ROOT } from './run-cli.js';

const envelope = (i: number): string => `From sender${i}@example.com Mon Jan  1 00:00:00 2024\n`;
const message = (i: number, body: string, fields = ''): string => `${envelope(i)}Subject: m${i}\n${fields}\n${body}\n`;

/** The tricky mailboxes, by name (a few KB each). */
function trickyFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  // A `From ` line on every multiple of 500 bytes.
  let onStarts = '';
  for (let i = 0; onStarts.length < 6000; i++) {
    const head = `${envelope(i)}Subject: m${i}\n\nsee http://at.example/${i}\n`;
    const target = (Math.floor(onStarts.length / 500) + 1) * 500;
    onStarts += head + 'y'.repeat(Math.max(0, target - onStarts.length - head.length - 1)) + '\n';
  }
  files['from-on-range-starts'] = onStarts;
  // Messages longer than many ranges between short ones.
  const long = (tag: string, n: number): string => Array.from({ length: n }, (_, k) => `${tag} ${k} http://${tag}.example/${k}`).join('\n');
  let huge = message(0, 'http://a.example/0') + message(1, long('big', 150));
  for (let i = 2; i < 20; i++) huge += message(i, `http://s.example/${i} ${'z'.repeat((i * 37) % 300)}`);
  files['long-message'] = huge + message(20, long('big2', 100));
  // mboxcl2: Content-Length bodies with `From ` lines; some lengths too long (ignored), one far too long.
  let cl = '';
  for (let i = 0; i < 30; i++) {
    const body = Array.from({ length: 8 }, (_, k) => (k % 3 === 1 ? `From inside ${i}-${k} http://inside.example/${i}/${k}` : `body ${i}-${k} ${'q'.repeat((i * 17 + k * 29) % 90)}`)).join('\n') + '\n';
    const length = Buffer.byteLength(body) + (i % 7 === 3 ? 40 : 0) + (i % 11 === 5 ? 5000 : 0);
    cl += `${envelope(i)}Subject: m${i}\nContent-Length: ${length}\n\n${body}\n`;
  }
  files.mboxcl2 = cl;
  // One consistent Content-Length body across several ranges, a `From ` line every 200 bytes in it.
  let spanBody = '';
  while (spanBody.length < 3000) spanBody += `From fake ${spanBody.length} http://fake.example/\n${'k'.repeat(150)}\n`;
  let span = message(0, 'http://first.example/') + `${envelope(1)}Subject: big\nContent-Length: ${Buffer.byteLength(spanBody)}\n\n${spanBody}\n`;
  for (let i = 2; i < 12; i++) span += message(i, `http://after.example/${i} ${'p'.repeat((i * 41) % 200)}`);
  files['content-length-span'] = span;
  // mboxrd quoting, and unquoted (mboxo) `From ` lines in bodies, which split messages.
  let rd = '';
  for (let i = 0; i < 30; i++) rd += message(i, [`http://rd.example/${i}`, `>From quoted ${i}`, '>>From twice', `From inbody http://split.example/${i}`, 'x'.repeat((i * 53) % 200)].join('\n'));
  files.mboxrd = rd;
  // CRLF line ends.
  let crlf = '';
  for (let i = 0; i < 30; i++) crlf += message(i, `see http://crlf.example/${i}\n${'w'.repeat((i * 71) % 250)}\nFrom crlf body ${i}`);
  files.crlf = crlf.replace(/\n/g, '\r\n');
  // Junk before the first message, longer than a range; no final line break.
  let junk = 'junk http://junk.example/ line\n'.repeat(40);
  for (let i = 0; i < 12; i++) junk += message(i, `http://j.example/${i} ${'r'.repeat((i * 67) % 300)}`);
  files['junk-and-no-final-newline'] = `${junk}${envelope(99)}Subject: last\n\nhttp://last.example/ no newline`;
  // Tiny messages, most with nothing to find.
  files.tiny = Array.from({ length: 1500 }, (_, i) => (i % 97 === 0 ? `From q\n\nhttp://loud.example/${i}\n` : 'From q\nhi\n')).join('');
  return files;
}

interface Found {
  index: number;
  offset: number;
  line: number;
  length: number;
}

/** The messages of `chunks` by the sources' splitter, from `start`. */
async function messagesOf(chunks: Buffer[], start?: RangeStart): Promise<Found[]> {
  const found: Found[] = [];
  const at = start ? { offset: start.offset, index: start.message, line: start.line } : undefined;
  for await (const item of splitMbox((async function* () { yield* chunks; })(), {}, at)) {
    if (item.type === 'message') found.push({ index: item.index, offset: item.offset, line: item.line, length: item.length });
  }
  return found;
}

let temp: string;
const files: Record<string, string> = trickyFiles();
beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'urlsift-ranges-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(temp, `${name}.mbox`), text);
});
afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

/**
 * Cuts the mbox at `path` into nominal ranges of each of `rangeSizes` bytes, measures and
 * settles each as a run does, and checks that the ranges hold the serial split's messages,
 * each once, in order; each range is measured again in reads of each of `chunkSizes`
 * bytes, which must give the same measure.
 */
async function checkRanges(name: string, path: string, rangeSizes: readonly number[], chunkSizes: readonly number[]): Promise<void> {
  const bytes = readFileSync(path);
  const serial = await messagesOf([bytes]);
  const hasContentLength = bytes.includes('Content-Length:');
  for (const rangeBytes of rangeSizes) {
    const count = Math.ceil(bytes.length / rangeBytes);
    let start: RangeStart = { offset: 0, message: 0, line: 1 };
    const found: Found[] = [];
    for (let i = 0; i < count; i++) {
      const nominal: NominalRange = { start: i * rangeBytes, end: Math.min(bytes.length, (i + 1) * rangeBytes), last: i === count - 1 };
      // As a worker measures (from the first `From ` line), then as the scheduler settles it.
      const measured = measureRange(path, nominal);
      for (const chunkBytes of chunkSizes) expect(measureRange(path, nominal, undefined, chunkBytes), `${name}, range ${i} of ${rangeBytes} bytes, reads of ${chunkBytes}`).toEqual(measured);
      // Only a Content-Length body can hide a `From ` line from the worker's first look.
      if (!hasContentLength) expect(measured.start, `${name}, range ${i} of ${rangeBytes} bytes`).toBe(start.offset);
      const { range, next } = settleRange(path, nominal, start, measured);
      expect(range.start).toBe(start.offset);
      // What a unit of this range reads: its bytes, split from its start.
      found.push(...(await messagesOf([bytes.subarray(range.start, range.end ?? bytes.length)], start)));
      start = next;
    }
    expect(found, `${name}, ranges of ${rangeBytes} bytes`).toEqual(serial);
  }
}

/**
 * A mailbox of about 2 MB, in a seeded order: small messages, messages of 100-700 KB (longer
 * than the splitter's first buffer, so that it moves them), mboxcl2 Content-Length bodies
 * holding `From ` lines, and mboxrd quoting.
 */
function largeMailbox(): string {
  let seed = 11;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const parts: string[] = [];
  for (let i = 0, size = 0; size < 2_000_000; i++) {
    const kind = random(10);
    let text: string;
    if (kind === 0) text = message(i, `http://big.example/${i}\n${`${'b'.repeat(70)}\n`.repeat(1400 + random(8600))}`);
    else if (kind === 1) {
      const body = `From inside ${i}\n${'c'.repeat(random(3000))}\n`;
      text = `${envelope(i)}Subject: m${i}\nContent-Length: ${Buffer.byteLength(body) + (random(4) === 0 ? 9 : 0)}\n\n${body}\n`;
    } else text = message(i, `http://s.example/${i}\n>From quoted\n${'s'.repeat(random(4000))}`);
    parts.push(text);
    size += text.length;
  }
  return parts.join('');
}

describe('a mailbox cut by offsets', () => {
  it.each(Object.keys(files))('%s: the ranges hold the serial split\'s messages, each once, in order', async (name) => {
    await checkRanges(name, join(temp, `${name}.mbox`), [64, 100, 333, 1000], [1, 7, 64, 333]);
  });

  it('measures a mailbox of large messages the same in reads of any size (the splitter reuses its memory)', async () => {
    const path = join(temp, 'large.mbox');
    writeFileSync(path, largeMailbox());
    await checkRanges('large', path, [300_000, 1_000_000], [4096, 100_000, 1_000_000]);
  });

  it('splits where a Content-Length claims past the bytes read, whatever memory lies beyond them', async () => {
    // A range ends at a message boundary, so the last message's claim can run past the
    // range's bytes (the serial read saw the claim fail there and split at the inner
    // `From ` line). The splitter's buffer is allocated unfilled: filled with line feeds
    // here, a read past the bytes made the claim look consistent and the split vanish.
    const text = 'From a@b Mon Jan  1 00:00:00 2024\nContent-Length: 500\n\nbody\nFrom inside http://x.example/\nmore\n';
    const allocUnsafe = Buffer.allocUnsafe;
    const spy = vi.spyOn(Buffer, 'allocUnsafe').mockImplementation((size: number) => allocUnsafe(size).fill(10));
    try {
      expect((await messagesOf([Buffer.from(text)])).map((found) => found.offset)).toEqual([0, text.indexOf('From inside')]);
    } finally {
      spy.mockRestore();
    }
  });

  it('starts a range at a `From ` line exactly on its nominal start, and at byte 0 for the first', () => {
    const path = join(temp, 'from-on-range-starts.mbox');
    const size = Buffer.byteLength(files['from-on-range-starts']!);
    expect(measureRange(path, { start: 0, end: 500, last: false })).toMatchObject({ start: 0, end: 500, messages: 1 });
    expect(measureRange(path, { start: 500, end: 1000, last: false })).toMatchObject({ start: 500, end: 1000, messages: 1 });
    // One byte later, that line belongs to the range before.
    expect(measureRange(path, { start: 501, end: 1000, last: false }).start).toBe(1000);
    expect(measureRange(path, { start: size - 100, end: size, last: true })).toMatchObject({ start: size, end: size });
  });
});

/** The records and stderr lines of a unit, as one string each (`-C 2`, JSONL: every record carries its lines). */
async function unitOutput(unit: WorkUnit): Promise<{ out: string; stderr: string; messages: number }> {
  const settings: UnitSettings = { ...DEFAULT_UNIT_SETTINGS, format: 'jsonl', explain: true, before: 2, after: 2, look: { ...PLAIN_LOOK, jsonContext: true } };
  let out = '';
  let stderr = '';
  let messages = 0;
  await runUnit(unit, settings, (event) => {
    if (event.type === 'batch') {
      out += event.batch.out;
      for (const line of event.batch.stderr ?? []) stderr += `${line.text}\n`;
    }
    if (event.type === 'done') messages = event.messages;
    if (event.type === 'failed') throw new Error(event.error);
  });
  return { out, stderr, messages };
}

describe('the units of a mailbox cut by offsets', () => {
  it.each(Object.keys(files))('%s: print what the whole file prints, context lines across ranges included', async (name) => {
    const path = join(temp, `${name}.mbox`);
    const size = Buffer.byteLength(files[name]!);
    const whole = await unitOutput({ seq: 0, path, kind: 'mbox', bytes: size, newFile: true });
    expect(whole.out.length).toBeGreaterThan(0);
    for (const rangeBytes of [64, 333]) {
      const count = Math.ceil(size / rangeBytes);
      let start: RangeStart = { offset: 0, message: 0, line: 1 };
      const parts = { out: '', stderr: '', messages: 0 };
      for (let i = 0; i < count; i++) {
        const cut: NominalRange = { start: i * rangeBytes, end: Math.min(size, (i + 1) * rangeBytes), last: i === count - 1 };
        const { range, next } = settleRange(path, cut, start, measureRange(path, cut));
        const part = await unitOutput({ seq: i, path, kind: 'mbox', cut, range, bytes: cut.end - cut.start, newFile: i === 0 });
        parts.out += part.out;
        parts.stderr += part.stderr;
        parts.messages += part.messages;
        start = next;
      }
      expect(parts, `${name}, ranges of ${rangeBytes} bytes`).toEqual(whole);
    }
  });
});

describe('the command on a mailbox cut by offsets', () => {
  it('prints with -j 3 what -j 1 prints, stdout and stderr', () => {
    requireBuild();
    // All the tricky files as one mailbox (the junk and the unterminated message last), cut into ranges of 200 bytes.
    const names = Object.keys(files).filter((name) => name !== 'junk-and-no-final-newline' && name !== 'crlf');
    const all = join(temp, 'all.mbox');
    writeFileSync(all, names.map((name) => files[name]).join('') + files.crlf + files['junk-and-no-final-newline']);
    const run = (jobs: string) =>
      spawnSync(process.execPath, [CLI, '--format', 'jsonl', '--explain', '-j', jobs, all], {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, URLSIFT_RANGE_BYTES: '200' },
      });
    const one = run('1');
    const three = run('3');
    expect(one.stdout.split('\n').length).toBeGreaterThan(300);
    expect(three.stdout).toBe(one.stdout);
    expect(three.stderr).toBe(one.stderr);
    expect(three.status).toBe(one.status);
  });
});
