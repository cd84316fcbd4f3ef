import { createHash } from 'node:crypto';
import { ITEM_TYPE } from '@store/shared/constants';
import { readCatalogueFile } from '../../catalogue/seed-catalogue.ts';

/**
 * The sandbox market's price list (decision 078): every skin of the committed catalogue at its
 * committed price moved by a small drift (within ±3 %), a few skins left out (nobody sells them
 * this hour) and some names the store does not carry, as the real list has thousands. The drift is
 * seeded by the hour (the period), so a list is the same however often it is asked within it, the
 * next period's differs a little, and prices wander around the committed ones, never away.
 */
export const SANDBOX_DRIFT = 0.03;
/** About one skin in this many is missing from a period's list. */
const MISSING_ONE_IN = 250;
const FOREIGN_ENTRIES = 300;

/** A number in [0, 1) from the seed and a name: the same inputs, the same number. */
function unit(seed: string, name: string): number {
  return createHash('sha256').update(`${seed}:${name}`).digest().readUInt32BE(0) / 2 ** 32;
}

export function sandboxPriceList(project: 'cs' | 'dota', period: number, time: Date) {
  const seed = `${project}:${period}`;
  const items: { market_hash_name: string; volume: string; price: string }[] = [];
  for (const it of readCatalogueFile(project).file.items) {
    if ((it.type ?? ITEM_TYPE.skin) !== ITEM_TYPE.skin) continue;
    if (unit(`${seed}:missing`, it.market_name) < 1 / MISSING_ONE_IN) continue;
    const drift = (unit(seed, it.market_name) * 2 - 1) * SANDBOX_DRIFT;
    const minor = Math.max(1, Math.round(it.price * (1 + drift)));
    items.push({ market_hash_name: it.market_name, volume: String(1 + Math.floor(unit(`${seed}:volume`, it.market_name) * 500)), price: (minor / 100).toFixed(2) });
  }
  for (let i = 1; i <= FOREIGN_ENTRIES; i++) {
    const minor = 100 + Math.floor(unit(seed, `foreign-${i}`) * 100_000);
    items.push({ market_hash_name: `Sticker | Sandbox ${i}`, volume: '1', price: (minor / 100).toFixed(2) });
  }
  return { success: true as const, time: Math.floor(time.getTime() / 1000), currency: 'RUB', items };
}
