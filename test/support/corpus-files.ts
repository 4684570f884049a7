/**
 * The files of a corpus directory as the differential tests read them (the in-place
 * readers against the full parsers, the resumable scan against one call).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Every regular file under `dir`, in sorted order. */
export function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...filesUnder(path));
    else files.push(path);
  }
  return files;
}

/** A corpus file as text: gzip expanded, bytes read as UTF-8 (what matters is that both sides see the same). */
export function readText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}
