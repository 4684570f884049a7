import type picomatchFunction from 'picomatch';
/** A matcher for `patterns` (picomatch's syntax and options). */
export declare function compileGlobs(patterns: string | string[], options: picomatchFunction.PicomatchOptions): picomatchFunction.Matcher;
