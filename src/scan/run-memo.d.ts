import { type SchemeNameReader } from '../schemes/registry.js';
/** The memory of one scan over `text`. */
export interface RunMemo {
    /**
     * {@link bareRunEnd} of `text` from `from`, remembered. `clearTo`: with `inHost`, the
     * caller knows that `[from, clearTo)` holds no run end and no authority stop (it is
     * before the host's next name stop, see {@link RunMemo.nextNameStop}): a search starts
     * there, and the run is read once for both.
     */
    runEnd(from: number, inHost: boolean, spaceless: boolean, clearTo?: number): number;
    /**
     * The first character at or after `from` that ends a host name or shows that there is
     * none: `/`, `?` or `#` (RFC 3986 §3.2: the end of an authority), `:` (a port) or `@`
     * (a user name before the host); an offset at or past the end of the run when there is
     * none in it. One search for all five: a refused host in a long run reads the run once.
     */
    nextNameStop(from: number): number;
    /** The first `/`, `?`, `#` or `@` at or after `from`, or an offset at or past the end of the run. */
    nextAuthorityStopOrAt(from: number): number;
    /** The first `.` at or after `from`, or an offset at or past the end of the run. */
    nextDot(from: number): number;
}
/** Makes the memory for one scan of `text`. */
export declare function createRunMemo(text: string): RunMemo;
/**
 * The first `.` at or after `from` and before `before` that does not end a host of the
 * kind refused last (CJK prose before it or not, `spaceless`), or the next `.` at or
 * after `before`. Read character by character: in a run of refused hosts a dot stands
 * every few characters. Module level (not a closure of the scan) so that its compiled
 * loop outlives a garbage collection between scans.
 */
export declare function passRefusedHosts(text: string, from: number, before: number, spaceless: boolean): number;
/**
 * What a schemeless host refused for its top-level domain tells about the later hosts of
 * its run (no CJK prose before it, so the run ends at the same place from any of them;
 * see bareRunEnd): each later host's trimmed end is never before the tail of the run
 * given back whole (`lowest`, see TrailingMemo.lowestEnd), and it stands either there or
 * just after a closing bracket of the tail that its bracket counts keep (trimTrailing
 * stops only at a character that the walk of the tail stopped at too, or at a kept
 * bracket), as long as its own `minEnd` (its dot + 2) stands before `lowest`.
 */
export interface RefusedRun {
    /** Hosts whose dot stands before this offset may be passed over; 0 when none. */
    before: number;
    /** The least trimmed end of a later host of the run. */
    lowest: number;
    /** Where the run ends. */
    runEnd: number;
    /** True when the name `[a later start, lowest)` has no known top-level domain (true for every later start when true for one). */
    tailRefused: boolean;
    /**
     * The next name stop (`/?#:@` or the end of the run) from `stopFrom` is `stop`, so from
     * every start up to it: kept from call to call, each stop is read once per scan. (Data,
     * not the scan's own search: compiled code that calls a closure of one scan is thrown
     * away once that closure is collected.)
     */
    stopFrom: number;
    stop: number;
}
/** A {@link RefusedRun} that passes over nothing. */
export declare function createRefusedRun(): RefusedRun;
/**
 * The first dot at or after `from` and before `run.before` that ends a `www`/`ftp`
 * prefix and whose host is not certainly refused for its top-level domain, or the next
 * `.` at or after `run.before`. A later host's name ends at the first of its next name
 * stop (`/?#:@`, RFC 3986 §3.2) and its trimmed end (see findUrls' atDot):
 * - a stop at or before `lowest` is before its end (or is it): the name ends at the stop,
 *   and an `@` before `lowest` refuses it (a user name), as does an unknown top-level domain;
 * - no stop in the run: the name ends at its trimmed end, which is `lowest` (refused when
 *   `tailRefused`) or just after a closing bracket (no top-level domain ends in one);
 * - a stop inside the tail: not decided here.
 * A host after CJK prose (its run may end sooner) is not decided here either. Bench rows
 * "www.a/( repeated" and "www.a( then )": about 0.5 µs per host through the scan's loop.
 */
export declare function passRefusedNames(text: string, from: number, run: RefusedRun): number;
/**
 * What an emphasis `_scheme:` refused because its run does not end in `_` tells about the
 * later colons of the run: each later `_scheme:` (its `_` right before the scheme, no
 * CJK prose before it) reads the same run, whose trimmed end is `lowest` or just after a
 * closing bracket (see {@link RefusedRun}) as long as its colon stands before `lowest`,
 * and neither ends in `_`: it is refused alike (see findUrls' atColon).
 */
export interface RefusedEmphasis {
    /** Colons before this offset may be passed over; 0 when none. */
    before: number;
}
/**
 * The first colon at or after `from` and before `run.before` that findUrls' atColon may
 * accept or consume (or the next `:` at or after `run.before`), with nothing before
 * `floor` consumed. Passed over: a colon with no scheme character before it (atColon
 * refuses it), and an emphasis `_scheme:` of a known scheme (not the "URL:" prefix)
 * whose scheme name starts right after the `_` and at or after `floor`, so that atColon
 * reads the same name from the same start. Bench row "(_http:a repeated": about 0.3 µs
 * per colon through the scan's loop.
 */
export declare function passRefusedEmphasis(text: string, from: number, run: RefusedEmphasis, readScheme: SchemeNameReader, floor: number): number;
/** Fuzzy mode: the dots before `done` belong to a host run already looked at. */
export interface FuzzyRuns {
    done: number;
}
/**
 * Fuzzy mode: the first dot at or after `from` and before `before` that findUrls must
 * look at (or the next `.` at or after `before`), where the dots before `before` that end
 * `www`/`ftp` after text of the kind `spaceless` are refused hosts (see findUrls'
 * rememberRefusedHosts). Passed over: a dot in a host run already read (`fuzzy.done`), a
 * dot after no letter or digit, and a dot that is no schemeless host (or a refused one)
 * whose host run is refused at once by what follows it (see fuzzyRefusedRunEnd), whose
 * run is then read (`fuzzy.done` moves to its end, as fuzzyHostAt's caller does). Bench
 * row "www.a( repeated, fuzzy": a trip through the scan's loop per host before.
 */
export declare function passFuzzyRefused(text: string, from: number, before: number, spaceless: boolean, fuzzy: FuzzyRuns): number;
