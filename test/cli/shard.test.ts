// --shard K/N and urlsift merge, run in-process (the CLI's own planner, scheduler and
// report, on the main thread): for random sets of mailboxes, .gz mailboxes, Maildir
// folders, news spools and text files, and random N, the shards' records are a
// partition of the unsharded run's records, and merge gives back the unsharded
// output byte for byte in every format, with the same --stats summary.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormatter, PLAIN_LOOK, type FormatName } from '../../src/cli/formats.js';
import { mergeShards, parseMergeCommandLine, type MergeInput } from '../../src/cli/merge.js';
import type { Output } from '../../src/cli/output.js';
import { planWork } from '../../src/cli/plan.js';
import { startReport } from '../../src/cli/report.js';
import { runUnits } from '../../src/cli/schedule.js';
import { parseShard, shardOfOffset, type Shard } from '../../src/cli/shard.js';
import { createStats, formatStats } from '../../src/cli/stats.js';
import type { UnitSettings } from '../../src/cli/unit.js';
import { DEFAULT_UNIT_SETTINGS } from '../support/unit-settings.js';
import { fuzzRuns } from '../fuzz-runs.js';

let temp: string;
beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'urlsift-shard-'));
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** An Output that keeps stdout as one string and stderr as lines. */
function memoryOutput(): Output & { out: string; err: string[] } {
  const memory = {
    out: '',
    err: [] as string[],
    print(text: string) {
      memory.out += text;
      return undefined;
    },
    flush: () => undefined,
    flushNow(last: string) {
      memory.out += last;
    },
    async complain(line: string) {
      memory.err.push(line);
    },
  };
  return memory;
}

const SETTINGS = DEFAULT_UNIT_SETTINGS;

interface RunOutput {
  /** Units that were a byte range of an mbox, not starting at its first byte. */
  laterRanges: number;
  out: string;
  err: string[];
  /** The --stats summary without its time. */
  summary: Record<string, unknown>;
}

/** One run of the CLI's pipeline on one thread: all of the job, or one shard of it. */
async function runJob(paths: string[], format: FormatName, options: { unique?: boolean; shard?: Shard; rangeBytes?: number } = {}): Promise<RunOutput> {
  const output = memoryOutput();
  const stats = createStats();
  const report = await startReport(createFormatter(format, PLAIN_LOOK), output, stats);
  let laterRanges = 0;
  const plan = (async function* () {
    for await (const item of planWork(paths, { input: 'auto', split: options.shard !== undefined, exclude: [], include: [], excludeDir: [], rangeBytes: options.rangeBytes, shard: options.shard })) {
      if (item.type === 'unit' && item.unit.range && item.unit.range.start > 0) laterRanges++;
      yield item;
    }
  })();
  const settings: UnitSettings = { ...SETTINGS, format, unique: options.unique ?? false, stats: true };
  const noStdin: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: async function* () {} };
  await runUnits(plan, settings, 1, { deliver: report.deliver, progress: () => undefined, idle: () => undefined }, noStdin);
  await report.finish();
  const summary = JSON.parse(formatStats(stats, 0, options.shard)) as Record<string, unknown>;
  return { laterRanges, out: output.out, err: output.err, summary };
}

/** The lines of a text, as merge reads a file. */
function linesInput(name: string, text: string): MergeInput {
  return {
    name,
    lines: (async function* () {
      yield* text.split('\n');
    })(),
  };
}

const withoutTime = (summary: Record<string, unknown>): Record<string, unknown> => {
  const { seconds: _seconds, shard: _shard, ...rest } = summary;
  return rest;
};

// ---- Random inputs -------------------------------------------------------------

const HOSTS = ['example.org', 'www.example.com', 'lists.example.net', 'xn--bcher-kva.example', '127.0.0.1'];

const url = fc.record({ scheme: fc.constantFrom('http', 'https', 'ftp'), host: fc.integer({ min: 0, max: HOSTS.length - 1 }), path: fc.nat(50), wrapped: fc.boolean() });
type Url = { scheme: string; host: number; path: number; wrapped: boolean };
const urlText = (u: Url): string => {
  const text = `${u.scheme}://${HOSTS[u.host]}/p${u.path}`;
  return u.wrapped ? `<URL:${text}>` : text;
};

/** A message body: some lines, some with URLs. */
const body = fc.array(fc.oneof(url.map(urlText), fc.constantFrom('plain words here', 'From a quoted line', '>From mboxrd quoting', '', 'mailto:someone@example.org')), { maxLength: 12 });

/** An mbox message: `From ` line, header, body; sometimes an mboxcl2 Content-Length over an unquoted `From ` line. */
const mboxMessage = fc.record({ lines: body, contentLength: fc.boolean() });
type MboxMessage = { lines: string[]; contentLength: boolean };

function mboxText(messages: MboxMessage[], junk: boolean): string {
  let text = junk ? 'junk before the first message http://junk.example/\n' : '';
  messages.forEach((message, i) => {
    const payload = message.lines.map((line) => `${line}\n`).join('');
    text += `From sender${i}@example.org Mon Jan  6 10:00:00 2020\nSubject: message ${i}\n`;
    if (message.contentLength) {
      const claimed = `${payload}From inside a body, not a boundary http://inside.example/${i}\n`;
      text += `Content-Length: ${Buffer.byteLength(claimed)}\n\n${claimed}\n`;
    } else {
      text += `\n${payload}\n`;
    }
  });
  return text;
}

function emlText(lines: string[], i: number, news: boolean): string {
  const head = news
    ? `Path: news.example!not-for-mail\nFrom: poster@example.org\nNewsgroups: comp.test\nSubject: article ${i}\nMessage-ID: <a${i}@example.org>\n`
    : `From: someone@example.org\nSubject: maildir ${i}\nMessage-ID: <m${i}@example.org>\n`;
  return `${head}\n${lines.map((line) => `${line}\n`).join('')}`;
}

const file = fc.oneof(
  // Weighted: plain mailboxes are the inputs that are cut into ranges.
  { arbitrary: fc.record({ kind: fc.constant('mbox' as const), messages: fc.array(mboxMessage, { maxLength: 14 }), junk: fc.boolean() }), weight: 3 },
  fc.record({ kind: fc.constant('gz' as const), messages: fc.array(mboxMessage, { maxLength: 6 }), junk: fc.constant(false) }),
  fc.record({ kind: fc.constant('maildir' as const), messages: fc.array(body, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('spool' as const), messages: fc.array(body, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('text' as const), messages: fc.array(body, { minLength: 1, maxLength: 1 }) }),
);
type FileSpec = { kind: 'mbox' | 'gz'; messages: MboxMessage[]; junk: boolean } | { kind: 'maildir' | 'spool' | 'text'; messages: string[][] };

let caseNumber = 0;
/** Writes the files of one case into a fresh folder; returns the paths to give the command. */
function writeCase(files: FileSpec[], missing: boolean): string[] {
  const dir = join(temp, `case-${caseNumber++}`);
  mkdirSync(dir);
  const paths: string[] = [];
  files.forEach((spec, j) => {
    const name = `${String(j).padStart(2, '0')}`;
    switch (spec.kind) {
      case 'mbox':
        writeFileSync(join(dir, `${name}.mbox`), mboxText(spec.messages, spec.junk));
        break;
      case 'gz':
        writeFileSync(join(dir, `${name}.mbox.gz`), gzipSync(mboxText(spec.messages, false)));
        break;
      case 'maildir': {
        const maildir = join(dir, `${name}-maildir`);
        for (const sub of ['cur', 'new', 'tmp']) mkdirSync(join(maildir, sub), { recursive: true });
        spec.messages.forEach((lines, i) => writeFileSync(join(maildir, 'cur', `${1000 + i}.M${i}P1.host:2,S`), emlText(lines, i, false)));
        break;
      }
      case 'spool': {
        const group = join(dir, `${name}-spool`, 'comp', 'test');
        mkdirSync(group, { recursive: true });
        spec.messages.forEach((lines, i) => writeFileSync(join(group, String(i + 1)), emlText(lines, i, true)));
        break;
      }
      case 'text':
        writeFileSync(join(dir, `${name}.txt`), spec.messages[0]!.map((line) => `${line}\n`).join(''));
        break;
    }
  });
  // The folder, walked; and, after it, one of its mailboxes again by name and perhaps a missing path.
  paths.push(dir);
  const firstMbox = files.findIndex((spec) => spec.kind === 'mbox');
  if (firstMbox >= 0) paths.push(join(dir, `${String(firstMbox).padStart(2, '0')}.mbox`));
  if (missing) paths.push(join(dir, 'missing.mbox'));
  return paths;
}

/** Records of a sharded JSONL run, without the leading job offset (as the unsharded run prints them). */
function unsharded(out: string): string[] {
  return out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const found = /^\{"jobOffset":\d+,/.exec(line);
      expect(found, line).not.toBeNull();
      return `{${line.slice(found![0].length)}`;
    });
}

const sorted = (lines: string[]): string[] => [...lines].sort();

describe('--shard K/N and urlsift merge (property)', () => {
  it('the shards partition the records and merge restores the unsharded output in every format', async () => {
    let casesWithRanges = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(file, { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 64, max: 700 }),
        fc.boolean(),
        async (files, count, rangeBytes, missing) => {
          const paths = writeCase(files as FileSpec[], missing);
          const whole = await runJob(paths, 'jsonl');
          const shards: RunOutput[] = [];
          for (let index = 1; index <= count; index++) shards.push(await runJob(paths, 'jsonl', { shard: { index, count }, rangeBytes }));
          if (shards.some((shard) => shard.laterRanges > 0)) casesWithRanges++;

          // A partition: every record of the whole run in exactly one shard, nothing else;
          // the same for the lines on stderr (error records, paths that cannot be read).
          expect(sorted(shards.flatMap((shard) => unsharded(shard.out)))).toEqual(sorted(whole.out.split('\n').filter((line) => line !== '')));
          expect(sorted(shards.flatMap((shard) => shard.err))).toEqual(sorted(whole.err));
          // Each shard's file, message and byte counts add up to the whole run's.
          for (const key of ['files', 'messages', 'bytes', 'errors', 'matches'] as const) {
            expect(shards.reduce((sum, shard) => sum + (shard.summary[key] as number), 0), key).toBe(whole.summary[key]);
          }

          // Merge, given the shards in a shuffled order with their summaries as a log file each.
          const inputs = (): MergeInput[] => {
            const list: MergeInput[] = [];
            shards.forEach((shard, i) => {
              list.push(linesInput(`shard-${i + 1}.jsonl`, shard.out));
              list.push(linesInput(`shard-${i + 1}.err`, `${shard.err.join('\n')}\n${JSON.stringify(shard.summary)}\n`));
            });
            return list.reverse();
          };
          for (const format of ['jsonl', 'text', 'csv', 'json', 'urls'] as const) {
            for (const unique of [false, true]) {
              const expected = await runJob(paths, format, { unique });
              const output = memoryOutput();
              const result = await mergeShards(inputs(), { format, unique, stats: true }, output);
              expect(output.err).toEqual([]);
              expect(result.trouble).toBe(false);
              expect(output.out).toBe(expected.out);
              expect(withoutTime(JSON.parse(formatStats(result.stats, result.seconds)) as Record<string, unknown>)).toEqual(withoutTime(expected.summary));
            }
          }
        },
      ),
      { numRuns: fuzzRuns(25) },
    );
    // The low range size (as URLSIFT_RANGE_BYTES sets it) did cut mailboxes into message ranges.
    expect(casesWithRanges).toBeGreaterThan(0);
  }, 300_000);
});

describe('shard arithmetic', () => {
  it('reads K/N and refuses anything else with a message naming the form', () => {
    expect(parseShard('3/8')).toEqual({ index: 3, count: 8 });
    for (const bad of ['0/4', '5/4', '1/0', '1', '1/2/3', ' 1/2', 'a/b', '1/99999999']) expect(parseShard(bad)).toMatch(/^expects K\/N with/);
  });

  it('gives every job offset to one shard, in order, each shard a slice of about total/N bytes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 1, max: 1000 }), (total, count) => {
        let previous = 1;
        for (const offset of [0, 1, Math.floor(total / 3), total - 1, total].sort((a, b) => a - b)) {
          const shard = shardOfOffset(offset, total, count);
          expect(shard).toBeGreaterThanOrEqual(previous);
          expect(shard).toBeLessThanOrEqual(count);
          previous = shard;
          if (offset < total) expect(Math.abs(offset - ((shard - 1) * total) / count)).toBeLessThanOrEqual(total / count + 1);
        }
      }),
    );
  });
});

describe('urlsift merge refuses what does not fit', () => {
  const record = (offset: number, url: string): string => `{"jobOffset":${offset},"url":"${url}","scheme":"http","parts":{"host":"example.org"}}`;

  it('reports a line that is not a sharded record, the same shard given twice, and a missing summary', async () => {
    const output = memoryOutput();
    const result = await mergeShards(
      [
        linesInput('a.jsonl', `${record(0, 'http://example.org/a')}\nnot json\n${record(10, 'http://example.org/b')}\n`),
        linesInput('b.jsonl', `${record(10, 'http://example.org/b')}\n`),
        linesInput('a.err', '{"files":1,"messages":0,"matches":2,"errors":0,"bytes":10,"seconds":0,"schemes":{},"topHosts":[],"shard":"1/3"}\n'),
        linesInput('c.err', 'urlsift: something went wrong\n'),
      ],
      { format: 'jsonl', unique: false, stats: true },
      output,
    );
    expect(result.trouble).toBe(true);
    expect(output.out).toBe('{"url":"http://example.org/a","scheme":"http","parts":{"host":"example.org"}}\n{"url":"http://example.org/b","scheme":"http","parts":{"host":"example.org"}}\n');
    expect(output.err).toEqual([
      'urlsift merge: c.err: neither records of a sharded run (urlsift --shard K/N --format jsonl) nor a shard\'s --stats summary',
      'urlsift merge: a.jsonl:2: not a record of a sharded run (urlsift --shard K/N --format jsonl); skipped',
      'urlsift merge: a.jsonl and b.jsonl both hold the unit at job offset 10: the same shard given twice? b.jsonl skipped',
      'urlsift merge: no --stats summary for shards 2, 3 of 3',
    ]);
  });

  it('reads its command line: JSONL by default, -o for bare URLs, and at least one input', () => {
    expect(parseMergeCommandLine(['a.jsonl'])).toEqual({ type: 'run', options: { paths: ['a.jsonl'], format: 'jsonl', unique: false, stats: false } });
    expect(parseMergeCommandLine(['-o', '-u', 'a', 'b'])).toMatchObject({ type: 'run', options: { format: 'urls', unique: true } });
    expect(parseMergeCommandLine([])).toEqual({ type: 'usage-error', message: 'merge needs the shard outputs to merge' });
  });
});
