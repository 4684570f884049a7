/**
 * Turning the command line's paths into numbered work units, lazily and in order:
 * standard input, files, directories walked (Maildir folders and news spools
 * recognised by the sources' walker), and large uncompressed mboxes cut into ranges
 * of whole messages so that several workers can share one mailbox (RFC 4155).
 */
import { open, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { walkDirectory, type DirectoryFile } from '../sources/directory.js';
import type { InputKind, ScanError } from '../sources/origin.js';
import { findMessageBoundaries } from '../sources/scan.js';
import { isGzip, sniffBytes, SNIFF_BYTES } from '../sources/sniff.js';
import { describeFailure, ioErrorLine, scanErrorLine } from './errors.js';
import { createWalkFilter, type WalkGlobs } from './exclude.js';
import { printable, STDIN_NAME } from './formats.js';
import type { WorkUnit } from './unit.js';

/**
 * An mbox is cut into ranges of about this many bytes: small enough that two workers
 * stay busy to the end of one mailbox and that the output waiting for its turn stays
 * small; large enough that a range's fixed cost (opening the file, a round trip
 * between threads) is lost in its scanning time.
 */
export const RANGE_BYTES = 4 * 1024 * 1024;

/** Mailboxes smaller than this are one unit: cutting them would gain nothing. */
export const MIN_SPLIT_BYTES = 2 * RANGE_BYTES;

/**
 * Files found in a directory are stat-ed this many at a time: the calls overlap in
 * libuv's thread pool instead of waiting one after another (50,000 small files).
 */
const STAT_BATCH = 64;

/** How the planner reads the command line. */
export interface PlanSettings extends WalkGlobs {
  /** `--input`: what to read every file as. */
  input: InputKind;
  /** Cut large uncompressed mboxes into ranges (only worth it with more than one job). */
  split: boolean;
  /** `--follow`: follow symbolic links to directories. */
  follow?: boolean;
}

/** The files under `root` that the walk reads, each with its size (0 when it cannot be stat-ed), in walk order, stat-ed in batches. */
async function* walkFiles(root: string, globs: WalkGlobs & { measure?: boolean; follow?: boolean }): AsyncGenerator<{ file: DirectoryFile; size: number; isFile: boolean } | ScanError> {
  const filter = createWalkFilter(globs, root);
  let batch: DirectoryFile[] = [];
  const statBatch = async function* () {
    const infos = await Promise.allSettled(batch.map((found) => stat(found.path)));
    for (let i = 0; i < batch.length; i++) {
      const info = infos[i] as PromiseSettledResult<Stats>;
      // Gone since the walk, or a dangling link: reading it reports the failure.
      yield info.status === 'fulfilled' ? { file: batch[i] as DirectoryFile, size: info.value.size, isFile: info.value.isFile() } : { file: batch[i] as DirectoryFile, size: 0, isFile: false };
    }
    batch = [];
  };
  for await (const found of walkDirectory(root, { follow: globs.follow, skipDirectory: (path) => filter.skipsDirectory(path) })) {
    if ('type' in found) {
      yield* statBatch();
      yield found;
      continue;
    }
    if (!filter.readsFile(found.path)) continue;
    if (found.kind !== 'auto' && !globs.measure) {
      // A Maildir message or a spool article is never cut into ranges: no stat needed
      // (the reader learns its size), which halves the system calls for 50,000 small files.
      yield* statBatch();
      yield { file: found, size: 0, isFile: true };
      continue;
    }
    batch.push(found);
    if (batch.length >= STAT_BATCH) yield* statBatch();
  }
  yield* statBatch();
}

/** What the planner produces, numbered in output order: a unit, or a path that cannot be read. */
export type PlanItem = { type: 'unit'; unit: WorkUnit } | { type: 'error'; seq: number; text: string; warning?: boolean };

/** Lists the work for `paths` (`-` is standard input; no paths at all means standard input). */
export async function* planWork(paths: readonly string[], settings: PlanSettings): AsyncGenerator<PlanItem> {
  let seq = 0;
  const unit = (fields: Omit<WorkUnit, 'seq'>): PlanItem => ({ type: 'unit', unit: { seq: seq++, ...fields } });
  const error = (text: string, warning = false): PlanItem => ({ type: 'error', seq: seq++, text, ...(warning ? { warning } : {}) });

  async function* fileUnits(path: string, kind: InputKind, size: number, isFile: boolean): AsyncGenerator<PlanItem> {
    if (!settings.split || !isFile || size < MIN_SPLIT_BYTES || !(await isPlainMbox(path, kind))) {
      yield unit(isFile ? { path, kind, bytes: size, newFile: true } : { path, kind, bytes: size, newFile: true, special: true });
      return;
    }
    // Cut at the boundaries the sources' own splitter finds, so each range reads
    // exactly the messages a whole-file scan would, with their indexes and lines.
    let start = 0;
    let message = 0;
    let line = 1;
    for await (const boundary of findMessageBoundaries(path)) {
      if (boundary.offset - start >= RANGE_BYTES) {
        yield unit({ path, kind: 'mbox', range: { start, end: boundary.offset, message, line }, bytes: boundary.offset - start, newFile: start === 0 });
        start = boundary.offset;
        message = boundary.index;
        line = boundary.line;
      }
    }
    yield unit({ path, kind: 'mbox', range: { start, message, line }, bytes: Math.max(0, size - start), newFile: start === 0 });
  }

  for (const path of paths.length === 0 ? [STDIN_NAME] : paths) {
    if (path === STDIN_NAME) {
      yield unit({ path, kind: settings.input, bytes: 0, newFile: true });
      continue;
    }
    let info;
    try {
      info = await stat(path);
    } catch (failure) {
      yield error(ioErrorLine(printable(path), describeFailure(failure)));
      continue;
    }
    if (!info.isDirectory()) {
      yield* fileUnits(path, settings.input, info.size, info.isFile());
      continue;
    }
    for await (const item of walkFiles(path, settings)) {
      if ('type' in item) {
        // A broken link is reported, but, like a link to a directory, it is not an input
        // the user named: it does not change the exit status (grep -r is silent on both).
        yield error(scanErrorLine(item, printable), item.reason === 'broken-link');
        continue;
      }
      const found = item.file;
      // As `scan` reads a directory: Maildir messages and spool articles are messages
      // whatever --input says; other files take --input (a Maildir's kind means "sniff").
      const kind: InputKind = found.kind === 'spool' ? 'news' : found.kind === 'maildir' ? 'maildir' : settings.input === 'maildir' ? 'auto' : settings.input;
      yield* fileUnits(found.path, kind, item.size, item.isFile);
    }
  }
}

/**
 * The bytes the inputs hold, for the progress display's total: files, and the files
 * under directories as {@link planWork} lists them. Standard input counts nothing.
 */
export async function measureInputs(paths: readonly string[], globs: WalkGlobs & { follow?: boolean }): Promise<number> {
  let total = 0;
  for (const path of paths) {
    if (path === STDIN_NAME) continue;
    let info;
    try {
      info = await stat(path);
    } catch {
      continue;
    }
    if (!info.isDirectory()) {
      total += info.size;
      continue;
    }
    for await (const item of walkFiles(path, { ...globs, measure: true })) if (!('type' in item)) total += item.size;
  }
  return total;
}

/**
 * True when the whole command line is one unit of work: standard input, or one file
 * that {@link planWork} would not cut into ranges. Starting worker threads for it
 * would only add their start-up time.
 */
export async function isSingleUnit(paths: readonly string[], input: InputKind): Promise<boolean> {
  if (paths.length === 0) return true;
  if (paths.length > 1) return false;
  const path = paths[0] as string;
  if (path === STDIN_NAME) return true;
  try {
    const info = await stat(path);
    if (info.isDirectory()) return false;
    return !info.isFile() || info.size < MIN_SPLIT_BYTES || !(await isPlainMbox(path, input));
  } catch {
    return true; // one error line
  }
}

/** True when the file is read as an uncompressed mbox: named so, or sniffed as one. */
async function isPlainMbox(path: string, kind: InputKind): Promise<boolean> {
  if (kind !== 'auto' && kind !== 'mbox') return false;
  let head: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return false; // the whole-file scan reports it
  }
  if (isGzip(head)) return false;
  return kind === 'mbox' || sniffBytes(head) === 'mbox';
}
