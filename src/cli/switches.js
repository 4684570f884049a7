/**
 * Reads `args` when each is a path (`-` included) or a boolean switch of `table`
 * spelt as yargs spells it (`--name`, `--no-name`, `-a` or `--alias`; the last of
 * several wins); `undefined` for any other command line, and for a path named `true`
 * or `false`, which yargs reads as the value of a switch before it. The result holds every
 * option of `table` that has a default, as yargs' does.
 */
export function readSwitches(args, table) {
    const spellings = new Map();
    const read = { _: [] };
    for (const [name, option] of Object.entries(table)) {
        if (option.default !== undefined)
            read[name] = Array.isArray(option.default) ? [...option.default] : option.default;
        if (option.type !== 'boolean')
            continue;
        spellings.set(`--${name}`, { name, value: true });
        spellings.set(`--no-${name}`, { name, value: false });
        const aliases = option.alias === undefined ? [] : Array.isArray(option.alias) ? option.alias : [option.alias];
        for (const alias of aliases)
            spellings.set(alias.length === 1 ? `-${alias}` : `--${alias}`, { name, value: true });
    }
    for (const arg of args) {
        // yargs takes a `true` or `false` after a switch as its value: left to yargs.
        if (arg === 'true' || arg === 'false')
            return undefined;
        if (arg === '-' || (arg !== '' && !arg.startsWith('-'))) {
            read._.push(arg);
            continue;
        }
        const switched = spellings.get(arg);
        if (switched === undefined)
            return undefined;
        read[switched.name] = switched.value;
    }
    return read;
}
//# sourceMappingURL=switches.js.map