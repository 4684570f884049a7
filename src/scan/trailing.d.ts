/**
 * The end of the URL in `text[start, end)` once trailing punctuation and unbalanced
 * closing brackets are given back; never less than `minEnd`. Linear: brackets are
 * counted once (at the first closing bracket reached; what was given back before it holds
 * none, or a footnote mark's balanced pair), then each trimmed bracket updates the counts.
 */
export declare function trimTrailing(text: string, start: number, end: number, minEnd: number, counter?: BracketCounter): number;
/**
 * Bracket balances (opening minus closing) of `text[start, end)`, remembered between
 * calls: candidates refused inside one long run share its end and start ever later, so
 * the counts of the next are the last counts minus the text between the two starts.
 * Each character is counted O(1) times per run end, not once per candidate.
 */
export interface BracketCounter {
    /** Counts `text[start, end)` into the three fields. */
    count(start: number, end: number): void;
    paren: number;
    square: number;
    curly: number;
}
/** Makes a {@link BracketCounter} over `text`. */
export declare function createBracketCounter(text: string): BracketCounter;
/**
 * {@link trimTrailing} for the candidates of one scan, remembered per run end. Refused
 * candidates inside one long run share its end, so they would each give back the same
 * tail again (`(www.a` repeated, then a page of `.` or `)`). What the tail gives back does
 * not depend on where the candidate starts, except at closing brackets, which depend on
 * the candidate's bracket counts: so the tail is walked once, as if every closing bracket
 * were given back, noting where each one stands; a candidate then stops at the first
 * closing bracket its counts keep, found by its index. Each character of a tail is read
 * O(1) times; a candidate whose `minEnd` reaches into the tail takes the plain path.
 */
export declare function createTrailingMemo(text: string): TrailingMemo;
/** The memory of {@link createTrailingMemo}. */
export interface TrailingMemo {
    /** `trimTrailing(text, start, end, minEnd)`, remembered per run end. */
    trim(start: number, end: number, minEnd: number): number;
    /**
     * The least end that `trim(start, end, minEnd)` returns for any start (the tail given
     * back with every closing bracket), read without counting brackets: any other end it
     * returns stands just after a closing bracket of the tail.
     */
    lowestFor(end: number, minEnd: number): number;
    /**
     * When the last `trim` was of the run that ends at `end`: the least end that any later
     * `trim` of that run with no smaller `minEnd` returns (the tail given back with every
     * closing bracket). -1 for another run.
     */
    lowestEnd(end: number): number;
    /**
     * True when the tail of the run that ends at `end` (the last one trimmed) holds no
     * closing bracket to count: every later `trim` of it whose `minEnd` stands before
     * {@link TrailingMemo.lowestEnd} returns exactly that end, wherever it starts.
     */
    bracketFree(end: number): boolean;
}
