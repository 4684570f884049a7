/**
 * Ctrl-C during start-up. The command's own SIGINT handler (`main.ts`, `run`) writes what
 * was found so far with the format's footer and exits with 130, and `--output`'s temporary
 * file is removed on exit; but it is set only once the command's code is loaded and its
 * options read, the first 100 to 150 ms of a run. A SIGINT before that found no listener,
 * and Node's default ended the process at once: no `[` `]` of `--format json`, no exit
 * handlers, a temporary file left behind. The entry (`cli.ts`) now listens from its first
 * line, and hands {@link endEarlyInterrupt} to the command (`main`'s `startUp`), whose
 * handler takes over what was heard. Only the entry imports this module: a module the
 * command imported too would be a chunk of its own, one more file to load at every start.
 */

/** The listener while it listens, and whether it heard a SIGINT. */
let listener: (() => void) | undefined;
let heard = false;

/** Starts listening for SIGINT, which is only noted, until {@link endEarlyInterrupt}. */
export function catchEarlyInterrupt(): void {
  if (listener) return;
  heard = false;
  listener = () => {
    heard = true;
  };
  process.on('SIGINT', listener);
}

/**
 * Stops listening (the command's own handler is in place, or the command is done); true
 * when a SIGINT was heard meanwhile. False when nothing was listening.
 */
export function endEarlyInterrupt(): boolean {
  if (!listener) return false;
  process.off('SIGINT', listener);
  listener = undefined;
  return heard;
}
