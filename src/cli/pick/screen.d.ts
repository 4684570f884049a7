import type { ReadStream, WriteStream } from 'node:tty';
import { type PickItem } from './list.js';
/** What the screen needs from the command. */
export interface ScreenOptions {
    items: PickItem[];
    /** The opener's command words (see `openerWords`). */
    opener: string[];
    single: boolean;
    compact: boolean;
    /** The terminal: keys come from `input`, the screen goes to `output`. */
    input: ReadStream;
    output: WriteStream;
    /** Draw only ASCII (the locale's charset is not UTF-8). */
    ascii: boolean;
}
/** Shows the list until the user quits (or opens one URL with `single`); resolves to the exit code. */
export declare function runScreen(options: ScreenOptions): Promise<number>;
