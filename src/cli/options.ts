/**
 * The command line of `urlsift`, read with yargs into typed options. A usage error
 * is a value (the caller prints it and exits with 2, as grep does).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import yargs from 'yargs';
import { isSchemeName } from '../schemes/components.js';
import type { InputKind } from '../sources/origin.js';
import { FORMAT_NAMES, type FormatName } from './formats.js';

/** More worker threads than this would only add memory: no machine urlsift runs on has more useful cores for one mailbox. */
export const MAX_JOBS = 256;

const INPUT_NAMES: readonly InputKind[] = ['auto', 'text', 'mbox', 'maildir', 'eml', 'news', 'rnews'];

/** Everything the command line says, checked. */
export interface CliOptions {
  /** Paths to read; empty means standard input. */
  paths: string[];
  format: FormatName;
  input: InputKind;
  /** Lower-case scheme names to keep; empty keeps all. */
  schemes: string[];
  unique: boolean;
  strict: boolean;
  emails: boolean;
  schemeless: boolean;
  headers: boolean;
  explain: boolean;
  redact: boolean;
  jobs: number;
  /** `--progress` / `--no-progress`; undefined: on when stderr is a terminal. */
  progress: boolean | undefined;
  stats: boolean;
  exclude: string[];
  /** `--follow`: follow symbolic links to directories while walking. */
  follow: boolean;
}

/** What reading the command line gave: options to run with, or an exit (help, version, usage error). */
export type ParsedCommandLine =
  | { type: 'run'; options: CliOptions }
  | { type: 'exit'; code: 0 }
  | { type: 'usage-error'; message: string };

const EXAMPLES: Array<[string, string]> = [
  ['$0 mail.mbox', 'every URL as file:line:column<TAB>url'],
  ['$0 -o < message.eml', 'the bare URLs of one message, as urlview lists them'],
  ['$0 -u -s http -s https ~/Maildir', 'each web address once, wherever it was first seen'],
  ['$0 --format jsonl --stats archive.mbox.gz > urls.jsonl', 'records for other programs; counts on stderr'],
  ['$0 --explain notes.txt', 'also say which look-alikes were rejected, and why'],
  ['$0 -j 4 /var/spool/news', 'a news spool on four worker threads'],
];

const EPILOGUE = `Exit status: 0 when a URL was found, 1 when none was, 2 for a usage error or a path that could not be read (even when URLs were found, as grep does).`;

/** Reads `argv` (without `node` and the script). Prints help or the version itself when asked. */
export function parseCommandLine(args: readonly string[]): ParsedCommandLine {
  let failure: string | undefined;
  const parser = yargs([...args])
    .scriptName('urlsift')
    .usage('Usage: $0 [options] [paths..]\n\nFind URLs in mail, news and text: files, mbox (.gz too), Maildir folders, news spools, rnews batches, or standard input (- or no path).')
    .parserConfiguration({ 'parse-positional-numbers': false, 'greedy-arrays': false })
    .option('format', { type: 'string', choices: FORMAT_NAMES as string[], describe: 'output format [default: text]', group: 'Output:' })
    .option('only-urls', { alias: 'o', type: 'boolean', default: false, describe: 'print bare URLs, one a line (like urlview)', group: 'Output:' })
    .option('unique', { alias: 'u', type: 'boolean', default: false, describe: 'print each URL once (compared normalised), where it was first found', group: 'Output:' })
    .option('scheme', { alias: 's', type: 'string', array: true, default: [] as string[], describe: 'keep only this scheme (repeatable, or comma-separated)', group: 'Output:' })
    .option('redact', { type: 'boolean', default: false, describe: 'mask passwords in printed URLs', group: 'Output:' })
    .option('explain', { type: 'boolean', default: false, describe: 'report rejected candidates and why on stderr', group: 'Output:' })
    .option('stats', { type: 'boolean', default: false, describe: 'print one JSON line of counts on stderr at the end', group: 'Output:' })
    .option('progress', { type: 'boolean', describe: 'show progress on stderr (default: when stderr is a terminal; never on a pipe)', group: 'Output:' })
    .option('input', { type: 'string', choices: INPUT_NAMES as string[], default: 'auto', describe: 'read every input as this kind', group: 'Input:' })
    .option('follow', { type: 'boolean', default: false, describe: 'follow symbolic links to directories when walking directories (each directory is read once)', group: 'Input:' })
    .option('exclude', { type: 'string', array: true, default: [] as string[], describe: 'skip files whose name matches this glob (* and ?) when walking directories (repeatable)', group: 'Input:' })
    .option('headers', { type: 'boolean', default: true, describe: 'scan URL-bearing header fields (List-Unsubscribe...); --no-headers to skip them', group: 'Input:' })
    .option('jobs', { alias: 'j', type: 'string', describe: `worker threads [default: number of cores, ${availableParallelism()}]`, group: 'Input:' })
    .option('strict', { type: 'boolean', default: false, describe: 'validate with the strict RFC 1738 grammar', group: 'Matching:' })
    .option('emails', { type: 'boolean', default: false, describe: 'report bare e-mail addresses as mailto: URLs', group: 'Matching:' })
    .option('schemeless', { type: 'boolean', default: true, describe: 'report www. and ftp. hosts without a scheme; --no-schemeless to skip them', group: 'Matching:' })
    .example(EXAMPLES)
    .epilogue(EPILOGUE)
    .help()
    .alias('help', 'h')
    .version(readVersion())
    .alias('version', 'V')
    .strictOptions()
    .exitProcess(false)
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((message: string | null, error: Error | undefined) => {
      failure = message ?? error?.message ?? 'invalid command line';
    });

  const argv = parser.parseSync();
  if (failure !== undefined) return { type: 'usage-error', message: failure };
  if (argv.help || argv.version) return { type: 'exit', code: 0 };

  const only = argv['only-urls'];
  if (only && argv.format !== undefined && argv.format !== 'text') {
    return { type: 'usage-error', message: `-o/--only-urls prints bare URLs and cannot be combined with --format ${argv.format}` };
  }
  const jobs = parseJobs(argv.jobs);
  if (typeof jobs === 'string') return { type: 'usage-error', message: jobs };
  const schemes = splitList(argv.scheme).map((name) => name.toLowerCase());
  const badScheme = schemes.find((name) => !isSchemeName(name, Infinity));
  if (badScheme !== undefined) return { type: 'usage-error', message: `--scheme: "${badScheme}" is not a scheme name (RFC 3986 §3.1: a letter, then letters, digits, "+", "-" or ".")` };

  return {
    type: 'run',
    options: {
      paths: argv._.map(String),
      format: only ? 'urls' : ((argv.format as FormatName | undefined) ?? 'text'),
      input: argv.input as InputKind,
      schemes,
      unique: argv.unique,
      strict: argv.strict,
      emails: argv.emails,
      schemeless: argv.schemeless,
      headers: argv.headers,
      explain: argv.explain,
      redact: argv.redact,
      jobs,
      progress: argv.progress,
      stats: argv.stats,
      exclude: splitList(argv.exclude, false),
      follow: argv.follow,
    },
  };
}

/** `-j N`: a whole number from 1 to {@link MAX_JOBS}; the number of cores when absent. */
function parseJobs(value: unknown): number | string {
  if (value === undefined) return Math.max(1, Math.min(MAX_JOBS, availableParallelism()));
  const text = Array.isArray(value) ? String(value[value.length - 1]) : String(value);
  if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > MAX_JOBS) {
    return `--jobs expects a whole number from 1 to ${MAX_JOBS}, not "${text}"`;
  }
  return Number(text);
}

/** Repeated options, each possibly a comma-separated list. */
function splitList(values: ReadonlyArray<string | number> | undefined, commas = true): string[] {
  const out: string[] = [];
  for (const value of values ?? []) {
    for (const piece of commas ? String(value).split(',') : [String(value)]) if (piece !== '') out.push(piece);
  }
  return out;
}

/** The package version, from package.json next to `src/` or `dist/`. */
function readVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return manifest.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
