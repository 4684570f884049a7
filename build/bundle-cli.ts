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
 * - `dist/cli/worker.js`: a worker thread's entry; it runs the worker's loop from the
 *   command's CommonJS bundle and code cache below when there is one (`src/cli/worker.ts`).
 * - `dist/cli/bundle-*.js`: the chunks both share, and the command and picker themselves.
 *
 * The library (`dist/index.js`, `dist/core.js`, `dist/remark.js` and the rest of
 * `dist/`) stays `tsc`'s, module for module. terminal-kit is left out of the bundle: it
 * loads its terminal definitions by computed file names, and only the picker needs it.
 * The charset and MIME libraries that `src/sources/mime.ts` loads on first use are in the
 * command's CommonJS bundle below, still run only when a message needs them (which most
 * messages do not); their tables and he stay in `node_modules` ({@link bundledMimeLibraries}).
 *
 * The command (`src/cli/main.ts`) is also written as one CommonJS bundle,
 * `dist/cli/command.cjs`, and run on `corpus/mail` (JSON records of all of it, then `-o` on
 * one message) to write V8's code cache for it (`src/cli/code-cache.ts` says why, and how
 * the entry uses them).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { CACHE_RUNS_VARIABLE, cacheName, COMMAND_BUNDLE, WRITE_CACHE_VARIABLE } from '../src/cli/code-cache.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST_CLI = join(ROOT, 'dist', 'cli');
/** The chunk files' prefix, so that a rebuild can remove the previous build's chunks. */
const CHUNK_PREFIX = 'bundle-';

/** The message the command runs on to write its code cache: multipart, HTML, quoted-printable, windows-1252. */
const CACHE_RUN_MESSAGE = 'corpus/mail/multipart-html.eml';

/**
 * Runs of the command before that message's, for the code cache to hold what a mailbox's
 * run needs too (`CACHE_RUNS_VARIABLE` in `src/cli/code-cache.ts` says why): JSON records
 * of every kind of input in `corpus/mail` (mbox, mboxrd, Maildir, news spool and batch,
 * charsets, quoted-printable, HTML).
 */
const CACHE_RUNS: readonly (readonly string[])[] = [['--format', 'jsonl', 'corpus/mail']];

/**
 * The modules the bundle leaves to Node: the picker's terminal library (see above).
 * Node built-ins are left out by `platform: 'node'`.
 */
const EXTERNAL = ['terminal-kit'];

/** The line of `src/sources/mime.ts` that makes its own `require` for the MIME libraries. */
const MIME_REQUIRE_LINE = 'const require = createRequire(import.meta.url);';

/**
 * libmime's table of media types and file extensions, which it loads with itself and urlsift
 * never reads (it asks libmime for charsets, header values and encoded words): in the bundle,
 * a module whose members load the table from `node_modules` when first read.
 */
const LAZY_MIME_TYPES = `"use strict";
let table;
const load = () => (table ??= require("libmime/lib/mimetypes.js"));
Object.defineProperty(exports, "__esModule", { value: true });
for (const name of ["list", "extensions", "default"]) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });
`;

/**
 * Puts the MIME libraries into the command's CommonJS bundle: without `mime.ts`'s own
 * `require`, its `require('libmime')` and `require('iconv-lite')` name the bundle's, which
 * esbuild bundles, each still run only when first called. Their code is then in the code
 * cache (the build's runs decode KOI8-R and ISO-2022-JP), and a mailbox with a few messages
 * in such charsets no longer resolves, reads and compiles them from `node_modules`: the
 * first 10 MB of the usrp-users mbox (`--format jsonl`, callgrind, each build's cache written
 * under the same flags), 4,433 -> 4,304 M instructions (-2.9%); `-o` on one message
 * (`corpus/mail/multipart-html.eml`, which needs none of them) reads a larger bundle and
 * cache (1.4 MB and 859 KB, from 814 and 523 KB): 741 -> 761 M (+2.7%).
 *
 * iconv-lite's double-byte tables (JSON) stay in `node_modules`, loaded when a charset needs
 * them, as before, and libmime's media types load only if read (never, see above): bundled
 * too, they made a cache of 999 KB that every run reads (`-o`: 771 M) for 4 M fewer on the
 * mailbox. encoding-japanese is bundled, tables and all: its tables are code, and compiling
 * them was most of the gain.
 */
const bundledMimeLibraries: Plugin = {
  name: 'bundled-mime-libraries',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/tables\/[\w-]+\.json$/ }, (args) =>
      /[\\/]iconv-lite[\\/]encodings$/.test(args.resolveDir) ? { path: `iconv-lite/encodings/${args.path.slice(2)}`, external: true } : undefined,
    );
    plugin.onResolve({ filter: /^\.\/mimetypes\.js$/ }, (args) =>
      /[\\/]libmime[\\/]dist[\\/]cjs$/.test(args.resolveDir) ? { path: 'lazy-mime-types', namespace: 'urlsift' } : undefined,
    );
    plugin.onResolve({ filter: /^libmime\/lib\/mimetypes\.js$/ }, (args) => ({ path: args.path, external: true }));
    // he (named character references past the common ones) stays in node_modules: a few
    // milliseconds once, and test/cli/start-up.test.ts sees it load, which it would not
    // inside the bundle (it requires nothing that shows).
    plugin.onResolve({ filter: /^he$/ }, (args) => ({ path: args.path, external: true }));
    plugin.onLoad({ filter: /^lazy-mime-types$/, namespace: 'urlsift' }, () => ({ contents: LAZY_MIME_TYPES, loader: 'js' }));
    plugin.onLoad({ filter: /[\\/]src[\\/]sources[\\/]mime\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(MIME_REQUIRE_LINE)) throw new Error(`${args.path}: the line "${MIME_REQUIRE_LINE}" is gone; update build/bundle-cli.ts`);
      return { contents: source.replace(MIME_REQUIRE_LINE, ''), loader: 'ts' };
    });
  },
};

/** Writes the bundle over `tsc`'s `dist/cli.js` and `dist/cli/worker.js`. */
export async function bundleCli(): Promise<void> {
  for (const file of await readdir(DIST_CLI)) {
    if (file.startsWith(CHUNK_PREFIX) || (file.startsWith('command-') && file.endsWith('.cache'))) await rm(join(DIST_CLI, file));
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
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/main.ts'],
    outfile: join(ROOT, 'dist', COMMAND_BUNDLE),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    plugins: [bundledMimeLibraries],
    // A CommonJS module has no import.meta: code-cache.ts passes the bundle's URL in.
    define: { 'import.meta.url': '__urlsiftUrl' },
    legalComments: 'eof',
    logLevel: 'warning',
  });
}

/** Runs the built command on one message (after {@link CACHE_RUNS}), so that it writes V8's code cache for this Node. */
function writeCodeCache(): void {
  // On standard input, as a mail reader's macro runs it.
  const run = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), '-o'], {
    cwd: ROOT,
    input: readFileSync(join(ROOT, CACHE_RUN_MESSAGE)),
    env: { ...process.env, [WRITE_CACHE_VARIABLE]: '1', [CACHE_RUNS_VARIABLE]: JSON.stringify(CACHE_RUNS) },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`writing the code cache: urlsift -o ${CACHE_RUN_MESSAGE} exited ${run.status}: ${run.stderr}`);
  console.log(`wrote dist/${cacheName()}`);
}

await bundleCli();
writeCodeCache();
