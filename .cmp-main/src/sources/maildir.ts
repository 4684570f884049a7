/**
 * Maildir folders: one message per file, delivered into `new/` and moved to `cur/`
 * once seen (`tmp/` holds deliveries in progress and is not read). Maildir++
 * subfolders (`.Sent`, `.Archive`) are Maildirs themselves.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** True when `dir` has `cur/` and `new/` subdirectories. */
export async function isMaildir(dir: string): Promise<boolean> {
  const [cur, fresh] = await Promise.all([isDirectory(join(dir, 'cur')), isDirectory(join(dir, 'new'))]);
  return cur && fresh;
}

/** The message files of a Maildir: `new/` then `cur/`, each in name order (names start with the delivery time). */
export async function listMaildir(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const sub of ['new', 'cur']) {
    const names = (await readdir(join(dir, sub), { withFileTypes: true }))
      .filter((entry) => !entry.name.startsWith('.') && (entry.isFile() || entry.isSymbolicLink()))
      .map((entry) => entry.name)
      .sort();
    for (const name of names) files.push(join(dir, sub, name));
  }
  return files;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
