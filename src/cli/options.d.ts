import type { InputKind } from '../sources/origin.js';
import { type FormatName } from './formats.js';
import { type Shard } from './shard.js';
import { type OptionTable } from './switches.js';
/** More worker threads than this would only add memory: no machine urlsift runs on has more useful cores for one mailbox. */
export declare const MAX_JOBS = 256;
/**
 * The default `-j`: one less than the number of cores, at least 1. Every thread that scans
 * is a V8 isolate that compiles its own hot code and collects its own garbage on helper
 * threads: over the usrp-users mailbox at `-j 1` those helpers take about 2 s of CPU beside
 * the main thread's 3 s (TurboFan alone about 2.7 s by `--trace-opt`), so one thread that
 * scans already keeps part of a second core busy. Measured on 2 cores, `-j 2` took 1.6 times
 * the CPU of `-j 1` and finished later; with more cores the extra threads find idle ones
 * (README, Performance).
 */
export declare function defaultJobs(cores?: number): number;
/**
 * Context lines (`-A`, `-B`, `-C`) are capped here: more is a pager's job, and each
 * line is kept in memory until the match is printed.
 */
export declare const MAX_CONTEXT_LINES = 1000;
/** The schemes of `--web`: what a browser opens. */
export declare const WEB_SCHEMES: readonly string[];
/** `--color WHEN`. */
export type ColorWhen = 'auto' | 'always' | 'never';
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
export type ParsedCommandLine = {
    type: 'run';
    options: CliOptions;
} | {
    type: 'exit';
    code: 0;
} | {
    type: 'usage-error';
    message: string;
};
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
/** Every option, in the order `--help` lists them. */
export declare const OPTIONS: readonly OptionSpec[];
/** Examples for `--help` and the man page. */
export declare const EXAMPLES: Array<[string, string]>;
/** The usage line and what the command does. */
export declare const SUMMARY = "Find URLs in mail, news and text: files, mbox (.gz too), Maildir folders, news spools, rnews batches, or standard input (- or no path).";
export declare const EPILOGUE = "Exit status: 0 when a URL was found, 1 when none was, 2 for a usage error or a path that could not be read (even when URLs were found, as grep does).";
/** {@link OPTIONS} as yargs takes them, for {@link readSwitches} too. */
export declare const OPTION_TABLE: OptionTable;
/**
 * Reads `argv` (without `node` and the script). Prints help, the version or completions
 * itself when asked. `withYargs` reads a command line of switches and paths with yargs
 * too, for the test that compares the two readings.
 */
export declare function parseCommandLine(args: readonly string[], withYargs?: boolean): Promise<ParsedCommandLine>;
/**
 * yargs's messages in the one shape `FLAG: reason`: "Unknown arguments: x, y" names the
 * first unknown option once; "Not enough arguments following: format" names its flag.
 */
export declare function describeYargsFailure(message: string, args?: readonly string[]): string;
/** The package version, from package.json next to `src/` or `dist/`. */
export declare function readVersion(): string;
