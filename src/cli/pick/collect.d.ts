/**
 * Reads the picker's input with the sources (any kind urlsift reads) and turns every
 * URL into a {@link PickItem} with the line or lines it was found on.
 */
import { type ScanInput, type ScanMatch, type ScanOptions } from '../../extract.js';
import type { FilePath } from '../../sources/file-path.js';
import type { ScanError, SourceDocument } from '../../sources/origin.js';
import type { ContextLine, PickItem } from './list.js';
/**
 * Lines of context shown for one URL: a wrapper split over more lines than this is
 * shown by its first lines (an unterminated wrapper in hostile mail may run on for
 * many lines, and the list should stay a list).
 */
export declare const MAX_CONTEXT_LINES = 4;
/**
 * Characters kept of one context line: more than any terminal shows, so that a
 * megabyte-long line in a hostile message costs no more than a short one.
 */
export declare const MAX_CONTEXT_CHARS = 400;
/**
 * URLs read for one pick, duplicates included: a picker is for a message or a folder
 * of them, and each URL keeps up to {@link MAX_CONTEXT_LINES} lines of context, so a
 * whole archive given by mistake stops here instead of filling memory.
 */
export declare const MAX_PICK_URLS = 50000;
/** What the picker read: the URLs in message order, and any problem with the input. */
export interface Collected {
    items: PickItem[];
    errors: ScanError[];
    /** True when reading stopped at {@link MAX_PICK_URLS}. */
    truncated: boolean;
}
/**
 * Reads every input in turn (paths, or standard input's bytes) and collects its URLs. A
 * path given as `{ path }` may be bytes (a name that is not UTF-8, `sources/file-path.ts`).
 */
export declare function collectItems(inputs: ReadonlyArray<{
    input: ScanInput;
    name?: string;
} | {
    path: FilePath;
}>, options: ScanOptions): Promise<Collected>;
/** A scanned match, with its readings and the lines of `doc.source` it stands on. */
export declare function toPickItem(match: ScanMatch, doc: Pick<SourceDocument, 'source'>): PickItem;
/** The lines of `text` that `[start, end)` touches, each with the part of that span it holds. */
export declare function contextLines(text: string, start: number, end: number): ContextLine[];
