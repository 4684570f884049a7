/**
 * Test helpers shared by the sources' tests: bytes cut into chunks of given sizes (a
 * reader must give the same result however its input is cut), and an async iterable
 * gathered into an array.
 */

/** `data` as chunks of `sizes` bytes in turn (cycling; the whole at once by default). */
export async function* chunked(data: Buffer, sizes: number[] = [data.length]): AsyncGenerator<Buffer> {
  let at = 0;
  let i = 0;
  while (at < data.length) {
    const size = Math.max(1, sizes[i++ % sizes.length] ?? data.length);
    yield data.subarray(at, at + size);
    at += size;
  }
}

/** Every item of `items`, in order. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Every item of every batch of `batches`, in order. */
export async function collectBatches<T>(batches: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const batch of batches) out.push(...batch);
  return out;
}
