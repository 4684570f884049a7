// A stand-in browser for the picker's end-to-end tests: writes its last argument,
// exactly as received, to the file named by its first argument.
import { writeFileSync } from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
writeFileSync(file, rest.length === 1 ? rest[0] : JSON.stringify(rest));
