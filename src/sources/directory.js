/**
 * Walking a directory: Maildir folders and news spools are recognised, every other
 * file is sniffed. Entries are visited in a fixed order (see {@link compareEntryNames}),
 * so results come out the same on every run and every machine.
 */
import { stat } from 'node:fs/promises';
import { displayPath, readDirectory } from './file-path.js';
import { isMaildir, listMaildir } from './maildir.js';
import { scanError } from './origin.js';
import { compareEntryNames, isArticleName } from './spool.js';
/**
 * Lists the files under `dir`, depth first. Hidden entries are skipped (spools keep
 * `.overview` files there) except Maildir++ folders. A symbolic link to a file is read;
 * one to a directory is skipped unless `follow` is set; a broken one gives an error
 * record with reason `broken-link`. An unreadable directory gives an error record and
 * the walk goes on.
 */
export async function* walkDirectory(dir, options = {}) {
    const visited = new Set();
    if (options.follow) {
        try {
            visited.add(identity(await stat(dir)));
        }
        catch {
            // Reading it below reports the failure.
        }
    }
    yield* walk(dir, options.follow === true, visited, options.skipDirectory);
}
/** A directory's identity across paths and links: device and inode numbers. */
const identity = (info) => `${info.dev}:${info.ino}`;
async function* walk(dir, follow, visited, skipDirectory) {
    if (await isMaildir(dir)) {
        try {
            for (const path of await listMaildir(dir))
                yield { path, kind: 'maildir' };
        }
        catch (error) {
            yield unreadable(dir, error);
        }
    }
    let entries;
    try {
        entries = await readDirectory(dir);
    }
    catch (error) {
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
            }
            catch (error) {
                if (!name.startsWith('.'))
                    yield brokenLink(path, error);
                continue;
            }
            isDirectory = target.isDirectory();
            if (isDirectory && !follow)
                continue;
            if (isDirectory && visited.has(identity(target)))
                continue;
            if (isDirectory)
                visited.add(identity(target));
        }
        else if (isDirectory && follow) {
            try {
                const info = await stat(path);
                if (visited.has(identity(info)))
                    continue;
                visited.add(identity(info));
            }
            catch {
                // Reading it below reports the failure.
            }
        }
        if (isDirectory) {
            if (maildir && (name === 'cur' || name === 'new' || name === 'tmp'))
                continue;
            if (name.startsWith('.') && !(await isMaildir(path)))
                continue;
            if (skipDirectory?.(displayPath(path)))
                continue;
            yield* walk(path, follow, visited, skipDirectory);
        }
        else if ((entry.isFile() || entry.isSymbolicLink()) && !name.startsWith('.')) {
            if (maildir)
                continue; // a Maildir's own files (maildirfolder, dovecot indexes) are not messages
            yield { path, kind: isArticleName(name) ? 'spool' : 'auto' };
        }
    }
}
function unreadable(dir, error) {
    const code = error.code ?? 'error';
    const path = displayPath(dir);
    return scanError('read-failed', `${path}: cannot read the directory (${code})`, { file: path });
}
function brokenLink(link, error) {
    const path = displayPath(link);
    const code = error.code ?? 'error';
    const why = code === 'ELOOP' ? 'a loop of symbolic links' : code === 'ENOENT' ? 'its target does not exist' : `its target cannot be read (${code})`;
    return scanError('broken-link', `${path}: broken symbolic link: ${why}`, { file: path });
}
//# sourceMappingURL=directory.js.map