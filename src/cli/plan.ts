/**
 * Turning the command line's paths into numbered work units, lazily and in order:
 * standard input, files, directories walked (Maildir folders and news spools
 * recognised by the sources' walker), and large uncompressed mboxes cut into ranges
 * of whole messages so that several workers can share one mailbox (RFC 4155).
 */
import { open, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { walkDirectory, type DirectoryFile } from '../sources/directory.js';
import { displayPath, type FilePath } from '../sources/file-path.js';
import type { InputKind, ScanError } from '../sources/origin.js';
import { entryKind, isPlainMboxFile } from '../sources/read-input.js';
import { describeFailure, ioErrorLine, scanErrorLine } from './errors.js';
import { createWalkFilter, type WalkGlobs } from './exclude.js';
import { printable, STDIN_NAME } from './formats.js';
import { alignRanges, nominalRangeCount, type NominalRange } from './ranges.js';
import { ownsOffset, shardOfOffset, type Shard } from './shard.js';
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
 * `URLSIFT_RANGE_BYTES` sets the range size instead of {@link RANGE_BYTES} (mailboxes
 * of twice that are cut). It exists so that tests can cut small mailboxes into many
 * ranges; every process of a sharded job must see the same value, or the shards do
 * not fit together. Ranges smaller than this would only measure overhead.
 */
export const MIN_RANGE_BYTES = 64;

/** The range size `URLSIFT_RANGE_BYTES` asks for, {@link RANGE_BYTES} when unset; a string says what is wrong. */
export function rangeBytesFromEnvironment(env: NodeJS.ProcessEnv): number | string {
  const text = env.URLSIFT_RANGE_BYTES;
  if (text === undefined || text === '') return RANGE_BYTES;
  if (!/^\d{1,15}$/.test(text) || Number(text) < MIN_RANGE_BYTES) {
    return `URLSIFT_RANGE_BYTES expects a whole number of bytes, at least ${MIN_RANGE_BYTES}, not "${text}"`;
  }
  return Number(text);
}

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
  /** Range size for cutting mboxes (default {@link RANGE_BYTES}); mailboxes of twice that are cut. */
  rangeBytes?: number;
  /**
   * `--shard K/N`: list only the units shard K owns (see `shard.ts`), each with its
   * `jobOffset`. Needs `split`: the partition must not depend on the number of jobs.
   */
  shard?: Shard;
}

/** The files under `root` that the walk reads, each with its size (0 when it cannot be stat-ed), in walk order, stat-ed in batches. */
async function* walkFiles(root: FilePath, globs: WalkGlobs & { measure?: boolean; follow?: boolean }): AsyncGenerator<{ file: DirectoryFile; size: number; isFile: boolean } | ScanError> {
  const filter = createWalkFilter(globs, displayPath(root));
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
    if (!filter.readsFile(displayPath(found.path))) continue;
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

/**
 * Lists the work for `paths` (`-` is standard input; no paths at all means standard
 * input). Large plain mboxes are cut into nominal ranges by their size alone (see
 * `ranges.ts`; their runners find the message boundaries). With a shard, the inputs are
 * first measured (one walk), then only its own units are listed, a mailbox's ranges
 * aligned to messages by a pass from its start ({@link alignRanges}).
 */
export async function* planWork(paths: readonly FilePath[], settings: PlanSettings): AsyncGenerator<PlanItem> {
  const rangeBytes = settings.rangeBytes ?? RANGE_BYTES;
  const shard = settings.shard;
  const total = shard ? await measureInputs(paths, settings) : 0;
  const owns = (jobOffset: number): boolean => ownsOffset(shard, jobOffset, total);
  /** The job offset of the current path: the bytes of all inputs before it, in plan order. */
  let base = 0;
  let seq = 0;
  const unit = (fields: Omit<WorkUnit, 'seq'>, jobOffset: number): PlanItem => {
    const planned: WorkUnit = { seq: seq++, ...fields };
    if (shard) planned.jobOffset = jobOffset;
    return { type: 'unit', unit: planned };
  };
  const error = (text: string, warning = false): PlanItem[] =>
    owns(base) ? [{ type: 'error', seq: seq++, text, ...(warning ? { warning } : {}) }] : [];

  async function* fileUnits(path: FilePath, kind: InputKind | 'spool', size: number, isFile: boolean): AsyncGenerator<PlanItem> {
    const count = nominalRangeCount(size, rangeBytes);
    // The nominal ranges this process reads: all of them, or a shard's contiguous run.
    const shardAt = (i: number): number => shardOfOffset(base + i * rangeBytes, total, shard!.count);
    const first = shard ? firstIndex(count, (i) => shardAt(i) >= shard.index) : 0;
    const last = shard ? firstIndex(count, (i) => shardAt(i) > shard.index) - 1 : count - 1;
    if (first > last) return;
    if (!settings.split || !isFile || size < 2 * rangeBytes || !(await isPlainMboxFile(path, kind))) {
      // One unit, which starts where nominal range 0 does.
      if (first === 0) yield unit(isFile ? { path, kind, bytes: size, newFile: true } : { path, kind, bytes: size, newFile: true, special: true }, base);
      return;
    }
    if (!shard) {
      // Cut by offsets alone: each unit's runner finds its messages (ranges.ts, schedule.ts),
      // so nothing here reads the mailbox.
      for (let i = 0; i < count; i++) {
        const cut: NominalRange = { start: i * rangeBytes, end: Math.min(size, (i + 1) * rangeBytes), last: i === count - 1 };
        yield unit({ path, kind: 'mbox', cut, bytes: cut.end - cut.start, newFile: i === 0 }, base + cut.start);
      }
      return;
    }
    // A shard starts inside the mailbox: the index and line number of its first message
    // count everything before it, which only a pass from the file's start can tell.
    for await (const aligned of alignRanges(path, size, rangeBytes, first, last)) {
      const { range, bytes, nominal } = aligned;
      yield unit({ path, kind: 'mbox', range, bytes, newFile: range.start === 0 }, base + nominal * rangeBytes);
    }
  }

  for (const path of paths.length === 0 ? [STDIN_NAME] : paths) {
    if (path === STDIN_NAME) {
      // Each host has its own standard input: the command line refuses it with --shard.
      if (!shard) yield unit({ path, kind: settings.input, bytes: 0, newFile: true }, base);
      continue;
    }
    let info;
    try {
      info = await stat(path);
    } catch (failure) {
      yield* error(ioErrorLine(printable(displayPath(path)), describeFailure(failure)));
      continue;
    }
    if (!info.isDirectory()) {
      yield* fileUnits(path, settings.input, info.size, info.isFile());
      base += info.size;
      continue;
    }
    // A shard needs every file's size for its job offsets, as measureInputs counts them.
    for await (const item of walkFiles(path, { ...settings, measure: shard !== undefined })) {
      if ('type' in item) {
        // A broken link is reported, but, like a link to a directory, it is not an input
        // the user named: it does not change the exit status (grep -r is silent on both).
        yield* error(scanErrorLine(item, printable), item.reason === 'broken-link');
        continue;
      }
      const found = item.file;
      // As the sources read a directory (one rule for both).
      const kind = entryKind(found, settings.input);
      yield* fileUnits(found.path, kind, item.size, item.isFile);
      base += item.size;
    }
  }
}

/** The smallest index in [0, count) for which `test` holds, or `count`; `test` must be false then true. */
function firstIndex(count: number, test: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (test(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The bytes the inputs hold, for the progress display's total: files, and the files
 * under directories as {@link planWork} lists them. Standard input counts nothing.
 */
export async function measureInputs(paths: readonly FilePath[], globs: WalkGlobs & { follow?: boolean }): Promise<number> {
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
export async function isSingleUnit(paths: readonly FilePath[], input: InputKind, rangeBytes: number = RANGE_BYTES): Promise<boolean> {
  if (paths.length === 0) return true;
  if (paths.length > 1) return false;
  const path = paths[0] as FilePath;
  if (path === STDIN_NAME) return true;
  try {
    const info = await stat(path);
    if (info.isDirectory()) return false;
    return !info.isFile() || info.size < 2 * rangeBytes || !(await isPlainMboxFile(path, input));
  } catch {
    return true; // one error line
  }
}

