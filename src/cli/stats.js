/**
 * `--stats`: what a run read and found, printed at the end as one JSON line on stderr.
 */
/** How many hosts the summary lists: the busiest ones tell the story, a long tail does not. */
export const TOP_HOSTS = 10;
/** New counters, all zero. */
export function createStats() {
    return { files: 0, messages: 0, matches: 0, errors: 0, bytes: 0, schemes: new Map(), hosts: new Map() };
}
/** Counts one printed URL. */
export function countMatch(stats, scheme, host) {
    stats.matches++;
    stats.schemes.set(scheme, (stats.schemes.get(scheme) ?? 0) + 1);
    if (host !== undefined)
        stats.hosts.set(host, (stats.hosts.get(host) ?? 0) + 1);
}
/**
 * The summary line: `{"files","messages","matches","errors","bytes","seconds","schemes","topHosts"}`,
 * schemes by name, then the {@link TOP_HOSTS} most frequent hosts as `{host, count}`
 * (ties by name), and for a sharded run `"shard":"K/N"`.
 */
export function formatStats(stats, seconds, shard) {
    const byCount = (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    const schemes = [...stats.schemes].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const hosts = [...stats.hosts].sort(byCount).slice(0, TOP_HOSTS);
    return JSON.stringify({
        files: stats.files,
        messages: stats.messages,
        matches: stats.matches,
        errors: stats.errors,
        bytes: stats.bytes,
        seconds: Math.round(seconds * 1000) / 1000,
        schemes: Object.fromEntries(schemes),
        // A list, not an object: a host such as `127` would be an integer key and jump the order.
        topHosts: hosts.map(([host, count]) => ({ host, count })),
        // With --shard: which one, so that `urlsift merge` can check it has them all.
        ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
    });
}
//# sourceMappingURL=stats.js.map