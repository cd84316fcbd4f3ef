import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_COOKIE_MAX_AGE_S } from '@store/shared/account';
import { debounce, renderDeviceClass, VIEWPORT_COOKIE, viewportCookie, viewportFromCookieHeader } from '#app/lib/device-class.ts';
import { localeCookie } from '#app/lib/locale-pref.ts';

const YEAR_S = 365 * 24 * 3600;

describe('the viewport cookie (spec §9 Storage and cookies)', () => {
  it('lasts 365 days, strict same-site, Secure over https only', () => {
    expect(viewportCookie('md', true)).toBe(`viewport=md; Path=/; Max-Age=${YEAR_S}; SameSite=Strict; Secure`);
    // Plain http (localhost): a Secure cookie would be refused, so the class would never be remembered.
    expect(viewportCookie('sm', false)).toBe(`viewport=sm; Path=/; Max-Age=${YEAR_S}; SameSite=Strict`);
  });

  it('the locale cookie lasts 365 days too', () => {
    expect(LOCALE_COOKIE_MAX_AGE_S).toBe(YEAR_S);
    expect(localeCookie('en')).toContain(`Max-Age=${YEAR_S}`);
  });

  it('gives the server render the remembered class, or xl when there is none or it is not one', () => {
    expect(renderDeviceClass('locale=en; viewport=sm; tastyToken=x')).toBe('sm');
    expect(renderDeviceClass(`${VIEWPORT_COOKIE}=xxl`)).toBe('xxl');
    for (const header of [null, undefined, '', 'locale=en', 'viewport=lg', 'viewport=', 'myviewport=sm']) expect(renderDeviceClass(header), String(header)).toBe('xl');
    expect(viewportFromCookieHeader('viewport=lg')).toBeNull();
  });
});

describe('the device refresh on resize (spec §9: after 50 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, 50 ms after the last of a burst of resizes, and not after cancel', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, 50);
    d.run();
    vi.advanceTimersByTime(30);
    d.run();
    vi.advanceTimersByTime(49);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    d.run();
    d.cancel();
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

/** Every style sheet of the web app. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return cssFiles(file);
    return name.endsWith('.css') ? [file] : [];
  });
}

describe('the style sheets break where spec §9 does', () => {
  const appDir = new URL('../app/', import.meta.url).pathname;
  const queries = cssFiles(appDir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/@media[^{]*\((min|max)-width:\s*([\d.]+)px\)/g)].map((m) => ({ file: path.relative(appDir, file), kind: m[1], px: Number(m[2]) })),
  );

  it('use the spec boundaries: below md 767.98, below xl 1279.98, xxl from 1920 (and md, xl from 768, 1280)', () => {
    expect(queries.length).toBeGreaterThan(20);
    const spec = new Set(['max 359.98', 'max 767.98', 'max 1279.98', 'min 768', 'min 1280', 'min 1920']);
    // Narrow-phone tweaks inside sm and the operators' dense consoles break where their content does (decision 052).
    const extra = new Set(['max 400', 'max 440', 'max 480', 'max 560', 'max 600', 'max 719', 'max 900', 'max 1100']);
    for (const q of queries) expect(spec.has(`${q.kind} ${q.px}`) || extra.has(`${q.kind} ${q.px}`), `${q.file}: ${q.kind}-width ${q.px}px`).toBe(true);
    // The old tablet boundary is gone: 1024 to 1279 px is md, laid out as md.
    expect(queries.filter((q) => q.px === 1023 || q.px === 1024)).toEqual([]);
  });
});
