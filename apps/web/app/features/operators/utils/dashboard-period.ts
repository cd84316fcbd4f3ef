import { addDays, DASHBOARD_DEFAULT_DAYS, isCalendarDay } from '@store/shared/dashboard';

/** The dashboard's periods one click away, in days ending today. */
export const DASHBOARD_PRESETS = [7, 30, 90] as const;

/** The period as the page's address holds it: a preset of days ending today, or a chosen from..to. */
export type DashboardPeriodChoice = { kind: 'preset'; days: number } | { kind: 'custom'; from: string; to: string };

const day = (v: string | null): string | null => (v !== null && isCalendarDay(v) ? v : null);

/** Reads the period from the address (`?days=7` or `?from=&to=`); anything else is the default 30 days. */
export function dashboardChoiceOf(params: URLSearchParams): DashboardPeriodChoice {
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  if (from && to) return { kind: 'custom', from, to };
  const days = Number(params.get('days'));
  return { kind: 'preset', days: (DASHBOARD_PRESETS as readonly number[]).includes(days) ? days : DASHBOARD_DEFAULT_DAYS };
}

/** The page's own address for a period: nothing for the default. */
export function dashboardSearchOf(choice: DashboardPeriodChoice): string {
  if (choice.kind === 'custom') return `?${new URLSearchParams({ from: choice.from, to: choice.to })}`;
  return choice.days === DASHBOARD_DEFAULT_DAYS ? '' : `?days=${choice.days}`;
}

/** The query of `GET /api/v1/admin/dashboard` for a period; the server says whether a chosen one is sound. */
export function dashboardQueryOf(choice: DashboardPeriodChoice, today: string): string {
  const range = choice.kind === 'custom' ? choice : { from: addDays(today, -(choice.days - 1)), to: today };
  return `?${new URLSearchParams({ from: range.from, to: range.to })}`;
}

/** Today's UTC day, the dashboard's calendar. */
export const utcToday = (now = new Date()): string => now.toISOString().slice(0, 10);

/**
 * How far a case's or game's observed return to player is from the configured one: `big` from 10
 * percentage points, `some` from 3, else `none` (and `none` when either is unknown). A few plays
 * stray far by chance, so the page shows the count beside it.
 */
export function rtpGap(observed: number | null, configured: number | null): 'big' | 'some' | 'none' {
  if (observed === null || configured === null) return 'none';
  const gap = Math.abs(observed - configured);
  if (gap >= 0.1) return 'big';
  if (gap >= 0.03) return 'some';
  return 'none';
}

/** A return to player as a percent with one decimal in the operator's language ("92,3%" in Russian), or a dash. */
export const formatRtp = (rtp: number | null, lang: 'ru' | 'en' = 'en'): string => {
  if (rtp === null) return '—';
  const percent = (Math.round(rtp * 1000) / 10).toFixed(1);
  return `${lang === 'ru' ? percent.replace('.', ',') : percent}%`;
};

/** A day on the charts: "27.11" in Russian, "Nov 27" in English (UTC days, so no time zone moves them). */
export const formatDay = (day: string, lang: 'ru' | 'en'): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(lang === 'en' ? 'en-US' : 'ru-RU', {
    day: 'numeric',
    month: lang === 'en' ? 'short' : '2-digit',
    timeZone: 'UTC',
  });
