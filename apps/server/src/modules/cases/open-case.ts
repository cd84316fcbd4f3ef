import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Lang } from '@store/shared/errors';
import { isErrorCode } from '@store/shared/errors';
import type { OpenCaseResponse } from '@store/shared/api/cases';
import { toUnits } from '@store/shared/money';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import type { InventoryRow } from '../inventory/grant-items.ts';
import { presentInventoryItem } from '../inventory/present-item.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { CaseRow } from '../catalogue/find-cases.ts';
import { rows } from '../../db/rows.ts';

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

/** What `store_open_case` returns (see apps/server/drizzle/0001_open_case_function.sql). */
interface Opened {
  balance: number;
  exp: number;
  nickname: string;
  server_seed_hash: string;
  client_seed: string;
  created_at: string;
  rolls: { open_id: number; inventory_id: number; nonce: number; ticket: number; item: string; price: number; top: boolean }[];
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
  let opened: Opened;
  try {
    const [row] = await rows<{ opened: Opened | string }>(exec, sql`select store_open_case(${userId}::int, ${slug}::text, ${count}::int, ${batch}::text) as opened`);
    const value = row!.opened;
    opened = typeof value === 'string' ? (JSON.parse(value) as Opened) : value;
  } catch (err) {
    const code = refusalCode(err);
    if (code && isErrorCode(code)) throw new AppError(code, code === 'validation' ? { fields: ['multi_open'] } : {});
    throw err;
  }

  const createdAt = new Date(opened.created_at);
  const response: OpenCaseResponse = {
    opens: opened.rolls.map((r) => {
      const row: InventoryRow = {
        id: Number(r.inventory_id),
        userId,
        itemKey: r.item,
        price: Number(r.price),
        status: 'progress',
        source: 'Case',
        sourceRef: `case_open:${batch}`,
        createdAt,
        updatedAt: createdAt,
      };
      return {
        id: Number(r.open_id),
        item: presentInventoryItem(row, catalogue, lang),
        ticket: r.ticket,
        nonce: r.nonce,
        cursor: 0,
        client_seed: opened.client_seed,
        server_seed_hash: opened.server_seed_hash,
      };
    }),
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

/** A refusal raised by store_open_case: SQLSTATE P0001 with the catalogue code as message. */
function refusalCode(err: unknown): string | null {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === 'P0001' && e.message) return e.message;
  }
  return null;
}
