// The HTML rows of the sources' hostile catalogue added with issue 12's closed-tags work (tag
// soups beside "HTML closed tags"), each at a small size with its exact result, as
// test/sources/hostile.test.ts does for the others. Nothing here is timed.
import { describe, expect, it } from 'vitest';
import { scan, type ScanItem } from '../../src/index.js';
import { hostileSources } from '../bench/hostile-sources.js';

const build = (name: string, bytes: number): Buffer => {
  const source = hostileSources.find((entry) => entry.name === name);
  if (!source) throw new Error(`no hostile source named "${name}"`);
  return source.build(bytes);
};

/** Every item, as `url` or `reason`. */
async function results(input: Buffer): Promise<string[]> {
  const out: string[] = [];
  for await (const item of scan(input) as AsyncIterable<ScanItem>) out.push(item.type === 'error' ? item.reason : item.url);
  return out;
}

/** How many times `unit` occurs in `text`. */
const count = (text: Buffer, unit: string): number => text.toString('latin1').split(unit).length - 1;
/** `http://a.example/i` for every i below `n` that is a multiple of 100. */
const everyHundredth = (n: number): string[] => Array.from({ length: n }, (_, i) => i).filter((i) => i % 100 === 0).map((i) => `http://a.example/${i}`);

describe('hostile HTML for the sources: tag soups', () => {
  it('short tags with an attribute, white space or a `/` before the `>`: the URL among them read', async () => {
    const input = build('HTML tags with attributes', 30_000);
    expect(await results(input)).toEqual(everyHundredth(count(input, '<br/>')));
  });

  it('words spaced with `&nbsp;`: read as spaces, the URL among them read', async () => {
    const input = build('HTML no-break spaces', 30_000);
    expect(await results(input)).toEqual(everyHundredth(count(input, '&nbsp;')));
  });

  it('a lone `<` every few characters: text, the URL among them read', async () => {
    const input = build('HTML lone <', 30_000);
    expect(await results(input)).toEqual(everyHundredth(count(input, 'a < ')));
  });

  it('empty elements back to back: the URL among them read', async () => {
    const input = build('HTML empty elements', 30_000);
    expect(await results(input)).toEqual(everyHundredth(count(input, '<b></b>')));
  });

  it('a short comment every few characters: the URL among them read', async () => {
    const input = build('HTML closed comments', 30_000);
    expect(await results(input)).toEqual(everyHundredth(count(input, '<!-- c -->')));
  });

  it('table rows of short cells: the URL among them read', async () => {
    const input = build('HTML table cells', 30_000);
    expect(await results(input)).toEqual(everyHundredth(count(input, '<tr>')));
  });
});
