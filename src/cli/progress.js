/** Width of the bar, in characters. */
const BAR_CELLS = 24;
/** Redraws per second: smooth enough to read, cheap enough to vanish next to the scan. */
const REDRAWS_PER_SECOND = 8;
/**
 * The display appears only once a run has lasted this long: a single message piped
 * in from a mail reader is done before that, and gets no flash of a bar.
 */
const SHOW_AFTER_MS = 250;
/** Creates the display on `stream`, or returns undefined when it is not a terminal. */
export function createProgress(stream) {
    if (!stream.isTTY)
        return undefined;
    const started = Date.now();
    let total = 0;
    let exact = false;
    let read = 0;
    let messages = 0;
    let bars;
    let bar;
    let stopped = false;
    const payload = () => {
        const seconds = Math.max(0.001, (Date.now() - started) / 1000);
        const rate = read / seconds;
        return {
            done: formatBytes(read),
            size: exact ? formatBytes(total) : `${formatBytes(Math.max(total, read))}+`,
            messages: String(messages),
            rate: `${formatBytes(rate)}/s`,
            // From the average rate so far: steadier than the last few seconds' rate.
            remaining: exact && rate > 0 ? formatSeconds(Math.max(0, total - read) / rate) : '?',
            exact,
        };
    };
    const redraw = () => {
        if (!bar)
            return;
        bar.setTotal(Math.max(1, total, read));
        bar.update(read, payload());
    };
    const show = setTimeout(() => void import('cli-progress').then(({ default: cli }) => {
        if (stopped)
            return;
        bars = new cli.MultiBar({
            stream,
            format: (options, params, values) => {
                if (!values.exact)
                    return `urlsift ${values.done} read | ${values.messages} messages | ${values.rate}`;
                const filled = Math.round(params.progress * BAR_CELLS);
                const bar = `${(options.barCompleteChar ?? '#').repeat(filled)}${(options.barIncompleteChar ?? '-').repeat(BAR_CELLS - filled)}`;
                return `urlsift ${bar} ${Math.floor(params.progress * 100)}% | ${values.done} of ${values.size} | ${values.messages} messages | ${values.rate} | ETA ${values.remaining}`;
            },
            barCompleteChar: '\u2588',
            barIncompleteChar: '\u2591',
            hideCursor: false,
            clearOnComplete: true,
            fps: REDRAWS_PER_SECOND,
            gracefulExit: false,
        });
        bar = bars.create(Math.max(1, total, read), read, payload());
    }), SHOW_AFTER_MS);
    show.unref();
    return {
        setTotal(bytes) {
            total = bytes;
            exact = true;
            redraw();
        },
        advance(bytes, count) {
            read += bytes;
            messages += count;
            redraw();
        },
        log(line) {
            if (bars)
                bars.log(`${line}\n`);
            else
                stream.write(`${line}\n`);
        },
        clear() {
            if (bars)
                stream.write('\r\x1b[K');
        },
        stop() {
            stopped = true;
            clearTimeout(show);
            if (!bars)
                return;
            bars.update(); // writes lines logged since the last redraw
            bars.stop();
            bars = undefined;
            bar = undefined;
        },
    };
}
/** Bytes in KB, MB or GB (powers of 1000, as `ls -h --si` and download tools show them). */
export function formatBytes(bytes) {
    if (bytes < 1000)
        return `${Math.round(bytes)} B`;
    if (bytes < 1e6)
        return `${(bytes / 1e3).toFixed(1)} kB`;
    if (bytes < 1e9)
        return `${(bytes / 1e6).toFixed(1)} MB`;
    return `${(bytes / 1e9).toFixed(2)} GB`;
}
/** A duration as `42s`, `3m05s` or `1h02m`. */
export function formatSeconds(seconds) {
    const whole = Math.round(seconds);
    if (whole < 60)
        return `${whole}s`;
    if (whole < 3600)
        return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
    return `${Math.floor(whole / 3600)}h${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}m`;
}
//# sourceMappingURL=progress.js.map