/**
 * `--color`: whether to colour, and the colours, as ripgrep uses them (file names
 * magenta, line numbers green, matches bold red), plus the URL's scheme in blue.
 */
import type { ColorWhen } from './options.js';
/** SGR sequences (ECMA-48 §8.3.117). */
export declare const SGR: {
    readonly file: "\u001B[35m";
    readonly number: "\u001B[32m";
    readonly scheme: "\u001B[34m";
    readonly host: "\u001B[1;31m";
    readonly match: "\u001B[1;31m";
    readonly separator: "\u001B[36m";
    readonly reset: "\u001B[0m";
};
/**
 * Whether to colour: `always` and `never` decide; `auto` colours a terminal unless
 * `NO_COLOR` is set to anything (no-color.org), and `FORCE_COLOR` (other than `0` or
 * `false`) colours even a pipe, as Node's own tools and chalk read it.
 */
export declare function useColor(when: ColorWhen, isTTY: boolean, env: NodeJS.ProcessEnv): boolean;
/** `text` in `colour`, reset after. */
export declare function paint(colour: string, text: string): string;
