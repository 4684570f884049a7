/**
 * Glob matching with picomatch, loaded on first use: only `--include`, `--exclude`,
 * `--exclude-dir` and `--host` need it, and loading it costs every other run about
 * 5 ms of CPU at start-up (README, Performance: `cliOneMessageMs`). `require` rather
 * than `import()` because the matchers are built synchronously.
 */
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
let picomatch;
/** A matcher for `patterns` (picomatch's syntax and options). */
export function compileGlobs(patterns, options) {
    picomatch ??= require('picomatch');
    return picomatch(patterns, options);
}
//# sourceMappingURL=globs.js.map