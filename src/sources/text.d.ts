import type { SourceBatch } from './origin.js';
/**
 * Text is handed to the scanner in pieces of about this size, cut at an empty line
 * (where no URL continues) or, failing that, at a line break. 8 MiB keeps memory
 * small and the per-piece cost negligible.
 */
export declare const TEXT_PIECE_BYTES: number;
/** Reads plain text into documents, one per piece. */
export declare function readText(chunks: AsyncIterable<Buffer>, place: {
    file?: string;
}, pieceBytes?: number): AsyncGenerator<SourceBatch>;
