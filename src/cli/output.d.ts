import type { Progress } from './progress.js';
/** Where the results go. */
export interface Output {
    /** Queues text for stdout; returns a promise when the caller should wait (a full pipe). */
    print(text: string): Promise<void> | undefined;
    /** Writes what is queued. */
    flush(): Promise<void> | undefined;
    /**
     * Writes what is queued, then `last`, before returning: for an interrupted run, which
     * exits right after. What is queued is whole records only.
     */
    flushNow(last: string): void;
    /** Writes a line to stderr (after what came before on stdout, when both are one terminal). */
    complain(line: string): Promise<void>;
}
/**
 * Creates the output on the process's stdout and stderr. When stdout's reader has
 * gone (EPIPE), the progress display is removed and the process exits with
 * `exitCode()`, without a word; any other write failure exits with 2.
 */
export declare function createOutput(progress: Progress | undefined, exitCode: () => number, target?: {
    stream: NodeJS.WritableStream & {
        isTTY?: boolean;
    };
    name: string;
}): Output;
