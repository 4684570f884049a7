/**
 * Builds the playground (`npm run playground`) and the browser bundles of urlsift with
 * esbuild, the way a web application would: through the package's own `exports`
 * (`urlsift` with the `browser` condition, `urlsift/remark`), for the browser platform,
 * with no Node built-ins available.
 *
 * The output is a static folder (default `playground/dist/`): `index.html`, its
 * script and worker, and `urlsift.js` / `urlsift-remark.js`, the two library bundles
 * (ES modules, minified) whose sizes the README quotes. Build `dist/` first (`npm run
 * build`): the bundles are made from the published files, not from `src/`.
 */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Plugin } from 'esbuild';

/** The package root: `urlsift` and `urlsift/remark` resolve from here by self-reference. */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

const PLAYGROUND = fileURLToPath(new URL('.', import.meta.url));

/** Where `npm run playground` writes the page. */
export const DEFAULT_OUTDIR = join(PLAYGROUND, 'dist');

/** Every Node built-in by name, with and without the `node:` prefix, subpaths included. */
const BUILTIN = new RegExp(
  `^(?:node:.*|(?:${builtinModules
    .filter((name) => !name.startsWith('_'))
    .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|')})(?:/.*)?)$`,
);

/**
 * An esbuild plugin that fails the build on any import of a Node built-in (`node:url`,
 * `fs`, `zlib/...`), naming the module that imported it. esbuild's browser platform
 * refuses most of them too, but only with a hint; this makes the rule explicit and
 * the message say which file broke it.
 */
export const noNodeBuiltins: Plugin = {
  name: 'no-node-builtins',
  setup(builder) {
    builder.onResolve({ filter: BUILTIN }, (args) => ({
      errors: [
        {
          text: `"${args.path}" is a Node built-in, imported by ${args.importer || '(entry)'}: the browser build must not need it`,
        },
      ],
    }));
  },
};

/** The esbuild options every browser build here shares. */
function browserOptions(): BuildOptions {
  return {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    plugins: [noNodeBuiltins],
    logLevel: 'silent',
    absWorkingDir: PACKAGE_ROOT,
  };
}

/** A browser bundle of one import statement's worth of urlsift (or anything else), as a string. */
export async function bundleSource(source: string, options: { minify?: boolean; format?: 'esm' | 'iife' } = {}): Promise<string> {
  const result = await build({
    ...browserOptions(),
    stdin: { contents: source, resolveDir: PACKAGE_ROOT, sourcefile: 'entry.js', loader: 'js' },
    format: options.format ?? 'esm',
    minify: options.minify ?? true,
    write: false,
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild wrote no output');
  return output.text;
}

/** The two library bundles, as a web application gets them. */
export const LIBRARY_BUNDLES: readonly { file: string; label: string; source: string }[] = [
  { file: 'urlsift.js', label: 'urlsift (browser condition: the core)', source: "export * from 'urlsift';" },
  { file: 'urlsift-remark.js', label: 'urlsift/remark', source: "export { default } from 'urlsift/remark';" },
];

/** Size of one built bundle: minified bytes and minified+gzip bytes. */
export interface BundleSize {
  file: string;
  label: string;
  minified: number;
  gzip: number;
}

/** Builds the playground into `outdir` (emptied first) and returns the library bundles' sizes. */
export async function buildPlayground(outdir: string = DEFAULT_OUTDIR): Promise<BundleSize[]> {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  // The page and its worker: classic scripts, so the page also works opened from file://
  // (module scripts and workers are refused there; the page then scans on its own thread).
  await build({
    ...browserOptions(),
    entryPoints: { main: join(PLAYGROUND, 'main.ts'), worker: join(PLAYGROUND, 'worker.ts') },
    outdir,
    format: 'iife',
    minify: true,
    sourcemap: true,
  });
  for (const file of ['index.html', 'style.css']) await copyFile(join(PLAYGROUND, file), join(outdir, file));
  const sizes: BundleSize[] = [];
  for (const bundle of LIBRARY_BUNDLES) {
    const code = await bundleSource(bundle.source);
    await writeFile(join(outdir, bundle.file), code);
    const bytes = Buffer.byteLength(code);
    sizes.push({ file: bundle.file, label: bundle.label, minified: bytes, gzip: gzipSync(code, { level: 9 }).length });
  }
  return sizes;
}

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outdir = process.argv[2] ?? DEFAULT_OUTDIR;
  buildPlayground(outdir).then(
    (sizes) => {
      console.log(`playground: ${outdir}/index.html (serve the folder with any static server, or open the file)`);
      for (const size of sizes) console.log(`  ${size.file.padEnd(18)} ${kB(size.minified).padStart(9)} min  ${kB(size.gzip).padStart(8)} min+gzip  ${size.label}`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
