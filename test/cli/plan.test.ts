import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSingleUnit, MIN_SPLIT_BYTES, planWork, RANGE_BYTES, rangeBytesFromEnvironment, type PlanItem } from '../../src/cli/plan.js';
import { parseShard, type Shard } from '../../src/cli/shard.js';
import type { WorkUnit } from '../../src/cli/unit.js';

let temp: string;
let mbox: string;
const starts: number[] = [];
let size = 0;

beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'urlsift-plan-'));
  // A mailbox larger than MIN_SPLIT_BYTES, messages of varied sizes, one with an
  // mboxcl2 Content-Length whose body holds an unquoted "From " line (not a boundary).
  const pieces: string[] = [];
  let at = 0;
  const add = (text: string): void => {
    pieces.push(text);
    at += Buffer.byteLength(text);
  };
  for (let i = 0; at < MIN_SPLIT_BYTES + RANGE_BYTES; i++) {
    starts.push(at);
    const body = `Message ${i} mentions http://example.org/${i}\n${'filler text for the body\n'.repeat(20 + ((i * 37) % 400))}`;
    if (i % 500 === 7) {
      const cl = `${body}From the body, not a boundary\n`;
      add(`From sender${i}@example.org Mon Jan  6 10:00:00 2020\nSubject: ${i}\nContent-Length: ${Buffer.byteLength(cl)}\n\n${cl}\n`);
    } else {
      add(`From sender${i}@example.org Mon Jan  6 10:00:00 2020\nSubject: ${i}\n\n${body}\n`);
    }
  }
  size = at;
  mbox = join(temp, 'big.mbox');
  writeFileSync(mbox, pieces.join(''));
  writeFileSync(join(temp, 'small.mbox'), 'From a@example.org Mon Jan  6 10:00:00 2020\nSubject: x\n\nhi\n');
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

async function plan(paths: string[], split: boolean): Promise<PlanItem[]> {
  const items: PlanItem[] = [];
  for await (const item of planWork(paths, { input: 'auto', split, exclude: [], include: [], excludeDir: [] })) items.push(item);
  return items;
}

const unitsOf = (items: PlanItem[]): WorkUnit[] => items.flatMap((item) => (item.type === 'unit' ? [item.unit] : []));

describe('planWork', () => {
  it('cuts a large mbox by its size alone into nominal ranges that cover it exactly', async () => {
    const units = unitsOf(await plan([mbox], true));
    const count = Math.ceil(size / RANGE_BYTES);
    expect(units.length).toBe(count);
    units.forEach((unit, index) => {
      // Nothing read from the mailbox: the range's runner finds its messages (test/cli/ranges.test.ts).
      expect(unit.range).toBeUndefined();
      expect(unit.cut).toEqual({ start: index * RANGE_BYTES, end: Math.min(size, (index + 1) * RANGE_BYTES), last: index === count - 1 });
      expect(unit).toMatchObject({ seq: index, kind: 'mbox', newFile: index === 0, bytes: unit.cut!.end - unit.cut!.start });
    });
    expect(units.reduce((sum, unit) => sum + unit.bytes, 0)).toBe(size);
  });

  it('cuts by the size URLSIFT_RANGE_BYTES sets, read from the environment', async () => {
    const units: WorkUnit[] = [];
    for await (const item of planWork([mbox], { input: 'auto', split: true, exclude: [], include: [], excludeDir: [], rangeBytes: 100_000 })) if (item.type === 'unit') units.push(item.unit);
    expect(units.map((unit) => unit.cut!.start)).toEqual(Array.from({ length: Math.ceil(size / 100_000) }, (_, i) => i * 100_000));
    expect(rangeBytesFromEnvironment({})).toBe(RANGE_BYTES);
    expect(rangeBytesFromEnvironment({ URLSIFT_RANGE_BYTES: '4096' })).toBe(4096);
    expect(rangeBytesFromEnvironment({ URLSIFT_RANGE_BYTES: '10' })).toMatch(/URLSIFT_RANGE_BYTES expects a whole number of bytes, at least 64/);
    expect(rangeBytesFromEnvironment({ URLSIFT_RANGE_BYTES: '4k' })).toMatch(/not "4k"/);
  });

  it('aligns a shard\'s ranges to whole messages, each with the index and line of its first message', async () => {
    const text = (await import('node:fs')).readFileSync(mbox, 'latin1');
    const units: WorkUnit[] = [];
    for await (const item of planWork([mbox], { input: 'auto', split: true, exclude: [], include: [], excludeDir: [], shard: parseShard('1/1') as Shard })) if (item.type === 'unit') units.push(item.unit);
    // A nominal range in which no message starts (a long one covers it) is left out.
    expect(units.length).toBeGreaterThanOrEqual(2);
    let expectedStart = 0;
    units.forEach((unit, index) => {
      const range = unit.range!;
      expect(range.start).toBe(expectedStart);
      expect(range.message).toBe(starts.filter((start) => start < range.start).length);
      expect(range.line).toBe(text.slice(0, range.start).split('\n').length);
      // The first message boundary at or after a multiple of RANGE_BYTES (the mboxcl2 body's `From ` line is none).
      if (index > 0) expect(range.start).toBe(starts.find((start) => start >= Math.floor(range.start / RANGE_BYTES) * RANGE_BYTES));
      if (index < units.length - 1) expectedStart = range.end!;
      else expect(range.end).toBeUndefined();
    });
  });

  it('keeps a mailbox whole with one job, and a small one always', async () => {
    expect(unitsOf(await plan([mbox], false))).toEqual([{ seq: 0, path: mbox, kind: 'auto', bytes: size, newFile: true }]);
    expect(unitsOf(await plan([join(temp, 'small.mbox')], true))).toHaveLength(1);
  });

  it('numbers a missing path in its place and goes on', async () => {
    const items = await plan([join(temp, 'small.mbox'), join(temp, 'missing'), '-'], true);
    expect(items.map((item) => item.type)).toEqual(['unit', 'error', 'unit']);
    expect(items[1]).toEqual({ type: 'error', seq: 1, text: `urlsift: ${join(temp, 'missing')}: No such file or directory` });
    expect(items[2]).toMatchObject({ unit: { seq: 2, path: '-', kind: 'auto' } });
  });

  it('reads standard input when there is no path', async () => {
    expect(unitsOf(await plan([], true))).toEqual([{ seq: 0, path: '-', kind: 'auto', bytes: 0, newFile: true }]);
  });
});

describe('isSingleUnit', () => {
  it('is true for standard input and for one file that is not cut into ranges', async () => {
    expect(await isSingleUnit([], 'auto')).toBe(true);
    expect(await isSingleUnit(['-'], 'auto')).toBe(true);
    expect(await isSingleUnit([join(temp, 'small.mbox')], 'auto')).toBe(true);
    expect(await isSingleUnit([mbox], 'text')).toBe(true);
    expect(await isSingleUnit([join(temp, 'missing')], 'auto')).toBe(true);
  });

  it('is false for several paths, a directory, or a large mbox', async () => {
    expect(await isSingleUnit([join(temp, 'small.mbox'), '-'], 'auto')).toBe(false);
    expect(await isSingleUnit([temp], 'auto')).toBe(false);
    expect(await isSingleUnit([mbox], 'auto')).toBe(false);
  });
});
