import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, DEVICE_RESIZE_DEBOUNCE_MS, deviceClass, FALLBACK_DEVICE_CLASS, isDeviceClass } from '../src/breakpoints.ts';

describe('breakpoints (spec §9 Interface)', () => {
  it('are sm 360, md 768, xl 1280 and xxl 1920 px, with xl as the fallback and a 50 ms resize refresh', () => {
    expect(BREAKPOINTS).toEqual({ sm: 360, md: 768, xl: 1280, xxl: 1920 });
    expect(FALLBACK_DEVICE_CLASS).toBe('xl');
    expect(DEVICE_RESIZE_DEBOUNCE_MS).toBe(50);
  });

  it('puts a width in the class whose breakpoint it reaches', () => {
    const at: Array<[number, string]> = [
      [320, 'sm'], [360, 'sm'], [767, 'sm'], [767.98, 'sm'],
      [768, 'md'], [1024, 'md'], [1279, 'md'], [1279.5, 'md'],
      [1280, 'xl'], [1600, 'xl'], [1919, 'xl'],
      [1920, 'xxl'], [3840, 'xxl'],
    ];
    for (const [width, cls] of at) expect(deviceClass(width), `${width}px`).toBe(cls);
  });

  it('falls back to xl when the width is not known', () => {
    for (const width of [null, undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(deviceClass(width), String(width)).toBe('xl');
  });

  it('knows its classes and nothing else', () => {
    for (const cls of ['sm', 'md', 'xl', 'xxl']) expect(isDeviceClass(cls)).toBe(true);
    for (const v of ['lg', 'XL', '', null, 1280, 'xl; Secure']) expect(isDeviceClass(v)).toBe(false);
  });
});
