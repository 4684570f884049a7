/** Runs `urlsift pick` with `args` (the words after `pick`) and returns the exit code. */
export declare function pick(args: readonly string[]): Promise<number>;
/**
 * Whether the locale's charset is UTF-8 (POSIX: LC_ALL overrides LC_CTYPE, which
 * overrides LANG). With none set, the C locale applies, whose charset is ASCII.
 */
export declare function isUtf8Locale(env: NodeJS.ProcessEnv): boolean;
