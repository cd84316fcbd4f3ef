/**
 * The screen breakpoints of spec §9 Interface: sm 360, md 768, xl 1280, xxl 1920 px, each the
 * smallest width of its device class, with xl when the width is not known (the server render of
 * a first visit). The CSS media queries use the same boundaries (`max-width: 767.98px` is below
 * md, `max-width: 1279.98px` below xl, `min-width: 1920px` is xxl).
 */
export const BREAKPOINTS = { sm: 360, md: 768, xl: 1280, xxl: 1920 } as const;
export type DeviceClass = keyof typeof BREAKPOINTS;
export const DEVICE_CLASSES = ['sm', 'md', 'xl', 'xxl'] as const satisfies readonly DeviceClass[];
export const FALLBACK_DEVICE_CLASS: DeviceClass = 'xl';
/** Spec §9: the device class is worked out again 50 ms after the last resize. */
export const DEVICE_RESIZE_DEBOUNCE_MS = 50;

/** The device class of a viewport `width` px wide; narrower than sm is still sm, unknown is xl. */
export function deviceClass(width: number | null | undefined): DeviceClass {
  if (width == null || !Number.isFinite(width) || width <= 0) return FALLBACK_DEVICE_CLASS;
  if (width >= BREAKPOINTS.xxl) return 'xxl';
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.md) return 'md';
  return 'sm';
}

export const isDeviceClass = (v: unknown): v is DeviceClass => typeof v === 'string' && (DEVICE_CLASSES as readonly string[]).includes(v);
