/**
 * `--shard K/N`: one process does shard K of N of a job, and no other process does
 * the same work. The plan's units are laid end to end in plan order, as if every
 * input were one long file (the "job offset" of a unit is where it starts there);
 * shard K owns the units that start in the K-th of N equal slices of those bytes.
 * That depends only on the paths and the file sizes, so every host computes the
 * same partition without talking to the others, and each shard is a contiguous
 * run of the plan, balanced by bytes.
 */
/** Shard `index` (1-based) of `count`. */
export interface Shard {
    index: number;
    count: number;
}
/**
 * More shards than this is a typing mistake, not a cluster (a million hosts, each
 * walking the whole tree to plan, would spend more on planning than on scanning).
 */
export declare const MAX_SHARDS = 1000000;
/** Reads `K/N` (1 <= K <= N <= {@link MAX_SHARDS}); a string says what is wrong. */
export declare function parseShard(text: string): Shard | string;
/**
 * The shard (1-based) that owns the unit starting at `jobOffset` in a job of `total`
 * bytes. Units at the very end (empty files after the last byte) go to the last shard;
 * a job of no bytes at all is shard 1's.
 */
export declare function shardOfOffset(jobOffset: number, total: number, count: number): number;
/** True when `shard` owns the unit at `jobOffset` (or when there is no shard: the whole job). */
export declare function ownsOffset(shard: Shard | undefined, jobOffset: number, total: number): boolean;
