// Runs every hand-written case in corpus/mail/ through `scan` and compares with its gold
// file (grammar in corpus/mail/README.md). A case without its gold file fails; the test
// never writes one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan, type ScanItem } from '../../src/index.js';

const dir = fileURLToPath(new URL('../../corpus/mail/', import.meta.url));

interface Record {
  line: string;
  details: Map<string, string>;
}

function parseGold(text: string): Record[] {
  const records: Record[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (line.startsWith('  ')) {
      const [key, ...rest] = line.trim().split(': ');
      const last = records.at(-1);
      if (!last || !key) throw new Error(`detail line before any record: ${line}`);
      last.details.set(key, rest.join(': '));
      continue;
    }
    records.push({ line, details: new Map() });
  }
  return records;
}

function formatItem(item: ScanItem, root: string, single: boolean): { line: string; details: Map<string, string>; file?: string } {
  const file = item.type === 'error' ? item.file : item.origin.file;
  const rel = file && !single ? relative(root, file) : undefined;
  if (item.type === 'error') return { line: `error ${item.message ?? '-'} ${item.reason}`, details: new Map(), file: rel };
  const o = item.origin;
  const p = o.position;
  const position = `${o.exact ? '' : '~'}${p.start.line}:${p.start.column}-${p.end.line}:${p.end.column}`;
  const details = new Map<string, string>();
  if (o.newsgroups) details.set('newsgroups', o.newsgroups.join(','));
  if (o.messageId) details.set('message-id', o.messageId);
  if (o.skipped) details.set('skipped', o.skipped.map((s) => `${s.kind} ${s.start.line}:${s.start.column}-${s.end.line}:${s.end.column}`).join(', '));
  return {
    line: `match ${o.message ?? '-'} ${o.part ?? '-'} ${o.header ?? '-'} ${item.context} ${position} ${item.url}`,
    details,
    file: rel,
  };
}

const cases = readdirSync(dir).filter((name) => !name.endsWith('.expected') && name !== 'README.md');

describe('corpus/mail cases', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(5);
  });

  for (const name of cases) {
    it(name, async () => {
      const path = join(dir, name);
      const goldPath = `${path}.expected`;
      expect(existsSync(goldPath), `missing gold file ${goldPath}`).toBe(true);
      const single = !statSync(path).isDirectory();
      const expected = parseGold(readFileSync(goldPath, 'utf8'));
      const actual: string[] = [];
      const wanted: string[] = [];
      let currentFile: string | undefined;
      const items: ScanItem[] = [];
      for await (const item of scan(path)) items.push(item);
      let index = 0;
      for (const record of expected) {
        if (record.line.startsWith('file: ')) {
          currentFile = record.line.slice(6);
          continue;
        }
        const item = items[index++];
        wanted.push(`${currentFile ?? ''} ${record.line}`);
        if (!item) continue;
        const formatted = formatItem(item, path, single);
        // Only the details a gold record lists are compared.
        const details = [...record.details.keys()].map((key) => `  ${key}: ${formatted.details.get(key) ?? '(none)'}`);
        actual.push(`${formatted.file ?? ''} ${formatted.line}`);
        wanted.push(...[...record.details].map(([key, value]) => `  ${key}: ${value}`));
        actual.push(...details);
      }
      for (const extra of items.slice(index)) actual.push(`unexpected: ${formatItem(extra, path, single).line}`);
      expect(actual).toEqual(wanted);
    });
  }
});
