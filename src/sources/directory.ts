/**
 * Walking a directory: Maildir folders and news spools are recognised, every other
 * file is sniffed. Entries are visited in a fixed order (see {@link compareEntryNames}),
 * so results come out the same on every run and every machine.
 */
import { stat } from 'node:fs/promises';
import { displayPath, readDirectory, type FilePath } from './file-path.js';
import { isMaildir, listMaildir } from './maildir.js';
import { scanError, type ScanError } from './origin.js';
import { compareEntryNames, isArticleName } from './spool.js';

/** A file found in a directory, with what it is known to be. */
export interface DirectoryFile {
  /** The path to open: bytes when it is not valid UTF-8 (see `file-path.ts`). */
  path: FilePath;
  /** `maildir`: a Maildir message; `spool`: a numbered article in a news spool; `auto`: to be sniffed. */
  kind: 'maildir' | 'spool' | 'auto';
}

/** How {@link walkDirectory} walks. */
export interface WalkOptions {
  /**
   * Follow symbolic links to directories (grep's `-R`). Off by default, as `grep -r`
   * does: a link is often a second way to the same files, or a loop. When on, each
   * directory is entered once, known by its device and inode numbers, so loops end.
   */
  follow?: boolean;
  /** True for a directory below the root not to enter (`--exclude-dir`); given the path as {@link displayPath} shows it. */
  skipDirectory?: (path: string) => boolean;
}

/**
 * Lists the files under `dir`, depth first. Hidden entries are skipped (spools keep
 * `.overview` files there) except Maildir++ folders. A symbolic link to a file is read;
 * one to a directory is skipped unless `follow` is set; a broken one gives an error
 * record with reason `broken-link`. An unreadable directory gives an error record and
 * the walk goes on.
 */
export async function* walkDirectory(dir: FilePath, options: WalkOptions = {}): AsyncGenerator<DirectoryFile | ScanError> {
  const visited = new Set<string>();
  if (options.follow) {
    try {
      visited.add(identity(await stat(dir)));
    } catch {
      // Reading it below reports the failure.
    }
  }
  yield* walk(dir, options.follow === true, visited, options.skipDirectory);
}

/** A directory's identity across paths and links: device and inode numbers. */
const identity = (info: { dev: number; ino: number }): string => `${info.dev}:${info.ino}`;

async function* walk(dir: FilePath, follow: boolean, visited: Set<string>, skipDirectory?: (path: string) => boolean): AsyncGenerator<DirectoryFile | ScanError> {
  if (await isMaildir(dir)) {
    try {
      for (const path of await listMaildir(dir)) yield { path, kind: 'maildir' };
    } catch (error) {
      yield unreadable(dir, error);
    }
  }
  let entries;
  try {
    entries = await readDirectory(dir);
  } catch (error) {
    yield unreadable(dir, error);
    return;
  }
  entries.sort((a, b) => compareEntryNames(a.name, b.name));
  const maildir = await isMaildir(dir);
  for (const { name, path, dirent: entry } of entries) {
    let isDirectory = entry.isDirectory();
    if (entry.isSymbolicLink()) {
      let target;
      try {
        target = await stat(path);
      } catch (error) {
        if (!name.startsWith('.')) yield brokenLink(path, error);
        continue;
      }
      isDirectory = target.isDirectory();
      if (isDirectory && !follow) continue;
      if (isDirectory && visited.has(identity(target))) continue;
      if (isDirectory) visited.add(identity(target));
    } else if (isDirectory && follow) {
      try {
        const info = await stat(path);
        if (visited.has(identity(info))) continue;
        visited.add(identity(info));
      } catch {
        // Reading it below reports the failure.
      }
    }
    if (isDirectory) {
      if (maildir && (name === 'cur' || name === 'new' || name === 'tmp')) continue;
      if (name.startsWith('.') && !(await isMaildir(path))) continue;
      if (skipDirectory?.(displayPath(path))) continue;
      yield* walk(path, follow, visited, skipDirectory);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && !name.startsWith('.')) {
      if (maildir) continue; // a Maildir's own files (maildirfolder, dovecot indexes) are not messages
      yield { path, kind: isArticleName(name) ? 'spool' : 'auto' };
    }
  }
}

function unreadable(dir: FilePath, error: unknown): ScanError {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  const path = displayPath(dir);
  return scanError('read-failed', `${path}: cannot read the directory (${code})`, { file: path });
}

function brokenLink(link: FilePath, error: unknown): ScanError {
  const path = displayPath(link);
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  const why = code === 'ELOOP' ? 'a loop of symbolic links' : code === 'ENOENT' ? 'its target does not exist' : `its target cannot be read (${code})`;
  return scanError('broken-link', `${path}: broken symbolic link: ${why}`, { file: path });
}
