import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Lang } from '@store/shared/errors';
import type { OpenCaseResponse } from '@store/shared/api/cases';
import { toUnits } from '@store/shared/money';
import type { Db, Executor } from '../../db/client.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { presentInventoryItem } from '../inventory/present-item.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { CaseRow } from '../catalogue/find-cases.ts';
import { callCaseFunction, rolledItems, type CaseRoll } from './roll-case.ts';

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
}

/** What `store_open_case` returns (apps/server/drizzle/0008_roll_case.sql): the roll and the money side. */
interface Opened extends CaseRoll {
  balance: number;
  exp: number;
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
}): Promise<OpenCaseResult> {
  const { db, userId, slug, count, idempotencyKey } = opts;
  if (!idempotencyKey) return { ...(await openOnce(db, opts)), replayed: false };
  const { value, replayed } = await runOnce(db, { userId, key: idempotencyKey, route: `open:${slug}:${count}` }, (tx) => openOnce(tx, opts));
  return { ...value, replayed };
}

async function openOnce(
  exec: Executor,
  { catalogue, userId, slug, count, lang }: { catalogue: Catalogue; userId: number; slug: string; count: number; lang: Lang },
): Promise<Omit<OpenCaseResult, 'replayed'>> {
  // randomUUID draws from a cached entropy pool; a ULID asked the kernel for every character.
  const batch = randomUUID();
  const opened = await callCaseFunction<Opened>(
    exec,
    sql`select store_open_case(${userId}::int, ${slug}::text, ${count}::int, ${batch}::text) as result`,
    (code) => (code === 'validation' ? { fields: ['multi_open'] } : {}),
  );
  const items = rolledItems(opened, userId, `case_open:${batch}`);
  const response: OpenCaseResponse = {
    opens: opened.rolls.map((r, i) => ({
      id: Number(r.open_id),
      item: presentInventoryItem(items[i]!, catalogue, lang),
      ticket: r.ticket,
      nonce: r.nonce,
      cursor: 0,
      client_seed: opened.client_seed,
      server_seed_hash: opened.server_seed_hash,
    })),
    balance: toUnits(Number(opened.balance)),
    amount_exp: Number(opened.exp),
  };
  const c = opened.case;
  return {
    response,
    drops: opened.rolls.map((r) => ({ openId: Number(r.open_id), itemKey: r.item, itemPrice: Number(r.price), isTop: r.top })),
    caseRow: { id: c.id, slug: c.slug, nameRu: c.name_ru, nameEn: c.name_en, imageUrl: c.image_url, price: Number(c.price) },
    nickname: opened.nickname,
  };
}
