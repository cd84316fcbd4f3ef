/**
 * Runs `fn` at most once per `ms`: the first call at once, later ones folded into one trailing
 * run when the window ends, so the last change is never lost. A busy board sends `top_changed`
 * on every game; the page reads it again once a second at most.
 */
export function throttle(fn: () => void, ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = now();
    fn();
  };
  return {
    call() {
      if (timer !== undefined) return;
      const wait = last + ms - now();
      if (wait <= 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
