/**
 * The window keeps at most this many bytes of recent input. A match is reported once
 * its message has been read (at most the sources' largest message), so its line is
 * nearly always still here; an older one gets no line (`null`) rather than memory
 * that grows with the mailbox.
 */
export declare const LINE_WINDOW_BYTES: number;
/**
 * A line is cut to this many bytes around the match (context lines: their first bytes).
 * A hostile "line" of megabytes (base64 without line breaks) would otherwise be
 * copied into the output once per URL on it; the newline search is bounded the same way.
 */
export declare const MAX_LINE_BYTES = 4096;
/**
 * How far before a match's first byte {@link LineWindow.linesAt} may look: half a cut line
 * for the start of its own line, and a whole cut line for each of `before` context lines.
 * A unit that knows no later match starts before byte `at` can forget what lies more
 * than this before `at`, and the lines it prints are the same.
 */
export declare function lookBehindBytes(before: number): number;
/** The lines of one match. */
export interface MatchLines {
    /** The line the match starts on, without its line break. */
    line: string;
    /** Where the match is in `line` (UTF-16 indexes), for highlighting; the end is clipped to the line. */
    matchStart: number;
    matchEnd: number;
    /** Up to `before` lines before it, oldest first. */
    before: string[];
    /** Up to `after` lines after it. */
    after: string[];
}
/** Recent input bytes, by their offset in the (raw) input. */
export interface LineWindow {
    /**
     * Adds the next bytes of the input. They are kept, not copied, and must not change while
     * the unit runs: the unit's readers hand over fresh buffers, or the thread's small-file
     * buffer, which only the next unit reuses. A copy held a second image of every message
     * the sources hold: 25 to 30 MB more peak memory for JSON output of one 31 MB message.
     */
    add(chunk: Uint8Array): void;
    /** Marks the end of the input: the last line needs no line break. */
    end(): void;
    /**
     * Lets go of the chunks that end before byte `offset`: no later call of
     * {@link LineWindow.linesAt} looks there (see {@link lookBehindBytes}).
     */
    forget(offset: number): void;
    /**
     * The lines around bytes `[start, end)`: `undefined` while the `after` lines have not
     * all been read yet, `null` when the line has left the window.
     */
    linesAt(start: number, end: number, before: number, after: number): MatchLines | null | undefined;
}
/** Creates an empty window over an input starting at byte `base` (a range's start). */
export declare function createLineWindow(base?: number): LineWindow;
