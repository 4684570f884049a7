// The lean path of extractBatch (a FoundSink, for the command line) against the slow path
// (ScanMatch items): the same records, in the same order, for every input of corpus/mail
// and the shared MIME fixtures, read with the options that reach the most code.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractBatch, type FoundSink, MATCH_STEP_CHARS, scan, type ScanItem, scanMessage, type ScanOptions, type ScanRejection } from '../src/extract.js';
import { foundRecord, toOutputRecord, type OutputRecord } from '../src/cli/formats.js';
import { readInput } from '../src/sources/read-input.js';

const MAIL = fileURLToPath(new URL('../corpus/mail/', import.meta.url));
/** The shared corpus (read, never copied): its MIME fixtures and a month of a list's archive, when present. */
const SHARED = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));

function inputs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.expected') && !entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every record and error of `path`, in order: through `emit` alone (slow), or with a sink (lean). */
async function records(path: string | Buffer, options: ScanOptions, lean: boolean, redact = false): Promise<Array<OutputRecord | string>> {
  const out: Array<OutputRecord | string> = [];
  const emit = (item: ScanItem): void => {
    out.push(item.type === 'error' ? `error ${item.reason} ${item.offset}` : toOutputRecord(item, redact));
  };
  const found: FoundSink = (match, context, origin, start, end, exact) => {
    out.push(foundRecord(match, context, origin, start, end, exact, redact));
  };
  for await (const batch of readInput(path, options)) extractBatch(batch, options, emit, lean ? found : undefined);
  return out;
}

/** extract.ts's MAX_HELD_TEXT_CHARS: a text this long streams its rejections among its matches. */
const MAX_HELD_TEXT = 1024 * 1024;

const OPTIONS: ScanOptions[] = [{}, { emails: true, schemeless: true, fuzzy: true }, { headers: false }];

describe('extractBatch, lean path', () => {
  const paths = [...inputs(MAIL), ...inputs(join(SHARED, 'mime-fixtures'))];
  const archive = join(SHARED, 'pipermail/twisted-python/2003-April.txt.gz');
  if (existsSync(archive)) paths.push(archive);

  it('has inputs with HTML attributes, quoted-printable and base64', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  for (const path of paths) {
    it(`gives the slow path's records: ${path.slice(path.lastIndexOf('corpus/'))}`, async () => {
      for (const options of OPTIONS) {
        const slow = await records(path, options, false);
        expect(await records(path, options, true)).toEqual(slow);
      }
      expect(await records(path, {}, true, true)).toEqual(await records(path, {}, false, true));
    });
  }

  it('maps a URL that ends at a soft line break as the slow path does (its end, not the next line)', async () => {
    const message = Buffer.from(
      'From: a@example.org\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nsee http://example.org/a=3Db=\r\n then\r\n',
    );
    const lean = await records(message, {}, true);
    expect(lean).toEqual(await records(message, {}, false));
    expect(lean).toMatchObject([{ url: 'http://example.org/a=b', line: 5, column: 5, endLine: 5, endColumn: 29 }]);
  });

  it('reports HTML attribute URLs, which only the matcher makes (not the scanner)', async () => {
    const lean = await records(join(MAIL, 'multipart-html.eml'), {}, true);
    expect(lean.some((record) => typeof record !== 'string' && record.context === 'html-attr')).toBe(true);
  });

  it('reads an attribute URL it has seen before as the slow path does, under each option that changes its reading', async () => {
    // The lean path keeps the parse of each attribute URL: `strict` refuses this one, and a
    // kept parse of the other mode must not be taken; each match gets parts equal to its own parse.
    const message = Buffer.from('From: a@example.org\nContent-Type: text/html\n\n<a href="http://a_b.example/x">x</a> <a href="http://a_b.example/x">y</a>\n');
    for (const options of [{}, { strict: true }, {}, { strict: true }] as ScanOptions[]) {
      const lean = await records(message, options, true);
      expect(lean).toEqual(await records(message, options, false));
      expect(lean).toHaveLength(options.strict ? 0 : 2);
    }
  });

  it('leaves matches held for rejections to the slow path, in the same order', async () => {
    const rejected: string[] = [];
    const options: ScanOptions = { onReject: (rejection) => rejected.push(rejection.candidate) };
    for (const path of paths) expect(await records(path, options, true)).toEqual(await records(path, options, false));
  });
});

// scan() hands out the matches of a document longer than MATCH_STEP_CHARS a step of its text
// at a time (documentSteps over the resumable scan), where extractBatch gathers them: the
// same items and rejections, in the same order.
describe('scan, documents stepped through', () => {
  /** Every item of scan(), as JSON, and every rejection, as JSON. */
  async function scanned(input: Buffer, options: ScanOptions): Promise<{ items: string[]; rejected: string[] }> {
    const rejected: string[] = [];
    const items: string[] = [];
    const withReject = options.onReject ? { ...options, onReject: (rejection: ScanRejection) => rejected.push(JSON.stringify(rejection)) } : options;
    for await (const item of scan(input, withReject)) items.push(JSON.stringify(item));
    return { items, rejected };
  }

  /** The same through extractBatch, which runs each document to its end: the oracle. */
  async function gathered(input: Buffer, options: ScanOptions): Promise<{ items: string[]; rejected: string[] }> {
    const rejected: string[] = [];
    const items: string[] = [];
    const withReject = options.onReject ? { ...options, onReject: (rejection: ScanRejection) => rejected.push(JSON.stringify(rejection)) } : options;
    for await (const batch of readInput(input, withReject)) extractBatch(batch, withReject, (item) => items.push(JSON.stringify(item)));
    return { items, rejected };
  }

  const HEAD = 'From: a@example.org\nSubject: long\n';
  /** `unit(i)` repeated to about `chars` characters. */
  const repeated = (chars: number, unit: (i: number) => string): string => {
    const pieces: string[] = [];
    for (let i = 0, size = 0; size < chars; i++) {
      const piece = unit(i);
      pieces.push(piece);
      size += piece.length;
    }
    return pieces.join('');
  };
  const LONG = 5 * MATCH_STEP_CHARS;
  const inputs: Record<string, Buffer> = {
    'a header of encoded words': Buffer.from(`${HEAD}List-Archive:${repeated(LONG, (i) => ` =?utf-8?q?${i % 10 === 0 ? `http=3A//a.example/${i}` : 'caf=C3=A9'}?= and`)}\n\nbody http://b.example/\n`),
    'a one-line body of URLs and refused candidates': Buffer.from(`${HEAD}\n${repeated(LONG, (i) => (i % 3 === 0 ? `http://a.example/${i} ` : i % 3 === 1 ? 'http://[x ' : `mail a${i}@b.example, `))}`),
    // Text URLs and attributes in turn, runs of attributes, a long run of attributes after the last text URL,
    // and entities (the text is not the source): attributes go out by the scan's floor.
    'HTML of attributes and text URLs': Buffer.from(
      `${HEAD}Content-Type: text/html\n\n${repeated(LONG, (i) => (i % 100 < 40 ? `http://t.example/${i} &amp; <a href="http://h.example/${i}">` : i % 100 < 80 ? `<a href="http://h.example/${i}">x</a>` : `<img src=javascript:${i}>`))}${repeated(2 * MATCH_STEP_CHARS, (i) => `<a href=http://z.example/${i}>`)}\n`,
    ),
    'a multipart message with short parts around a long one': Buffer.from(
      `${HEAD}MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Type: text/plain\n\nhttp://first.example/\n--b\nContent-Type: text/plain; charset=x-unknown\n\nhttp://odd.example/\n--b\nContent-Type: text/plain\n\n${repeated(LONG, (i) => `http://mid.example/${i}\n`)}--b\nContent-Type: text/plain\n\nhttp://last.example/\n--b--\n`,
    ),
  };

  // An HTML part of links and little text: a short text, a long source.
  inputs['HTML of links alone'] = Buffer.from(`${HEAD}Content-Type: text/html\n\n${repeated(LONG, (i) => `<a href=http://z.example/${i}>`)}\n`);

  for (const [name, input] of Object.entries(inputs)) {
    it(`gives extractBatch's items and rejections: ${name}`, async () => {
      for (const options of [{}, { emails: true, fuzzy: true }, { onReject: () => undefined }] as ScanOptions[]) {
        const want = await gathered(input, options);
        expect(want.items.length).toBeGreaterThan(50);
        expect(await scanned(input, options)).toEqual(want);
      }
    });
  }

  it('gives the same for a text too long to hold its matches for its rejections', async () => {
    const input = Buffer.from(`${HEAD}\n${repeated(MAX_HELD_TEXT + 1000, (i) => (i % 10 === 0 ? `http://a.example/${i} ` : i % 10 === 1 ? 'http://[x ' : 'a few words '))}`);
    const options: ScanOptions = { onReject: () => undefined };
    expect(await scanned(input, options)).toEqual(await gathered(input, options));
  });

  it('hands out the first matches of a long text before it has read the rest', async () => {
    // Past MAX_HELD_TEXT the rejections of a text are not held back for its matches: they
    // tell how far the scan had read when the first match came.
    const input = Buffer.from(`${HEAD}\n${repeated(MAX_HELD_TEXT + 1000, (i) => (i % 10 === 0 ? `http://a.example/${i} ` : i % 10 === 1 ? 'http://[x ' : 'a few words '))}`);
    let rejections = 0;
    let atFirst = -1;
    for await (const item of scan(input, { onReject: () => rejections++ })) if (item.type === 'match' && atFirst < 0) atFirst = rejections;
    expect(rejections).toBeGreaterThan(5000);
    expect(atFirst).toBeGreaterThanOrEqual(0);
    expect(atFirst).toBeLessThanOrEqual(rejections / 10);
  });

  it('lets a consumer stop, or scan another message, between two steps', async () => {
    const input = inputs['a one-line body of URLs and refused candidates'] as Buffer;
    const want = await gathered(input, {});
    const other = Buffer.from('From: a@example.org\n\nhttp://other.example/\n');
    const otherWant = scanMessage(other).map((item) => JSON.stringify(item));
    const items: string[] = [];
    for await (const item of scan(input)) {
      items.push(JSON.stringify(item));
      expect(scanMessage(other).map((item) => JSON.stringify(item))).toEqual(otherWant);
      if (items.length === 3 * (want.items.length >> 2)) break;
    }
    expect(items).toEqual(want.items.slice(0, items.length));
    expect(await scanned(input, {})).toEqual(want);
  });
});
