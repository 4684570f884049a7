import type { InputKind } from '../../sources/origin.js';
/** What `urlsift pick` was asked to do. */
export interface PickOptions {
    /** Paths to read; empty means standard input. */
    paths: string[];
    /** The command to open a URL with (`%s` is the URL); undefined: `$BROWSER`, else the desktop's opener. */
    run: string | undefined;
    /** Exit after opening one URL. */
    single: boolean;
    /** Show each URL once (default). */
    dedupe: boolean;
    /** One line per URL, without its context. */
    compact: boolean;
    input: InputKind;
    headers: boolean;
    emails: boolean;
    schemeless: boolean;
    strict: boolean;
}
/** What reading the command line gave. */
export type ParsedPickLine = {
    type: 'run';
    options: PickOptions;
} | {
    type: 'exit';
    code: 0;
} | {
    type: 'usage-error';
    message: string;
};
/** The options, as yargs takes them; `switches.ts` reads the same table for a command line of switches and paths. */
export declare const PICK_OPTIONS: {
    readonly run: {
        readonly type: "string";
        readonly describe: "command to open a URL with; %s is replaced by the URL, else it is added at the end [default: $BROWSER, else xdg-open or open]";
    };
    readonly single: {
        readonly type: "boolean";
        readonly default: false;
        readonly describe: "exit after opening one URL";
    };
    readonly dedupe: {
        readonly type: "boolean";
        readonly default: true;
        readonly describe: "show each URL once; --no-dedupe shows every occurrence";
    };
    readonly compact: {
        readonly type: "boolean";
        readonly default: false;
        readonly describe: "one line per URL, without context";
    };
    readonly input: {
        readonly type: "string";
        readonly choices: string[];
        readonly default: "auto";
        readonly describe: "read every input as this kind";
    };
    readonly headers: {
        readonly type: "boolean";
        readonly default: true;
        readonly describe: "include URLs in header fields such as List-Unsubscribe";
    };
    readonly emails: {
        readonly type: "boolean";
        readonly default: false;
        readonly describe: "list bare e-mail addresses as mailto: URLs";
    };
    readonly schemeless: {
        readonly type: "boolean";
        readonly default: true;
        readonly describe: "list www. and ftp. hosts without a scheme";
    };
    readonly strict: {
        readonly type: "boolean";
        readonly default: false;
        readonly describe: "validate with the strict RFC 1738 grammar";
    };
};
/**
 * Reads `urlsift pick`'s arguments (after the word `pick`). Prints help itself when
 * asked. A command line of switches and paths (`urlsift pick`, as a mail reader runs
 * it) is read without loading yargs; `withYargs` forces yargs, for the tests.
 */
export declare function parsePickLine(args: readonly string[], withYargs?: boolean): Promise<ParsedPickLine>;
