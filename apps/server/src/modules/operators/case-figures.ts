import type { z } from 'zod';
import { caseLabel, type LabelInput } from '@store/shared/case-label';
import { CASE_RTP_GUARD, summarizeOdds, type TicketRange } from '@store/shared/odds';
import { toUnits } from '@store/shared/money';
import type { OperatorCase, oddsFigures, operatorCaseSummary } from '@store/shared/api/operator-cases';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCaseById, listOddsVersionsOf } from '../catalogue/edit-cases.ts';
import { findOddsVersions, findSectionSlug, isCaseOpenable, listCatalogueRows, type CaseRow } from '../catalogue/find-cases.ts';
import { opensPerCase, opensPerOdds } from '../cases/open-counts.ts';

/**
 * The console's reads of cases (decision 029): each case with its figures at today's item prices,
 * computed by the shared `summarizeOdds`, the same function the web editor shows live.
 */

/** An item's price now, in minor units; an item the catalogue does not know counts 0. */
export const priceIn = (catalogue: Catalogue) => (key: string) => catalogue.find(key)?.price ?? 0;

/** The guard applies to cases sold for GOLD; a coin case's price is in event coins and a level case is free. */
export const isRtpGuarded = (c: Pick<CaseRow, 'currency' | 'daily'>) => c.currency === 'GOLD' && !c.daily;

/** A table's chances, expected value and return to player at the given case price (minor units). */
export function oddsFiguresOf(catalogue: Catalogue, ranges: readonly TicketRange[], casePrice: number): z.infer<typeof oddsFigures> {
  const s = summarizeOdds({ ranges, priceOf: priceIn(catalogue), casePrice });
  return {
    ranges: ranges.map((r) => ({ item: r.item, from: r.from, to: r.to })),
    items: s.items.map((l) => ({ item: l.item, name: catalogue.find(l.item)?.nameEn ?? l.item, price: toUnits(l.price), tickets: l.tickets, chance: l.chance })),
    expected_value: toUnits(s.expected_value),
    rtp: round(s.rtp),
  };
}

export const round = (x: number) => Math.round(x * 100_000) / 100_000;

function summaryOf(c: CaseRow, section: string, rtp: number | null, opens: number): z.infer<typeof operatorCaseSummary> {
  return {
    id: c.id,
    slug: c.slug,
    name_ru: c.nameRu,
    name_en: c.nameEn,
    section: { id: c.sectionId, slug: section },
    price: toUnits(c.price),
    currency: c.currency,
    available: c.available,
    locked: c.locked,
    status: c.status,
    daily: c.daily,
    openable: isCaseOpenable(c),
    odds_id: c.oddsId,
    rtp,
    opens,
  };
}

/** Every case, hidden ones too, in display order, with its current return to player and openings. */
export async function listCasesForOperators(db: Executor, catalogue: Catalogue) {
  const [{ sections, cases }, opens] = await Promise.all([listCatalogueRows(db), opensPerCase(db)]);
  const odds = await findOddsVersions(db, cases.flatMap((c) => (c.oddsId ? [c.oddsId] : [])));
  const slugs = new Map(sections.map((s) => [s.id, s.slug]));
  return {
    items: cases.map((c) => {
      const version = c.oddsId ? odds.get(c.oddsId) : undefined;
      const rtp = version ? oddsFiguresOf(catalogue, version.ranges, c.price).rtp : null;
      return summaryOf(c, slugs.get(c.sectionId) ?? '', rtp, opens.get(c.id) ?? 0);
    }),
    rtp_guard: { ...CASE_RTP_GUARD },
  };
}

/** The window a case is sold in, as the console reads and writes it. */
export const saleWindowOf = (c: CaseRow) => (c.availableFrom && c.availableUntil ? { from: c.availableFrom.toISOString(), until: c.availableUntil.toISOString() } : null);

/** One case with every editable field, its current odds and figures, and the versions it had. */
export async function getCaseForOperators(db: Executor, catalogue: Catalogue, id: number): Promise<OperatorCase> {
  const c = await findCaseById(db, id);
  if (!c) throw new AppError('caseNotFound');
  const [section, versions, opens] = await Promise.all([findSectionSlug(db, c.sectionId), listOddsVersionsOf(db, id), opensPerOdds(db, id)]);
  const current = versions.find((v) => v.id === c.oddsId);
  const figures = current ? { id: current.id, created_at: current.createdAt.toISOString(), ...oddsFiguresOf(catalogue, current.ranges, c.price) } : null;
  const label = c.label as OperatorCase['label'];
  const multicast: [number, number] | null = c.multicastFrom !== null && c.multicastTo !== null ? [c.multicastFrom, c.multicastTo] : null;
  const labelInput: LabelInput = {
    available: isCaseOpenable(c),
    coinPriced: c.currency !== 'GOLD',
    multifixNumber: c.multifix,
    multicastRange: multicast,
    label: label ? { type: label.type, name: label.name?.en ?? null, color: label.color } : null,
    everyNOpenFree: c.everyNOpenFree,
  };
  const opened = [...opens.values()].reduce((a, b) => a + b, 0);
  return {
    ...summaryOf(c, section ?? '', figures?.rtp ?? null, opened),
    sort: c.sort,
    old_price: c.oldPrice === null ? null : toUnits(c.oldPrice),
    image_url: c.imageUrl,
    image: catalogue.caseImage(c),
    color: c.color,
    label,
    shown_label: caseLabel(labelInput) as Record<string, unknown> | null,
    opens_limit: c.opensLimit,
    opens_count: c.opensCount,
    every_n_open_free: c.everyNOpenFree,
    multifix: c.multifix,
    multicast_range: multicast,
    volatility: c.volatility,
    max_multi_open: c.maxMultiOpen,
    level: c.level,
    battle_allowed: c.battleAllowed,
    tasty_coins: c.coinsMin === null || c.coinsMax === null ? null : { min: c.coinsMin, max: c.coinsMax },
    sale_window: saleWindowOf(c),
    rtp_guarded: isRtpGuarded(c),
    odds: figures,
    odds_history: versions.map((v) => ({
      id: v.id,
      created_at: v.createdAt.toISOString(),
      rtp_at_creation: v.rtp / 10_000,
      opens: opens.get(v.id) ?? 0,
      current: v.id === c.oddsId,
    })),
  };
}
