// The lean path of extractBatch (a FoundSink, for the command line) against the slow path
// (ScanMatch items): the same records, in the same order, for every input of corpus/mail
// and the shared MIME fixtures, read with the options that reach the most code.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractBatch, type FoundSink, type ScanItem, type ScanOptions } from '../src/extract.js';
import { foundRecord, toOutputRecord, type OutputRecord } from '../src/cli/formats.js';
import { readInput } from '../src/sources/read-input.js';

const MAIL = fileURLToPath(new URL('../corpus/mail/', import.meta.url));
/** The shared corpus (read, never copied): its MIME fixtures and a month of a list's archive, when present. */
const SHARED = fileURLToPath(new URL('../../shared/corpus/', import.meta.url));

function inputs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.expected') && !entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every record and error of `path`, in order: through `emit` alone (slow), or with a sink (lean). */
async function records(path: string | Buffer, options: ScanOptions, lean: boolean, redact = false): Promise<Array<OutputRecord | string>> {
  const out: Array<OutputRecord | string> = [];
  const emit = (item: ScanItem): void => {
    out.push(item.type === 'error' ? `error ${item.reason} ${item.offset}` : toOutputRecord(item, redact));
  };
  const found: FoundSink = (match, context, origin, start, end, exact) => {
    out.push(foundRecord(match, context, origin, start, end, exact, redact));
  };
  for await (const batch of readInput(path, options)) extractBatch(batch, options, emit, lean ? found : undefined);
  return out;
}

const OPTIONS: ScanOptions[] = [{}, { emails: true, schemeless: true, fuzzy: true }, { headers: false }];

describe('extractBatch, lean path', () => {
  const paths = [...inputs(MAIL), ...inputs(join(SHARED, 'mime-fixtures'))];
  const archive = join(SHARED, 'pipermail/twisted-python/2003-April.txt.gz');
  if (existsSync(archive)) paths.push(archive);

  it('has inputs with HTML attributes, quoted-printable and base64', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  for (const path of paths) {
    it(`gives the slow path's records: ${path.slice(path.lastIndexOf('corpus/'))}`, async () => {
      for (const options of OPTIONS) {
        const slow = await records(path, options, false);
        expect(await records(path, options, true)).toEqual(slow);
      }
      expect(await records(path, {}, true, true)).toEqual(await records(path, {}, false, true));
    });
  }

  it('maps a URL that ends at a soft line break as the slow path does (its end, not the next line)', async () => {
    const message = Buffer.from(
      'From: a@example.org\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nsee http://example.org/a=3Db=\r\n then\r\n',
    );
    const lean = await records(message, {}, true);
    expect(lean).toEqual(await records(message, {}, false));
    expect(lean).toMatchObject([{ url: 'http://example.org/a=b', line: 5, column: 5, endLine: 5, endColumn: 29 }]);
  });

  it('reports HTML attribute URLs, which only the matcher makes (not the scanner)', async () => {
    const lean = await records(join(MAIL, 'multipart-html.eml'), {}, true);
    expect(lean.some((record) => typeof record !== 'string' && record.context === 'html-attr')).toBe(true);
  });

  it('leaves matches held for rejections to the slow path, in the same order', async () => {
    const rejected: string[] = [];
    const options: ScanOptions = { onReject: (rejection) => rejected.push(rejection.candidate) };
    for (const path of paths) expect(await records(path, options, true)).toEqual(await records(path, options, false));
  });
});
