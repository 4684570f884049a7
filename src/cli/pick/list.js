/**
 * The picker's list, as plain data and pure functions: which URLs are shown, in
 * which order, which one is selected, what the filter leaves, and which reading of
 * a hyphen break (RFC 1738 Appendix) is current. No terminal here: the screen
 * (`screen.ts`) draws a {@link PickState} and turns keys into calls of these.
 */
import { normalizeUrl } from '../../schemes/normalize.js';
/**
 * Keeps each URL once (compared normalised, as `urlsift -u` does), where it was first
 * found, or every occurrence when `dedupe` is false. Order is message order either way.
 */
export function dedupeItems(items, dedupe) {
    if (!dedupe)
        return [...items];
    const seen = new Set();
    const kept = [];
    for (const item of items) {
        const key = normalizeUrl(item.readings[0] ?? '');
        if (seen.has(key))
            continue;
        seen.add(key);
        kept.push(item);
    }
    return kept;
}
/** The state for a fresh list: nothing filtered, the first item selected, every item on its first reading. */
export function createPickState(items) {
    return { items, filter: '', shown: items.map((_, index) => index), cursor: 0, reading: items.map(() => 0) };
}
/** Whether `item` matches the filter: case-insensitively, in any of its readings or context lines. */
export function matchesFilter(item, filter) {
    if (filter === '')
        return true;
    const wanted = filter.toLowerCase();
    return item.readings.some((url) => url.toLowerCase().includes(wanted)) || item.lines.some((line) => line.text.toLowerCase().includes(wanted));
}
/** Sets the filter. The selection stays on the same item when the filter still shows it, else moves to the first shown. */
export function setFilter(state, filter) {
    const selected = state.shown[state.cursor];
    const shown = [];
    state.items.forEach((item, index) => {
        if (matchesFilter(item, filter))
            shown.push(index);
    });
    const kept = selected === undefined ? -1 : shown.indexOf(selected);
    return { ...state, filter, shown, cursor: kept < 0 ? 0 : kept };
}
/** Moves the selection by `delta` items, stopping at either end. */
export function moveCursor(state, delta) {
    const last = Math.max(0, state.shown.length - 1);
    return { ...state, cursor: Math.min(last, Math.max(0, state.cursor + delta)) };
}
/** The selected item, or undefined when the filter shows nothing. */
export function selectedItem(state) {
    const index = state.shown[state.cursor];
    return index === undefined ? undefined : state.items[index];
}
/** The current reading of the item at `index` of `items`. */
export function currentReading(state, index) {
    const readings = state.items[index]?.readings ?? [];
    return readings[state.reading[index] ?? 0] ?? readings[0] ?? '';
}
/** The URL Enter opens and `c` copies: the selected item's current reading. */
export function selectedUrl(state) {
    const index = state.shown[state.cursor];
    return index === undefined ? undefined : currentReading(state, index);
}
/** Switches the selected item to its next reading (wrapping round); a URL with one reading stays as it is. */
export function switchReading(state) {
    const index = state.shown[state.cursor];
    if (index === undefined)
        return state;
    const count = state.items[index]?.readings.length ?? 0;
    if (count < 2)
        return state;
    const reading = [...state.reading];
    reading[index] = ((reading[index] ?? 0) + 1) % count;
    return { ...state, reading };
}
//# sourceMappingURL=list.js.map