/** The flags the command sets, as V8 reads them. */
export declare const COMMAND_V8_FLAGS: readonly string[];
/**
 * Sets {@link COMMAND_V8_FLAGS}, before the command's code is compiled: V8's code cache
 * (`code-cache.ts`) records the flags it was made under and is refused under others, and the
 * build writes it from a run of the command, which set them too.
 */
export declare function setCommandV8Flags(): void;
