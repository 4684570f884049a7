/**
 * Bundles the `urlsift` command with esbuild, after `tsc` has written `dist/` (`npm run
 * build` runs both). Why: started from `tsc`'s output, the command resolves, reads and
 * compiles about 250 module files (urlsift's own and yargs', cliui's, libmime's...)
 * before it reads a byte, which cost about 300 ms of CPU, four times bare `node`. One
 * bundle is one file to read and compile (the README's Performance section, row
 * `cliOneMessageMs`).
 *
 * The bundle replaces two of `tsc`'s files and keeps their paths, so that the `bin`
 * (`dist/cli.js`), the worker (`dist/cli/worker.js`, which the scheduler finds next to
 * itself) and `package.json` (two folders up, for `--version`) stay where the code
 * looks for them:
 * - `dist/cli.js`: the entry; it loads the command or the picker on demand.
 * - `dist/cli/worker.js`: a worker thread's entry.
 * - `dist/cli/bundle-*.js`: the chunks both share, and the command and picker themselves.
 *
 * The library (`dist/index.js`, `dist/core.js`, `dist/remark.js` and the rest of
 * `dist/`) stays `tsc`'s, module for module. terminal-kit is left out of the bundle: it
 * loads its terminal definitions by computed file names, and only the picker needs it.
 * The charset and MIME libraries that `src/sources/mime.ts` loads on first use through
 * `createRequire` are not bundled either: they are read from `node_modules` when a
 * message needs them, which most messages do not.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST_CLI = join(ROOT, 'dist', 'cli');
/** The chunk files' prefix, so that a rebuild can remove the previous build's chunks. */
const CHUNK_PREFIX = 'bundle-';

/**
 * The modules the bundle leaves to Node: the picker's terminal library (see above).
 * Node built-ins are left out by `platform: 'node'`.
 */
const EXTERNAL = ['terminal-kit'];

/** Writes the bundle over `tsc`'s `dist/cli.js` and `dist/cli/worker.js`. */
export async function bundleCli(): Promise<void> {
  for (const file of await readdir(DIST_CLI)) {
    if (file.startsWith(CHUNK_PREFIX)) await rm(join(DIST_CLI, file));
  }
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/cli.ts', 'src/cli/worker.ts'],
    outbase: 'src',
    outdir: 'dist',
    entryNames: '[dir]/[name]',
    // In dist/cli/, beside the worker entry: the scheduler's `new URL('./worker.js',
    // import.meta.url)` and `--version`'s `../../package.json` resolve from the chunk
    // that holds them exactly as they do from tsc's dist/cli/*.js.
    chunkNames: `cli/${CHUNK_PREFIX}[name]-[hash]`,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // The CommonJS libraries in the bundle (cli-progress...) call `require` for Node
    // built-ins, which an ES module does not have.
    banner: { js: "import { createRequire as __urlsiftCreateRequire } from 'node:module';\nconst require = __urlsiftCreateRequire(import.meta.url);" },
    allowOverwrite: true,
    legalComments: 'eof',
    logLevel: 'warning',
  });
}

await bundleCli();
