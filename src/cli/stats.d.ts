/**
 * `--stats`: what a run read and found, printed at the end as one JSON line on stderr.
 */
/** How many hosts the summary lists: the busiest ones tell the story, a long tail does not. */
export declare const TOP_HOSTS = 10;
/** The counters of a run. */
export interface RunStats {
    /** Files read (standard input counts as one). */
    files: number;
    /** Messages and articles read (plain text files have none). */
    messages: number;
    /** URLs printed (after --scheme and --unique). */
    matches: number;
    /** Error records and paths that could not be read. */
    errors: number;
    /** Bytes read from the inputs (compressed bytes for `.gz`). */
    bytes: number;
    /** Printed URLs by scheme. */
    schemes: Map<string, number>;
    /** Printed URLs by host (in lower case, IDN hosts in ASCII). */
    hosts: Map<string, number>;
}
/** New counters, all zero. */
export declare function createStats(): RunStats;
/** Counts one printed URL. */
export declare function countMatch(stats: RunStats, scheme: string, host: string | undefined): void;
/**
 * The summary line: `{"files","messages","matches","errors","bytes","seconds","schemes","topHosts"}`,
 * schemes by name, then the {@link TOP_HOSTS} most frequent hosts as `{host, count}`
 * (ties by name), and for a sharded run `"shard":"K/N"`.
 */
export declare function formatStats(stats: RunStats, seconds: number, shard?: {
    index: number;
    count: number;
}): string;
