import { formatDateTimeUtc } from '@store/shared/format/dates';
import { formatNumber } from '@store/shared/format/numbers';
import { formatAmount } from '@store/shared/money';
import type { Lang } from '#app/lib/lang.ts';

/** How the console's cases pages write numbers and states (decision 030). */

/** An amount in wallet units, as the store writes money. */
export const formatMoney = (units: number, lang: Lang): string => formatAmount(units, { locale: lang });

/** A whole number with the language's grouping (tickets, openings, counts). */
export const formatTickets = (n: number, lang: Lang): string => formatNumber(n, lang, 0).replace(/[\u202f\u00a0]/g, ' ');

/** A date and time of a version, in the operator's language. */
export const formatWhen = (iso: string, lang: Lang): string => formatDateTimeUtc(iso, lang);

/** Why a player can or cannot open a case now, in the order the server decides it. */
export function caseStanding(c: { openable: boolean; status: string; available: boolean; locked: boolean }): 'on_sale' | 'hidden' | 'unavailable' | 'locked' | 'sold_out' {
  if (c.openable) return 'on_sale';
  if (c.status === 'hidden') return 'hidden';
  if (!c.available) return 'unavailable';
  if (c.locked) return 'locked';
  return 'sold_out';
}

/** How far an observed count is from the expected one, in percent of the expected ('' when nothing is expected). */
export function deviationOf(count: number, expected: number, lang: Lang = 'en'): string {
  if (expected <= 0) return '';
  const d = Math.round(((count - expected) / expected) * 1000) / 10;
  const text = `${d > 0 ? '+' : ''}${d.toFixed(1)}%`;
  return lang === 'ru' ? text.replace('.', ',') : text;
}

/** The sections the cases are in, each once, in the order the list first shows them (the API has no list of its own). */
export function sectionsOf(cases: readonly { section: { id: number; slug: string } }[]): { id: number; slug: string }[] {
  const seen = new Map<number, { id: number; slug: string }>();
  for (const c of cases) if (!seen.has(c.section.id)) seen.set(c.section.id, { id: c.section.id, slug: c.section.slug });
  return [...seen.values()];
}

/** A case's name in the operator's language. */
export const caseNameIn = (lang: Lang) => (c: { nameRu: string; nameEn: string }): string => (lang === 'en' ? c.nameEn : c.nameRu);

/**
 * The text of the one label a case's card shows (the server applies the spec's precedence and says
 * which won), as a key of the console's texts and its values.
 */
export function shownLabelText(label: Record<string, unknown> | null): { key: string; values: Record<string, unknown> } | null {
  if (!label) return null;
  switch (label.kind) {
    case 'multifix':
    case 'free_every':
      return { key: `admin.cases.shownLabel.${label.kind}`, values: { n: label.n } };
    case 'multicast':
      return { key: 'admin.cases.shownLabel.multicast', values: { from: label.from, to: label.to } };
    case 'named':
    case 'custom':
      return { key: 'admin.cases.shownLabel.named', values: { name: label.name } };
    case 'type':
      return { key: `admin.cases.labels.${String(label.type)}`, values: {} };
    case 'ended':
    case 'new':
      return { key: `admin.cases.shownLabel.${label.kind}`, values: {} };
    default:
      return null;
  }
}
