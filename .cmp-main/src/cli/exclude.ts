/**
 * `--exclude GLOB`: file names skipped while walking directories, as grep's and
 * ripgrep's options of the same name do. Patterns match the base name with the shell's
 * `*` (any run of characters) and `?` (any one character), nothing else.
 */

/**
 * True when `name` matches `pattern`. The classic wildcard walk: on a mismatch after
 * a `*`, the star takes one more character and matching resumes; only the last star
 * is ever revisited, so the time is at most the product of the two lengths (file names
 * and patterns are short).
 */
export function matchesGlob(name: string, pattern: string): boolean {
  let n = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    const c = pattern[p];
    if (c === '*') {
      star = p++;
      resume = n;
    } else if (c !== undefined && (c === '?' || c === name[n])) {
      p++;
      n++;
    } else if (star >= 0) {
      p = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}
