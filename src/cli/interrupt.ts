/**
 * Ctrl-C during start-up. The command's own SIGINT handler (`main.ts`, `run`) writes what
 * was found so far with the format's footer and exits with 130, and `--output`'s temporary
 * file is removed on exit; but it is set only once the command's code is loaded and its
 * options read, the first 100 to 150 ms of a run. A SIGINT before that found no listener,
 * and Node's default ended the process at once: no `[` `]` of `--format json`, no exit
 * handlers, a temporary file left behind. The entry (`cli.ts`) now listens from its first
 * line, and `run` takes over what was heard.
 *
 * The entry and the command are separate bundles (the command may run from its code cache,
 * `code-cache.ts`), each with its own copy of this module: the state lives on the global
 * object, under a registered symbol, where both copies find it.
 */

/** Where the early listener and what it heard are kept (see above). */
const STATE = Symbol.for('urlsift.earlyInterrupt');

interface EarlyInterrupt {
  heard: boolean;
  listener: () => void;
}

type WithState = typeof globalThis & { [STATE]?: EarlyInterrupt };

/** Starts listening for SIGINT, which is only noted, until {@link endEarlyInterrupt}. */
export function catchEarlyInterrupt(): void {
  const holder = globalThis as WithState;
  if (holder[STATE]) return;
  const state: EarlyInterrupt = {
    heard: false,
    listener: () => {
      state.heard = true;
    },
  };
  holder[STATE] = state;
  process.on('SIGINT', state.listener);
}

/**
 * Stops listening (the command's own handler is in place, or the command is done); true
 * when a SIGINT was heard meanwhile. False when nothing was listening.
 */
export function endEarlyInterrupt(): boolean {
  const holder = globalThis as WithState;
  const state = holder[STATE];
  if (!state) return false;
  process.off('SIGINT', state.listener);
  delete holder[STATE];
  return state.heard;
}
