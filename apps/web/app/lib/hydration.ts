/**
 * When the first page is whole and live: the root has hydrated and so has every part that
 * hydrates apart from it (components/hydrate-apart.tsx). Then `<html data-hydrated="true">` is
 * set, which browser tests wait on instead of sleeping: every component's first effects, and
 * the requests they start, have run. Later pages count nothing.
 */
let pending = 0;
let rootDone = false;
let done = false;

function check() {
  if (done || !rootDone || pending > 0) return;
  done = true;
  document.documentElement.dataset.hydrated = 'true';
}

export const hydration = {
  /** A part is still to hydrate. */
  partPending() {
    if (!done) pending += 1;
  },
  /** A part counted by `partPending` has hydrated (or gone before it could). */
  partSettled() {
    if (done) return;
    pending -= 1;
    check();
  },
  /** The root has committed its first render. */
  rootHydrated() {
    rootDone = true;
    check();
  },
};
