/**
 * The worker thread: runs the units the main thread sends, one after another in the
 * order received, and posts their events back. It slows down when the main thread
 * has not yet written what it sent (the output waits for earlier units), so memory
 * stays bounded however far ahead it is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runUnit } from './unit.js';
/**
 * A worker stops scanning while more than this many characters of its output are
 * still waiting to be written: enough to keep going while an earlier unit finishes,
 * little enough that a slow early unit cannot make the others pile up gigabytes.
 */
export const MAX_UNWRITTEN_CHARS = 8 * 1024 * 1024;
/** Events in one posted group at most: the main thread gets them while the worker goes on. */
const MAX_EVENTS_PER_POST = 256;
if (parentPort) {
    const port = parentPort;
    const settings = workerData;
    const queue = [];
    let running = false;
    let unwritten = 0;
    let resume;
    // Events are posted in groups, once the thread's current work yields: a small file's
    // batch and done, and those of the next files, cost one message instead of several.
    let outbox = [];
    let posting = false;
    const post = () => {
        posting = false;
        if (outbox.length === 0)
            return;
        port.postMessage(outbox);
        outbox = [];
    };
    const send = async (event) => {
        outbox.push(event);
        if (event.type === 'batch')
            unwritten += event.size;
        if (outbox.length >= MAX_EVENTS_PER_POST || (event.type === 'batch' && unwritten > MAX_UNWRITTEN_CHARS))
            post();
        else if (!posting) {
            posting = true;
            setImmediate(post);
        }
        if (event.type === 'batch' && unwritten > MAX_UNWRITTEN_CHARS)
            await new Promise((resolve) => (resume = resolve));
    };
    const drain = async () => {
        running = true;
        for (let unit = queue.shift(); unit !== undefined; unit = queue.shift())
            await runUnit(unit, settings, send);
        running = false;
    };
    port.on('message', (message) => {
        if (message.type === 'ack') {
            unwritten -= message.size;
            if (unwritten <= MAX_UNWRITTEN_CHARS && resume) {
                const go = resume;
                resume = undefined;
                go();
            }
            return;
        }
        queue.push(message.unit);
        if (!running)
            void drain();
    });
}
//# sourceMappingURL=worker.js.map