/**
 * V8's settings for the `urlsift` command's process. A run over a mailbox spends much of
 * its CPU in V8's optimising compiler (TurboFan) on helper threads, not in urlsift's code:
 * over the 101 MB usrp-users mbox at `-j 1`, about 2 s beside 2.9 s on the main thread
 * (README, Performance). The scanner's and the MIME and HTML readers' functions are large,
 * and each is compiled again after every deoptimisation, with everything inlined into it
 * compiled again too; each worker thread is another isolate that compiles them all afresh.
 *
 * V8's flags belong to the process, so the workers have them too. The library
 * (`dist/index.js`) sets nothing: a program that imports it keeps its own settings.
 */
import { setFlagsFromString } from 'node:v8';
/**
 * The most bytecode TurboFan inlines into one function it optimises, in bytes (V8 11's
 * default is 920). Half of it made the whole command cheaper both on the 101 MB mailbox
 * (less compiling, which is most of a run that size) and on 500 MB (smaller optimised code,
 * fewer deoptimisations): whole processes, old and new in turn, see the commit that set it.
 * No inlining at all cost less on 101 MB but more on 500 MB, where optimised code runs longest.
 */
const MAX_INLINED_BYTECODE_CUMULATIVE = 460;
/** The flags the command sets, as V8 reads them. */
export const COMMAND_V8_FLAGS = [`--max-inlined-bytecode-size-cumulative=${MAX_INLINED_BYTECODE_CUMULATIVE}`];
/**
 * Sets {@link COMMAND_V8_FLAGS}, before the command's code is compiled: V8's code cache
 * (`code-cache.ts`) records the flags it was made under and is refused under others, and the
 * build writes it from a run of the command, which set them too.
 */
export function setCommandV8Flags() {
    for (const flag of COMMAND_V8_FLAGS)
        setFlagsFromString(flag);
}
//# sourceMappingURL=v8-flags.js.map