import { type FilePath } from '../sources/file-path.js';
import type { InputKind } from '../sources/origin.js';
import { type WalkGlobs } from './exclude.js';
import { type Shard } from './shard.js';
import type { WorkUnit } from './unit.js';
/**
 * An mbox is cut into ranges of about this many bytes: small enough that two workers
 * stay busy to the end of one mailbox and that the output waiting for its turn stays
 * small; large enough that a range's fixed cost (opening the file, a round trip
 * between threads) is lost in its scanning time.
 */
export declare const RANGE_BYTES: number;
/** Mailboxes smaller than this are one unit: cutting them would gain nothing. */
export declare const MIN_SPLIT_BYTES: number;
/**
 * `URLSIFT_RANGE_BYTES` sets the range size instead of {@link RANGE_BYTES} (mailboxes
 * of twice that are cut). It exists so that tests can cut small mailboxes into many
 * ranges; every process of a sharded job must see the same value, or the shards do
 * not fit together. Ranges smaller than this would only measure overhead.
 */
export declare const MIN_RANGE_BYTES = 64;
/** The range size `URLSIFT_RANGE_BYTES` asks for, {@link RANGE_BYTES} when unset; a string says what is wrong. */
export declare function rangeBytesFromEnvironment(env: NodeJS.ProcessEnv): number | string;
/** How the planner reads the command line. */
export interface PlanSettings extends WalkGlobs {
    /** `--input`: what to read every file as. */
    input: InputKind;
    /** Cut large uncompressed mboxes into ranges (only worth it with more than one job). */
    split: boolean;
    /** `--follow`: follow symbolic links to directories. */
    follow?: boolean;
    /** Range size for cutting mboxes (default {@link RANGE_BYTES}); mailboxes of twice that are cut. */
    rangeBytes?: number;
    /**
     * `--shard K/N`: list only the units shard K owns (see `shard.ts`), each with its
     * `jobOffset`. Needs `split`: the partition must not depend on the number of jobs.
     */
    shard?: Shard;
}
/** What the planner produces, numbered in output order: a unit, or a path that cannot be read. */
export type PlanItem = {
    type: 'unit';
    unit: WorkUnit;
} | {
    type: 'error';
    seq: number;
    text: string;
    warning?: boolean;
};
/**
 * Lists the work for `paths` (`-` is standard input; no paths at all means standard
 * input). Large plain mboxes are cut into the aligned ranges of `ranges.ts`. With a
 * shard, the inputs are first measured (one walk), then only its own units are listed.
 */
export declare function planWork(paths: readonly FilePath[], settings: PlanSettings): AsyncGenerator<PlanItem>;
/**
 * The bytes the inputs hold, for the progress display's total: files, and the files
 * under directories as {@link planWork} lists them. Standard input counts nothing.
 */
export declare function measureInputs(paths: readonly FilePath[], globs: WalkGlobs & {
    follow?: boolean;
}): Promise<number>;
/**
 * True when the whole command line is one unit of work: standard input, or one file
 * that {@link planWork} would not cut into ranges. Starting worker threads for it
 * would only add their start-up time.
 */
export declare function isSingleUnit(paths: readonly FilePath[], input: InputKind, rangeBytes?: number): Promise<boolean>;
