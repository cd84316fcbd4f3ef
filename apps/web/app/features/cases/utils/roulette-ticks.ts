/** The roulette strip's easing, its transition's timing function: quick, then a long slow stop. */
export const ROULETTE_EASE = [0.08, 0.82, 0.17, 1] as const;
export const rouletteEasing = `cubic-bezier(${ROULETTE_EASE.join(', ')})`;

/** Two ticks closer than this would sound as one buzz (a tick lasts 35 ms). */
export const TICK_GAP_MS = 40;

/** Which card of the strip is under the marker once the strip has moved `offset` px (cards `pitch` apart). */
export const cardAtMarker = (offset: number, windowWidth: number, pitch: number): number =>
  pitch > 0 ? Math.floor((offset + windowWidth / 2) / pitch) : 0;

/** One coordinate of a cubic Bézier from (0,0) to (1,1) with control coordinates a and b, at parameter s. */
const bezier = (s: number, a: number, b: number) => 3 * a * s * (1 - s) ** 2 + 3 * b * s ** 2 * (1 - s) + s ** 3;

/** The fraction of the run's time at which the eased strip has covered `progress` of its way. */
export function timeAt(progress: number, [x1, y1, x2, y2]: readonly number[] = ROULETTE_EASE): number {
  if (progress <= 0) return 0;
  if (progress >= 1) return 1;
  // The curve's progress rises with its parameter (both control points' y within 0..1): halve the interval.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (bezier(mid, y1!, y2!) < progress) lo = mid;
    else hi = mid;
  }
  return bezier((lo + hi) / 2, x1!, x2!);
}

/**
 * When each tick sounds, in ms from the start of a run of `durationMs` that moves the strip
 * `distance` px: one as each card reaches the marker, following the easing (dense, then slowing),
 * and never two closer than TICK_GAP_MS.
 */
export function tickTimes(distance: number, windowWidth: number, pitch: number, durationMs: number): number[] {
  if (pitch <= 0 || distance <= 0 || durationMs <= 0) return [];
  const times: number[] = [];
  let previous = -Infinity;
  for (let card = cardAtMarker(0, windowWidth, pitch) + 1; card <= cardAtMarker(distance, windowWidth, pitch); card++) {
    const at = timeAt((card * pitch - windowWidth / 2) / distance) * durationMs;
    if (at - previous < TICK_GAP_MS) continue;
    times.push(at);
    previous = at;
  }
  return times;
}
