/** What the main thread tells the display. */
export interface Progress {
    /** Sets the total once every input has been measured. */
    setTotal(bytes: number): void;
    /** Adds bytes and messages read. */
    advance(bytes: number, messages: number): void;
    /** Writes a line to stderr above the bar. */
    log(line: string): void;
    /** Clears the bar before something else is written to the same terminal. */
    clear(): void;
    /** Removes the bar for good. */
    stop(): void;
}
/** Creates the display on `stream`, or returns undefined when it is not a terminal. */
export declare function createProgress(stream: NodeJS.WriteStream): Progress | undefined;
/** Bytes in KB, MB or GB (powers of 1000, as `ls -h --si` and download tools show them). */
export declare function formatBytes(bytes: number): string;
/** A duration as `42s`, `3m05s` or `1h02m`. */
export declare function formatSeconds(seconds: number): string;
