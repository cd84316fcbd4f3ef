import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Lang } from '@store/shared/errors';
import type { OpenCaseResponse } from '@store/shared/api/cases';
import { toUnits } from '@store/shared/money';
import { COIN_CURRENCY } from '@store/shared/constants';
import { expForSpend } from '@store/shared/progression';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { getBalance } from '../wallet/wallet.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { presentInventoryItem } from '../inventory/present-item.ts';
import { freeDropsLocked } from '../inventory/free-drop-lock.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { CaseRow } from '../catalogue/find-cases.ts';
import { callCaseFunction, refusalCode, rolledItems, type CaseRoll } from './roll-case.ts';

export interface OpenedDrop {
  openId: number;
  itemKey: string;
  itemPrice: number;
  isTop: boolean;
}

export interface OpenCaseResult {
  response: OpenCaseResponse;
  drops: OpenedDrop[];
  caseRow: Pick<CaseRow, 'id' | 'slug' | 'nameRu' | 'nameEn' | 'imageUrl' | 'price'>;
  nickname: string;
  /** True when an Idempotency-Key retry returned the first result; nothing new happened. */
  replayed: boolean;
  /** Nobody paid for it (a level case, a free opening). */
  free: boolean;
}

/** What a case the store never sells (a level case) is opened with instead of paying. */
export type GivenCaseOpening = { userId: number; slug: string; count: number; lang: Lang; idempotencyKey?: IdempotencyKey };

/**
 * The opener of the cases the store gives rather than sells: the module that owns them (levels)
 * registers it at start-up, and `openCase` hands such a case to it.
 */
export class GivenCases {
  private opener: ((o: GivenCaseOpening) => Promise<OpenCaseResult>) | null = null;

  register(opener: (o: GivenCaseOpening) => Promise<OpenCaseResult>): void {
    if (this.opener) throw new Error('the given-case opener is registered twice');
    this.opener = opener;
  }

  open(o: GivenCaseOpening): Promise<OpenCaseResult> {
    if (!this.opener) throw new AppError('caseNotFound');
    return this.opener(o);
  }
}

/** The database's answer that the case is not sold; never leaves this file. */
class NotSold extends Error {}

/** What `store_open_case` returns (apps/server/sql/store_open_case.sql): the roll and the money side. */
interface Opened extends CaseRoll {
  balance: number;
  coin_balance: number;
  /** GOLD (minor units) the opening spent: its experience is `expForSpend` of it. */
  gold_spent: number;
  nickname: string;
  case: { id: number; slug: string; name_ru: string; name_en: string; image_url: string | null; price: number };
}

/**
 * Opens a case `count` times in one database call. `store_open_case` checks the case and the
 * count, takes an opens-limited box, counts every-N-th free opens, debits the wallet with its
 * ledger row, rolls each ticket on the player's seed pair with the formula of DESIGN, and writes
 * the items and the opening records: all of it, or on any refusal nothing. One round trip keeps
 * an open fast and leaves no half-done state for a crash to find.
 */
export async function openCase(opts: {
  db: Db;
  catalogue: Catalogue;
  userId: number;
  slug: string;
  count: number;
  lang: Lang;
  idempotencyKey?: IdempotencyKey;
  given: GivenCases;
}): Promise<OpenCaseResult> {
  const { db, userId, slug, count, lang, idempotencyKey } = opts;
  try {
    if (!idempotencyKey) return { ...(await openOnce(db, opts)), replayed: false, free: false };
    const { value, replayed } = await runOnce(db, { userId, key: idempotencyKey, route: `open:${slug}:${count}` }, (tx) => openOnce(tx, opts));
    return { ...value, replayed, free: false };
  } catch (err) {
    // Nothing was paid or written: the paid attempt is how a level case is recognised at no cost.
    if (!(err instanceof NotSold)) throw err;
    return opts.given.open({ userId, slug, count, lang, idempotencyKey });
  }
}

async function openOnce(
  exec: Executor,
  { catalogue, userId, slug, count, lang }: { catalogue: Catalogue; userId: number; slug: string; count: number; lang: Lang },
): Promise<Omit<OpenCaseResult, 'replayed' | 'free'>> {
  // randomUUID draws from a cached entropy pool; a ULID asked the kernel for every character.
  const batch = randomUUID();
  const opened = await callCaseFunction<Opened>(
    exec,
    sql`select store_open_case(${userId}::int, ${slug}::text, ${count}::int, ${batch}::text) as result`,
    (code) => (code === 'validation' ? { fields: ['multi_open'] } : {}),
  ).catch((err: unknown) => {
    throw refusalCode(err) === 'daily_case' ? new NotSold() : err;
  });
  // Only a roll with free drops (every-N-th free, a coin case) asks whether they are locked.
  const locked = opened.rolls.some((r) => r.free_drop) && (await freeDropsLocked(exec, userId));
  return presentOpening({ catalogue, lang, userId, roll: opened, ref: `case_open:${batch}`, locked, balance: Number(opened.balance), coinBalance: Number(opened.coin_balance), exp: expForSpend(Number(opened.gold_spent)), nickname: opened.nickname, caseRow: opened.case });
}

type RolledCase = Pick<Opened, 'case'>['case'];

/** The answer and the ribbon's view of a roll, whoever paid for it. */
function presentOpening(o: {
  catalogue: Catalogue;
  lang: Lang;
  userId: number;
  roll: CaseRoll;
  ref: string;
  /** The player's free drops are locked now (decision 058). */
  locked: boolean;
  balance: number;
  coinBalance: number;
  exp: number;
  nickname: string;
  caseRow: RolledCase;
}): Omit<OpenCaseResult, 'replayed' | 'free'> {
  const { roll } = o;
  const items = rolledItems(roll, o.userId, o.ref);
  const c = o.caseRow;
  return {
    response: {
      opens: roll.rolls.map((r, i) => ({
        id: Number(r.open_id),
        item: presentInventoryItem(items[i]!, o.catalogue, o.lang, o.locked),
        ticket: r.ticket,
        nonce: r.nonce,
        cursor: 0,
        client_seed: roll.client_seed,
        server_seed_hash: roll.server_seed_hash,
        odds_id: Number(r.odds_id),
        coins: Number(r.coins ?? 0),
      })),
      balance: toUnits(o.balance),
      coin_balance: toUnits(o.coinBalance),
      amount_exp: o.exp,
    },
    drops: roll.rolls.map((r) => ({ openId: Number(r.open_id), itemKey: r.item, itemPrice: Number(r.price), isTop: r.top })),
    caseRow: { id: c.id, slug: c.slug, nameRu: c.name_ru, nameEn: c.name_en, imageUrl: c.image_url, price: Number(c.price) },
    nickname: o.nickname,
  };
}

/**
 * One opening nobody pays for (a level case, a free opening), inside the caller's transaction
 * that already took what entitles the player to it: the same roll as a paid opening, recorded
 * with price 0, no money moved and no experience earned. Refuses like any opening when the case
 * is unknown, switched off or locked.
 */
export async function openForFree(
  tx: Tx,
  { catalogue, userId, slug, ref, lang }: { catalogue: Catalogue; userId: number; slug: string; ref: string; lang: Lang },
): Promise<Omit<OpenCaseResult, 'replayed' | 'free'>> {
  const batch = randomUUID();
  const roll = await callCaseFunction<CaseRoll & { case: RolledCase }>(
    tx,
    sql`select (store_roll_case(${userId}::int, c, 1, 1, 0, ${batch}::text, ${ref}::text)::jsonb
                || jsonb_build_object('case', json_build_object('id', c.id, 'slug', c.slug, 'name_ru', c.name_ru, 'name_en', c.name_en,
                                                               'image_url', c.image_url, 'price', c.price))) as result
        from store_openable_case(${slug}::text) c`,
  );
  const [balance, coinBalance, names, locked] = await Promise.all([
    getBalance(tx, userId),
    getBalance(tx, userId, COIN_CURRENCY),
    nicknamesOf(tx, [userId]),
    freeDropsLocked(tx, userId),
  ]);
  return presentOpening({ catalogue, lang, userId, roll, ref, locked, balance, coinBalance, exp: 0, nickname: names.get(userId) ?? '', caseRow: roll.case });
}
