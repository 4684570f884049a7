import type { PlanItem } from './plan.js';
import { type UnitEvent, type UnitSettings, type WorkUnit } from './unit.js';
/** A unit's events as delivered, in order, plus a path the planner could not read. */
export type OrderedEvent = Exclude<UnitEvent, {
    type: 'progress';
}> | {
    type: 'problem';
    seq: number;
    text: string;
    warning?: boolean;
};
/** What the scheduler calls. */
export interface ScheduleHandlers {
    /** Each event of each unit, units in order. May return a promise (output back-pressure). */
    deliver(event: OrderedEvent, unit: WorkUnit | undefined): void | Promise<void>;
    /** Bytes and messages read (increments), in any order, as they are read. */
    progress(bytes: number, messages: number): void;
    /** Called before waiting for more events: the moment to flush buffered output. */
    idle(): void | Promise<void>;
}
/** Runs every planned unit; resolves after the last event was delivered. */
export declare function runUnits(plan: AsyncIterable<PlanItem>, settings: UnitSettings, jobs: number, handlers: ScheduleHandlers, stdin: AsyncIterable<Buffer>): Promise<void>;
