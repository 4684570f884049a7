/**
 * `--shard K/N`: one process does shard K of N of a job, and no other process does
 * the same work. The plan's units are laid end to end in plan order, as if every
 * input were one long file (the "job offset" of a unit is where it starts there);
 * shard K owns the units that start in the K-th of N equal slices of those bytes.
 * That depends only on the paths and the file sizes, so every host computes the
 * same partition without talking to the others, and each shard is a contiguous
 * run of the plan, balanced by bytes.
 */
/**
 * More shards than this is a typing mistake, not a cluster (a million hosts, each
 * walking the whole tree to plan, would spend more on planning than on scanning).
 */
export const MAX_SHARDS = 1_000_000;
/** Reads `K/N` (1 <= K <= N <= {@link MAX_SHARDS}); a string says what is wrong. */
export function parseShard(text) {
    const found = /^(\d{1,7})\/(\d{1,7})$/.exec(text);
    const index = found ? Number(found[1]) : NaN;
    const count = found ? Number(found[2]) : NaN;
    if (!found || count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
        return `expects K/N with 1 <= K <= N <= ${MAX_SHARDS} (this process does shard K of N), not "${text}"`;
    }
    return { index, count };
}
/**
 * The shard (1-based) that owns the unit starting at `jobOffset` in a job of `total`
 * bytes. Units at the very end (empty files after the last byte) go to the last shard;
 * a job of no bytes at all is shard 1's.
 */
export function shardOfOffset(jobOffset, total, count) {
    if (total <= 0)
        return 1;
    // BigInt: jobOffset * count can pass 2^53 for a large job.
    const slice = Number((BigInt(jobOffset) * BigInt(count)) / BigInt(total));
    return Math.min(count, slice + 1);
}
/** True when `shard` owns the unit at `jobOffset` (or when there is no shard: the whole job). */
export function ownsOffset(shard, jobOffset, total) {
    return !shard || shardOfOffset(jobOffset, total, shard.count) === shard.index;
}
//# sourceMappingURL=shard.js.map