import { and, desc, eq } from 'drizzle-orm';
import type { LiveDrop } from '@store/shared/api/live';
import type { Lang } from '@store/shared/errors';
import type { Executor } from '../../db/client.ts';
import { revealedBy } from '../../db/columns.ts';
import { caseOpens } from './schema.ts';
import { findCasesByIds } from '../catalogue/find-cases.ts';
import { nicknamesOf } from '../users/accounts.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { avatarUrl } from '../users/get-user.ts';

const RIBBON_LENGTH = 20;

export interface DropRecord {
  id: number;
  userId: number;
  nickname: string;
  itemKey: string;
  itemPrice: number;
  isTop: boolean;
  createdAt: Date;
  caseSlug: string;
  caseNameRu: string;
  caseNameEn: string;
  caseImageUrl: string | null;
}

export function presentDrop(d: DropRecord, catalogue: Catalogue, lang: Lang): LiveDrop {
  const item = catalogue.item(d.itemKey);
  return {
    id: d.id,
    user: { id: d.userId, nickname: d.nickname, avatar: avatarUrl(d.userId) },
    item: { ...catalogue.present(item, lang, d.itemPrice), names: { ru: item.nameRu, en: item.nameEn } },
    case: {
      slug: d.caseSlug,
      name: lang === 'en' ? d.caseNameEn : d.caseNameRu,
      names: { ru: d.caseNameRu, en: d.caseNameEn },
      image: catalogue.caseImage({ slug: d.caseSlug, imageUrl: d.caseImageUrl }),
    },
    is_top: d.isTop,
    created_at: d.createdAt.toISOString(),
  };
}

/** The latest drops for the ribbon, or only the top ones, leaving out those whose roulette still runs. */
export async function listDrops({ db, catalogue, lang, top, revealMs }: { db: Executor; catalogue: Catalogue; lang: Lang; top: boolean; revealMs: number }): Promise<LiveDrop[]> {
  const rows = await db
    .select()
    .from(caseOpens)
    .where(and(top ? eq(caseOpens.isTop, true) : undefined, revealedBy(caseOpens.createdAt, revealMs)))
    .orderBy(desc(caseOpens.id))
    .limit(RIBBON_LENGTH);
  const [nicknames, caseRows] = await Promise.all([nicknamesOf(db, rows.map((r) => r.userId)), findCasesByIds(db, rows.map((r) => r.caseId))]);
  const casesById = new Map(caseRows.map((c) => [c.id, c]));
  return rows.map((r) => {
    const c = casesById.get(r.caseId)!;
    const record: DropRecord = {
      id: r.id,
      userId: r.userId,
      nickname: nicknames.get(r.userId) ?? '',
      itemKey: r.itemKey,
      itemPrice: r.itemPrice,
      isTop: r.isTop,
      createdAt: r.createdAt,
      caseSlug: c.slug,
      caseNameRu: c.nameRu,
      caseNameEn: c.nameEn,
      caseImageUrl: c.imageUrl,
    };
    return presentDrop(record, catalogue, lang);
  });
}
