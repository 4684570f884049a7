/** The walk's globs, as the command line gave them. */
export interface WalkGlobs {
    include: string[];
    exclude: string[];
    excludeDir: string[];
}
/** Decides, for paths found under one root, what to read and what to enter. */
export interface WalkFilter {
    /** True when the file at `path` is read. */
    readsFile(path: string): boolean;
    /** True when the directory at `path` is not entered. */
    skipsDirectory(path: string): boolean;
}
/** Builds the filter of `globs` for a walk from `root`. */
export declare function createWalkFilter(globs: WalkGlobs, root: string): WalkFilter;
