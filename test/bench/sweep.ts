/**
 * A search for hostile scanner input the bounds catalogue (bench.ts) misses: every unit made of
 * a prefix, a scheme name, a colon and a body (with and without a trailing space), repeated to
 * 250 KB, that finds no URL (a unit that finds URLs is a match-dense input, measured per match).
 * Each unit slower than about 333 MB/s is timed against 250 KB of (a)'s text timed beside it;
 * the ones below `THRESHOLD` of it are printed, slowest first. It found the rows after
 * "scheme: varied" in the catalogue.
 *
 *   node --expose-gc --import tsx test/bench/sweep.ts [--emails] [--fuzzy] [--threshold=0.5] [--prefixes=bare,_]
 *
 * `--prefixes` keeps the units of those prefixes only (a comma list, "bare" for none): one
 * path of the scanner at a time.
 *
 * About 15 minutes on an idle 2-core machine (11,000 units); not part of `npm run bench`.
 */
import { defaultRegistry, findUrls } from '../../src/index.js';
import { generateMailText } from './generate.js';

const args = process.argv.slice(2);
const options = { emails: args.includes('--emails'), fuzzy: args.includes('--fuzzy') };
const THRESHOLD = Number(args.find((arg) => arg.startsWith('--threshold='))?.slice('--threshold='.length) ?? 0.5);
/** Big enough that a unit's time is well above process.cpuUsage's granularity, small enough for 11,000 units. */
const SIZE = 250_000;
/** CPU µs per byte below which a unit is surely faster than half of normal text (about 333 MB/s). */
const FAST_MICROS_PER_BYTE = 0.003;

const collect = (globalThis as { gc?: () => void }).gc;
const normal = generateMailText(SIZE);
const names = [...Object.keys(defaultRegistry), 'tel', 'urn', 'mid', 'cid', 'dav', 'im', 'pres', 'irc', 'xmpp', 'sip', 'ssh', 'git', 'data', 'javascript', 'foo', 'abcdefgh', 'URL', 'www.a', 'a'];
const onlyPrefixes = args.find((arg) => arg.startsWith('--prefixes='))?.slice('--prefixes='.length);
const prefixes = onlyPrefixes === undefined ? ['', '<', '<URL:', 'URL:', '(', '"', '_'] : onlyPrefixes.split(',').map((prefix) => (prefix === 'bare' ? '' : prefix));
const bodies = ['', '/', '//', '(', ')', 'x', '@', ':', ' ', '\n', '>', 'a@', '//(', '/(', '//a', '//a(', '?', '#', '%', '.', '-\n', 'a.b', '[', '<'];

/** The least CPU µs of two scans of `text`, after an untimed one. */
function cpuOf(text: string): number {
  findUrls(text, options);
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 2; run++) {
    collect?.();
    const used = process.cpuUsage();
    findUrls(text, options);
    const spent = process.cpuUsage(used);
    best = Math.min(best, spent.user + spent.system);
  }
  return Math.max(1, best);
}

const slow: Array<[number, string]> = [];
const seen = new Set<string>();
for (const name of new Set(names)) {
  for (const prefix of prefixes) {
    for (const body of bodies) {
      for (const tail of ['', ' ']) {
        const unit = `${prefix}${name}:${body}${tail}`;
        if (seen.has(unit)) continue;
        seen.add(unit);
        const text = unit.repeat(Math.ceil(SIZE / unit.length));
        if (findUrls(text.slice(0, 20 * unit.length), options).length > 0) continue;
        const micros = cpuOf(text);
        if (micros < FAST_MICROS_PER_BYTE * text.length) continue;
        const ratio = text.length / micros / (normal.length / cpuOf(normal));
        if (ratio < THRESHOLD) slow.push([ratio, unit]);
      }
    }
  }
}
slow.sort((a, b) => a[0] - b[0]);
for (const [ratio, unit] of slow) console.log(`${ratio.toFixed(2)}x normal  ${JSON.stringify(unit)}`);
console.log(`${slow.length} of ${seen.size} units below ${THRESHOLD}x normal text`);
for (const below of [0.2, 0.1]) if (below < THRESHOLD) console.log(`${slow.filter(([ratio]) => ratio < below).length} below ${below}x`);
