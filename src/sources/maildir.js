/**
 * Maildir folders: one message per file, delivered into `new/` and moved to `cur/`
 * once seen (`tmp/` holds deliveries in progress and is not read). Maildir++
 * subfolders (`.Sent`, `.Archive`) are Maildirs themselves.
 */
import { stat } from 'node:fs/promises';
import { joinPath, readDirectory } from './file-path.js';
/** True when `dir` has `cur/` and `new/` subdirectories. */
export async function isMaildir(dir) {
    const [cur, fresh] = await Promise.all([isDirectory(joinPath(dir, 'cur')), isDirectory(joinPath(dir, 'new'))]);
    return cur && fresh;
}
/** The message files of a Maildir: `new/` then `cur/`, each in name order (names start with the delivery time). */
export async function listMaildir(dir) {
    const files = [];
    for (const sub of ['new', 'cur']) {
        const entries = (await readDirectory(joinPath(dir, sub)))
            .filter((entry) => !entry.name.startsWith('.') && (entry.dirent.isFile() || entry.dirent.isSymbolicLink()))
            .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries)
            files.push(entry.path);
    }
    return files;
}
async function isDirectory(path) {
    try {
        return (await stat(path)).isDirectory();
    }
    catch {
        return false;
    }
}
//# sourceMappingURL=maildir.js.map