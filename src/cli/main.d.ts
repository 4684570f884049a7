/** Exit code when at least one URL was printed (grep's 0). */
export declare const EXIT_FOUND = 0;
/** Exit code when none was (grep's 1). */
export declare const EXIT_NONE = 1;
/** Exit code for a usage error or an input that could not be read, even when URLs were found (grep's 2). */
export declare const EXIT_TROUBLE = 2;
/** Runs the command with `argv` (without `node` and the script) and returns the exit code. */
export declare function main(argv: readonly string[]): Promise<number>;
