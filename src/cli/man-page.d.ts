/** Text made safe for roff: backslashes escaped, hyphens as minus signs, no line starting with a control character. */
export declare function roffText(text: string): string;
/** The whole page. */
export declare function renderManPage(version?: string): string;
