#!/usr/bin/env node
/**
 * The `urlsift` command. Until the CLI issue lands it scans plain-text files and
 * directories with `findUrls` and prints `file:line:column<TAB>url`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { findUrls } from './index.js';

function* walk(path: string): Generator<string> {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* walk(join(path, name));
  } else {
    yield path;
  }
}

let found = 0;
for (const root of process.argv.slice(2)) {
  for (const file of walk(root)) {
    for (const match of findUrls(readFileSync(file, 'utf8'))) {
      found++;
      process.stdout.write(`${file}:${match.position.start.line}:${match.position.start.column}\t${match.url}\n`);
    }
  }
}
process.exitCode = found > 0 ? 0 : 1;
