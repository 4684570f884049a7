/**
 * rnews batches (RFC 1036 §4.3; RFC 5537 §4.1 no longer lets them travel as a MIME
 * body, but news servers still exchange and archive them): articles one after
 * another, each after a line `#! rnews <bytes>` giving its length. Streamed: the
 * length says where the next article starts.
 */
import { type ReadMessageOptions } from './message.js';
import { type SourceBatch } from './origin.js';
/**
 * Reads an rnews batch into documents. A count that does not fit (RFC 1036 says
 * CRLF line ends count as one byte, and writers differ) is recovered from: the
 * article then ends at the next `#! rnews` line, and an error record says so.
 */
export declare function readRnews(chunks: AsyncIterable<Buffer>, place: {
    file?: string;
}, options?: ReadMessageOptions): AsyncGenerator<SourceBatch>;
