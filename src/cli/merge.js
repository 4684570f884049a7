/**
 * `urlsift merge`: puts the outputs of `urlsift --shard K/N --format jsonl` back
 * together as one run would have printed them. Each shard's records lead with their
 * unit's job offset, and each shard lists its units in plan order, so the shards are
 * merged by that offset, streaming, one record in memory per shard. The shards'
 * `--stats` summaries (their stderr) are added up; counts by scheme and host are
 * taken from the records themselves, so the top hosts are exact.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import yargs from 'yargs';
import { normalizeUrl } from '../schemes/normalize.js';
import { FORMAT_NAMES, FORMATS } from './formats.js';
import { createOutput } from './output.js';
import { countMatch, createStats, formatStats } from './stats.js';
/** A sharded JSONL record: `{"jobOffset":N,` and the record's own fields. */
const SHARDED_RECORD = /^\{"jobOffset":(\d{1,16}),/;
/** A `--stats` summary line, as the first bytes of a line show it. */
const SUMMARY_START = '{"files":';
/**
 * Merges the inputs: the records of all shard outputs in the unsharded order, written
 * in `format` to `output`; the summaries of all logs added up. Problems are lines for
 * `complain`, and the rest goes on.
 */
export async function mergeShards(inputs, options, output) {
    const formatter = FORMATS[options.format];
    const stats = createStats();
    const seen = new Set();
    const summaries = [];
    let trouble = false;
    let printed = 0;
    let read = 0;
    const complain = async (text) => {
        trouble = true;
        await output.complain(`urlsift merge: ${text}`);
    };
    /** Reads the next record of a cursor; false at its end. */
    const advance = async (cursor) => {
        while (true) {
            const next = await cursor.lines.next();
            if (next.done)
                return false;
            cursor.lineNumber++;
            const line = next.value;
            if (line === '')
                continue;
            const found = SHARDED_RECORD.exec(line);
            if (!found) {
                await complain(`${cursor.name}:${cursor.lineNumber}: not a record of a sharded run (urlsift --shard K/N --format jsonl); skipped`);
                continue;
            }
            const offset = Number(found[1]);
            if (offset < cursor.offset) {
                await complain(`${cursor.name}:${cursor.lineNumber}: job offset ${offset} comes after ${cursor.offset}: the file is not one shard's output in order; skipped`);
                continue;
            }
            cursor.offset = offset;
            cursor.text = `{${line.slice(found[0].length)}`;
            return true;
        }
    };
    const cursors = [];
    for (const input of inputs) {
        const iterator = input.lines[Symbol.asyncIterator]();
        // What an input is, from its first line that is not empty.
        let first;
        let lineNumber = 0;
        do {
            first = await iterator.next();
            lineNumber++;
        } while (!first.done && first.value === '');
        if (first.done)
            continue; // an empty shard, or a quiet log
        if (SHARDED_RECORD.test(first.value)) {
            const replay = (async function* () {
                yield first.value;
                while (true) {
                    const next = await iterator.next();
                    if (next.done)
                        return;
                    yield next.value;
                }
            })();
            const cursor = { name: input.name, lines: replay, lineNumber: lineNumber - 1, offset: -1, text: '' };
            if (await advance(cursor))
                cursors.push(cursor);
            continue;
        }
        // A shard's stderr: its last summary line counts (earlier lines are its messages).
        let summary;
        for (let line = first; !line.done; line = await iterator.next()) {
            if (line.value.startsWith(SUMMARY_START))
                summary = readSummary(input.name, line.value) ?? summary;
        }
        if (summary)
            summaries.push(summary);
        else
            await complain(`${input.name}: neither records of a sharded run (urlsift --shard K/N --format jsonl) nor a shard's --stats summary`);
    }
    await output.print(formatter.header);
    while (cursors.length > 0) {
        // The shard whose next record comes first in the job; two shards never share a unit.
        let best = 0;
        for (let i = 1; i < cursors.length; i++)
            if (cursors[i].offset < cursors[best].offset)
                best = i;
        const cursor = cursors[best];
        const clash = cursors.find((other) => other !== cursor && other.offset === cursor.offset);
        if (clash) {
            await complain(`${cursor.name} and ${clash.name} both hold the unit at job offset ${cursor.offset}: the same shard given twice? ${clash.name} skipped`);
            cursors.splice(cursors.indexOf(clash), 1);
            continue;
        }
        read++;
        await printRecord(cursor.text, cursor);
        if (!(await advance(cursor)))
            cursors.splice(best, 1);
    }
    await output.print(formatter.footer(printed));
    await output.flush();
    async function printRecord(text, cursor) {
        const plain = options.format === 'jsonl' && !options.unique && !options.stats;
        let record;
        if (!plain) {
            try {
                record = JSON.parse(text);
            }
            catch {
                record = undefined;
            }
            if (!record || typeof record !== 'object' || typeof record.url !== 'string' || typeof record.scheme !== 'string') {
                await complain(`${cursor.name}:${cursor.lineNumber}: not a JSON record; skipped`);
                return;
            }
            if (options.unique) {
                const key = normalizeUrl(record.url);
                if (seen.has(key))
                    return;
                seen.add(key);
            }
            const parts = record.parts ?? {};
            if (options.stats)
                countMatch(stats, record.scheme, (parts.asciiHost ?? parts.host ?? '').toLowerCase() || undefined);
        }
        // JSONL is written as the shard wrote it: the same bytes the unsharded run prints.
        const body = options.format === 'jsonl' ? `${text}\n` : formatter.format(record);
        const pending = output.print(printed === 0 ? body : formatter.separator + body);
        printed++;
        if (pending)
            await pending;
    }
    // The summaries: one per shard, all of the same job.
    let seconds = 0;
    if (summaries.length > 0) {
        const counts = new Set(summaries.map((summary) => summary.shard.split('/')[1]));
        const byShard = new Map();
        for (const summary of summaries) {
            const twice = byShard.get(summary.shard);
            if (twice)
                await complain(`${twice.name} and ${summary.name} are both the summary of shard ${summary.shard}`);
            byShard.set(summary.shard, summary);
        }
        if (counts.size > 1)
            await complain(`the summaries are of jobs cut in different numbers of shards (${[...counts].join(', ')})`);
        const count = Number([...counts][0]);
        const missing = [];
        for (let k = 1; k <= count; k++)
            if (!byShard.has(`${k}/${count}`))
                missing.push(k);
        if (counts.size === 1 && missing.length > 0)
            await complain(`no --stats summary for shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${count}`);
        for (const summary of byShard.values()) {
            stats.files += summary.files;
            stats.messages += summary.messages;
            stats.errors += summary.errors;
            stats.bytes += summary.bytes;
            seconds = Math.max(seconds, summary.seconds);
        }
        const claimed = [...byShard.values()].reduce((sum, summary) => sum + summary.matches, 0);
        if (counts.size === 1 && missing.length === 0 && claimed !== read) {
            await complain(`the summaries count ${claimed} records, the shard outputs hold ${read}: an output is missing or cut short`);
        }
    }
    else if (options.stats) {
        await complain('--stats needs the shards\' summaries: run them with --stats and give their stderr files too');
    }
    return { printed, trouble, stats, seconds };
}
/** A shard's summary line, or undefined when it is not one (a message that happens to start alike). */
function readSummary(name, line) {
    let value;
    try {
        value = JSON.parse(line);
    }
    catch {
        return undefined;
    }
    const numbers = ['files', 'messages', 'matches', 'errors', 'bytes', 'seconds'];
    if (typeof value.shard !== 'string' || !/^\d+\/\d+$/.test(value.shard))
        return undefined;
    if (!numbers.every((key) => typeof value[key] === 'number'))
        return undefined;
    const [files, messages, matches, errors, bytes, seconds] = numbers.map((key) => value[key]);
    return { name, shard: value.shard, files, messages, matches, errors, bytes, seconds };
}
/** Exit codes of `urlsift merge`, as for a run: 0 records printed, 1 none, 2 trouble. */
export function mergeExitCode(result) {
    return result.trouble ? 2 : result.printed > 0 ? 0 : 1;
}
/** Reads `urlsift merge`'s arguments (after `merge`). */
export function parseMergeCommandLine(args) {
    let failure;
    const argv = yargs([...args])
        .scriptName('urlsift merge')
        .usage('Usage: $0 [options] SHARD-OUTPUTS.. [SHARD-STDERR..]\n\n' +
        'Merge the JSONL of "urlsift --shard K/N --format jsonl" runs into the output one run over the whole job prints, ' +
        'in any format. Give the shards\' stderr files too (run with --stats) to add up their summaries.')
        .parserConfiguration({ 'parse-positional-numbers': false, 'greedy-arrays': false })
        .option('format', { type: 'string', choices: FORMAT_NAMES, describe: 'output format [default: jsonl]' })
        .option('only-urls', { alias: 'o', type: 'boolean', default: false, describe: 'print bare URLs, one a line' })
        .option('unique', { alias: 'u', type: 'boolean', default: false, describe: 'print each URL once, where the whole job first found it' })
        .option('stats', { type: 'boolean', default: false, describe: "print the shards' summaries added up, as one JSON line on stderr" })
        .example([['$0 --stats shard-*.jsonl shard-*.err > all.jsonl', 'one JSONL stream and one summary, as one run prints them']])
        .help()
        .alias('help', 'h')
        .version(false)
        .strictOptions()
        .exitProcess(false)
        .wrap(Math.min(100, process.stdout.columns || 100))
        .fail((message, error) => {
        failure = message ?? error?.message ?? 'invalid command line';
    })
        .parseSync();
    if (failure !== undefined)
        return { type: 'usage-error', message: failure };
    if (argv.help)
        return { type: 'exit', code: 0 };
    if (argv['only-urls'] && argv.format !== undefined && argv.format !== 'text') {
        return { type: 'usage-error', message: `-o/--only-urls prints bare URLs and cannot be combined with --format ${argv.format}` };
    }
    const paths = argv._.map(String);
    if (paths.length === 0)
        return { type: 'usage-error', message: 'merge needs the shard outputs to merge' };
    const format = argv['only-urls'] ? 'urls' : (argv.format ?? 'jsonl');
    return { type: 'run', options: { paths, format, unique: argv.unique, stats: argv.stats } };
}
/** Opens a file's lines for {@link mergeShards}; a file that cannot be opened is reported, not thrown. */
export async function openMergeInput(path) {
    try {
        const handle = await open(path, 'r');
        await handle.close();
    }
    catch (error) {
        return `urlsift merge: ${path}: cannot read (${error.code ?? String(error)})`;
    }
    // The reader starts when the lines are first asked for: readline drops lines emitted before that.
    async function* lines() {
        yield* createInterface({ input: createReadStream(path), crlfDelay: Infinity });
    }
    return { name: path, lines: lines() };
}
/** Runs `urlsift merge` with its arguments (after `merge`) and returns the exit code. */
export async function runMerge(args) {
    const parsed = parseMergeCommandLine(args);
    if (parsed.type === 'exit')
        return parsed.code;
    if (parsed.type === 'usage-error') {
        // One line, as the command's other usage errors are.
        process.stderr.write(`urlsift merge: ${parsed.message}\n`);
        return 2;
    }
    const { paths, ...options } = parsed.options;
    let result;
    const output = createOutput(undefined, () => (result ? mergeExitCode(result) : 2));
    const inputs = [];
    let unreadable = false;
    for (const path of paths) {
        const input = await openMergeInput(path);
        if (typeof input === 'string') {
            unreadable = true;
            await output.complain(input);
        }
        else
            inputs.push(input);
    }
    result = await mergeShards(inputs, options, output);
    if (unreadable)
        result.trouble = true;
    if (options.stats)
        process.stderr.write(`${formatStats(result.stats, result.seconds)}\n`);
    return mergeExitCode(result);
}
//# sourceMappingURL=merge.js.map