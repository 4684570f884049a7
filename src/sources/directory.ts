/**
 * Walking a directory: Maildir folders and news spools are recognised, every other
 * file is sniffed. Entries are visited in a fixed order (see {@link compareEntryNames}),
 * so results come out the same on every run and every machine.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isMaildir, listMaildir } from './maildir.js';
import { scanError, type ScanError } from './origin.js';
import { compareEntryNames, isArticleName } from './spool.js';

/** A file found in a directory, with what it is known to be. */
export interface DirectoryFile {
  path: string;
  /** `maildir`: a Maildir message; `spool`: a numbered article in a news spool; `auto`: to be sniffed. */
  kind: 'maildir' | 'spool' | 'auto';
}

/** How to walk. */
export interface WalkOptions {
  /** True for a directory below the root not to enter (`--exclude-dir`). */
  skipDirectory?: (path: string) => boolean;
}

/**
 * Lists the files under `dir`, depth first. Hidden entries are skipped (spools keep
 * `.overview` files there) except Maildir++ folders; symbolic links to directories
 * are not followed, so a link cycle cannot loop. An unreadable directory gives an
 * error record and the walk goes on.
 */
export async function* walkDirectory(dir: string, options: WalkOptions = {}): AsyncGenerator<DirectoryFile | ScanError> {
  if (await isMaildir(dir)) {
    try {
      for (const path of await listMaildir(dir)) yield { path, kind: 'maildir' };
    } catch (error) {
      yield unreadable(dir, error);
    }
  }
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    yield unreadable(dir, error);
    return;
  }
  entries.sort((a, b) => compareEntryNames(a.name, b.name));
  const maildir = await isMaildir(dir);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (maildir && (entry.name === 'cur' || entry.name === 'new' || entry.name === 'tmp')) continue;
      if (entry.name.startsWith('.') && !(await isMaildir(path))) continue;
      if (options.skipDirectory?.(path)) continue;
      yield* walkDirectory(path, options);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && !entry.name.startsWith('.')) {
      if (maildir) continue; // a Maildir's own files (maildirfolder, dovecot indexes) are not messages
      yield { path, kind: isArticleName(entry.name) ? 'spool' : 'auto' };
    }
  }
}

function unreadable(path: string, error: unknown): ScanError {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  return scanError('read-failed', `${path}: cannot read the directory (${code})`, { file: path });
}
