import { inArray } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { TicketRange } from '@store/shared/odds';
import { parseItemName } from '@store/shared/item-name';
import type { CatalogueItem } from '@store/shared/api/cases';
import { toUnits } from '@store/shared/money';
import { ITEM_TYPE } from '@store/shared/constants';
import type { Executor } from '../../db/client.ts';
import { caseOdds, catalogueItems } from './schema.ts';

export type ItemRow = typeof catalogueItems.$inferSelect;

/**
 * The read-mostly part of the catalogue kept in memory: items never change meaning under a key
 * and odds rows are immutable, so caching them is safe across processes. An item's price follows
 * the market (decision 078): the price job's announcement, or its version check within seconds,
 * hands every process the new prices through `applyPrices`. Everything else that changes
 * (availability, counters, prices of cases) is read from the database when used.
 */
export class Catalogue {
  private items = new Map<string, ItemRow>();
  private odds = new Map<number, TicketRange[]>();
  private sorted: ItemRow[] | null = null;
  private byImage: Map<string, ItemRow> | null = null;

  constructor(
    private readonly rarityColors: Map<string, string>,
    private readonly imageSource: 'generated' | 'remote',
  ) {}

  async load(db: Executor) {
    const rows = await db.select().from(catalogueItems);
    this.items = new Map(rows.map((r) => [r.key, r]));
    this.sorted = null;
    this.byImage = null;
  }

  /**
   * Items' prices as the database has them now: a changed item is replaced by a copy with its new
   * price (an item handed out before keeps the one it had), and the price order is rebuilt.
   * Returns how many changed.
   */
  applyPrices(prices: ReadonlyMap<string, number>): number {
    let changed = 0;
    for (const [key, price] of prices) {
      const item = this.items.get(key);
      if (!item || item.price === price) continue;
      this.items.set(key, { ...item, price });
      changed++;
    }
    if (changed) {
      this.sorted = null;
      this.byImage = null;
    }
    return changed;
  }

  find(key: string): ItemRow | undefined {
    return this.items.get(key);
  }

  /**
   * Every skin, cheapest first (ties by key), for target pickers, contract tables, prizes and
   * replacements: packs and balance credits are won from cases, never chosen.
   */
  byPrice(): readonly ItemRow[] {
    this.sorted ??= [...this.items.values()].filter((i) => i.type === ITEM_TYPE.skin).sort((a, b) => a.price - b.price || (a.key < b.key ? -1 : 1));
    return this.sorted;
  }

  /**
   * An item whose real picture is at `url` (the wears of one skin share one; any of them draws
   * alike): the page asks for the drawing when the picture cannot load.
   */
  byImageUrl(url: string): ItemRow | undefined {
    if (!this.byImage) {
      this.byImage = new Map();
      for (const item of this.items.values()) if (item.imageUrl && !this.byImage.has(item.imageUrl)) this.byImage.set(item.imageUrl, item);
    }
    return this.byImage.get(url);
  }

  item(key: string): ItemRow {
    const item = this.items.get(key);
    if (!item) throw new Error(`unknown catalogue item ${key}`);
    return item;
  }

  async rangesFor(db: Executor, oddsId: number): Promise<TicketRange[]> {
    let ranges = this.odds.get(oddsId);
    if (!ranges) {
      const rows = await db.select({ id: caseOdds.id, ranges: caseOdds.ranges }).from(caseOdds).where(inArray(caseOdds.id, [oddsId]));
      if (!rows[0]) throw new Error(`unknown odds ${oddsId}`);
      ranges = rows[0].ranges;
      this.odds.set(oddsId, ranges);
    }
    return ranges;
  }

  rarityColor(rarity: string): string {
    return this.rarityColors.get(rarity) ?? '#b0c3d9';
  }

  itemImage(item: ItemRow): string {
    return this.imageSource === 'remote' && item.imageUrl ? item.imageUrl : `/img/items/${encodeURIComponent(item.key)}.svg`;
  }

  caseImage(c: { slug: string; imageUrl: string | null }): string {
    return this.imageSource === 'remote' && c.imageUrl ? c.imageUrl : `/img/cases/${encodeURIComponent(c.slug)}.svg`;
  }

  /** The wire form of a catalogue item in one language. */
  present(item: ItemRow, lang: Lang, price = item.price): CatalogueItem {
    const parsed = parseItemName(item.marketName);
    return {
      id: item.key,
      name: lang === 'en' ? item.nameEn : item.nameRu,
      market_name: item.marketName,
      weapon: lang === 'en' ? item.weaponEn : item.weaponRu,
      skin: lang === 'en' ? item.skinEn : item.skinRu,
      quality: item.quality ?? parsed.qualityShort,
      stattrak: item.stattrak,
      rarity: item.rarity,
      rarity_color: this.rarityColor(item.rarity),
      price: toUnits(price),
      image: this.itemImage(item),
    };
  }
}
