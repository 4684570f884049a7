/** SGR sequences (ECMA-48 §8.3.117). */
export const SGR = {
    file: '\x1b[35m',
    number: '\x1b[32m',
    scheme: '\x1b[34m',
    host: '\x1b[1;31m',
    match: '\x1b[1;31m',
    separator: '\x1b[36m',
    reset: '\x1b[0m',
};
/**
 * Whether to colour: `always` and `never` decide; `auto` colours a terminal unless
 * `NO_COLOR` is set to anything (no-color.org), and `FORCE_COLOR` (other than `0` or
 * `false`) colours even a pipe, as Node's own tools and chalk read it.
 */
export function useColor(when, isTTY, env) {
    if (when !== 'auto')
        return when === 'always';
    const force = env.FORCE_COLOR;
    if (force !== undefined && force !== '0' && force !== 'false')
        return true;
    if (force === '0' || force === 'false')
        return false;
    if (env.NO_COLOR !== undefined && env.NO_COLOR !== '')
        return false;
    return isTTY;
}
/** `text` in `colour`, reset after. */
export function paint(colour, text) {
    return text === '' ? '' : `${colour}${text}${SGR.reset}`;
}
//# sourceMappingURL=color.js.map