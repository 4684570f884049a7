/**
 * Text from a message, made safe to draw on a terminal.
 */
/**
 * Text from a message made safe to draw: control characters (a hostile message's
 * escape sequences among them) become `?`, tabs a space, and, when the terminal's
 * charset is not UTF-8, every non-ASCII character `?` as well.
 */
export declare function displayText(text: string, ascii: boolean): string;
