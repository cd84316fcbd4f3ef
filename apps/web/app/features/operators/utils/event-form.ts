import { formatDateTimeUtc } from '@store/shared/format/dates';
import type { EventDefinition, EventDefinitionInput, EventEditBody } from '@store/shared/api/operator-events';
import { fromLocalInput, toLocalInput } from './promo-form.ts';

/**
 * The console's season forms (decision 035). A new season is its texts and dates as fields, and
 * its pass (levels, tasks, raffle prizes, tabs) as the JSON of the file `event create` reads,
 * started from a copy of an earlier season. The browser checks what it can; the API checks all.
 */
export interface EventFormState {
  slug: string;
  titleRu: string;
  titleEn: string;
  subtitleRu: string;
  subtitleEn: string;
  fullNameRu: string;
  fullNameEn: string;
  /** `datetime-local` values in the operator's time zone. */
  startsAt: string;
  endsAt: string;
  claimDays: string;
  coinsPerTicket: string;
  /** `{ levels, tasks, raffle_prizes, tabs, top_leaderboard_id }` as JSON text. */
  pass: string;
}
export type EventFormField = keyof EventFormState;

/** What the pass's JSON holds, checked as far as the preview needs. */
export interface PassDraft {
  levels: { threshold: number; money?: number; coins?: number; case?: string; case_amount?: number }[];
  tasks: unknown[];
  raffle_prizes: unknown[];
  tabs?: unknown;
  top_leaderboard_id?: unknown;
}

const HOUR = 3_600_000;
const SLUG = /^[a-z0-9-]{1,60}$/;

/** The next free-looking slug: `autumn` → `autumn-2`, `autumn-2` → `autumn-3`. */
export function nextSlug(slug: string): string {
  const m = /^(.*)-(\d+)$/.exec(slug);
  return (m ? `${m[1]}-${Number(m[2]) + 1}` : `${slug}-2`).slice(0, 60);
}

/** A season with no earlier one to copy: one level and nothing else, for the operator to fill. */
export const STARTER_PASS = JSON.stringify({ levels: [{ threshold: 100, coins: 10 }], tasks: [], raffle_prizes: [] }, null, 2);

/**
 * The form for the season after `definition` (a season's document as JSON text): the same texts
 * and pass, a new slug, and as long a period, from the hour after the copied season ends (or
 * after now, when that is past). Without a document, an empty form with the starter pass.
 */
export function nextSeasonForm(definition: string | null, now: Date): EventFormState {
  const d = definition ? (JSON.parse(definition) as EventDefinition) : null;
  const length = d ? Date.parse(d.ends_at) - Date.parse(d.starts_at) : 28 * 24 * HOUR;
  const start = Math.ceil(Math.max(d ? Date.parse(d.ends_at) : 0, now.getTime()) / HOUR) * HOUR;
  const pass = d ? JSON.stringify({ levels: d.levels, tasks: d.tasks ?? [], raffle_prizes: d.raffle_prizes ?? [], tabs: d.tabs }, null, 2) : STARTER_PASS;
  return {
    slug: d ? nextSlug(d.slug) : '',
    titleRu: d?.title.ru ?? '',
    titleEn: d?.title.en ?? '',
    subtitleRu: d?.subtitle.ru ?? '',
    subtitleEn: d?.subtitle.en ?? '',
    fullNameRu: d?.full_name.ru ?? '',
    fullNameEn: d?.full_name.en ?? '',
    startsAt: toLocalInput(new Date(start).toISOString()),
    endsAt: toLocalInput(new Date(start + length).toISOString()),
    claimDays: String(d?.claim_days ?? 7),
    coinsPerTicket: String(d?.coins_per_ticket ?? 100),
    pass,
  };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** The pass's JSON, or null when it is not JSON or its levels are missing, not whole numbers or do not rise. */
export function passOf(text: string): PassDraft | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const p = v as Partial<PassDraft>;
  if (!Array.isArray(p.levels) || !p.levels.length) return null;
  if (!p.levels.every((l, i) => l && isCount(l.threshold) && (i === 0 || l.threshold > p.levels![i - 1]!.threshold))) return null;
  if (p.tasks !== undefined && !Array.isArray(p.tasks)) return null;
  if (p.raffle_prizes !== undefined && !Array.isArray(p.raffle_prizes)) return null;
  return { levels: p.levels, tasks: p.tasks ?? [], raffle_prizes: p.raffle_prizes ?? [], tabs: p.tabs, top_leaderboard_id: p.top_leaderboard_id };
}

const days = (v: string) => {
  const n = Number(v.trim().replace(',', '.'));
  return v.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 60 ? n : null;
};

/** Both ends of the period, or the field that is wrong: the end after the start. */
function periodOf(f: Pick<EventFormState, 'startsAt' | 'endsAt'>): { ok: true; startsAt: string; endsAt: string } | { ok: false; field: 'startsAt' | 'endsAt' } {
  const startsAt = fromLocalInput(f.startsAt);
  if (!startsAt) return { ok: false, field: 'startsAt' };
  const endsAt = fromLocalInput(f.endsAt);
  if (!endsAt || Date.parse(endsAt) <= Date.parse(startsAt)) return { ok: false, field: 'endsAt' };
  return { ok: true, startsAt, endsAt };
}

/** The season's document to send, or the first field left wrong. */
export function eventCreateBodyOf(f: EventFormState): { ok: true; body: EventDefinitionInput } | { ok: false; field: EventFormField } {
  const slug = f.slug.trim().toLowerCase();
  if (!SLUG.test(slug)) return { ok: false, field: 'slug' };
  for (const [ru, en] of [
    ['titleRu', 'titleEn'],
    ['subtitleRu', 'subtitleEn'],
    ['fullNameRu', 'fullNameEn'],
  ] as const) {
    if (!f[ru].trim()) return { ok: false, field: ru };
    if (!f[en].trim()) return { ok: false, field: en };
  }
  const period = periodOf(f);
  if (!period.ok) return period;
  const claim = days(f.claimDays);
  if (claim === null) return { ok: false, field: 'claimDays' };
  const perTicket = Number(f.coinsPerTicket.trim());
  if (!isCount(perTicket)) return { ok: false, field: 'coinsPerTicket' };
  const pass = passOf(f.pass);
  if (!pass) return { ok: false, field: 'pass' };
  return {
    ok: true,
    body: {
      ...(pass as Omit<EventDefinitionInput, 'slug'>),
      slug,
      title: { ru: f.titleRu.trim(), en: f.titleEn.trim() },
      subtitle: { ru: f.subtitleRu.trim(), en: f.subtitleEn.trim() },
      full_name: { ru: f.fullNameRu.trim(), en: f.fullNameEn.trim() },
      starts_at: period.startsAt,
      ends_at: period.endsAt,
      claim_days: claim,
      coins_per_ticket: perTicket,
    },
  };
}

/** What an operator may change of a season once defined. */
export type EventEditState = Pick<EventFormState, 'titleRu' | 'titleEn' | 'subtitleRu' | 'subtitleEn' | 'fullNameRu' | 'fullNameEn' | 'startsAt' | 'endsAt' | 'claimDays'>;
export type EventEditField = keyof EventEditState;

interface SeasonShown {
  title: { ru: string; en: string };
  subtitle: { ru: string; en: string };
  fullName: { ru: string; en: string };
  startsAt: string;
  endsAt: string;
  claimUntil: string;
}

const claimDaysOf = (e: SeasonShown) => (Date.parse(e.claimUntil) - Date.parse(e.endsAt)) / (24 * HOUR);

export const eventEditFormOf = (e: SeasonShown): EventEditState => ({
  titleRu: e.title.ru,
  titleEn: e.title.en,
  subtitleRu: e.subtitle.ru,
  subtitleEn: e.subtitle.en,
  fullNameRu: e.fullName.ru,
  fullNameEn: e.fullName.en,
  startsAt: toLocalInput(e.startsAt),
  endsAt: toLocalInput(e.endsAt),
  claimDays: String(claimDaysOf(e)),
});

/** The changed fields (a text in both languages when either changed), null when nothing did, or the first field left wrong. */
export function eventEditBodyOf(f: EventEditState, was: SeasonShown): { ok: true; body: EventEditBody | null } | { ok: false; field: EventEditField } {
  const texts = [
    ['title', 'titleRu', 'titleEn'],
    ['subtitle', 'subtitleRu', 'subtitleEn'],
    ['fullName', 'fullNameRu', 'fullNameEn'],
  ] as const;
  const body: EventEditBody = {};
  for (const [key, ru, en] of texts) {
    const pair = { ru: f[ru].trim(), en: f[en].trim() };
    if (!pair.ru) return { ok: false, field: ru };
    if (!pair.en) return { ok: false, field: en };
    if (pair.ru !== was[key].ru || pair.en !== was[key].en) body[key === 'fullName' ? 'full_name' : key] = pair;
  }
  const period = periodOf(f);
  if (!period.ok) return period;
  // A time shown to the minute: unchanged when the operator left it as it was shown.
  if (f.startsAt !== toLocalInput(was.startsAt)) body.starts_at = period.startsAt;
  if (f.endsAt !== toLocalInput(was.endsAt)) body.ends_at = period.endsAt;
  const claim = days(f.claimDays);
  if (claim === null) return { ok: false, field: 'claimDays' };
  if (claim !== claimDaysOf(was)) body.claim_days = claim;
  return { ok: true, body: Object.keys(body).length ? body : null };
}

/** A time as the console shows it: date and minute in the operator's language, in UTC. */
export const consoleTime = (iso: string, lang: 'ru' | 'en') => formatDateTimeUtc(iso, lang);
