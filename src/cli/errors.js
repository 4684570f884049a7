/**
 * The one shape of urlsift's error lines: `urlsift: PATH: reason` for input that could
 * not be read, in the words `ls` and `grep` use, never Node's text or codes.
 */
/** The reason for a system error code, as the C library's strerror words it. */
const REASONS = {
    ENOENT: 'No such file or directory',
    EACCES: 'Permission denied',
    EPERM: 'Operation not permitted',
    ENOTDIR: 'Not a directory',
    EISDIR: 'Is a directory',
    ELOOP: 'Too many levels of symbolic links',
    ENAMETOOLONG: 'File name too long',
    EIO: 'Input/output error',
    EMFILE: 'Too many open files',
    ENFILE: 'Too many open files in system',
    ENOSPC: 'No space left on device',
    EROFS: 'Read-only file system',
    EEXIST: 'File exists',
    EXDEV: 'Invalid cross-device link',
    EBUSY: 'Device or resource busy',
    Z_DATA_ERROR: 'not valid gzip data',
    Z_BUF_ERROR: 'gzip data cut short',
};
/** A short reason for a failed system call, from its error code; a generic one for codes not listed. */
export function describeFailure(failure) {
    const code = failure?.code;
    return describeCode(code);
}
/** The reason for one error code (`EACCES`). */
export function describeCode(code) {
    if (code !== undefined && Object.hasOwn(REASONS, code))
        return REASONS[code];
    return 'cannot be read';
}
/** `urlsift: PATH: reason`. */
export function ioErrorLine(path, reason) {
    return `urlsift: ${path}: ${reason}`;
}
/** Error reasons that mean the input could not be read at all (grep's exit code 2). */
export const IO_REASONS = new Set(['read-failed', 'gzip-failed', 'unsupported-compression']);
/**
 * The line for an error record of the sources. A read failure is `urlsift: PATH:
 * reason` with the system's code put in words (the sources' detail carries it as
 * `(EACCES)`); other records keep their detail, which starts with the path, and their
 * kebab-case reason.
 */
export function scanErrorLine(error, printable) {
    if (error.reason === 'broken-link')
        return `urlsift: ${printable(error.detail)}`;
    if (error.reason === 'unsupported-compression') {
        // The sources' detail says what to do instead (decompress it first): keep it, after the path.
        const prefix = `${error.file ?? '-'}: `;
        return ioErrorLine(printable(error.file ?? '-'), printable(error.detail.startsWith(prefix) ? error.detail.slice(prefix.length) : error.detail));
    }
    if (IO_REASONS.has(error.reason)) {
        const code = /\(([A-Z][A-Z0-9_]+)\)/.exec(error.detail)?.[1];
        const reason = error.reason === 'gzip-failed' && (code === undefined || !code.startsWith('Z_')) ? 'not valid gzip data' : describeCode(code);
        return ioErrorLine(printable(error.file ?? '-'), reason);
    }
    return `urlsift: ${printable(error.detail)} [${error.reason}]`;
}
//# sourceMappingURL=errors.js.map