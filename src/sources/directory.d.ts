import { type FilePath } from './file-path.js';
import { type ScanError } from './origin.js';
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
export declare function walkDirectory(dir: FilePath, options?: WalkOptions): AsyncGenerator<DirectoryFile | ScanError>;
