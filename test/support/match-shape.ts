// What a user sees of a match, shared by the tests that hold two ways of building matches to
// the same observable result (test/scan/match-shape.test.ts, long-text-matches.test.ts).
import type { Match } from '../../src/index.js';

/** Everything observable of one value, own keys in order, prototypes named, recursively. */
export function shapeOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value);
  const kind = proto === null ? 'null' : proto === Array.prototype ? 'array' : proto === Object.prototype ? 'object' : 'other';
  const keys = Reflect.ownKeys(value).map(String);
  const descriptors = keys.map((key) => {
    const d = Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor;
    // Not `writable`: the shared empty notes of the in-place readers are frozen, the full
    // parsers' are not, on main as before (issue 10 asks for shared frozen empty lists).
    return [key, d.enumerable, 'get' in d, shapeOf(d.value)];
  });
  return { kind, keys, descriptors };
}

/** The matches of one scan as a user sees them: JSON, keys, spread, and the full shape. */
export function seen(matches: Match[]): unknown {
  return matches.map((match) => ({
    json: JSON.stringify(match),
    keys: Object.keys(match),
    spread: JSON.stringify({ ...match }),
    shape: shapeOf(match),
  }));
}
