/**
 * The command line of `urlsift`, read with yargs into typed options. The options are
 * one table ({@link OPTIONS}) that the parser, `--help`, the shell completion and the
 * man page are all made from. A command line of switches and paths only (`urlsift
 * -o`, as a mail reader runs it) is read from the same table without loading yargs
 * (`switches.ts`). A usage error is a value: one line naming the flag (the caller
 * prints it and exits with 2, as grep does).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Options } from 'yargs';
import type { InputKind } from '../sources/origin.js';
import { FORMAT_NAMES, STDIN_NAME, type FormatName } from './formats.js';
import { parseShard, type Shard } from './shard.js';
import { isSchemeName } from '../schemes/components.js';
import { readSwitches, type OptionTable } from './switches.js';

/** More worker threads than this would only add memory: no machine urlsift runs on has more useful cores for one mailbox. */
export const MAX_JOBS = 256;

/**
 * The default `-j`: one less than the number of cores, at least 1. Every thread that scans
 * is a V8 isolate that compiles its own hot code and collects its own garbage on helper
 * threads: over the usrp-users mailbox at `-j 1` those helpers take about 2 s of CPU beside
 * the main thread's 3 s (TurboFan alone about 2.7 s by `--trace-opt`), so one thread that
 * scans already keeps part of a second core busy. Measured on 2 cores, `-j 2` took 1.6 times
 * the CPU of `-j 1` and finished later; with more cores the extra threads find idle ones
 * (README, Performance). Measured again once the workers really started (the scheduler's
 * fix): CPU of every thread of one run, read from `/proc` while it ran, the usrp-users mbox
 * to JSON lines, runs of each `-j` in turn. `-j 1`: 2.3–2.6 s, 1.4–1.5 s on the main thread.
 * `-j 2`: 3.6–4.0 s (main thread 1.1 s, worker 0.9 s, V8's helpers 1.7 s): more than two
 * cores can give back. `-j 3`: 4.4–4.8 s, no thread above 1.1 s; `-j 4`: 4.8–5.4 s, the main
 * thread 0.9–1.0 s. So on 4 cores `-j 3` can end in about 1.2 s at best (its CPU spread over 4
 * cores) against `-j 1`'s 1.5 s, for twice the CPU; on 2 cores `-j 2` cannot end before 1.8 s.
 */
export function defaultJobs(cores: number = availableParallelism()): number {
  return Math.max(1, Math.min(MAX_JOBS, cores - 1));
}

/**
 * Context lines (`-A`, `-B`, `-C`) are capped here: more is a pager's job, and each
 * line is kept in memory until the match is printed.
 */
export const MAX_CONTEXT_LINES = 1000;

/** `-m NUM` above this is the same as no limit (and keeps the number an exact integer). */
const MAX_COUNT_LIMIT = 1e9;

/** The schemes of `--web`: what a browser opens. */
export const WEB_SCHEMES: readonly string[] = ['http', 'https', 'ftp'];

const INPUT_NAMES: readonly InputKind[] = ['auto', 'text', 'mbox', 'maildir', 'eml', 'news', 'rnews'];

/** `--color WHEN`. */
export type ColorWhen = 'auto' | 'always' | 'never';
const COLOR_NAMES: readonly ColorWhen[] = ['auto', 'always', 'never'];

/** What is printed: the records, or grep's per-file summaries instead of them. */
export type ListMode = 'records' | 'count' | 'files-with-matches' | 'files-without-match' | 'quiet';

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
  /** `--fuzzy`: bare domains and IPv4 literals with a path or port too. */
  fuzzy: boolean;
  /** `--punycode`: print host names in their ASCII (IDNA) form. */
  punycode: boolean;
  headers: boolean;
  explain: boolean;
  redact: boolean;
  jobs: number;
  /** `--progress` / `--no-progress`; undefined: on when stderr is a terminal. */
  progress: boolean | undefined;
  stats: boolean;
  /** `--exclude`: files skipped while walking directories. */
  exclude: string[];
  /** `--include`: when given, only files matching one of these are read while walking directories. */
  include: string[];
  /** `--exclude-dir`: directories not entered while walking. */
  excludeDir: string[];
  /** `--host` globs; empty keeps every host. */
  hosts: string[];
  /** `--exclude-host` globs. */
  excludeHosts: string[];
  /** `--match`: a JavaScript regular expression the URL must match (its source, checked). */
  match: string | undefined;
  /** Lines of context before and after each match (`-B`, `-A`, `-C`/`--context`); undefined when not asked. */
  before: number | undefined;
  after: number | undefined;
  list: ListMode;
  /** `-m NUM`: at most this many URLs per file. */
  maxCount: number | undefined;
  /** `-Z`: a NUL byte after each file name instead of `:` or a line break. */
  nul: boolean;
  /** `--output FILE`: written atomically; undefined for stdout. */
  output: string | undefined;
  color: ColorWhen;
  /** `--follow`: follow symbolic links to directories while walking. */
  follow: boolean;
  /** `--shard K/N`: do only shard K of N of the job (see `shard.ts`). */
  shard?: Shard;
}

/** What reading the command line gave: options to run with, or an exit (help, version, completion, usage error). */
export type ParsedCommandLine =
  | { type: 'run'; options: CliOptions }
  | { type: 'exit'; code: 0 }
  | { type: 'usage-error'; message: string };

/** One option of the command line, as `--help`, the completion and the man page show it. */
export interface OptionSpec {
  /** Long name, without the dashes. */
  name: string;
  /** One-letter alias. */
  short?: string;
  /** `flag`: on or off (`--no-NAME` for those on by default); `value`: takes one argument; `list`: repeatable. */
  kind: 'flag' | 'value' | 'list';
  /** The argument's placeholder (`GLOB`, `NUM`). */
  arg?: string;
  /** One line for `--help`. */
  describe: string;
  /** Section of `--help` and the man page. */
  group: string;
  /** Allowed values, shown in the help and offered by the completion. */
  choices?: readonly string[];
  /** For flags that are on unless `--no-NAME` is given. */
  defaultOn?: boolean;
}

const OUTPUT = 'Output:';
const CONTEXT = 'Context:';
const LISTING = 'Counting and listing:';
const FILTERS = 'Filters:';
const INPUT = 'Input:';
const MATCHING = 'Matching:';

/** Every option, in the order `--help` lists them. */
export const OPTIONS: readonly OptionSpec[] = [
  { name: 'format', kind: 'value', arg: 'NAME', choices: FORMAT_NAMES, describe: `output format: ${FORMAT_NAMES.join(', ')} [default: text]`, group: OUTPUT },
  { name: 'only-urls', short: 'o', kind: 'flag', describe: 'print bare URLs, one a line (grep -o, urlview)', group: OUTPUT },
  { name: 'unique', short: 'u', kind: 'flag', describe: 'print each URL once (compared normalised), where it was first found', group: OUTPUT },
  { name: 'output', kind: 'value', arg: 'FILE', describe: 'write the results to FILE (atomically: a temporary file, then renamed)', group: OUTPUT },
  { name: 'color', kind: 'value', arg: 'WHEN', choices: COLOR_NAMES, describe: 'colour file names, schemes, hosts and matches: auto (a terminal, unless NO_COLOR is set), always, never', group: OUTPUT },
  { name: 'null', short: 'Z', kind: 'flag', describe: 'print a NUL byte after each file name (Maildir names contain ":")', group: OUTPUT },
  { name: 'redact', kind: 'flag', describe: 'mask passwords in printed URLs', group: OUTPUT },
  { name: 'explain', kind: 'flag', describe: 'report rejected candidates and why on stderr', group: OUTPUT },
  { name: 'stats', kind: 'flag', describe: 'print one JSON line of counts on stderr at the end', group: OUTPUT },
  { name: 'progress', kind: 'flag', describe: 'show progress on stderr (default: when stderr is a terminal; never on a pipe)', group: OUTPUT },
  { name: 'context', short: 'C', kind: 'value', arg: 'NUM', describe: 'show NUM lines around each match (text); add them to each record (jsonl, json)', group: CONTEXT },
  { name: 'before-context', short: 'B', kind: 'value', arg: 'NUM', describe: 'show NUM lines before each match', group: CONTEXT },
  { name: 'after-context', short: 'A', kind: 'value', arg: 'NUM', describe: 'show NUM lines after each match', group: CONTEXT },
  { name: 'count', short: 'c', kind: 'flag', describe: 'print how many URLs each file holds instead of the URLs', group: LISTING },
  { name: 'files-with-matches', short: 'l', kind: 'flag', describe: 'print only the names of files with URLs', group: LISTING },
  { name: 'files-without-match', short: 'L', kind: 'flag', describe: 'print only the names of files without URLs', group: LISTING },
  { name: 'quiet', short: 'q', kind: 'flag', describe: 'print nothing; exit 0 at the first URL found', group: LISTING },
  { name: 'max-count', short: 'm', kind: 'value', arg: 'NUM', describe: 'stop reading a file after NUM URLs', group: LISTING },
  { name: 'scheme', short: 's', kind: 'list', arg: 'NAME', describe: 'keep only this scheme (repeatable, or comma-separated)', group: FILTERS },
  { name: 'web', kind: 'flag', describe: `keep only what a browser opens: ${WEB_SCHEMES.join(', ')} (same as -s ${WEB_SCHEMES.join(',')})`, group: FILTERS },
  { name: 'host', kind: 'list', arg: 'GLOB', describe: 'keep only URLs whose host matches GLOB, in ASCII or Unicode (repeatable; *.example.org)', group: FILTERS },
  { name: 'exclude-host', kind: 'list', arg: 'GLOB', describe: 'drop URLs whose host matches GLOB (repeatable)', group: FILTERS },
  { name: 'match', kind: 'value', arg: 'REGEX', describe: 'keep only URLs matching this JavaScript regular expression', group: FILTERS },
  { name: 'input', kind: 'value', arg: 'KIND', choices: INPUT_NAMES, describe: `read every input as this kind: ${INPUT_NAMES.join(', ')} [default: auto]`, group: INPUT },
  { name: 'follow', kind: 'flag', describe: 'follow symbolic links to directories when walking directories (each directory is read once)', group: INPUT },
  { name: 'include', kind: 'list', arg: 'GLOB', describe: 'when walking directories, read only files matching GLOB (repeatable)', group: INPUT },
  { name: 'exclude', kind: 'list', arg: 'GLOB', describe: 'when walking directories, skip files matching GLOB (repeatable)', group: INPUT },
  { name: 'exclude-dir', kind: 'list', arg: 'GLOB', describe: 'when walking directories, skip directories matching GLOB (repeatable)', group: INPUT },
  { name: 'recursive', short: 'r', kind: 'flag', describe: 'accepted for grep\'s habit: directories are always walked', group: INPUT },
  { name: 'headers', kind: 'flag', defaultOn: true, describe: 'scan URL-bearing header fields (List-Unsubscribe...); --no-headers to skip them', group: INPUT },
  { name: 'shard', kind: 'value', arg: 'K/N', describe: 'do only shard K of N of the job (1-based), for running one job on many machines; "urlsift merge" puts the shards together', group: INPUT },
  { name: 'jobs', short: 'j', kind: 'value', arg: 'NUM', describe: `threads that scan, the main thread and NUM - 1 workers [default: one less than the cores, ${defaultJobs()}]`, group: INPUT },
  { name: 'strict', kind: 'flag', describe: 'validate with the strict RFC 1738 grammar', group: MATCHING },
  { name: 'emails', kind: 'flag', describe: 'report bare e-mail addresses as mailto: URLs', group: MATCHING },
  { name: 'schemeless', kind: 'flag', defaultOn: true, describe: 'report www. and ftp. hosts without a scheme; --no-schemeless to skip them', group: MATCHING },
  { name: 'fuzzy', kind: 'flag', describe: 'also report bare domains with a known top-level domain (example.com) and IPv4 literals with a path or port', group: MATCHING },
  { name: 'punycode', kind: 'flag', describe: 'print internationalised host names in ASCII (xn--...) form', group: OUTPUT },
];

/** Examples for `--help` and the man page. */
export const EXAMPLES: Array<[string, string]> = [
  ['$0 mail.mbox', 'every URL as file:line:column<TAB>url'],
  ['$0 -o < message.eml', 'the bare URLs of one message, as urlview lists them'],
  ['$0 -u --web ~/Maildir', 'each web address once, wherever it was first seen'],
  ['$0 -C 2 --host "*.example.org" notes.txt', 'URLs on example.org hosts, with two lines around each'],
  ['$0 -lZ ~/Maildir | xargs -0 ls -l', 'the messages that hold URLs, NUL-separated'],
  ['$0 --format jsonl --stats archive.mbox.gz > urls.jsonl', 'records for other programs; counts on stderr'],
  ['$0 --explain notes.txt', 'also say which look-alikes were rejected, and why'],
  ['$0 -j 4 /var/spool/news', 'a news spool on four worker threads'],
  ['$0 --shard 2/8 --format jsonl /archive > 2.jsonl', 'shard 2 of 8 of one job (urlsift merge puts them together)'],
];

/** The usage line and what the command does. */
export const SUMMARY = 'Find URLs in mail, news and text: files, mbox (.gz too), Maildir folders, news spools, rnews batches, or standard input (- or no path).';

export const EPILOGUE = `Exit status: 0 when a URL was found, 1 when none was, 2 for a usage error or a path that could not be read (even when URLs were found, as grep does).`;

/** The yargs definition of one option. Values are taken as strings and checked here, so that each error names its flag. */
function yargsOption(spec: OptionSpec): Options {
  const option: Options = { describe: spec.describe, group: spec.group };
  if (spec.short) option.alias = spec.short;
  if (spec.kind === 'flag') {
    option.type = 'boolean';
    // Absent flags stay undefined (`--progress` has three states); only those on by default show it.
    if (spec.defaultOn) option.default = true;
  } else {
    // No `type` (yargs would print "[string]" beside it); parse-numbers is off, so values stay strings.
    option.requiresArg = true;
    if (spec.kind === 'list') option.array = true;
  }
  return option;
}

/** {@link OPTIONS} as yargs takes them, for {@link readSwitches} too. */
export const OPTION_TABLE: OptionTable = Object.fromEntries(OPTIONS.map((spec) => [spec.name, yargsOption(spec)]));

/** Builds the yargs parser from {@link OPTIONS}, loading yargs; `fail` receives yargs's own error messages. */
async function buildParser(args: readonly string[], fail: (message: string) => void) {
  const { default: yargs } = await import('yargs');
  let parser = yargs([...args])
    .scriptName('urlsift')
    .usage(`Usage: $0 [options] [paths..]\n\n${SUMMARY}`)
    .parserConfiguration({ 'parse-positional-numbers': false, 'parse-numbers': false, 'greedy-arrays': false, 'camel-case-expansion': false })
    .completion('completion', 'print a bash/zsh completion script: urlsift completion >> ~/.bashrc');
  for (const spec of OPTIONS) parser = parser.option(spec.name, yargsOption(spec));
  return parser
    .example(EXAMPLES)
    .epilogue(EPILOGUE)
    .help()
    .alias('help', 'h')
    .version(readVersion())
    .alias('version', 'V')
    .strictOptions()
    .exitProcess(false)
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((message: string | null, error: Error | undefined) => fail(message ?? error?.message ?? 'invalid command line'));
}

/**
 * Reads `argv` (without `node` and the script). Prints help, the version or completions
 * itself when asked. `withYargs` reads a command line of switches and paths with yargs
 * too, for the test that compares the two readings.
 */
export async function parseCommandLine(args: readonly string[], withYargs = false): Promise<ParsedCommandLine> {
  // A dash followed by a digit (`-0`) is an unknown option, not a path (yargs reads it as a negative number).
  const end = args.indexOf('--');
  const numeric = (end < 0 ? args : args.slice(0, end)).find((arg) => /^-\d/.test(arg));
  if (numeric !== undefined) return usage(numeric, 'unknown option');

  let failure: string | undefined;
  let switches = withYargs ? undefined : readSwitches(args, OPTION_TABLE);
  // `urlsift completion` is a yargs command, which prints the script.
  if (switches?._[0] === 'completion') switches = undefined;
  const argv = (switches ?? (await buildParser(args, (message) => (failure ??= message))).parseSync()) as Record<string, unknown> & { _: Array<string | number> };
  if (failure !== undefined) return { type: 'usage-error', message: describeYargsFailure(failure, args) };
  if (argv.help || argv.version || argv['get-yargs-completions'] !== undefined || argv._[0] === 'completion') return { type: 'exit', code: 0 };

  const value = (name: string): string | undefined => {
    const raw = argv[name];
    if (raw === undefined) return undefined;
    return String(Array.isArray(raw) ? raw[raw.length - 1] : raw); // the last one given wins, as in grep
  };
  const list = (name: string, commas: boolean): string[] => splitList(argv[name] as string[] | undefined, commas);

  const format = value('format');
  if (format !== undefined && !(FORMAT_NAMES as string[]).includes(format)) return usage('--format', `"${format}" is not a format; choose ${FORMAT_NAMES.join(', ')}`);
  const input = value('input') ?? 'auto';
  if (!(INPUT_NAMES as string[]).includes(input)) return usage('--input', `"${input}" is not an input kind; choose ${INPUT_NAMES.join(', ')}`);
  const color = value('color') ?? 'auto';
  if (!(COLOR_NAMES as string[]).includes(color)) return usage('--color', `"${color}" is not one of ${COLOR_NAMES.join(', ')}`);

  const only = argv['only-urls'] === true;
  if (only && format !== undefined && format !== 'text') return usage('--only-urls', `prints bare URLs and cannot be combined with --format ${format}`);

  const jobs = value('jobs');
  const jobCount = jobs === undefined ? defaultJobs() : parseWhole(jobs, 1, MAX_JOBS);
  if (jobCount === undefined) return usage('--jobs', `expects a whole number from 1 to ${MAX_JOBS}, not "${jobs}"`);

  const numbers: Record<string, number | undefined> = {};
  for (const name of ['context', 'before-context', 'after-context', 'max-count']) {
    const text = value(name);
    if (text === undefined) continue;
    const limit = name === 'max-count' ? MAX_COUNT_LIMIT : MAX_CONTEXT_LINES;
    const number = parseWhole(text, 0, Number.MAX_SAFE_INTEGER);
    if (number === undefined) return usage(`--${name}`, `expects a whole number, not "${text}"`);
    numbers[name] = Math.min(number, limit);
  }

  const schemes = list('scheme', true).map((name) => name.toLowerCase());
  const badScheme = schemes.find((name) => !isSchemeName(name, Infinity));
  if (badScheme !== undefined) return usage('--scheme', `"${badScheme}" is not a scheme name (RFC 3986 §3.1: a letter, then letters, digits, "+", "-" or ".")`);
  if (argv.web === true) for (const name of WEB_SCHEMES) if (!schemes.includes(name)) schemes.push(name);

  const match = value('match');
  if (match !== undefined) {
    try {
      new RegExp(match, 'u');
    } catch (error) {
      return usage('--match', `not a JavaScript regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`);
    }
  }

  const modes: Array<[string, ListMode]> = [['count', 'count'], ['files-with-matches', 'files-with-matches'], ['files-without-match', 'files-without-match'], ['quiet', 'quiet']];
  const chosen = modes.filter(([name]) => argv[name] === true);
  if (chosen.length > 1) return usage(`--${chosen[1]![0]}`, `cannot be combined with --${chosen[0]![0]}`);
  const listMode: ListMode = chosen[0]?.[1] ?? 'records';

  const output = value('output');
  if (output === '') return usage('--output', 'needs a file name');

  let shard: Shard | undefined;
  const shardText = value('shard');
  if (shardText !== undefined) {
    const parsedShard = parseShard(shardText);
    if (typeof parsedShard === 'string') return usage('--shard', parsedShard);
    if (argv._.length === 0 || argv._.some((path) => String(path) === STDIN_NAME)) {
      return usage('--shard', 'needs files or directories: each machine has its own standard input');
    }
    shard = parsedShard;
  }

  const context = numbers.context;
  return {
    type: 'run',
    options: {
      paths: argv._.map(String),
      format: only ? 'urls' : ((format as FormatName | undefined) ?? 'text'),
      input: input as InputKind,
      schemes,
      unique: argv.unique === true,
      strict: argv.strict === true,
      emails: argv.emails === true,
      schemeless: argv.schemeless !== false,
      fuzzy: argv.fuzzy === true,
      punycode: argv.punycode === true,
      headers: argv.headers !== false,
      explain: argv.explain === true,
      redact: argv.redact === true,
      jobs: jobCount,
      progress: argv.progress as boolean | undefined,
      stats: argv.stats === true,
      exclude: list('exclude', false),
      include: list('include', false),
      excludeDir: list('exclude-dir', false),
      hosts: list('host', false),
      excludeHosts: list('exclude-host', false),
      match,
      before: numbers['before-context'] ?? context,
      after: numbers['after-context'] ?? context,
      list: listMode,
      maxCount: numbers['max-count'],
      nul: argv.null === true,
      output,
      color: color as ColorWhen,
      follow: argv.follow === true,
      ...(shard ? { shard } : {}),
    },
  };
}

function usage(flag: string, reason: string): ParsedCommandLine {
  return { type: 'usage-error', message: `${flag}: ${reason}` };
}

/**
 * yargs's messages in the one shape `FLAG: reason`: "Unknown arguments: x, y" names the
 * first unknown option once; "Not enough arguments following: format" names its flag.
 */
export function describeYargsFailure(message: string, args: readonly string[] = []): string {
  const firstLine = message.split('\n')[0] ?? message;
  const unknown = /^Unknown arguments?: (.*)$/.exec(firstLine);
  if (unknown) {
    let name = (unknown[1] ?? '').split(', ')[0] ?? '';
    // yargs reads `--no-x` as "not --x": name the flag as typed.
    if (args.some((arg) => arg === `--no-${name}` || arg.startsWith(`--no-${name}=`))) name = `no-${name}`;
    return `${name.length === 1 ? '-' : '--'}${name}: unknown option`;
  }
  const missing = /^Not enough arguments following: (.*)$/.exec(firstLine);
  if (missing) {
    const name = missing[1] ?? '';
    const spec = OPTIONS.find((option) => option.name === name || option.short === name);
    return `--${spec?.name ?? name}: needs a value${spec?.arg ? ` (${spec.arg})` : ''}`;
  }
  return firstLine;
}

/** A whole number written in decimal digits, from `min` to `max`; undefined otherwise. */
function parseWhole(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const number = Number(text);
  return number >= min && number <= max ? number : undefined;
}

/** Repeated options, each possibly a comma-separated list. */
function splitList(values: ReadonlyArray<string | number> | undefined, commas: boolean): string[] {
  const out: string[] = [];
  for (const value of values ?? []) {
    for (const piece of commas ? String(value).split(',') : [String(value)]) if (piece !== '') out.push(piece);
  }
  return out;
}

/** The package version, from package.json next to `src/` or `dist/`. */
export function readVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return manifest.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
