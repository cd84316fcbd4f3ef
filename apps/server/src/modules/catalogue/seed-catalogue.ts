import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ITEM_TYPE } from '@store/shared/constants';
import { buildRanges, returnToPlayer } from '@store/shared/odds';
import type { Db } from '../../db/client.ts';
import { serverRoot } from '../../platform/paths.ts';
import { caseOdds, cases, catalogueItems, sections } from './schema.ts';
import { readMeta, writeMeta } from '../platform/meta.ts';
import { catalogueFileSchema, type CatalogueFile } from './catalogue-schema.ts';

const dataFolder = path.join(serverRoot, 'data');
export const catalogueFilePath = (project: 'cs' | 'dota') => path.join(dataFolder, `catalogue-${project}.json`);

export function readCatalogueFile(project: 'cs' | 'dota'): { file: CatalogueFile; hash: string } {
  const raw = readFileSync(catalogueFilePath(project), 'utf8');
  return { file: catalogueFileSchema.parse(JSON.parse(raw)), hash: createHash('sha256').update(raw).digest('hex') };
}

/**
 * Writes the committed catalogue into the database. It runs at every start but does work only
 * when the file changed; a case whose odds changed gets a new odds row, and the old one stays
 * for the openings that used it. A case whose entry in the file is as the last applied file had
 * it is left alone, so what an operator changed in the console survives a new file (decision 029).
 */
export async function seedCatalogue(db: Db, project: 'cs' | 'dota'): Promise<boolean> {
  const { file, hash } = readCatalogueFile(project);
  return applyCatalogue(db, project, file, hash);
}

/** Writes a catalogue unless the one with this hash is already in. */
export async function applyCatalogue(db: Db, project: 'cs' | 'dota', file: CatalogueFile, hash: string): Promise<boolean> {
  const key = `catalogue:${project}`;
  const applied = await readMeta<{ hash?: string; cases?: Record<string, string> }>(db, key);
  if (applied?.hash === hash) return false;
  const entryHashes = Object.fromEntries(file.cases.map((c) => [c.slug, createHash('sha256').update(JSON.stringify(c)).digest('hex')]));

  const prices = new Map(file.items.map((i) => [i.key, i.price]));
  await db.transaction(async (tx) => {
    for (let i = 0; i < file.items.length; i += 100) {
      const chunk = file.items.slice(i, i + 100).map((it) => ({
        key: it.key,
        marketName: it.market_name,
        nameRu: it.name.ru,
        nameEn: it.name.en,
        weaponRu: it.weapon.ru,
        weaponEn: it.weapon.en,
        skinRu: it.skin?.ru ?? null,
        skinEn: it.skin?.en ?? null,
        rarity: it.rarity,
        quality: it.quality,
        stattrak: it.stattrak,
        category: it.category,
        price: it.price,
        imageUrl: it.image_url,
        type: it.type ?? ITEM_TYPE.skin,
        packContents: it.pack ?? null,
      }));
      await tx
        .insert(catalogueItems)
        .values(chunk)
        .onConflictDoUpdate({
          target: catalogueItems.key,
          set: Object.fromEntries(
            ['market_name', 'name_ru', 'name_en', 'weapon_ru', 'weapon_en', 'skin_ru', 'skin_en', 'rarity', 'quality', 'stattrak', 'category', 'price', 'image_url', 'type', 'pack_contents'].map(
              (c) => [toCamel(c), sql.raw(`excluded.${c}`)],
            ),
          ),
        });
    }
    const sectionIds = new Map<string, number>();
    for (const s of file.sections) {
      const values = { slug: s.slug, nameRu: s.name.ru, nameEn: s.name.en, sort: s.sort, isEvent: s.is_event, appearance: s.appearance, status: 'active' };
      const [row] = await tx.insert(sections).values(values).onConflictDoUpdate({ target: sections.slug, set: values }).returning({ id: sections.id });
      sectionIds.set(s.slug, row!.id);
    }
    for (const c of file.cases) {
      if (applied?.cases?.[c.slug] === entryHashes[c.slug]) continue;
      const values = {
        slug: c.slug,
        sectionId: sectionIds.get(c.section)!,
        nameRu: c.name.ru,
        nameEn: c.name.en,
        sort: c.sort,
        price: c.price,
        oldPrice: c.old_price,
        volatility: c.volatility,
        maxMultiOpen: c.max_multi_open,
        label: c.label,
        multifix: c.multifix,
        multicastFrom: c.multicast_range?.[0] ?? null,
        multicastTo: c.multicast_range?.[1] ?? null,
        everyNOpenFree: c.every_n_open_free,
        opensLimit: c.opens_limit,
        battleAllowed: c.battle_allowed,
        color: c.color,
        imageUrl: c.image_url,
        level: c.level,
        daily: c.daily,
        currency: c.currency ?? 'GOLD',
        coinsMin: c.tasty_coins?.min ?? null,
        coinsMax: c.tasty_coins?.max ?? null,
        status: 'active',
      };
      const [row] = await tx.insert(cases).values(values).onConflictDoUpdate({ target: cases.slug, set: values }).returning({ id: cases.id, oddsId: cases.oddsId });
      const ranges = buildRanges<string>(c.drops.map((d) => ({ item: d.item, tickets: d.tickets })));
      const rtp = returnToPlayer(c.drops.map((d) => ({ tickets: d.tickets, price: prices.get(d.item)! })), c.price);
      const old = row!.oddsId ? await tx.select({ ranges: caseOdds.ranges }).from(caseOdds).where(eq(caseOdds.id, row!.oddsId)) : [];
      if (JSON.stringify(old[0]?.ranges) !== JSON.stringify(ranges)) {
        const [odds] = await tx.insert(caseOdds).values({ caseId: row!.id, ranges, rtp: Math.round(rtp * 10000) }).returning({ id: caseOdds.id });
        await tx.update(cases).set({ oddsId: odds!.id }).where(eq(cases.id, row!.id));
      }
    }
    // The file is the catalogue: a case or section dropped from it stops being listed. Rows
    // stay, because openings and odds tables refer to them. A case made in the console was never
    // in a file: only cases of the last applied file are dropped (all but this file's before the
    // per-case record existed).
    const dropped = applied?.cases ? Object.keys(applied.cases).filter((slug) => !(slug in entryHashes)) : null;
    if (dropped === null) await tx.update(cases).set({ status: 'hidden' }).where(notInArray(cases.slug, file.cases.map((c) => c.slug)));
    else if (dropped.length) await tx.update(cases).set({ status: 'hidden' }).where(inArray(cases.slug, dropped));
    await tx.update(sections).set({ status: 'hidden' }).where(notInArray(sections.slug, file.sections.map((s) => s.slug)));
    await writeMeta(tx, key, { hash, cases: entryHashes });
  });
  return true;
}

const toCamel = (s: string) => s.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
