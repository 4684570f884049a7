/**
 * The layers of the code: the sources turn input into documents and know nothing of
 * URLs; `src/extract.ts` is the one place where documents meet the scanner, for the
 * library and the command line alike.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every `.ts` file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The modules a file imports (static and dynamic, types included), as paths relative to `src/`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2]) as string);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => relative(SRC, resolve(dirname(file), s)).replace(/\.js$/, '.ts'));
}

describe('layering', () => {
  it('finds the imports it checks (the check itself reads imports)', () => {
    expect(importsOf(join(SRC, 'extract.ts'))).toContain(join('scan', 'find-urls.ts'));
    expect(importsOf(join(SRC, 'cli', 'unit.ts'))).toContain('extract.ts');
  });

  it('nothing in src/sources imports src/scan or src/schemes', () => {
    const offenders = sourceFiles(join(SRC, 'sources')).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`scan/`) || target.startsWith(`schemes/`) || target === 'extract.ts')
        .map((target) => `${relative(SRC, file)} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('only src/extract.ts and the browser-safe core run the scanner; the CLI units call extractBatch', () => {
    const callers = sourceFiles(SRC)
      .filter((file) => importsOf(file).includes(join('scan', 'find-urls.ts')))
      .map((file) => relative(SRC, file))
      .sort();
    // The scanner's own modules, the core's exports, the text linkifier, and the one join.
    expect(callers.filter((file) => !file.startsWith('scan/'))).toEqual(['core.ts', 'extract.ts', 'linkify-text.ts']);
    const unit = readFileSync(join(SRC, 'cli', 'unit.ts'), 'utf8');
    expect(unit).toMatch(/extractBatch\(/);
    expect(unit).not.toMatch(/\bfindUrls\b/);
    const library = readFileSync(join(SRC, 'extract.ts'), 'utf8');
    // scan() and scanMessage() call extractBatch too, through collectBatch.
    expect(library.match(/extractBatch\(/g)?.length).toBeGreaterThanOrEqual(2);
    expect(library).toMatch(/function collectBatch\([^)]*\)[^{]*\{[^}]*extractBatch\(/);
    expect(library.match(/collectBatch\(/g)?.length).toBeGreaterThanOrEqual(3);
  });
});
