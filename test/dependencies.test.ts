// Honest dependencies (issue 11): every runtime dependency is used by src/, and src/ loads
// nothing at run time that is only a devDependency or a peer (type imports are erased).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The packages src/ loads at run time: `import ... from`, `import('...')` and `require('...')`, without `import type`. */
function runtimeImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...text.matchAll(/^import (?!type )[^;]*? from '([^']+)'/gm),
      ...text.matchAll(/\bimport\('([^']+)'\)/g),
      ...text.matchAll(/\brequire\('([^']+)'\)/g),
    ].map((match) => match[1]!);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
      names.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  }
  return names;
}

describe('package.json', () => {
  it('declares exactly the packages src/ loads at run time as dependencies', () => {
    expect([...runtimeImports()].sort()).toEqual(Object.keys(manifest.dependencies ?? {}).sort());
  });

  it('keeps the test-only decoders and the plugin host out of the runtime dependencies', () => {
    for (const name of ['mailparser', 'unified', 'remark-parse', 'unist-util-visit']) expect(manifest.dependencies?.[name], name).toBeUndefined();
    expect(manifest.devDependencies?.mailparser).toBeDefined();
    expect(manifest.peerDependencies?.unified).toBeDefined();
  });
});
