/** Builds an error record. */
export function scanError(reason, detail, where) {
    const error = { type: 'error', reason, detail };
    for (const [key, value] of Object.entries(where)) {
        if (value !== undefined)
            error[key] = value;
    }
    return error;
}
//# sourceMappingURL=origin.js.map