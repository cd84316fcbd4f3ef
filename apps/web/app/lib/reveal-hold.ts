/**
 * Outcomes that must wait for an animation (spec: nothing reveals an outcome before its animation
 * ends). While a page plays one (the case roulette) it holds reveals; news that would give the
 * outcome away elsewhere on the screen (the header's event coins moved by a task the opening just
 * completed) waits with `afterReveals` and runs the moment the last hold is let go.
 */
let holds = 0;
const waiting: (() => void)[] = [];

/** Holds reveals until the returned function is called (calling it twice lets go once). */
export function holdReveals(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds > 0) return;
    // In arrival order; a callback that holds again makes the rest wait for that hold too.
    while (holds === 0 && waiting.length > 0) waiting.shift()!();
  };
}

/** Runs `fn` now, or once no animation holds reveals any more. */
export function afterReveals(fn: () => void): void {
  if (holds === 0) fn();
  else waiting.push(fn);
}

/** Whether an animation is holding reveals right now. */
export const revealsHeld = (): boolean => holds > 0;
