// What the built command loads for one message, as a mail reader's macro runs it
// (`urlsift -o < message`): the start-up work issue 11 removed must stay removed. Times
// are the bench's (`cliOneMessageMs`); this checks which libraries load, which is exact.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuild, ROOT } from './run-cli.js';

interface Loaded {
  stdout: string;
  /** The CommonJS libraries loaded from node_modules, by package name. */
  libraries: Set<string>;
  /** The ES module files loaded, relative to the repository. */
  modules: string[];
  /**
   * Node built-ins required by a name without `node:` (`assert`, `util`). urlsift's own
   * code always writes `node:`; bundled libraries (yargs, cli-progress) do not, so this
   * shows when their code ran, inside the bundle where no module file is loaded for them.
   */
  bareBuiltins: Set<string>;
  /** Every Node built-in required from the bundle (`node:zlib`...). */
  builtins: Set<string>;
}

/** Runs the built command and lists what it loaded. */
function librariesLoaded(args: string[], input: Buffer): Loaded {
  // NODE_DEBUG makes Node's CommonJS loader name every file it loads on stderr, and
  // the ES module loader every module it stores.
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, input, encoding: 'utf8', env: { ...process.env, NODE_DEBUG: 'module,esm' } });
  if (result.error) throw result.error;
  const libraries = new Set<string>();
  for (const match of result.stderr.matchAll(/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/"']+)[\\/]/g)) libraries.add(match[1]!);
  const root = pathToFileURL(ROOT).href;
  const modules = [...result.stderr.matchAll(/Storing (file:\S+)/g)].map((match) => match[1]!.replace(root, ''));
  const bareBuiltins = new Set([...result.stderr.matchAll(/REQUEST ([a-z_/]+) parent: \S*dist/g)].map((match) => match[1]!));
  const builtins = new Set([...result.stderr.matchAll(/REQUEST node:([a-z_/]+) parent: \S*dist/g)].map((match) => match[1]!));
  return { stdout: result.stdout, libraries, modules, bareBuiltins, builtins };
}

/**
 * The charset and MIME libraries. libmime, iconv-lite and encoding-japanese run from the
 * command's bundle, where only their tables and `bareBuiltins` show them (see the last test);
 * he is loaded from node_modules.
 */
const CHARSET_LIBRARIES = ['libmime', 'iconv-lite', 'encoding-japanese', 'he'];

describe('urlsift -o on one message', () => {
  beforeAll(requireBuild);

  it('runs the bundle, and loads no charset, MIME or argument library for a UTF-8 message with the common switches', () => {
    const message = readFileSync(join(ROOT, 'corpus/mail/qp-soft-break.eml'));
    const { stdout, libraries, modules, bareBuiltins, builtins } = librariesLoaded(['-o', '-u'], message);
    expect(stdout).toMatch(/^https?:\/\//m);
    for (const name of CHARSET_LIBRARIES) expect(libraries.has(name), name).toBe(false);
    // node:zlib only for gzip input (src/sources/read-input.ts); node:fs, for one, is always there.
    expect(builtins.has('zlib')).toBe(false);
    expect(builtins.has('fs')).toBe(true);
    // Only the bundle's files (build/bundle-cli.ts), none of tsc's, and not its yargs chunk;
    // the command itself is read from dist/cli/command.cjs with its code cache, outside the module loader.
    for (const module of modules) expect(module).toMatch(/^dist\/(?:cli\.js|cli\/bundle-[\w-]+\.js)$/);
    expect(modules.filter((module) => module.includes('yargs'))).toEqual([]);
    expect([...bareBuiltins]).toEqual([]);
    // Nor for an option with one value, as a batch job gives it.
    expect(librariesLoaded(['--format', 'csv'], message).modules.filter((module) => module.includes('yargs'))).toEqual([]);
    // A repeatable option needs yargs, and the checks above would see it run.
    const withYargs = librariesLoaded(['-s', 'http'], message);
    expect(withYargs.modules.some((module) => module.includes('yargs')) || withYargs.bareBuiltins.has('assert')).toBe(true);
  });

  it('loads no charset library for ISO-8859-1 (read as windows-1252), nor the glob or progress libraries', () => {
    const { stdout, libraries, bareBuiltins } = librariesLoaded(['-o'], readFileSync(join(ROOT, 'corpus/mail/multipart-html.eml')));
    expect(stdout).toContain('http://mirror.example.net/résumé');
    for (const name of [...CHARSET_LIBRARIES, 'picomatch', 'cli-progress']) expect(libraries.has(name), name).toBe(false);
    expect([...bareBuiltins]).toEqual([]);
    // --include compiles globs: picomatch is loaded then, from node_modules.
    expect(librariesLoaded(['-o', '--include', '*.eml', 'corpus/mail'], Buffer.alloc(0)).libraries.has('picomatch')).toBe(true);
  });

  it('loads node:zlib for gzip input', () => {
    const { stdout, builtins } = librariesLoaded(['-o'], gzipSync(readFileSync(join(ROOT, 'corpus/mail/qp-soft-break.eml'))));
    expect(stdout).toMatch(/^https?:\/\//m);
    expect(builtins.has('zlib')).toBe(true);
  });

  it('runs the charset libraries when a message needs them (KOI8-R, ISO-2022-JP): from the bundle, their tables from node_modules', () => {
    const { stdout, libraries, bareBuiltins } = librariesLoaded(['-o'], readFileSync(join(ROOT, 'corpus/mail/base64-charsets.mbox')));
    expect(stdout).toContain('http://example.ru/');
    expect(stdout).toContain('http://example.jp/');
    // libmime, iconv-lite and encoding-japanese are in the command's bundle (build/bundle-cli.ts),
    // where no module file is loaded for them: iconv-lite's Buffer shim (safer-buffer) requires
    // `buffer` without `node:`, which the checks above see whenever libmime or iconv-lite runs.
    expect(bareBuiltins.has('buffer')).toBe(true);
    // libmime loads the GBK codec as it loads, whose tables are JSON files in node_modules.
    expect(libraries.has('iconv-lite')).toBe(true);
    for (const name of ['libmime', 'encoding-japanese']) expect(libraries.has(name), name).toBe(false);
  });
});
