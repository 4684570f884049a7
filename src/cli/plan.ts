/**
 * Turning the command line's paths into numbered work units, lazily and in order:
 * standard input, files, directories walked (Maildir folders and news spools
 * recognised by the sources' walker), and large uncompressed mboxes cut into ranges
 * of whole messages so that several workers can share one mailbox (RFC 4155).
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { walkDirectory } from '../sources/directory.js';
import type { InputKind } from '../sources/origin.js';
import { entryKind, findMessageBoundaries, isPlainMboxFile } from '../sources/read-input.js';
import { matchesGlob } from './exclude.js';
import { STDIN_NAME } from './formats.js';
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

/** How the planner reads the command line. */
export interface PlanSettings {
  /** `--input`: what to read every file as. */
  input: InputKind;
  /** Cut large uncompressed mboxes into ranges (only worth it with more than one job). */
  split: boolean;
  /** `--exclude`: base-name patterns skipped while walking directories. */
  exclude: string[];
  /** `--follow`: follow symbolic links to directories. */
  follow?: boolean;
}

/** What the planner produces, numbered in output order: a unit, or a path that cannot be read. */
export type PlanItem = { type: 'unit'; unit: WorkUnit } | { type: 'error'; seq: number; text: string; warning?: boolean };

/** Lists the work for `paths` (`-` is standard input; no paths at all means standard input). */
export async function* planWork(paths: readonly string[], settings: PlanSettings): AsyncGenerator<PlanItem> {
  let seq = 0;
  const unit = (fields: Omit<WorkUnit, 'seq'>): PlanItem => ({ type: 'unit', unit: { seq: seq++, ...fields } });
  const error = (text: string, warning = false): PlanItem => ({ type: 'error', seq: seq++, text, ...(warning ? { warning } : {}) });

  async function* fileUnits(path: string, kind: InputKind | 'spool', size: number, isFile: boolean): AsyncGenerator<PlanItem> {
    if (!settings.split || !isFile || size < MIN_SPLIT_BYTES || !(await isPlainMboxFile(path, kind))) {
      yield unit({ path, kind, bytes: size, newFile: true });
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
      yield error(`urlsift: ${path}: ${describeFailure(failure)}`);
      continue;
    }
    if (!info.isDirectory()) {
      yield* fileUnits(path, settings.input, info.size, info.isFile());
      continue;
    }
    for await (const found of walkDirectory(path, { follow: settings.follow })) {
      if ('type' in found) {
        // A broken link is reported, but, like a link to a directory, it is not an input
        // the user named: it does not change the exit status (grep -r is silent on both).
        yield error(`urlsift: ${found.detail}`, found.reason === 'broken-link');
        continue;
      }
      if (settings.exclude.some((pattern) => matchesGlob(basename(found.path), pattern))) continue;
      // As the sources read a directory (one rule for both).
      const kind = entryKind(found, settings.input);
      let size = 0;
      let isFile = false;
      try {
        const entry = await stat(found.path);
        size = entry.size;
        isFile = entry.isFile();
      } catch {
        // Gone since the walk, or a dangling link: reading it reports the failure.
      }
      yield* fileUnits(found.path, kind, size, isFile);
    }
  }
}

/**
 * The bytes the inputs hold, for the progress display's total: files, and the files
 * under directories as {@link planWork} lists them. Standard input counts nothing.
 */
export async function measureInputs(paths: readonly string[], exclude: readonly string[], follow = false): Promise<number> {
  let total = 0;
  const sizeOf = async (path: string): Promise<number> => {
    try {
      return (await stat(path)).size;
    } catch {
      return 0;
    }
  };
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
    for await (const found of walkDirectory(path, { follow })) {
      if ('type' in found || exclude.some((pattern) => matchesGlob(basename(found.path), pattern))) continue;
      total += await sizeOf(found.path);
    }
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
    return !info.isFile() || info.size < MIN_SPLIT_BYTES || !(await isPlainMboxFile(path, input));
  } catch {
    return true; // one error line
  }
}

/** A short reason for a failed `stat`, as `ls` and `grep` word it. */
export function describeFailure(failure: unknown): string {
  const code = (failure as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'No such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'Permission denied';
    case 'ENOTDIR':
      return 'Not a directory';
    case 'ELOOP':
      return 'Too many levels of symbolic links';
    case 'ENAMETOOLONG':
      return 'File name too long';
    default:
      return failure instanceof Error ? failure.message : String(failure);
  }
}
