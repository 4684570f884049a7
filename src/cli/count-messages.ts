/**
 * Message counts for `--stats`. `scan` yields matches and error records only, so a
 * message without a URL leaves no trace in its output; the count comes from reading
 * the same bytes the way the sources do: gzip undone (RFC 1952), the kind sniffed
 * from the first bytes, and an mbox split by the sources' own splitter (RFC 4155), so
 * the count is exactly the number of messages `scan` read.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { splitMbox } from '../sources/mbox.js';
import type { InputKind } from '../sources/origin.js';
import { isGzip, sniffBytes, SNIFF_BYTES } from '../sources/sniff.js';

/** An rnews batch frames every article with this line (RFC 1036 §4.3). */
const RNEWS_FRAME = Buffer.from('#! rnews ', 'latin1');

/**
 * Counts the messages in `chunks` read as `kind` (`auto`: sniffed as `scan` does):
 * the messages of an mbox, the `#! rnews` frames of a batch, one for a message or
 * article file, none for plain text. Never throws: a read or gzip failure ends the
 * count with what was read (`scan` reports the failure itself).
 */
export async function countMessages(chunks: AsyncIterable<Buffer>, kind: InputKind): Promise<number> {
  const guarded = ignoreFailure(chunks);
  let { head, rest } = await peek(guarded);
  if (isGzip(head)) ({ head, rest } = await peek(ignoreFailure(gunzip(rest))));
  const sniffed = kind === 'auto' ? sniffBytes(head) : kind;
  if (sniffed === 'mbox') {
    let count = 0;
    for await (const item of splitMbox(rest)) if (item.type === 'message') count++;
    return count;
  }
  if (sniffed === 'rnews') return countRnewsFrames(rest);
  for await (const chunk of rest) void chunk; // read to the end, as the tee feeding this expects
  return sniffed === 'text' ? 0 : 1;
}

/**
 * Passes `chunks` on and counts their messages on the side, without reading them
 * twice: every chunk the consumer pulls is also handed to {@link countMessages}.
 * The count settles once it is known (after the first bytes for a single message,
 * at the end for an mbox); from then on nothing more is handed over.
 */
export function teeMessageCount(chunks: AsyncIterable<Buffer>, kind: InputKind): { chunks: AsyncIterable<Buffer>; count: Promise<number> } {
  const queue: Buffer[] = [];
  let ended = false;
  let stopped = false;
  let wake: (() => void) | undefined;
  const signal = (): void => {
    wake?.();
    wake = undefined;
  };
  async function* side(): AsyncGenerator<Buffer> {
    while (true) {
      const next = queue.shift();
      if (next !== undefined) yield next;
      else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  const count = countMessages(side(), kind).finally(() => {
    stopped = true;
    queue.length = 0;
  });
  async function* main(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of chunks) {
        if (!stopped) {
          queue.push(chunk);
          signal();
        }
        yield chunk;
      }
    } finally {
      ended = true;
      signal();
    }
  }
  return { chunks: main(), count };
}

/** Counts lines that start with `#! rnews ` (at the start of the input or after a line feed). */
async function countRnewsFrames(chunks: AsyncIterable<Buffer>): Promise<number> {
  let count = 0;
  // The last bytes of the previous chunk, with the line feed before them when there was one.
  let carry = Buffer.from('\n', 'latin1');
  for await (const chunk of chunks) {
    const data = Buffer.concat([carry, chunk]);
    for (let at = data.indexOf(RNEWS_FRAME); at >= 0; at = data.indexOf(RNEWS_FRAME, at + 1)) {
      if (at > 0 && data[at - 1] === 0x0a) count++;
    }
    carry = data.subarray(Math.max(0, data.length - RNEWS_FRAME.length));
  }
  return count;
}

/** The first {@link SNIFF_BYTES} (or all, when shorter) and a stream that starts with them again. */
async function peek(chunks: AsyncIterable<Buffer>): Promise<{ head: Buffer; rest: AsyncIterable<Buffer> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    first.push(next.value);
    length += next.value.length;
  }
  async function* replay(): AsyncGenerator<Buffer> {
    yield* first;
    while (!done) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: Buffer.concat(first, length).subarray(0, SNIFF_BYTES), rest: replay() };
}

async function* gunzip(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const inflate = createGunzip();
  const source = Readable.from(chunks, { objectMode: false });
  source.on('error', (error) => inflate.destroy(error));
  source.pipe(inflate);
  for await (const chunk of inflate) yield chunk as Buffer;
}

async function* ignoreFailure(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of chunks) yield chunk;
  } catch {
    // The reader reports it; the count keeps what was read.
  }
}
