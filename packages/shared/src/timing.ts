/**
 * Spec §9 timing defaults: a debounce waits 250 ms unless told otherwise, a delay 5000 ms. Callers
 * that need another wait name it; these are what "the default" means wherever one is left out.
 */
export const DEBOUNCE_DEFAULT_MS = 250;
export const DELAY_DEFAULT_MS = 5000;

/** Resolves after `ms` (5000 ms by default). */
export const delay = (ms: number = DELAY_DEFAULT_MS): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
