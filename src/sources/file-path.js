import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
/** The bytes of a path that is not a string, as a Buffer (a worker receives a Uint8Array). */
function bytesOf(path) {
    return Buffer.isBuffer(path) ? path : Buffer.from(path.buffer, path.byteOffset, path.byteLength);
}
/** The path for `bytes`: a string when they are valid UTF-8, the bytes themselves otherwise. */
export function filePathFromBytes(bytes) {
    const text = bytes.toString('utf8');
    return text.includes('\uFFFD') && !Buffer.from(text, 'utf8').equals(bytes) ? bytes : text;
}
/** The length of the valid UTF-8 sequence at `at` (RFC 3629 §4), or 0 when there is none. */
function utf8SequenceLength(bytes, at) {
    const lead = bytes[at];
    if (lead < 0x80)
        return 1;
    const continues = (i, low = 0x80, high = 0xbf) => at + i < bytes.length && bytes[at + i] >= low && bytes[at + i] <= high;
    if (lead >= 0xc2 && lead <= 0xdf)
        return continues(1) ? 2 : 0;
    if (lead >= 0xe0 && lead <= 0xef) {
        // No overlong forms (E0 A0..) and no UTF-16 surrogates (ED ..9F).
        const second = lead === 0xe0 ? continues(1, 0xa0) : lead === 0xed ? continues(1, 0x80, 0x9f) : continues(1);
        return second && continues(2) ? 3 : 0;
    }
    if (lead >= 0xf0 && lead <= 0xf4) {
        // No overlong forms (F0 90..) and nothing above U+10FFFF (F4 ..8F).
        const second = lead === 0xf0 ? continues(1, 0x90) : lead === 0xf4 ? continues(1, 0x80, 0x8f) : continues(1);
        return second && continues(2) && continues(3) ? 4 : 0;
    }
    return 0;
}
/**
 * A path as it is shown in every output format and error line: a string as it is; bytes
 * decoded as UTF-8, with each byte that is not part of a valid sequence written `%XX`
 * (upper-case hex). That is the notation urlsift already uses for control characters in
 * names (percent-encoded bytes, as in a `file:` URL, RFC 8089), so one rule covers every
 * character that cannot be shown as it is. `caf\xE9.txt` in ISO-8859-1 is shown
 * `caf%E9.txt`.
 */
export function displayPath(path) {
    if (typeof path === 'string')
        return path;
    const bytes = bytesOf(path);
    let out = '';
    let run = 0;
    let at = 0;
    while (at < bytes.length) {
        const length = utf8SequenceLength(bytes, at);
        if (length > 0) {
            at += length;
            continue;
        }
        out += `${bytes.toString('utf8', run, at)}%${bytes[at].toString(16).toUpperCase().padStart(2, '0')}`;
        at++;
        run = at;
    }
    return out + bytes.toString('utf8', run, at);
}
/** `join(dir, name)` for paths that may be bytes; a string when both are. */
export function joinPath(dir, name) {
    if (typeof dir === 'string' && typeof name === 'string')
        return join(dir, name);
    // Latin-1 maps each byte to one character and back: `join` sees `/` and `.` as they are
    // and leaves every other byte alone.
    const latin1 = (path) => (typeof path === 'string' ? Buffer.from(path, 'utf8') : bytesOf(path)).toString('latin1');
    return Buffer.from(join(latin1(dir), latin1(name)), 'latin1');
}
/**
 * The entries of `dir`. Names are read as strings, and the directory is read again as
 * bytes only when one of them came back with U+FFFD (the mark of bytes that are not
 * UTF-8), or when `dir` is bytes itself.
 */
export async function readDirectory(dir) {
    if (typeof dir === 'string') {
        const entries = await readdir(dir, { withFileTypes: true });
        if (!entries.some((entry) => entry.name.includes('\uFFFD'))) {
            return entries.map((dirent) => ({ name: dirent.name, path: join(dir, dirent.name), dirent }));
        }
    }
    const entries = await readdir(dir, { withFileTypes: true, encoding: 'buffer' });
    return entries.map((dirent) => {
        const name = filePathFromBytes(dirent.name);
        return { name: displayPath(name), path: joinPath(dir, name), dirent: dirent };
    });
}
//# sourceMappingURL=file-path.js.map