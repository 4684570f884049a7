/**
 * `--include`, `--exclude` and `--exclude-dir`: which files and directories a
 * directory walk reads, with globs as ripgrep reads them. A glob without `/` matches
 * a name at any depth (`*.bak`); a glob with `/` matches the path from the directory
 * given on the command line (`archive/2019/*`). picomatch's syntax: `*`, `?`, `**`,
 * `[...]`, `{a,b}`. Paths named on the command line are always read, as in grep.
 */
import { relative, sep } from 'node:path';
import { compileGlobs } from './globs.js';
/** Builds the filter of `globs` for a walk from `root`. */
export function createWalkFilter(globs, root) {
    const compile = (patterns) => {
        if (patterns.length === 0)
            return undefined;
        // A glob without a slash matches the last segment; one with a slash (a leading one
        // anchors it) the whole path from the root. dot: `.Sent` is a name like any other.
        const names = patterns.filter((pattern) => !pattern.includes('/'));
        const paths = patterns.filter((pattern) => pattern.includes('/')).map((pattern) => pattern.replace(/^\/+/, ''));
        const byName = names.length > 0 ? compileGlobs(names, { basename: true, dot: true }) : undefined;
        const byPath = paths.length > 0 ? compileGlobs(paths, { dot: true }) : undefined;
        return (path) => (byName?.(path) ?? false) || (byPath?.(path) ?? false);
    };
    const include = compile(globs.include);
    const exclude = compile(globs.exclude);
    const excludeDir = compile(globs.excludeDir);
    const fromRoot = (path) => {
        const rel = relative(root, path);
        return sep === '/' ? rel : rel.split(sep).join('/');
    };
    return {
        readsFile(path) {
            if (!include && !exclude)
                return true;
            const rel = fromRoot(path);
            return (!include || include(rel)) && !(exclude && exclude(rel));
        },
        skipsDirectory(path) {
            return excludeDir !== undefined && excludeDir(fromRoot(path));
        },
    };
}
//# sourceMappingURL=exclude.js.map