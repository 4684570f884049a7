import type { FilePath } from '../sources/file-path.js';
import { type MessageRange } from '../sources/read-input.js';
/** How many nominal ranges a file of `size` bytes has (at least one). */
export declare function nominalRangeCount(size: number, rangeBytes: number): number;
/** An aligned range, with the number of its nominal range. */
export interface AlignedRange {
    /** The nominal range it was aligned from. */
    nominal: number;
    /** The range to read: `start` is a message boundary (or 0), `end` the next range's start (absent: the end of the file). */
    range: MessageRange;
    /** Its length in bytes. */
    bytes: number;
}
/**
 * Aligns nominal ranges `first` to `last` (inclusive) of the mbox at `path` (`size`
 * bytes) to message boundaries, in order. Ranges that hold no message start (a long
 * message spans their whole nominal extent) are left out. Reads the file from its
 * start to the first boundary after nominal range `last`, and no further.
 */
export declare function alignRanges(path: FilePath, size: number, rangeBytes: number, first: number, last: number): AsyncGenerator<AlignedRange>;
