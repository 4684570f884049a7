import type { ScanContext } from '../../extract.js';
/** One line of the text a URL was found on, with the span the URL (and its wrapper) covers. */
export interface ContextLine {
    text: string;
    /** 0-based start of the highlighted span in `text`. */
    highlightStart: number;
    /** End of the highlighted span, exclusive. */
    highlightEnd: number;
}
/** A URL as the picker shows it. */
export interface PickItem {
    /** The readings of the URL: the scanner's own first, then the other readings of a hyphen break. */
    readings: string[];
    scheme: string;
    context: ScanContext;
    /** The scanner's notes (`hyphen-break`, `password`, `nondefault-port`...). */
    notes: string[];
    /** The line or lines it was found on. */
    lines: ContextLine[];
}
/** The picker's whole state. Functions below return a new state; none changes its argument. */
export interface PickState {
    items: readonly PickItem[];
    /** The filter text as typed; empty shows everything. */
    filter: string;
    /** Indexes into `items` that the filter leaves, in message order. */
    shown: readonly number[];
    /** Position in `shown` of the selected item (0 when `shown` is empty). */
    cursor: number;
    /** For each item, the index of its current reading. */
    reading: readonly number[];
}
/**
 * Keeps each URL once (compared normalised, as `urlsift -u` does), where it was first
 * found, or every occurrence when `dedupe` is false. Order is message order either way.
 */
export declare function dedupeItems(items: readonly PickItem[], dedupe: boolean): PickItem[];
/** The state for a fresh list: nothing filtered, the first item selected, every item on its first reading. */
export declare function createPickState(items: readonly PickItem[]): PickState;
/** Whether `item` matches the filter: case-insensitively, in any of its readings or context lines. */
export declare function matchesFilter(item: PickItem, filter: string): boolean;
/** Sets the filter. The selection stays on the same item when the filter still shows it, else moves to the first shown. */
export declare function setFilter(state: PickState, filter: string): PickState;
/** Moves the selection by `delta` items, stopping at either end. */
export declare function moveCursor(state: PickState, delta: number): PickState;
/** The selected item, or undefined when the filter shows nothing. */
export declare function selectedItem(state: PickState): PickItem | undefined;
/** The current reading of the item at `index` of `items`. */
export declare function currentReading(state: PickState, index: number): string;
/** The URL Enter opens and `c` copies: the selected item's current reading. */
export declare function selectedUrl(state: PickState): string | undefined;
/** Switches the selected item to its next reading (wrapping round); a URL with one reading stays as it is. */
export declare function switchReading(state: PickState): PickState;
