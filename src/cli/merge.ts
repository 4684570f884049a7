/**
 * `urlsift merge`: puts the outputs of `urlsift --shard K/N --format jsonl` back
 * together as one run would have printed them. Each shard's records lead with their
 * unit's job offset, and each shard lists its units in plan order, so the shards are
 * merged by that offset, streaming, one record in memory per shard. The shards'
 * `--stats` summaries (their stderr) are added up; counts by scheme and host are
 * taken from the records themselves, so the top hosts are exact.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import yargs from 'yargs';
import { normalizeUrl } from '../schemes/normalize.js';
import { FORMAT_NAMES, FORMATS, type FormatName, type OutputRecord } from './formats.js';
import { createOutput, type Output } from './output.js';
import { countMatch, createStats, formatStats, type RunStats } from './stats.js';

/** What `urlsift merge` is asked to do. */
export interface MergeOptions {
  /** Shard outputs (JSONL) and shard stderr logs holding their `--stats` summaries, in any order. */
  paths: string[];
  format: FormatName;
  /** `--unique` across all shards: each URL once, where the whole job first found it. */
  unique: boolean;
  /** Print the merged `--stats` summary on stderr. */
  stats: boolean;
}

/** An input read line by line. */
export interface MergeInput {
  name: string;
  lines: AsyncIterable<string>;
}

/** The fields of a `--stats` summary that are added up over shards. */
interface Summary {
  name: string;
  shard: string;
  files: number;
  messages: number;
  matches: number;
  errors: number;
  bytes: number;
  seconds: number;
}

/** What merging gave, for the exit code and `--stats`. */
export interface MergeResult {
  printed: number;
  /** A line or input could not be used, or the summaries do not fit together (exit code 2). */
  trouble: boolean;
  stats: RunStats;
  /** The longest shard's `seconds` (the shards ran side by side). */
  seconds: number;
}

/** A sharded JSONL record: `{"jobOffset":N,` and the record's own fields. */
const SHARDED_RECORD = /^\{"jobOffset":(\d{1,16}),/;

/** A `--stats` summary line, as the first bytes of a line show it. */
const SUMMARY_START = '{"files":';

/** A shard's output read record by record. */
interface Cursor {
  name: string;
  lines: AsyncIterator<string>;
  lineNumber: number;
  /** The current record: its job offset and its text without the offset. */
  offset: number;
  text: string;
}

/**
 * Merges the inputs: the records of all shard outputs in the unsharded order, written
 * in `format` to `output`; the summaries of all logs added up. Problems are lines for
 * `complain`, and the rest goes on.
 */
export async function mergeShards(inputs: readonly MergeInput[], options: Omit<MergeOptions, 'paths'>, output: Output): Promise<MergeResult> {
  const formatter = FORMATS[options.format];
  const stats = createStats();
  const seen = new Set<string>();
  const summaries: Summary[] = [];
  let trouble = false;
  let printed = 0;
  let read = 0;
  const complain = async (text: string): Promise<void> => {
    trouble = true;
    await output.complain(`urlsift merge: ${text}`);
  };

  /** Reads the next record of a cursor; false at its end. */
  const advance = async (cursor: Cursor): Promise<boolean> => {
    while (true) {
      const next = await cursor.lines.next();
      if (next.done) return false;
      cursor.lineNumber++;
      const line = next.value;
      if (line === '') continue;
      const found = SHARDED_RECORD.exec(line);
      if (!found) {
        await complain(`${cursor.name}:${cursor.lineNumber}: not a record of a sharded run (urlsift --shard K/N --format jsonl); skipped`);
        continue;
      }
      const offset = Number(found[1]);
      if (offset < cursor.offset) {
        await complain(`${cursor.name}:${cursor.lineNumber}: job offset ${offset} comes after ${cursor.offset}: the file is not one shard's output in order; skipped`);
        continue;
      }
      cursor.offset = offset;
      cursor.text = `{${line.slice(found[0].length)}`;
      return true;
    }
  };

  const cursors: Cursor[] = [];
  for (const input of inputs) {
    const iterator = input.lines[Symbol.asyncIterator]();
    // What an input is, from its first line that is not empty.
    let first: IteratorResult<string>;
    let lineNumber = 0;
    do {
      first = await iterator.next();
      lineNumber++;
    } while (!first.done && first.value === '');
    if (first.done) continue; // an empty shard, or a quiet log
    if (SHARDED_RECORD.test(first.value)) {
      const replay = (async function* () {
        yield first.value;
        while (true) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      })();
      const cursor: Cursor = { name: input.name, lines: replay, lineNumber: lineNumber - 1, offset: -1, text: '' };
      if (await advance(cursor)) cursors.push(cursor);
      continue;
    }
    // A shard's stderr: its last summary line counts (earlier lines are its messages).
    let summary: Summary | undefined;
    for (let line: IteratorResult<string> = first; !line.done; line = await iterator.next()) {
      if (line.value.startsWith(SUMMARY_START)) summary = readSummary(input.name, line.value) ?? summary;
    }
    if (summary) summaries.push(summary);
    else await complain(`${input.name}: neither records of a sharded run (urlsift --shard K/N --format jsonl) nor a shard's --stats summary`);
  }

  await output.print(formatter.header);
  while (cursors.length > 0) {
    // The shard whose next record comes first in the job; two shards never share a unit.
    let best = 0;
    for (let i = 1; i < cursors.length; i++) if (cursors[i]!.offset < cursors[best]!.offset) best = i;
    const cursor = cursors[best]!;
    const clash = cursors.find((other) => other !== cursor && other.offset === cursor.offset);
    if (clash) {
      await complain(`${cursor.name} and ${clash.name} both hold the unit at job offset ${cursor.offset}: the same shard given twice? ${clash.name} skipped`);
      cursors.splice(cursors.indexOf(clash), 1);
      continue;
    }
    read++;
    await printRecord(cursor.text, cursor);
    if (!(await advance(cursor))) cursors.splice(best, 1);
  }
  await output.print(formatter.footer(printed));
  await output.flush();

  async function printRecord(text: string, cursor: Cursor): Promise<void> {
    const plain = options.format === 'jsonl' && !options.unique && !options.stats;
    let record: OutputRecord | undefined;
    if (!plain) {
      try {
        record = JSON.parse(text) as OutputRecord;
      } catch {
        record = undefined;
      }
      if (!record || typeof record !== 'object' || typeof record.url !== 'string' || typeof record.scheme !== 'string') {
        await complain(`${cursor.name}:${cursor.lineNumber}: not a JSON record; skipped`);
        return;
      }
      if (options.unique) {
        const key = normalizeUrl(record.url);
        if (seen.has(key)) return;
        seen.add(key);
      }
      const parts = record.parts ?? {};
      if (options.stats) countMatch(stats, record.scheme, (parts.asciiHost ?? parts.host ?? '').toLowerCase() || undefined);
    }
    // JSONL is written as the shard wrote it: the same bytes the unsharded run prints.
    const body = options.format === 'jsonl' ? `${text}\n` : formatter.format(record!);
    const pending = output.print(printed === 0 ? body : formatter.separator + body);
    printed++;
    if (pending) await pending;
  }

  // The summaries: one per shard, all of the same job.
  let seconds = 0;
  if (summaries.length > 0) {
    const counts = new Set(summaries.map((summary) => summary.shard.split('/')[1]));
    const byShard = new Map<string, Summary>();
    for (const summary of summaries) {
      const twice = byShard.get(summary.shard);
      if (twice) await complain(`${twice.name} and ${summary.name} are both the summary of shard ${summary.shard}`);
      byShard.set(summary.shard, summary);
    }
    if (counts.size > 1) await complain(`the summaries are of jobs cut in different numbers of shards (${[...counts].join(', ')})`);
    const count = Number([...counts][0]);
    const missing: number[] = [];
    for (let k = 1; k <= count; k++) if (!byShard.has(`${k}/${count}`)) missing.push(k);
    if (counts.size === 1 && missing.length > 0) await complain(`no --stats summary for shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${count}`);
    for (const summary of byShard.values()) {
      stats.files += summary.files;
      stats.messages += summary.messages;
      stats.errors += summary.errors;
      stats.bytes += summary.bytes;
      seconds = Math.max(seconds, summary.seconds);
    }
    const claimed = [...byShard.values()].reduce((sum, summary) => sum + summary.matches, 0);
    if (counts.size === 1 && missing.length === 0 && claimed !== read) {
      await complain(`the summaries count ${claimed} records, the shard outputs hold ${read}: an output is missing or cut short`);
    }
  } else if (options.stats) {
    await complain('--stats needs the shards\' summaries: run them with --stats and give their stderr files too');
  }
  return { printed, trouble, stats, seconds };
}

/** A shard's summary line, or undefined when it is not one (a message that happens to start alike). */
function readSummary(name: string, line: string): Summary | undefined {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const numbers = ['files', 'messages', 'matches', 'errors', 'bytes', 'seconds'] as const;
  if (typeof value.shard !== 'string' || !/^\d+\/\d+$/.test(value.shard)) return undefined;
  if (!numbers.every((key) => typeof value[key] === 'number')) return undefined;
  const [files, messages, matches, errors, bytes, seconds] = numbers.map((key) => value[key] as number) as [number, number, number, number, number, number];
  return { name, shard: value.shard, files, messages, matches, errors, bytes, seconds };
}

/** Exit codes of `urlsift merge`, as for a run: 0 records printed, 1 none, 2 trouble. */
export function mergeExitCode(result: Pick<MergeResult, 'printed' | 'trouble'>): number {
  return result.trouble ? 2 : result.printed > 0 ? 0 : 1;
}

/** What reading `urlsift merge`'s command line gave. */
export type ParsedMergeCommandLine = { type: 'run'; options: MergeOptions } | { type: 'exit'; code: 0 } | { type: 'usage-error'; message: string };

/** Reads `urlsift merge`'s arguments (after `merge`). */
export function parseMergeCommandLine(args: readonly string[]): ParsedMergeCommandLine {
  let failure: string | undefined;
  const argv = yargs([...args])
    .scriptName('urlsift merge')
    .usage(
      'Usage: $0 [options] SHARD-OUTPUTS.. [SHARD-STDERR..]\n\n' +
        'Merge the JSONL of "urlsift --shard K/N --format jsonl" runs into the output one run over the whole job prints, ' +
        'in any format. Give the shards\' stderr files too (run with --stats) to add up their summaries.',
    )
    .parserConfiguration({ 'parse-positional-numbers': false, 'greedy-arrays': false })
    .option('format', { type: 'string', choices: FORMAT_NAMES as string[], describe: 'output format [default: jsonl]' })
    .option('only-urls', { alias: 'o', type: 'boolean', default: false, describe: 'print bare URLs, one a line' })
    .option('unique', { alias: 'u', type: 'boolean', default: false, describe: 'print each URL once, where the whole job first found it' })
    .option('stats', { type: 'boolean', default: false, describe: "print the shards' summaries added up, as one JSON line on stderr" })
    .example([['$0 --stats shard-*.jsonl shard-*.err > all.jsonl', 'one JSONL stream and one summary, as one run prints them']])
    .help()
    .alias('help', 'h')
    .version(false)
    .strictOptions()
    .exitProcess(false)
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((message: string | null, error: Error | undefined) => {
      failure = message ?? error?.message ?? 'invalid command line';
    })
    .parseSync();
  if (failure !== undefined) return { type: 'usage-error', message: failure };
  if (argv.help) return { type: 'exit', code: 0 };
  if (argv['only-urls'] && argv.format !== undefined && argv.format !== 'text') {
    return { type: 'usage-error', message: `-o/--only-urls prints bare URLs and cannot be combined with --format ${argv.format}` };
  }
  const paths = argv._.map(String);
  if (paths.length === 0) return { type: 'usage-error', message: 'merge needs the shard outputs to merge' };
  const format: FormatName = argv['only-urls'] ? 'urls' : ((argv.format as FormatName | undefined) ?? 'jsonl');
  return { type: 'run', options: { paths, format, unique: argv.unique, stats: argv.stats } };
}

/** Opens a file's lines for {@link mergeShards}; a file that cannot be opened is reported, not thrown. */
export async function openMergeInput(path: string): Promise<MergeInput | string> {
  try {
    const handle = await open(path, 'r');
    await handle.close();
  } catch (error) {
    return `urlsift merge: ${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  // The reader starts when the lines are first asked for: readline drops lines emitted before that.
  async function* lines(): AsyncGenerator<string> {
    yield* createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  }
  return { name: path, lines: lines() };
}

/** Runs `urlsift merge` with its arguments (after `merge`) and returns the exit code. */
export async function runMerge(args: readonly string[]): Promise<number> {
  const parsed = parseMergeCommandLine(args);
  if (parsed.type === 'exit') return parsed.code;
  if (parsed.type === 'usage-error') {
    // One line, as the command's other usage errors are.
    process.stderr.write(`urlsift merge: ${parsed.message}\n`);
    return 2;
  }
  const { paths, ...options } = parsed.options;
  let result: MergeResult | undefined;
  const output = createOutput(undefined, () => (result ? mergeExitCode(result) : 2));
  const inputs: MergeInput[] = [];
  let unreadable = false;
  for (const path of paths) {
    const input = await openMergeInput(path);
    if (typeof input === 'string') {
      unreadable = true;
      await output.complain(input);
    } else inputs.push(input);
  }
  result = await mergeShards(inputs, options, output);
  if (unreadable) result.trouble = true;
  if (options.stats) process.stderr.write(`${formatStats(result.stats, result.seconds)}\n`);
  return mergeExitCode(result);
}
