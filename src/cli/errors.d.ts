/**
 * The one shape of urlsift's error lines: `urlsift: PATH: reason` for input that could
 * not be read, in the words `ls` and `grep` use, never Node's text or codes.
 */
/** A short reason for a failed system call, from its error code; a generic one for codes not listed. */
export declare function describeFailure(failure: unknown): string;
/** The reason for one error code (`EACCES`). */
export declare function describeCode(code: string | undefined): string;
/** `urlsift: PATH: reason`. */
export declare function ioErrorLine(path: string, reason: string): string;
/** Error reasons that mean the input could not be read at all (grep's exit code 2). */
export declare const IO_REASONS: ReadonlySet<string>;
/**
 * The line for an error record of the sources. A read failure is `urlsift: PATH:
 * reason` with the system's code put in words (the sources' detail carries it as
 * `(EACCES)`); other records keep their detail, which starts with the path, and their
 * kebab-case reason.
 */
export declare function scanErrorLine(error: {
    reason: string;
    detail: string;
    file?: string;
}, printable: (text: string) => string): string;
