import type { PricesData } from '../api/prices.ts';

/** A price move in percent as the page writes it: a sign always, one decimal, the language's comma. */
export function formatChange(percent: number, lang: 'ru' | 'en'): string {
  const text = `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent).toFixed(1)}%`;
  return lang === 'ru' ? text.replace('.', ',') : text;
}

/** A drift of the return to player, in percentage points with a sign. */
export function formatDrift(drift: number, lang: 'ru' | 'en'): string {
  const pp = Math.round(drift * 1000) / 10;
  const text = `${pp > 0 ? '+' : pp < 0 ? '−' : ''}${Math.abs(pp).toFixed(1)}`;
  return `${lang === 'ru' ? text.replace('.', ',') : text} ${lang === 'ru' ? 'п.п.' : 'pp'}`;
}

type Run = PricesData['runs'][number];

/** What a run's state shows: a `running` run whose lease ran out died with its process. */
export const runStateKey = (run: Run): 'running' | 'stalled' | 'done' | 'failed' | 'abandoned' => (run.state === 'running' && run.stalled ? 'stalled' : run.state);

/** The newest run that got to its end, if any. */
export const lastDone = (runs: readonly Run[]): Run | null => runs.find((r) => r.state === 'done') ?? null;
