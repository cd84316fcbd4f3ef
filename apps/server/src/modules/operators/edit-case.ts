import { rtpNeedsConfirmation } from '@store/shared/odds';
import { toMinor, toUnits } from '@store/shared/money';
import type { CaseCreateBody, CaseEditBody } from '@store/shared/api/operator-cases';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { addOddsVersion, caseSlugTaken, insertCase, lockCase, sectionExists, updateCaseFields, type CaseFields } from '../catalogue/edit-cases.ts';
import { findOddsVersions, type CaseRow } from '../catalogue/find-cases.ts';
import { recordAction, type Operator } from './audit.ts';
import { isRtpGuarded, oddsFiguresOf, saleWindowOf } from './case-figures.ts';
import { checkedRanges, rtpRefusal } from './odds-guard.ts';

type Editable = Omit<CaseEditBody, 'confirm_rtp' | 'reason'>;

/** A case's editable fields as the console names them, for the audit's before and after. */
function editableOf(c: CaseRow): Required<Editable> {
  return {
    name_ru: c.nameRu,
    name_en: c.nameEn,
    section_id: c.sectionId,
    sort: c.sort,
    price: toUnits(c.price),
    old_price: c.oldPrice === null ? null : toUnits(c.oldPrice),
    image_url: c.imageUrl,
    color: c.color,
    label: c.label as Editable['label'] & {},
    opens_limit: c.opensLimit,
    every_n_open_free: c.everyNOpenFree,
    multifix: c.multifix,
    multicast_range: c.multicastFrom !== null && c.multicastTo !== null ? [c.multicastFrom, c.multicastTo] : null,
    volatility: c.volatility,
    max_multi_open: c.maxMultiOpen,
    level: c.level,
    available: c.available,
    locked: c.locked,
    battle_allowed: c.battleAllowed,
    status: c.status as 'active' | 'hidden',
    tasty_coins: c.coinsMin === null || c.coinsMax === null ? null : { min: c.coinsMin, max: c.coinsMax },
    sale_window: saleWindowOf(c),
  };
}


/** The console's field names onto the catalogue's columns. */
function fieldsOf(b: Editable): CaseFields {
  const f: CaseFields = {};
  if (b.name_ru !== undefined) f.nameRu = b.name_ru;
  if (b.name_en !== undefined) f.nameEn = b.name_en;
  if (b.section_id !== undefined) f.sectionId = b.section_id;
  if (b.sort !== undefined) f.sort = b.sort;
  if (b.price !== undefined) f.price = toMinor(b.price);
  if (b.old_price !== undefined) f.oldPrice = b.old_price === null ? null : toMinor(b.old_price);
  if (b.image_url !== undefined) f.imageUrl = b.image_url;
  if (b.color !== undefined) f.color = b.color;
  if (b.label !== undefined) f.label = b.label;
  if (b.opens_limit !== undefined) f.opensLimit = b.opens_limit;
  if (b.every_n_open_free !== undefined) f.everyNOpenFree = b.every_n_open_free;
  if (b.multifix !== undefined) f.multifix = b.multifix;
  if (b.multicast_range !== undefined) [f.multicastFrom, f.multicastTo] = b.multicast_range ?? [null, null];
  if (b.volatility !== undefined) f.volatility = b.volatility;
  if (b.max_multi_open !== undefined) f.maxMultiOpen = b.max_multi_open;
  if (b.level !== undefined) f.level = b.level;
  if (b.available !== undefined) f.available = b.available;
  if (b.locked !== undefined) f.locked = b.locked;
  if (b.battle_allowed !== undefined) f.battleAllowed = b.battle_allowed;
  if (b.status !== undefined) f.status = b.status;
  if (b.tasty_coins !== undefined) [f.coinsMin, f.coinsMax] = b.tasty_coins ? [b.tasty_coins.min, b.tasty_coins.max] : [null, null];
  if (b.sale_window !== undefined) [f.availableFrom, f.availableUntil] = b.sale_window ? [new Date(b.sale_window.from), new Date(b.sale_window.until)] : [null, null];
  return f;
}

/**
 * Changes a case's fields from the console: the case locked, each rule checked (an opens limit
 * never below the openings made, a known section, a price that keeps the return to player in the
 * guard range or is confirmed), the change and its audit row (the changed fields before and
 * after) in one transaction.
 */
export async function editCase(o: { db: Db; catalogue: Catalogue; id: number; body: CaseEditBody; operator: Operator }) {
  const { confirm_rtp: confirmRtp, reason, ...changes } = o.body;
  return o.db.transaction(async (tx) => {
    const c = await lockCase(tx, o.id);
    if (!c) throw new AppError('caseNotFound');
    const fields = fieldsOf(changes);
    if (fields.sectionId !== undefined && !(await sectionExists(tx, fields.sectionId))) throw new AppError('section_not_found');
    if (fields.opensLimit != null && fields.opensLimit < c.opensCount) throw new AppError('case_opens_limit_below_count', { opened: c.opensCount });
    if (fields.price !== undefined && fields.price !== c.price && c.oddsId && isRtpGuarded(c) && !confirmRtp) {
      const odds = (await findOddsVersions(tx, [c.oddsId])).get(c.oddsId)!;
      const rtp = oddsFiguresOf(o.catalogue, odds.ranges, fields.price).rtp;
      if (rtpNeedsConfirmation(rtp)) throw rtpRefusal(rtp);
    }
    const before = editableOf(c);
    const after = editableOf(await updateCaseFields(tx, o.id, fields));
    const keys = Object.keys(changes) as (keyof Editable)[];
    const auditId = await recordAction(tx, {
      operator: o.operator,
      action: 'cases.edit',
      target: { kind: 'case', id: o.id },
      before: Object.fromEntries(keys.map((k) => [k, before[k]])),
      after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      reason: reason ?? null,
    });
    return { auditId };
  });
}

/**
 * Creates a GOLD case with its first odds table from the console: the table checked, the section
 * known, the address free, the return to player in the guard range or confirmed; the case, its
 * odds version and the audit row (`cases.create`) in one transaction. Returns the case's id.
 */
export async function createCase(o: { db: Db; catalogue: Catalogue; body: CaseCreateBody; operator: Operator }): Promise<number> {
  const { confirm_rtp: confirmRtp, reason, slug, odds, ...rest } = o.body;
  const ranges = checkedRanges(o.catalogue, odds);
  const fields = fieldsOf(rest);
  const rtp = oddsFiguresOf(o.catalogue, ranges, toMinor(rest.price)).rtp;
  if (rtpNeedsConfirmation(rtp) && !confirmRtp) throw rtpRefusal(rtp);
  return o.db.transaction(async (tx) => {
    if (!(await sectionExists(tx, rest.section_id))) throw new AppError('section_not_found');
    if (await caseSlugTaken(tx, slug)) throw new AppError('case_slug_taken');
    const c = await insertCase(tx, { ...fields, slug, sectionId: rest.section_id, nameRu: rest.name_ru, nameEn: rest.name_en, price: toMinor(rest.price) }).catch((err: unknown) => {
      // Another operator took the address between the check and the insert.
      throw isUniqueViolation(err) ? new AppError('case_slug_taken') : err;
    });
    const oddsId = await addOddsVersion(tx, { caseId: c.id, ranges, rtp });
    await recordAction(tx, {
      operator: o.operator,
      action: 'cases.create',
      target: { kind: 'case', id: c.id },
      before: null,
      after: { slug, ...editableOf(c), odds_id: oddsId, rtp },
      reason: reason ?? null,
    });
    return c.id;
  });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
