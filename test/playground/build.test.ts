// The browser bundles: esbuild bundles `urlsift` (browser condition) and `urlsift/remark`
// for the browser platform with no Node built-ins available, and fails on any `node:`
// import. The bundles come from dist/ through package.json `exports` (npm test builds first).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/core.js';
import { bundleSource, LIBRARY_BUNDLES, PACKAGE_ROOT } from '../../playground/build.js';

/** The names a bundle exports, read from its closing `export { a as b, ... }` statement. */
function exportedNames(code: string): string[] {
  const statement = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(code);
  if (!statement?.[1]) return [];
  return statement[1]
    .split(',')
    .map((entry) => entry.trim().split(/\s+as\s+/).at(-1) ?? '')
    .filter((name) => name !== '')
    .sort();
}

describe('browser bundles of urlsift', () => {
  it('bundles `urlsift` with the browser condition: the core without the sources', async () => {
    const code = await bundleSource(LIBRARY_BUNDLES[0]!.source);
    expect(exportedNames(code)).toEqual(Object.keys(core).sort());
    expect(exportedNames(code)).not.toContain('scan');
  });

  it('bundles `urlsift/remark` with its default export', async () => {
    const code = await bundleSource(LIBRARY_BUNDLES[1]!.source);
    expect(exportedNames(code)).toEqual(['default']);
  });

  it('bundles `urlsift/core` the same as `urlsift` with the browser condition', async () => {
    expect(await bundleSource("export * from 'urlsift/core';")).toBe(await bundleSource("export * from 'urlsift';"));
  });

  it('fails on a `node:` import anywhere below the entry, naming the module that made it', async () => {
    // The Node entry reaches node:fs, node:zlib and node:stream through the sources.
    const build = bundleSource("export * from './dist/index.js';");
    await expect(build).rejects.toThrow(/"node:[a-z/_]+" is a Node built-in, imported by [^\n]*dist\/sources\/[a-z-]+\.js/);
  });

  it('fails on a Node built-in imported without the prefix, too', async () => {
    await expect(bundleSource("import { gzipSync } from 'zlib'; export { gzipSync };")).rejects.toThrow(/"zlib" is a Node built-in/);
    await expect(bundleSource("export * from 'fs/promises';")).rejects.toThrow(/"fs\/promises" is a Node built-in/);
  });

  it('does not mistake a package that only starts like a built-in for one', async () => {
    // `unified` and `vfile` resolve their path/process helpers to browser versions (`#minpath`).
    const code = await bundleSource("export { unified } from 'unified'; export { VFile } from 'vfile';");
    expect(exportedNames(code)).toEqual(['VFile', 'unified']);
  });
});

describe('the same package.json on Node', () => {
  it('resolves `urlsift` to the full entry, sources included, and `urlsift/core` to the core', () => {
    // Node's own resolver (not the test runner's): self-reference by package name goes
    // through `exports` with Node's conditions, which never include `browser`.
    const script = "const full = await import('urlsift'); const core = await import('urlsift/core'); " +
      'console.log(JSON.stringify([Object.keys(full), Object.keys(core), full.findUrls === core.findUrls]));';
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: PACKAGE_ROOT, encoding: 'utf8' });
    const [full, coreOnly, same] = JSON.parse(output) as [string[], string[], boolean];
    expect(full).toEqual(expect.arrayContaining(['scan', 'scanMessage', 'findMessageBoundaries', ...Object.keys(core)]));
    expect(coreOnly.sort()).toEqual(Object.keys(core).sort());
    expect(same).toBe(true);
  });
});
