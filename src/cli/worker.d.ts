import { type WorkUnit } from './unit.js';
/** What the main thread sends a worker. */
export type ToWorker = {
    type: 'unit';
    unit: WorkUnit;
} | {
    type: 'ack';
    size: number;
};
/**
 * A worker stops scanning while more than this many characters of its output are
 * still waiting to be written: enough to keep going while an earlier unit finishes,
 * little enough that a slow early unit cannot make the others pile up gigabytes.
 */
export declare const MAX_UNWRITTEN_CHARS: number;
