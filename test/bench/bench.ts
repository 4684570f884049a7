/**
 * `npm run bench [-- --json] [-- --quick]`: urlsift's speed and memory, measured against
 * its peers in one process run on the same inputs. Not part of `npm test`.
 *
 * - (a) a deterministic 50 MB mail-like text (`generate.ts`);
 * - (b) the RFC and pipermail text of ../shared/corpus, when present;
 * - the hostile inputs of the bounds catalogue, 1 MB each, relative to (a);
 * - the hostile inputs of the sources (`hostile-sources.ts`) through `scan`, at 2 MB and 4 MB,
 *   relative to normal mail of the same size;
 * - the CLI end to end on the usrp-users mbox and on a 1 GB mbox made by repeating it.
 *
 * Each figure is the median of several runs, the runs of the contenders interleaved so
 * that a noisy machine slows them alike.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import LinkifyIt from 'linkify-it';
import { findUrls } from '../../src/index.js';
import { generateMailText } from './generate.js';
import { expandingGzip, hostileSources, normalMail } from './hostile-sources.js';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const RUNS = quick ? 3 : 5;
const GENERATED_BYTES = quick ? 10e6 : 50e6;
const root = fileURLToPath(new URL('../../', import.meta.url));
const shared = join(root, '../shared/corpus');
const cli = join(root, 'dist/cli.js');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Median MB/s (10^6 characters per second; the texts are nearly all ASCII) of each contender. */
function race(text: string, contenders: Record<string, (text: string) => unknown>, runs = RUNS): Record<string, number> {
  const times: Record<string, number[]> = {};
  for (let run = 0; run < runs; run++) {
    for (const [name, fn] of Object.entries(contenders)) {
      const start = performance.now();
      fn(text);
      (times[name] ??= []).push(performance.now() - start);
    }
  }
  const result: Record<string, number> = {};
  for (const [name, list] of Object.entries(times)) result[name] = text.length / 1e3 / median(list);
  return result;
}

/** The floor: the cheapest loop that reads every character. */
function floorLoop(text: string): number {
  let colons = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 58) colons++;
  return colons;
}

const linkify = new LinkifyIt();
const contenders = {
  findUrls: (text: string) => findUrls(text),
  linkifyIt: (text: string) => linkify.match(text),
  floor: floorLoop,
};

const fmt = (n: number | null) => (n === null ? 'n/a' : n.toFixed(1));
const report: Record<string, number | string | null> = {
  machine: `${cpus().length} cores ${cpus()[0]?.model ?? ''}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
};

if (args.has('--sources')) {
  const lowest = await measureSources();
  console.log(`lowest speed relative to normal mail: ${lowest.toFixed(2)}x`);
  process.exit(0);
}

// (a) generated mail-like text.
const generated = generateMailText(GENERATED_BYTES);
findUrls(generated.slice(0, 1e6)); // warm up the JIT before the first timed run
const a = race(generated, contenders);
console.log(`(a) generated mail-like text, ${(generated.length / 1e6).toFixed(0)} MB, median of ${RUNS}`);
for (const [name, mbps] of Object.entries(a)) console.log(`    ${name.padEnd(10)} ${fmt(mbps)} MB/s`);
console.log(`    findUrls/floor ${((a.findUrls as number) / (a.floor as number)).toFixed(2)}x, findUrls/linkify-it ${((a.findUrls as number) / (a.linkifyIt as number)).toFixed(1)}x`);
report.findUrlsMBps = a.findUrls ?? null;
report.linkifyItMBps = a.linkifyIt ?? null;
report.floorMBps = a.floor ?? null;

// (b) real text.
if (existsSync(shared)) {
  const parts: string[] = [];
  for (const name of readdirSync(join(shared, 'rfc')).filter((n) => n.endsWith('.txt'))) parts.push(readFileSync(join(shared, 'rfc', name), 'utf8'));
  const months = readdirSync(join(shared, 'pipermail/twisted-python')).filter((n) => n.endsWith('.gz'));
  for (const name of quick ? months.slice(0, 20) : months) parts.push(gunzipSync(readFileSync(join(shared, 'pipermail/twisted-python', name))).toString('latin1'));
  const real = parts.join('\n');
  const b = race(real, contenders, quick ? 1 : 3);
  console.log(`(b) RFC and pipermail text, ${(real.length / 1e6).toFixed(0)} MB`);
  for (const [name, mbps] of Object.entries(b)) console.log(`    ${name.padEnd(10)} ${fmt(mbps)} MB/s`);
  report.realFindUrlsMBps = b.findUrls ?? null;
  report.realLinkifyItMBps = b.linkifyIt ?? null;
  report.realFloorMBps = b.floor ?? null;
} else {
  console.log('(b) skipped: ../shared/corpus is not beside this checkout');
}

// The bounds catalogue of issue 2 (1 MB each), relative to (a): structure that could make
// a scanner superlinear. Then match-dense inputs, where every few characters are a valid
// URL: linear too, but every match costs a parse, so they are reported apart, per match.
const MB = 1_000_000;
// Flattened through a Buffer: `repeat` builds a rope that V8 reads more slowly than the flat
// strings real inputs are (files, decoded parts), and (a) is flat too.
const fill = (unit: string) => Buffer.from(unit.repeat(Math.ceil(MB / unit.length)), 'latin1').toString('latin1');
const catalogue: Record<string, string> = {
  '<URL: repeated': fill('<URL:'),
  '( repeated': fill('('),
  'http:// repeated': fill('http://'),
  'a. repeated': fill('a.'),
  '- newline repeated': fill('-\n'),
  '< repeated': fill('<'),
  'www. repeated': fill('www.'),
  ': repeated': fill(':'),
};
const dense: Record<string, string> = {
  'hyphen-broken wrappers': fill('<URL:http://a-\nb-\nc-\nd-\ne.example/>\n'),
  'bare URLs, one line': fill('http://a.example/ '),
  'unclosed wrappers': fill('<URL:http://a.example/path '),
  'quoted wrapper lines': fill('> <URL:http://a.example/\n> b/\n'),
};
let minRatio = Number.POSITIVE_INFINITY;
console.log('bounds catalogue, 1 MB each: findUrls MB/s and ratio to (a)');
for (const [name, text] of Object.entries(catalogue)) {
  const mbps = race(text, { findUrls: contenders.findUrls }).findUrls as number;
  const ratio = mbps / (a.findUrls as number);
  minRatio = Math.min(minRatio, ratio);
  console.log(`    ${name.padEnd(24)} ${fmt(mbps).padStart(8)} MB/s  ${ratio.toFixed(2)}x`);
}

const sourcesMin = await measureSources();
minRatio = Math.min(minRatio, sourcesMin);
report.pathologicalMinRatio = minRatio;
const aMatchesPerSecond = (findUrls(generated).length / generated.length) * (a.findUrls as number) * 1e6;
console.log(`match-dense inputs, 1 MB each: matches per second (in (a): ${(aMatchesPerSecond / 1e3).toFixed(0)}k/s)`);
let denseMin = Number.POSITIVE_INFINITY;
for (const [name, text] of Object.entries(dense)) {
  const count = findUrls(text).length;
  const mbps = race(text, { findUrls: contenders.findUrls }).findUrls as number;
  const perSecond = (count / text.length) * mbps * 1e6;
  denseMin = Math.min(denseMin, perSecond / aMatchesPerSecond);
  console.log(`    ${name.padEnd(24)} ${fmt(mbps).padStart(8)} MB/s  ${(perSecond / 1e3).toFixed(0)}k matches/s`);
}
report.denseMatchRateMinRatio = denseMin;

// The CLI end to end.
interface CliRun {
  seconds: number;
  peakRssMB: number;
  code: number | null;
  stderr: string;
}

/** Runs the CLI with stdout to /dev/null, sampling its peak RSS (VmHWM) from /proc. */
function runCli(cliArgs: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(process.execPath, [cli, ...cliArgs], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let peak = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 10_000) stderr += chunk.toString();
    });
    const sample = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
        if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
      } catch {
        // The process has just ended.
      }
    }, 20);
    child.on('close', (code) => {
      clearInterval(sample);
      resolve({ seconds: (performance.now() - start) / 1000, peakRssMB: peak, code, stderr });
    });
  });
}

const mboxGz = join(shared, 'mbox/usrp-users-2019-04_to_2020-04.mbox.gz');
report.cliMboxMBps = null;
report.cliPeakRssMB = null;
if (!existsSync(cli)) {
  console.log('CLI: skipped, dist/cli.js is missing (npm run build)');
} else if (!existsSync(mboxGz)) {
  console.log('CLI: skipped, ../shared/corpus/mbox is not beside this checkout');
} else {
  const dir = mkdtempSync(join(tmpdir(), 'urlsift-bench-'));
  try {
    const mbox = join(dir, 'usrp-users.mbox');
    const bytes = gunzipSync(readFileSync(mboxGz));
    writeFileSync(mbox, bytes);
    const size = statSync(mbox).size / 1e6;
    for (const jobs of ['1', '2']) {
      const runs: CliRun[] = [];
      for (let run = 0; run < (quick ? 1 : 3); run++) runs.push(await runCli(['--format', 'jsonl', '-j', jobs, '--stats', mbox]));
      const seconds = median(runs.map((r) => r.seconds));
      const peak = Math.max(...runs.map((r) => r.peakRssMB));
      const stats = /\{"files".*\}/.exec(runs[0]?.stderr ?? '')?.[0];
      const messages = stats ? (JSON.parse(stats) as { messages?: number }).messages : undefined;
      console.log(`CLI -j ${jobs} on usrp-users (${size.toFixed(0)} MB): ${(size / seconds).toFixed(1)} MB/s, ${messages === undefined ? '?' : (messages / seconds).toFixed(0)} messages/s, peak RSS ${peak.toFixed(0)} MB, exit ${runs[0]?.code}`);
      if (runs[0]?.code !== 0) console.log(`    stderr: ${runs[0]?.stderr.slice(0, 500)}`);
      if (jobs === '2' && runs.every((r) => r.code === 0)) {
        report.cliMboxMBps = size / seconds;
        report.cliPeakRssMB = peak;
        report.cliMessagesPerSecond = messages === undefined ? null : messages / seconds;
      }
    }
    if (!quick) {
      // A 1 GB mailbox: the same messages, again and again.
      const big = join(dir, 'big.mbox');
      const out = createWriteStream(big);
      const copies = Math.ceil(1e9 / bytes.length);
      for (let i = 0; i < copies; i++) if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      await new Promise<void>((resolve) => out.end(() => resolve()));
      const bigSize = statSync(big).size / 1e6;
      const run = await runCli(['--format', 'jsonl', '-j', '2', big]);
      console.log(`CLI -j 2 on a ${bigSize.toFixed(0)} MB mbox: ${(bigSize / run.seconds).toFixed(1)} MB/s, peak RSS ${run.peakRssMB.toFixed(0)} MB, exit ${run.code}`);
      if (run.code === 0) {
        report.cliBigMboxMBps = bigSize / run.seconds;
        report.cliBigPeakRssMB = run.peakRssMB;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`machine: ${report.machine}`);
if (args.has('--json')) console.log(JSON.stringify(report));

/**
 * The sources' catalogue (issue 12): every reader and decoder behind `scan`, on input shaped
 * to make it superlinear. Timed from dist/ (what users run; tsx wraps every closure made at
 * run time, which would charge the readers for it), each against normal mail of the same size.
 * `2→4 MB` is the CPU time ratio from 2 MB to 4 MB (about 2 when linear); `x normal` is the
 * speed relative to normal mail, which joins the bounds catalogue in pathologicalMinRatio.
 * Returns the lowest `x normal`. `npm run bench -- --sources` runs only this.
 */
async function measureSources(): Promise<number> {
  let lowest = Number.POSITIVE_INFINITY;
  type ScanFn = (input: Uint8Array) => AsyncIterable<{ type: string }>;
  const distIndex = join(root, 'dist/index.js');
  if (existsSync(distIndex)) {
    const { scan: scanDist } = (await import(distIndex)) as { scan: ScanFn };
    const gc = (globalThis as { gc?: () => void }).gc;
    /** Median CPU and wall milliseconds of scanning `input` to its end. */
    const timeScan = async (input: Buffer, runs: number): Promise<{ cpu: number; wall: number }> => {
      const cpu: number[] = [];
      const wall: number[] = [];
      for (let run = 0; run < runs; run++) {
        gc?.();
        const started = performance.now();
        const used = process.cpuUsage();
        for await (const item of scanDist(input)) void item;
        const spent = process.cpuUsage(used);
        cpu.push((spent.user + spent.system) / 1e3);
        wall.push(performance.now() - started);
      }
      return { cpu: median(cpu), wall: median(wall) };
    };
    const SIZE = 2_000_000;
    const runs = quick ? 1 : 3;
    const normal2 = normalMail(SIZE);
    await timeScan(normal2, 1); // warm up
    const rows: Array<{ name: string; small: Buffer; large: Buffer; size: number }> = hostileSources.map((source) => ({
      name: source.name,
      small: source.build(SIZE),
      large: source.build(2 * SIZE),
      size: SIZE,
    }));
    rows.push({ name: '.gz expanding 1000x', small: expandingGzip(SIZE), large: expandingGzip(2 * SIZE), size: SIZE });
    const truncated = (bytes: number) => {
      const whole = gzipSync(normalMail(bytes));
      return whole.subarray(0, Math.floor(whole.length * 0.9));
    };
    rows.push({ name: '.gz truncated', small: truncated(SIZE), large: truncated(2 * SIZE), size: SIZE * 0.9 });
    console.log(`sources catalogue through scan() (dist/), 2 MB and 4 MB, median of ${runs}: CPU ms, 2→4 MB time ratio, speed relative to normal mail`);
    const sourceRatios: Record<string, { ratio: number; relative: number }> = {};
    for (const row of rows) {
      await timeScan(row.small, 1); // warm up this input's paths
      // Interleaved with normal mail, so that a busy machine slows both alike.
      const normal = await timeScan(normal2, runs);
      const small = await timeScan(row.small, runs);
      const large = await timeScan(row.large, runs);
      const ratio = large.cpu / small.cpu;
      const relative = (normal.cpu / small.cpu) * (row.size / normal2.length);
      sourceRatios[row.name] = { ratio, relative };
      lowest = Math.min(lowest, relative);
      console.log(`    ${row.name.padEnd(36)} ${small.cpu.toFixed(0).padStart(6)} ms ${large.cpu.toFixed(0).padStart(6)} ms  2→4 MB ${ratio.toFixed(2)}  ${relative.toFixed(2)}x normal`);
    }
    report.sourceRatios = JSON.stringify(sourceRatios);
  } else {
    console.log('sources catalogue: skipped, dist/index.js is missing (npm run build)');
  }
  return lowest;
}
