import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSingleUnit, MIN_SPLIT_BYTES, planWork, RANGE_BYTES, rangeBytesFromEnvironment, type PlanItem } from '../../src/cli/plan.js';
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
  it('cuts a large mbox into ranges of whole messages that cover it exactly', async () => {
    const units = unitsOf(await plan([mbox], true));
    expect(units.length).toBeGreaterThanOrEqual(2);
    let expectedStart = 0;
    units.forEach((unit, index) => {
      const range = unit.range!;
      expect(range.start).toBe(expectedStart);
      // The index of its first message: the messages that start before it.
      expect(range.message).toBe(starts.filter((start) => start < range.start).length);
      expect(unit.seq).toBe(index);
      expect(unit.newFile).toBe(index === 0);
      // Nominal ranges from the size alone, aligned: a range starts at the first
      // message boundary at or after a multiple of RANGE_BYTES.
      if (index > 0) expect(range.start).toBe(starts.find((start) => start >= Math.floor(range.start / RANGE_BYTES) * RANGE_BYTES));
      if (index < units.length - 1) {
        expectedStart = range.end!;
      } else {
        expect(range.end).toBeUndefined();
      }
    });
    expect(units.reduce((sum, unit) => sum + unit.bytes, 0)).toBe(size);
    // No nominal range is lost: the first boundary after each multiple of RANGE_BYTES starts a range.
    for (let nominal = RANGE_BYTES; nominal < size; nominal += RANGE_BYTES) {
      const first = starts.find((start) => start >= nominal);
      if (first !== undefined) expect(units.map((unit) => unit.range!.start)).toContain(first);
    }
  });

  it('cuts by the size URLSIFT_RANGE_BYTES sets, read from the environment', async () => {
    const units: WorkUnit[] = [];
    for await (const item of planWork([mbox], { input: 'auto', split: true, exclude: [], include: [], excludeDir: [], rangeBytes: 100_000 })) if (item.type === 'unit') units.push(item.unit);
    expect(units.length).toBeGreaterThan(size / 100_000 / 2);
    for (const unit of units.slice(1)) expect(unit.range!.start).toBe(starts.find((start) => start >= Math.floor(unit.range!.start / 100_000) * 100_000));
    expect(rangeBytesFromEnvironment({})).toBe(RANGE_BYTES);
    expect(rangeBytesFromEnvironment({ URLSIFT_RANGE_BYTES: '4096' })).toBe(4096);
    expect(rangeBytesFromEnvironment({ URLSIFT_RANGE_BYTES: '10' })).toMatch(/URLSIFT_RANGE_BYTES expects a whole number of bytes, at least 64/);
    expect(rangeBytesFromEnvironment({ URLSIFT_RANGE_BYTES: '4k' })).toMatch(/not "4k"/);
  });

  it('gives each range the line number of its first message', async () => {
    const text = (await import('node:fs')).readFileSync(mbox, 'latin1');
    for (const unit of unitsOf(await plan([mbox], true))) {
      const before = text.slice(0, unit.range!.start);
      expect(unit.range!.line).toBe(before.split('\n').length);
    }
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
