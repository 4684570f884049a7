/**
 * Text from a message, made safe to draw on a terminal.
 */
/**
 * Text from a message made safe to draw: control characters (a hostile message's
 * escape sequences among them) become `?`, tabs a space, and, when the terminal's
 * charset is not UTF-8, every non-ASCII character `?` as well.
 */
export function displayText(text, ascii) {
    // eslint-disable-next-line no-control-regex
    const unsafe = ascii ? /[^\x20-\x7e]/gu : /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/gu;
    return text.replace(/\t/g, ' ').replace(unsafe, '?');
}
//# sourceMappingURL=safe-text.js.map