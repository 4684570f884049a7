import { type FilePath } from './file-path.js';
/** True when `dir` has `cur/` and `new/` subdirectories. */
export declare function isMaildir(dir: FilePath): Promise<boolean>;
/** The message files of a Maildir: `new/` then `cur/`, each in name order (names start with the delivery time). */
export declare function listMaildir(dir: FilePath): Promise<FilePath[]>;
