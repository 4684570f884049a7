import { type FormatName } from './formats.js';
import { type Output } from './output.js';
import { type RunStats } from './stats.js';
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
/** What merging gave, for the exit code and `--stats`. */
export interface MergeResult {
    printed: number;
    /** A line or input could not be used, or the summaries do not fit together (exit code 2). */
    trouble: boolean;
    stats: RunStats;
    /** The longest shard's `seconds` (the shards ran side by side). */
    seconds: number;
}
/**
 * Merges the inputs: the records of all shard outputs in the unsharded order, written
 * in `format` to `output`; the summaries of all logs added up. Problems are lines for
 * `complain`, and the rest goes on.
 */
export declare function mergeShards(inputs: readonly MergeInput[], options: Omit<MergeOptions, 'paths'>, output: Output): Promise<MergeResult>;
/** Exit codes of `urlsift merge`, as for a run: 0 records printed, 1 none, 2 trouble. */
export declare function mergeExitCode(result: Pick<MergeResult, 'printed' | 'trouble'>): number;
/** What reading `urlsift merge`'s command line gave. */
export type ParsedMergeCommandLine = {
    type: 'run';
    options: MergeOptions;
} | {
    type: 'exit';
    code: 0;
} | {
    type: 'usage-error';
    message: string;
};
/** Reads `urlsift merge`'s arguments (after `merge`). */
export declare function parseMergeCommandLine(args: readonly string[]): ParsedMergeCommandLine;
/** Opens a file's lines for {@link mergeShards}; a file that cannot be opened is reported, not thrown. */
export declare function openMergeInput(path: string): Promise<MergeInput | string>;
/** Runs `urlsift merge` with its arguments (after `merge`) and returns the exit code. */
export declare function runMerge(args: readonly string[]): Promise<number>;
