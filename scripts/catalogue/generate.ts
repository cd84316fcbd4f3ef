/**
 * Catalogue generator: writes apps/server/data/catalogue-cs.json, catalogue-dota.json and
 * prices-dota.json (CATALOGUE_OUT_DIR writes them elsewhere). Run with `npm run catalogue`. The
 * output is deterministic: no clock, no Math.random; every "random" choice comes from a PRNG
 * seeded by a string (mulberry32 over an FNV-1a hash).
 *
 * Sources
 * - CS2: items, wear ranges, weapon cases with their real contents and rare specials, CDN image
 *   addresses and Russian names come from the dev dependency @ianlucas/cs2-lib (MIT).
 * - Dota 2 (decision 079): heroes (names, primary attribute, Steam CDN portraits) from the dev
 *   dependency dotaconstants (MIT); the cosmetics with their real market names, their Russian
 *   hero names and a market-level price in roubles are tables in ./dota-items.ts. The prices are
 *   written as prices-dota.json, in market.dota2.net's public price-list shape, and each item's
 *   price is taken from that list (kopecks = round(price · 100)), as the price job reads it live.
 *
 * Price model (no market data offline; money in minor units, 100 = 1 GOLD ≈ 1 RUB)
 *   price = round(100 · base(rarity) · wear(quality) · (stattrak ? 2.2 : 1) · skinFactor), min 100
 *   base (GOLD): consumer 3, industrial 8, milSpec 25, restricted 120, classified 600,
 *                covert 2500, contraband (non-★, e.g. Howl) 20000, ★ knife 12000, ★ gloves 9000
 *   wear: FN 1.6, MW 1.15, FT 1.0, WW 0.85, BS 0.7 (no wear, e.g. vanilla knives: 1.25)
 *   skinFactor = 0.5 · 4^u, u = FNV-1a("Weapon | Skin") / 2^32, so 0.5..2.0 and the same for
 *                every wear and StatTrak variant of one skin.
 *   Dota: no model; the committed price list (see Sources).
 *
 * Odds: each case has 100000 tickets. Rarity groups get real-like shares (milSpec 79.92%,
 * restricted 15.98%, classified 3.2%, covert 0.64%, ★ special 0.26%; curated cases use their
 * own shares), renormalised over the groups a case really has. Inside a group every skin gets an
 * equal share, split over its variants by wear weight (FN .08, MW .24, FT .36, WW .16, BS .16)
 * and StatTrak (10% of the skin when it has a StatTrak variant). Shares become integers by the
 * largest-remainder method with at least 1 ticket each, so they sum to exactly 100000.
 * Dota cases share rarity groups the same way, but inside a group an item's share falls with
 * its price (∝ price^-0.7), so the dear ones are rarer.
 * Case price: a target RTP in 0.84..0.90 is drawn per case from its slug; the price is the
 * "nice" GOLD amount (x9 endings preferred) closest to EV / target whose RTP stays in 0.82..0.92.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CS2Economy, CS2_ITEMS, type CS2EconomyItem } from '@ianlucas/cs2-lib';
import { english, russian } from '@ianlucas/cs2-lib/translations';
import { catalogueFileSchema, type CatalogueFile } from '../../apps/server/src/modules/catalogue/catalogue-schema.ts';
import { levelBand, levelCaseThreshold } from '../../packages/shared/src/levels.ts';
import { COURIERS, DOTA_RARITIES, HERO_ITEMS, HERO_RU, HERO_VARIANTS, WARD_ITEMS, type DotaRarity } from './dota-items.ts';

type Localized = { en: string; ru: string };
type Item = CatalogueFile['items'][number];
type Section = CatalogueFile['sections'][number];
type Case = CatalogueFile['cases'][number];
type Quality = 'FN' | 'MW' | 'FT' | 'WW' | 'BS';

const TICKETS = 100_000;
// CATALOGUE_OUT_DIR lets the catalogue test write a fresh copy beside the committed one and compare.
const OUT_DIR = process.env.CATALOGUE_OUT_DIR ? path.resolve(process.env.CATALOGUE_OUT_DIR) : path.resolve(import.meta.dirname, '../../apps/server/data');

// ---------------------------------------------------------------- deterministic helpers

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const unit = (s: string) => fnv1a(s) / 2 ** 32;

function prng(seed: string) {
  let a = fnv1a(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function shuffled<T>(list: readonly T[], seed: string): T[] {
  const rnd = prng(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const slugify = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[★™]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const skinFactor = (name: string) => 0.5 * 4 ** unit(`skin:${name}`);
const toMinor = (gold: number) => Math.max(100, Math.round(gold * 100));

/** Integer tickets, each ≥ 1, summing to exactly 100000 (largest remainder). */
function allocateTickets(weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (w / total) * TICKETS);
  const out = exact.map((x) => Math.max(1, Math.floor(x)));
  let diff = TICKETS - out.reduce((s, t) => s + t, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; diff > 0; k = (k + 1) % byRemainder.length, diff--) out[byRemainder[k]!.i]!++;
  while (diff < 0) {
    const i = out.indexOf(Math.max(...out));
    out[i]!--;
    diff++;
  }
  return out;
}

/** Nice case prices in GOLD: every integer below 100, then two significant digits minus one (109, 149, 1499…). */
const NICE_GOLD: number[] = (() => {
  const set = new Set<number>();
  for (let n = 1; n < 100; n++) set.add(n);
  for (let m = 10; m <= 100_000; m *= 10) for (let d = 10; d <= 99; d++) set.add(d * m - 1);
  return [...set].sort((a, b) => a - b);
})();

function priceCase(slug: string, drops: { tickets: number; price: number }[]) {
  const ev = drops.reduce((s, d) => s + d.tickets * d.price, 0) / TICKETS;
  const target = 0.84 + 0.06 * unit(`rtp:${slug}`);
  let best: { price: number; rtp: number; score: number } | null = null;
  for (const gold of NICE_GOLD) {
    const price = gold * 100;
    const rtp = ev / price;
    if (rtp < 0.82 || rtp > 0.92) continue;
    const score = Math.abs(rtp - target) + (gold >= 20 && gold % 10 !== 9 ? 0.015 : 0);
    if (!best || score < best.score) best = { price, rtp, score };
  }
  if (!best) {
    // Too cheap for whole GOLD: fall back to the exact minor-unit price.
    const price = Math.max(1, Math.round(ev / target));
    best = { price, rtp: ev / price, score: 0 };
  }
  return { price: best.price, rtp: best.rtp };
}

// ---------------------------------------------------------------- CS2

const CS_RARITIES = {
  consumer: { color: '#b0c3d9', order: 0 },
  industrial: { color: '#5e98d9', order: 1 },
  milSpec: { color: '#4b69ff', order: 2 },
  restricted: { color: '#8847ff', order: 3 },
  classified: { color: '#d32ce6', order: 4 },
  covert: { color: '#eb4b4b', order: 5 },
  contraband: { color: '#e4ae39', order: 6 },
} as const;
type CsRarity = keyof typeof CS_RARITIES;
const RARITY_BY_COLOR: Record<string, CsRarity> = {
  '#ded6cc': 'consumer',
  '#b0c3d9': 'consumer',
  '#5e98d9': 'industrial',
  '#4b69ff': 'milSpec',
  '#8847ff': 'restricted',
  '#d32ce6': 'classified',
  '#eb4b4b': 'covert',
  '#e4ae39': 'contraband',
};
const BASE_GOLD: Record<CsRarity, number> = {
  consumer: 3,
  industrial: 8,
  milSpec: 25,
  restricted: 120,
  classified: 600,
  covert: 2500,
  contraband: 20000,
};
const KNIFE_GOLD = 12000;
const GLOVES_GOLD = 9000;
const WEAR_FACTOR: Record<Quality, number> = { FN: 1.6, MW: 1.15, FT: 1.0, WW: 0.85, BS: 0.7 };
const WEAR_WEIGHT: Record<Quality, number> = { FN: 0.08, MW: 0.24, FT: 0.36, WW: 0.16, BS: 0.16 };
const WEARS: { q: Quality; full: string; lo: number; hi: number }[] = [
  { q: 'FN', full: 'Factory New', lo: 0, hi: 0.07 },
  { q: 'MW', full: 'Minimal Wear', lo: 0.07, hi: 0.15 },
  { q: 'FT', full: 'Field-Tested', lo: 0.15, hi: 0.38 },
  { q: 'WW', full: 'Well-Worn', lo: 0.38, hi: 0.45 },
  { q: 'BS', full: 'Battle-Scarred', lo: 0.45, hi: 1 },
];
const SNIPERS = new Set(['AWP', 'SSG 08', 'SCAR-20', 'G3SG1']);
const MACHINEGUNS = new Set(['M249', 'Negev']);

CS2Economy.use({ items: CS2_ITEMS, language: english });
const ru = russian as Record<string, { name: string } | undefined>;

const isSpecial = (e: CS2EconomyItem) => e.type === 'melee' || e.type === 'glove';
function categoryOf(e: CS2EconomyItem, weapon: string): string {
  if (e.type === 'melee') return 'knife';
  if (e.type === 'glove') return 'gloves';
  if (e.type !== 'weapon') return 'other';
  if (SNIPERS.has(weapon)) return 'sniper';
  if (MACHINEGUNS.has(weapon)) return 'machinegun';
  if (e.category === 'rifle') return 'rifle';
  if (e.category === 'secondary') return 'pistol';
  if (e.category === 'smg') return 'smg';
  if (e.category === 'heavy') return 'shotgun';
  return 'other';
}
const rarityOf = (e: CS2EconomyItem): CsRarity => (isSpecial(e) ? 'contraband' : (RARITY_BY_COLOR[e.rarity] ?? 'consumer'));
const split = (name: string) => {
  const bar = name.indexOf(' | ');
  return bar < 0 ? { weapon: name, skin: null } : { weapon: name.slice(0, bar), skin: name.slice(bar + 3) };
};

function validWears(e: CS2EconomyItem) {
  if (!e.hasWear()) return [];
  const min = e.wearMin ?? 0;
  const max = e.wearMax ?? 1;
  return WEARS.filter((w) => min < w.hi && max > w.lo);
}
const canStatTrak = (e: CS2EconomyItem) => e.type !== 'glove' && !e.statTrakless && e.hasStatTrak();

const csItems = new Map<string, Item>();
/** One catalogue item for a skin variant; returns its key. */
function csVariant(e: CS2EconomyItem, quality: Quality | null, stattrak: boolean): string {
  const en = split(e.name);
  const ruName = split(ru[String(e.id)]?.name ?? e.name);
  const wear = quality ? WEARS.find((w) => w.q === quality)! : null;
  const star = isSpecial(e) ? '★ ' : '';
  const st = stattrak ? 'StatTrak™ ' : '';
  const marketName = `${star}${st}${e.name}${wear ? ` (${wear.full})` : ''}`;
  const key = [stattrak ? 'st' : '', slugify(en.weapon), en.skin ? slugify(en.skin) : 'vanilla', quality?.toLowerCase() ?? '']
    .filter(Boolean)
    .join('-');
  const existing = csItems.get(key);
  if (existing) {
    if (existing.market_name !== marketName) throw new Error(`key clash ${key}: ${existing.market_name} / ${marketName}`);
    return key;
  }
  const rarity = rarityOf(e);
  const base = e.type === 'melee' ? KNIFE_GOLD : e.type === 'glove' ? GLOVES_GOLD : BASE_GOLD[rarity];
  const price = toMinor(base * (quality ? WEAR_FACTOR[quality] : 1.25) * (stattrak ? 2.2 : 1) * skinFactor(e.name));
  let image: string | null = null;
  try {
    const mid = wear ? (Math.max(wear.lo, e.wearMin ?? 0) + Math.min(wear.hi, e.wearMax ?? 1)) / 2 : undefined;
    image = e.image ? e.getImage(mid) : null;
  } catch {
    image = null;
  }
  csItems.set(key, {
    key,
    market_name: marketName,
    name: { en: e.name, ru: ruName.skin ? `${ruName.weapon} | ${ruName.skin}` : ruName.weapon },
    weapon: { en: en.weapon, ru: ruName.weapon },
    skin: en.skin ? { en: en.skin, ru: ruName.skin ?? en.skin } : null,
    rarity,
    quality,
    stattrak,
    category: categoryOf(e, en.weapon),
    price,
    image_url: image,
  });
  return key;
}

interface Pick {
  item: string;
  weight: number;
}
/**
 * Variants of one skin for a case: `wears` wears chosen by the seeded PRNG among its real ones
 * (or none for vanilla knives), plus StatTrak of the first one when `st`.
 */
function skinVariants(e: CS2EconomyItem, seed: string, wears: number, st: boolean, share: number): Pick[] {
  const valid = validWears(e);
  const chosen = valid.length ? shuffled(valid, `${seed}:${e.id}`).slice(0, wears) : [null];
  const withSt = st && canStatTrak(e);
  const normal = chosen.reduce((s, w) => s + (w ? WEAR_WEIGHT[w.q] : 1), 0);
  const out: Pick[] = chosen.map((w) => ({
    item: csVariant(e, w?.q ?? null, false),
    weight: (share * (withSt ? 0.9 : 1) * (w ? WEAR_WEIGHT[w.q] : 1)) / normal,
  }));
  if (withSt) out.push({ item: csVariant(e, chosen[0]?.q ?? null, true), weight: share * 0.1 });
  return out;
}

type Group = 'consumer' | 'industrial' | 'milSpec' | 'restricted' | 'classified' | 'covert' | 'contraband' | 'special';
const REAL_ODDS: Partial<Record<Group, number>> = {
  milSpec: 79.92,
  restricted: 15.98,
  classified: 3.2,
  covert: 0.64,
  contraband: 0.26,
  special: 0.26,
};
const groupOf = (e: CS2EconomyItem): Group => (isSpecial(e) ? 'special' : rarityOf(e));

/** Drops from pools of skins: each group gets its share, each skin an equal part of it. */
function buildDrops(
  seed: string,
  pools: Partial<Record<Group, { items: CS2EconomyItem[]; wears: number; st: boolean }>>,
  shares: Partial<Record<Group, number>>,
) {
  const present = (Object.keys(pools) as Group[]).filter((g) => pools[g]!.items.length && shares[g]);
  const totalShare = present.reduce((s, g) => s + shares[g]!, 0);
  const picks: Pick[] = [];
  for (const g of present) {
    const { items, wears, st } = pools[g]!;
    for (const e of items) picks.push(...skinVariants(e, seed, wears, st, shares[g]! / totalShare / items.length));
  }
  // Merge duplicates (the same variant reached twice) and order by price, dearest first.
  const merged = new Map<string, number>();
  for (const p of picks) merged.set(p.item, (merged.get(p.item) ?? 0) + p.weight);
  const list = [...merged].sort((a, b) => csItems.get(b[0])!.price - csItems.get(a[0])!.price || a[0].localeCompare(b[0]));
  const tickets = allocateTickets(list.map(([, w]) => w));
  return list.map(([item], i) => ({ item, tickets: tickets[i]! }));
}

const caseByName = new Map(
  CS2Economy.itemsAsArray.filter((i) => i.isWeaponCase()).map((c) => [c.name.replace(/^Container \| /, ''), c] as const),
);
function realCase(name: string) {
  const c = caseByName.get(name);
  if (!c) throw new Error(`cs2-lib has no case named ${name}`);
  return c;
}

/** Drops of a real weapon case: its contents in 2–3 wears (+StatTrak), 10–16 of its specials. */
function realCaseDrops(slug: string, c: CS2EconomyItem) {
  const groups: Partial<Record<Group, CS2EconomyItem[]>> = {};
  for (const e of c.contents) (groups[groupOf(e)] ??= []).push(e);
  const specials = shuffled(c.specials ?? [], `specials:${slug}`).slice(0, c.contents.length < 13 ? 16 : 10);
  const pools: Parameters<typeof buildDrops>[1] = {};
  // Small old cases get more wears per skin so every case offers a comparable choice.
  const small = c.contents.length < 13;
  for (const [g, items] of Object.entries(groups) as [Group, CS2EconomyItem[]][])
    pools[g] = { items, wears: small || g === 'milSpec' || g === 'restricted' ? 3 : 2, st: true };
  if (specials.length) pools.special = { items: specials, wears: 1, st: true };
  return buildDrops(slug, pools, REAL_ODDS);
}

const allPaints = CS2Economy.itemsAsArray.filter(
  (e) => (e.type === 'weapon' || e.type === 'melee' || e.type === 'glove') && e.name.includes(' | '),
);
const allKnives = allPaints.filter((e) => e.type === 'melee');
const allGloves = allPaints.filter((e) => e.type === 'glove');
const byRarity = (r: CsRarity) => allPaints.filter((e) => e.type === 'weapon' && rarityOf(e) === r).sort((a, b) => a.id - b.id);
const pickN = <T>(list: readonly T[], n: number, seed: string) => shuffled(list, seed).slice(0, n);

// Sections ------------------------------------------------------------------------------

/** The cards' ground under each section's tint: the CS store's blue-grey, a Dota 2 store's warm stone (the web's themes.css). */
const CARD_BASE = { cs: '#1b1f2a', dota: '#221a17' } as const;

function section(
  slug: string,
  en: string,
  ruName: string,
  sort: number,
  // A symbol every system font has (DejaVu, Segoe UI Symbol), not an emoji a bare machine draws as a box.
  icon: string,
  accent: string,
  accent2: string,
  isEvent = false,
  base: string = CARD_BASE.cs,
): Section {
  return {
    slug,
    name: { en, ru: ruName },
    sort,
    appearance: {
      cards_background: `linear-gradient(180deg, ${base} 0%, ${accent}22 100%)`,
      cards_circle: `${accent}55`,
      cards_hover: `${accent}33`,
      cards_shadow: `0 8px 24px ${accent}40`,
      title: { icon, gradient: `linear-gradient(90deg, ${accent} 0%, ${accent2} 100%)`, gradient_text: accent2 },
    },
    is_event: isEvent,
  };
}

const csSections: Section[] = [
  section('event', 'Event', 'Событие', 0, '☾', '#ff7a18', '#ffd166', true),
  section('popular', 'Popular', 'Популярные', 1, '⚡', '#ff4d4f', '#ffa940'),
  section('new', 'New', 'Новинки', 2, '✦', '#36cfc9', '#95de64'),
  section('knife', 'Knives', 'Ножевые', 3, '⚔', '#e4ae39', '#fff1b8'),
  section('classic', 'Classic', 'Классические', 4, '❖', '#4b69ff', '#8cb4ff'),
  section('budget', 'Budget', 'Бюджетные', 5, '♦', '#52c41a', '#d9f7be'),
];

// Cases ---------------------------------------------------------------------------------

const PALETTE = ['#e4ae39', '#eb4b4b', '#d32ce6', '#8847ff', '#4b69ff', '#36cfc9', '#52c41a', '#ff7a18', '#f759ab', '#40a9ff'];
interface CaseSpec {
  slug: string;
  section: string;
  name?: Localized;
  real?: string;
  curated?: () => { item: string; tickets: number }[];
  volatility?: number;
  extra?: Partial<Case>;
}

const knifeMix = () => {
  const seed = 'knife-mix';
  return buildDrops(
    seed,
    {
      classified: { items: pickN(byRarity('classified'), 10, `${seed}:cl`), wears: 2, st: true },
      covert: { items: pickN(byRarity('covert'), 10, `${seed}:co`), wears: 2, st: true },
      special: { items: pickN(allKnives, 30, `${seed}:kn`), wears: 1, st: true },
    },
    { classified: 55, covert: 30, special: 15 },
  );
};
const gloveStash = () => {
  const seed = 'glove-stash';
  return buildDrops(
    seed,
    {
      restricted: { items: pickN(byRarity('restricted'), 14, `${seed}:re`), wears: 2, st: false },
      classified: { items: pickN(byRarity('classified'), 8, `${seed}:cl`), wears: 2, st: false },
      special: { items: pickN(allGloves, 24, `${seed}:gl`), wears: 1, st: false },
    },
    { restricted: 70, classified: 22, special: 8 },
  );
};
const FADES = /\| (Doppler|Gamma Doppler|Fade|Marble Fade|Tiger Tooth|Lore|Autotronic|Slaughter|Crimson Web)$/;
const dopplerDream = () => {
  const seed = 'doppler-dream';
  const knives = allKnives.filter((k) => FADES.test(k.name));
  return buildDrops(
    seed,
    {
      milSpec: { items: pickN(byRarity('milSpec'), 14, `${seed}:ms`), wears: 2, st: true },
      restricted: { items: pickN(byRarity('restricted'), 10, `${seed}:re`), wears: 2, st: true },
      special: { items: pickN(knives, 30, `${seed}:kn`), wears: 1, st: true },
    },
    { milSpec: 70, restricted: 26, special: 4 },
  );
};
const budget = (seed: string, shares: Partial<Record<Group, number>>) => () =>
  buildDrops(
    seed,
    {
      consumer: { items: pickN(byRarity('consumer'), 18, `${seed}:cn`), wears: 2, st: false },
      industrial: { items: pickN(byRarity('industrial'), 14, `${seed}:in`), wears: 2, st: false },
      milSpec: { items: pickN(byRarity('milSpec'), 8, `${seed}:ms`), wears: 1, st: false },
      restricted: { items: pickN(byRarity('restricted'), 3, `${seed}:re`), wears: 1, st: false },
    },
    shares,
  );

const HOT = { type: 'bestseller', name: null, color: null };
const NEW = { type: 'new', name: null, color: null };
const TOP = { type: 'custom', name: { en: 'Top', ru: 'Топ' }, color: '#ff4d4f' };

const csCaseSpecs: CaseSpec[] = [
  // event
  {
    slug: 'dreams-nightmares',
    section: 'event',
    real: 'Dreams & Nightmares Case',
    volatility: 3,
    extra: { opens_limit: 500, battle_allowed: false, label: { type: 'exclusive', name: null, color: null }, tasty_coins: { min: 10, max: 40 } },
  },
  {
    slug: 'broken-fang',
    section: 'event',
    real: 'Operation Broken Fang Case',
    volatility: 2,
    extra: { multicast_range: [2, 4], max_multi_open: 4, tasty_coins: { min: 5, max: 25 } },
  },
  // popular
  { slug: 'revolution', section: 'popular', real: 'Revolution Case', volatility: 2, extra: { label: HOT } },
  { slug: 'recoil', section: 'popular', real: 'Recoil Case', volatility: 2, extra: { label: TOP } },
  { slug: 'fracture', section: 'popular', real: 'Fracture Case', volatility: 1 },
  { slug: 'clutch', section: 'popular', real: 'Clutch Case', volatility: 2 },
  { slug: 'prisma-2', section: 'popular', real: 'Prisma 2 Case', volatility: 3, extra: { label: HOT } },
  { slug: 'snakebite', section: 'popular', real: 'Snakebite Case', volatility: 1 },
  { slug: 'danger-zone', section: 'popular', real: 'Danger Zone Case', volatility: 3 },
  // new
  { slug: 'fever', section: 'new', real: 'Fever Case', volatility: 2, extra: { label: NEW } },
  { slug: 'gallery', section: 'new', real: 'Gallery Case', volatility: 3, extra: { label: NEW } },
  { slug: 'kilowatt', section: 'new', real: 'Kilowatt Case', volatility: 2, extra: { label: NEW } },
  { slug: 'riptide', section: 'new', real: 'Operation Riptide Case', volatility: 4 },
  { slug: 'cs20', section: 'new', real: 'CS20 Case', volatility: 1, extra: { label: { type: 'update', name: null, color: null } } },
  { slug: 'shattered-web', section: 'new', real: 'Shattered Web Case', volatility: 3 },
  // knife (curated pools)
  {
    slug: 'knife-mix',
    section: 'knife',
    name: { en: 'Knife Mix', ru: 'Ножевой микс' },
    curated: knifeMix,
    volatility: 4,
    extra: { label: TOP },
  },
  { slug: 'doppler-dream', section: 'knife', name: { en: 'Doppler Dream', ru: 'Мечта о допплере' }, curated: dopplerDream, volatility: 4 },
  { slug: 'glove-stash', section: 'knife', name: { en: 'Glove Stash', ru: 'Склад перчаток' }, curated: gloveStash, volatility: 3 },
  // classic
  { slug: 'weapon-case', section: 'classic', real: 'CS:GO Weapon Case', volatility: 4 },
  { slug: 'bravo', section: 'classic', real: 'Operation Bravo Case', volatility: 4 },
  { slug: 'huntsman', section: 'classic', real: 'Huntsman Weapon Case', volatility: 3 },
  { slug: 'breakout', section: 'classic', real: 'Operation Breakout Weapon Case', volatility: 2 },
  { slug: 'chroma-2', section: 'classic', real: 'Chroma 2 Case', volatility: 2, extra: { multifix: 3, max_multi_open: 3 } },
  { slug: 'shadow', section: 'classic', real: 'Shadow Case', volatility: 1 },
  { slug: 'gamma', section: 'classic', real: 'Gamma Case', volatility: 3 },
  { slug: 'spectrum-2', section: 'classic', real: 'Spectrum 2 Case', volatility: 2 },
  { slug: 'glove-case', section: 'classic', real: 'Glove Case', volatility: 3 },
  // budget (curated cheap pools)
  {
    slug: 'budget-box',
    section: 'budget',
    name: { en: 'Budget Box', ru: 'Бюджетный ящик' },
    curated: budget('budget-box', { consumer: 70, industrial: 25, milSpec: 4.5, restricted: 0.5 }),
    volatility: 1,
  },
  {
    slug: 'pocket-change',
    section: 'budget',
    name: { en: 'Pocket Change', ru: 'Карманная мелочь' },
    curated: budget('pocket-change', { consumer: 60, industrial: 30, milSpec: 9, restricted: 1 }),
    volatility: 1,
    extra: { every_n_open_free: 10, battle_allowed: false },
  },
];

function buildCsCases(): Case[] {
  const sortInSection = new Map<string, number>();
  return csCaseSpecs.map((spec) => {
    let name = spec.name;
    let image: string | null = null;
    let drops;
    if (spec.real) {
      const c = realCase(spec.real);
      const ruName = (ru[String(c.id)]?.name ?? spec.real).replace(/^[^|]*\|\s*/, '');
      name = { en: spec.real, ru: ruName };
      image = c.image ? c.getImage() : null;
      drops = realCaseDrops(spec.slug, c);
    } else {
      drops = spec.curated!();
    }
    const sort = (sortInSection.get(spec.section) ?? 0) + 1;
    sortInSection.set(spec.section, sort);
    const { price } = priceCase(
      spec.slug,
      drops.map((d) => ({ tickets: d.tickets, price: csItems.get(d.item)!.price })),
    );
    const base: Case = {
      slug: spec.slug,
      name: name!,
      section: spec.section,
      sort,
      price,
      old_price: null,
      volatility: spec.volatility ?? 2,
      max_multi_open: 5,
      label: null,
      multifix: null,
      multicast_range: null,
      every_n_open_free: null,
      opens_limit: null,
      battle_allowed: true,
      image_url: image,
      color: PALETTE[fnv1a(`color:${spec.slug}`) % PALETTE.length]!,
      drops,
      ...spec.extra,
    };
    // A limited case is sold "on discount": the old price is the next nice amount ≥ 130%.
    if (base.opens_limit) base.old_price = NICE_GOLD.find((g) => g * 100 >= base.price * 1.3)! * 100;
    return base;
  });
}

// ---------------------------------------------------------------- Dota 2

/** dotaconstants' hero entry: what the catalogue reads of it. */
interface DotaHero {
  localized_name: string;
  primary_attr: 'str' | 'agi' | 'int' | 'all';
  img: string;
}
const DOTA_CDN = 'https://cdn.cloudflare.steamstatic.com';
// The package exports its data only as JSON imports; read the file beside its entry point.
const DOTA_HEROES: DotaHero[] = Object.values(
  JSON.parse(readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('dotaconstants')), 'build/heroes.json'), 'utf8')) as Record<string, DotaHero>,
);
const heroByName = new Map(DOTA_HEROES.map((h) => [h.localized_name, h]));
function dotaHero(name: string): DotaHero {
  const h = heroByName.get(name);
  if (!h) throw new Error(`dotaconstants has no hero named ${name}`);
  return h;
}
/** The portrait's address: dotaconstants gives the CDN path with a cache-busting "?" to drop. */
const heroPortrait = (h: DotaHero) => `${DOTA_CDN}${h.img.replace(/\?.*$/, '')}`;

/**
 * The committed price list (market.dota2.net's public list shape, roubles as decimal strings):
 * one entry per market hash name, its volume a seeded figure that falls as the price climbs.
 */
const DOTA_PRICE_TIME = 1_796_083_200; // 2026-12-01T00:00:00Z, when the estimates were made
interface PriceListFile {
  success: true;
  time: number;
  currency: 'RUB';
  items: { market_hash_name: string; volume: string; price: string }[];
}
function dotaPriceList(rows: readonly { market_hash_name: string; rub: number }[]): PriceListFile {
  return {
    success: true,
    time: DOTA_PRICE_TIME,
    currency: 'RUB',
    items: [...rows]
      .sort((a, b) => a.market_hash_name.localeCompare(b.market_hash_name))
      .map((r) => ({
        market_hash_name: r.market_hash_name,
        volume: String(Math.max(1, Math.round((400 / Math.sqrt(r.rub)) * (0.5 + unit(`volume:${r.market_hash_name}`))))),
        price: r.rub.toFixed(2),
      })),
  };
}

type DotaShares = Partial<Record<DotaRarity | 'courier' | 'taunt' | 'ward', number>>;
interface DotaCaseSpec {
  slug: string;
  name: Localized;
  section: string;
  /** Which items the case draws from. */
  pool: (i: Item) => boolean;
  /** Shares by rarity (or by kind for the courier, taunt and ward pools), renormalised over what the pool holds. */
  shares: DotaShares;
  volatility: number;
  /** At most this many items per group, the seeded PRNG choosing. */
  perGroup?: number;
  extra?: Partial<Case>;
}

/** The Dota 2 catalogue: hero cosmetics, couriers, ward items and taunts; cases by attribute, tier and kind. */
function buildDota(): { file: CatalogueFile; prices: PriceListFile } {
  const rows: { market_hash_name: string; rub: number; hero: DotaHero | null; rarity: DotaRarity; category: string }[] = [];
  const categoryOf = (name: string, rarity: DotaRarity, set?: 'set') =>
    rarity === 'arcana' ? 'arcana' : name.startsWith('Taunt:') ? 'taunt' : rarity === 'immortal' ? 'immortal' : set ? 'set' : 'wearable';
  for (const table of [HERO_ITEMS, HERO_VARIANTS])
    for (const [heroName, list] of Object.entries(table))
      for (const [name, rarity, rub, set] of list) rows.push({ market_hash_name: name, rub, hero: dotaHero(heroName), rarity, category: categoryOf(name, rarity, set) });
  for (const [heroName, list] of Object.entries(WARD_ITEMS))
    for (const [name, rarity, rub] of list) rows.push({ market_hash_name: name, rub, hero: dotaHero(heroName), rarity, category: 'ward' });
  for (const [name, rarity, rub] of COURIERS) rows.push({ market_hash_name: name, rub, hero: null, rarity, category: 'courier' });

  // Prices come from the price list, as the price job will read them later (kopecks = round(RUB · 100)).
  const prices = dotaPriceList(rows);
  const minorByName = new Map(prices.items.map((p) => [p.market_hash_name, Math.round(Number(p.price) * 100)]));
  const items: Item[] = rows.map((r) => {
    const name = r.market_hash_name;
    const weapon: Localized = r.hero
      ? { en: r.hero.localized_name, ru: HERO_RU[r.hero.localized_name] ?? r.hero.localized_name }
      : { en: 'Courier', ru: 'Курьер' };
    return {
      key: `dota-${slugify(name)}`,
      market_name: name,
      name: { en: name, ru: name },
      weapon,
      skin: { en: name, ru: name },
      rarity: r.rarity,
      quality: null,
      stattrak: false,
      category: r.category,
      price: minorByName.get(name)!,
      image_url: r.hero ? heroPortrait(r.hero) : null,
    };
  });
  const keys = new Set<string>();
  for (const it of items) {
    if (keys.has(it.key)) throw new Error(`two Dota items share the key ${it.key}`);
    keys.add(it.key);
  }
  const attrOf = new Map(rows.map((r, i) => [items[i]!.key, r.hero?.primary_attr ?? null]));
  const priceOf = new Map(items.map((i) => [i.key, i.price]));

  const warm = CARD_BASE.dota;
  const sections: Section[] = [
    section('event', 'Event', 'Событие', 0, '☾', '#ff7a18', '#ffd166', true, warm),
    section('popular', 'Popular', 'Популярные', 1, '⚡', '#d32ce6', '#ffadd2', false, warm),
    section('attributes', 'Attributes', 'Атрибуты', 2, '✦', '#ec3d06', '#ffc069', false, warm),
    section('tiers', 'Rarity tiers', 'По редкости', 3, '❖', '#b28a33', '#ffe58f', false, warm),
    section('couriers', 'Couriers and taunts', 'Курьеры и насмешки', 4, '♞', '#36cfc9', '#95de64', false, warm),
    section('budget', 'Budget', 'Бюджетные', 5, '♦', '#52c41a', '#d9f7be', false, warm),
  ];
  // The shelves both stores share, on the Dota ground.
  const onWarm = (s: Section): Section => ({ ...s, appearance: { ...s.appearance, cards_background: s.appearance.cards_background.replace(CARD_BASE.cs, warm) } });
  const heroItem = (i: Item) => attrOf.get(i.key) !== null && i.category !== 'ward';
  const ofAttr = (a: DotaHero['primary_attr']) => (i: Item) => heroItem(i) && attrOf.get(i.key) === a;
  const cheap = (max: number) => (i: Item) => heroItem(i) && i.price <= max * 100;
  const ATTRIBUTE: DotaShares = { common: 30, uncommon: 26, rare: 24, mythical: 15, legendary: 3.5, immortal: 1.3, arcana: 0.2 };
  const specs: DotaCaseSpec[] = [
    // event: the season's cases give event coins
    {
      slug: 'diretide-chest',
      name: { en: 'Diretide Chest', ru: 'Сундук Дайртайда' },
      section: 'event',
      pool: heroItem,
      shares: { rare: 45, mythical: 38, legendary: 12, immortal: 4.5, arcana: 0.5 },
      perGroup: 14,
      volatility: 3,
      extra: { opens_limit: 500, battle_allowed: false, label: { type: 'exclusive', name: null, color: null }, tasty_coins: { min: 10, max: 40 } },
    },
    {
      slug: 'frostivus-gift',
      name: { en: 'Frostivus Gift', ru: 'Подарок Фростивуса' },
      section: 'event',
      pool: (i) => heroItem(i) || i.category === 'courier',
      shares: { uncommon: 40, rare: 35, mythical: 20, legendary: 4, immortal: 1 },
      perGroup: 12,
      volatility: 2,
      extra: { multicast_range: [2, 4], max_multi_open: 4, tasty_coins: { min: 5, max: 25 } },
    },
    // popular
    {
      slug: 'roshan-pit',
      name: { en: "Roshan's Pit", ru: 'Логово Рошана' },
      section: 'popular',
      pool: heroItem,
      shares: { common: 40, uncommon: 30, rare: 20, mythical: 8, legendary: 1.5, immortal: 0.45, arcana: 0.05 },
      perGroup: 16,
      volatility: 1,
      extra: { label: HOT },
    },
    {
      slug: 'ancient-chest',
      name: { en: 'Ancient Chest', ru: 'Сундук Древнего' },
      section: 'popular',
      pool: heroItem,
      shares: { uncommon: 40, rare: 32, mythical: 20, legendary: 6, immortal: 1.8, arcana: 0.2 },
      perGroup: 14,
      volatility: 2,
    },
    {
      slug: 'aegis-treasure',
      name: { en: 'Aegis Treasure', ru: 'Сокровище Аегиса' },
      section: 'popular',
      pool: heroItem,
      shares: { rare: 50, mythical: 35, legendary: 11, immortal: 3.6, arcana: 0.4 },
      perGroup: 14,
      volatility: 3,
      extra: { multifix: 3, max_multi_open: 3 },
    },
    {
      slug: 'divine-rapier',
      name: { en: 'Divine Rapier', ru: 'Божественная рапира' },
      section: 'popular',
      pool: (i) => heroItem(i) && (i.rarity === 'immortal' || i.rarity === 'arcana') && i.price >= 100_000,
      shares: { immortal: 70, arcana: 30 },
      volatility: 4,
      extra: { label: TOP },
    },
    // attributes: items of the heroes of one attribute
    { slug: 'strength', name: { en: 'Strength', ru: 'Сила' }, section: 'attributes', pool: ofAttr('str'), shares: ATTRIBUTE, volatility: 2 },
    { slug: 'agility', name: { en: 'Agility', ru: 'Ловкость' }, section: 'attributes', pool: ofAttr('agi'), shares: ATTRIBUTE, volatility: 2, extra: { label: HOT } },
    { slug: 'intelligence', name: { en: 'Intelligence', ru: 'Интеллект' }, section: 'attributes', pool: ofAttr('int'), shares: ATTRIBUTE, volatility: 2 },
    { slug: 'universal', name: { en: 'Universal', ru: 'Универсальные' }, section: 'attributes', pool: ofAttr('all'), shares: ATTRIBUTE, volatility: 2, extra: { label: NEW } },
    // rarity tiers
    {
      slug: 'mythical',
      name: { en: 'Mythical', ru: 'Мифический' },
      section: 'tiers',
      pool: heroItem,
      shares: { mythical: 85, legendary: 11, immortal: 3.7, arcana: 0.3 },
      volatility: 2,
    },
    {
      slug: 'legendary',
      name: { en: 'Legendary', ru: 'Легендарный' },
      section: 'tiers',
      pool: heroItem,
      shares: { legendary: 80, immortal: 18, arcana: 2 },
      volatility: 3,
    },
    {
      slug: 'immortal',
      name: { en: 'Immortal', ru: 'Бессмертный' },
      section: 'tiers',
      pool: heroItem,
      shares: { immortal: 92, arcana: 8 },
      volatility: 3,
      extra: { label: TOP },
    },
    {
      slug: 'arcana-hunt',
      name: { en: 'Arcana Hunt', ru: 'Охота на аркану' },
      section: 'tiers',
      pool: (i) => i.rarity === 'arcana',
      shares: { arcana: 100 },
      volatility: 4,
      extra: { label: NEW },
    },
    // couriers and taunts
    {
      slug: 'courier-cache',
      name: { en: 'Courier Cache', ru: 'Тайник курьера' },
      section: 'couriers',
      pool: (i) => i.category === 'courier',
      shares: { courier: 100 },
      volatility: 3,
    },
    {
      slug: 'taunt-stash',
      name: { en: 'Taunt Stash', ru: 'Запас насмешек' },
      section: 'couriers',
      pool: (i) => i.category === 'taunt',
      shares: { taunt: 100 },
      volatility: 1,
    },
    {
      slug: 'ward-totem',
      name: { en: 'Ward Totem', ru: 'Тотем вардов' },
      section: 'couriers',
      pool: (i) => i.category === 'ward' || i.category === 'taunt',
      shares: { ward: 30, taunt: 70 },
      volatility: 1,
    },
    // budget
    {
      slug: 'tango-box',
      name: { en: 'Tango Box', ru: 'Коробка танго' },
      section: 'budget',
      pool: cheap(40),
      shares: { common: 50, uncommon: 30, rare: 18, mythical: 2 },
      volatility: 1,
      extra: { every_n_open_free: 10, battle_allowed: false },
    },
    {
      slug: 'clarity-pouch',
      name: { en: 'Clarity Pouch', ru: 'Мешочек кларити' },
      section: 'budget',
      pool: cheap(60),
      shares: { common: 15, uncommon: 40, rare: 38, mythical: 7 },
      volatility: 1,
    },
  ];

  const groupOf = (i: Item): keyof DotaShares => (i.category === 'courier' || i.category === 'taunt' || i.category === 'ward' ? i.category : (i.rarity as DotaRarity));
  const sortInSection = new Map<string, number>();
  const cases: Case[] = specs.map((s) => {
    const groups = new Map<keyof DotaShares, Item[]>();
    for (const it of items.filter(s.pool)) {
      const g = groupOf(it);
      if (s.shares[g]) groups.set(g, [...(groups.get(g) ?? []), it]);
    }
    const total = [...groups.keys()].reduce((sum, g) => sum + s.shares[g]!, 0);
    const weights: { item: string; w: number }[] = [];
    for (const [g, all] of groups) {
      const members = s.perGroup ? pickN(all, s.perGroup, `${s.slug}:${g}`) : all;
      // Inside a group the dearer items are rarer, so one 36 000 ₽ hook does not carry a case.
      const inv = members.map((m) => 1 / m.price ** 0.7);
      const norm = inv.reduce((a, b) => a + b, 0);
      members.forEach((m, k) => weights.push({ item: m.key, w: (s.shares[g]! / total) * (inv[k]! / norm) }));
    }
    weights.sort((a, b) => priceOf.get(b.item)! - priceOf.get(a.item)! || a.item.localeCompare(b.item));
    const tickets = allocateTickets(weights.map((w) => w.w));
    const drops = weights.map((w, k) => ({ item: w.item, tickets: tickets[k]! }));
    const sort = (sortInSection.get(s.section) ?? 0) + 1;
    sortInSection.set(s.section, sort);
    const base: Case = {
      slug: s.slug,
      name: s.name,
      section: s.section,
      sort,
      price: priceCase(
        s.slug,
        drops.map((d) => ({ tickets: d.tickets, price: priceOf.get(d.item)! })),
      ).price,
      old_price: null,
      volatility: s.volatility,
      max_multi_open: 5,
      label: null,
      multifix: null,
      multicast_range: null,
      every_n_open_free: null,
      opens_limit: null,
      battle_allowed: true,
      image_url: null,
      color: PALETTE[fnv1a(`color:${s.slug}`) % PALETTE.length]!,
      drops,
      ...s.extra,
    };
    if (base.opens_limit) base.old_price = NICE_GOLD.find((g) => g * 100 >= base.price * 1.3)! * 100;
    return base;
  });

  // Level and coin cases draw from what the shelves already hold, as in CS.
  const shelved = new Set(cases.flatMap((c) => c.drops.map((d) => d.item)));
  const onShelves = items.filter((i) => shelved.has(i.key));
  cases.push(...levelCases(onShelves), ...coinCases(onShelves));

  // Packs hold the pieces of one hero's set, or three taunts; named after what they hold.
  const byName = new Map(items.map((i) => [i.market_name, i]));
  const pieces = (...names: string[]) => names.map((n) => byName.get(n) ?? raise(`no Dota item ${n}`));
  const pack = (key: string, en: string, ruName: string, contents: Item[]) => packItem(key, en, ruName, contents, 'mythical');
  const extras = [
    pack('pack-survivor', "Survivor's Gear", 'Снаряжение выжившего', pieces('Blade of the Survivor', 'Offhand Blade of the Survivor', 'Hair of the Survivor', 'Bracers of the Survivor', 'Belt of the Survivor', 'Shoulders of the Survivor')),
    pack('pack-blood-moon', 'Blood Moon', 'Кровавая луна', pieces('Pauldron of the Blood Moon', 'Claws of the Blood Moon', 'Belt of the Blood Moon', 'Form of the Blood Moon', 'Wolves of the Blood Moon')),
    pack('pack-shadow-in-the-deep', 'Shadow in the Deep', 'Тень в глубине', pieces('Shadow in the Deep Dagger', 'Shadow in the Deep Helm', 'Shadow in the Deep Bracers', 'Shadow in the Deep Back', 'Shadow in the Deep Armor')),
    pack('pack-taunt-trio', 'Taunt Trio', 'Три насмешки', pieces('Taunt: Bring It On', 'Taunt: Dapper Duo', 'Taunt: Spider Shuffle')),
    creditItem(10, 'legendary'),
    creditItem(50, 'legendary'),
  ];
  const fillers = pickN(
    cheapSkins(onShelves).filter((i) => i.price >= 100 && i.price <= 3000),
    12,
    'dota-pack-box:fill',
  );
  cases.push(packBoxCase(extras, fillers));

  const used = new Set(cases.flatMap((c) => c.drops.map((d) => d.item)));
  for (const p of extras) for (const k of p.pack ?? []) used.add(k);
  const all = [...items, ...extras].filter((i) => used.has(i.key)).sort((a, b) => a.key.localeCompare(b.key));
  const listed = new Set(all.map((i) => i.market_name));
  return {
    file: { project: 'dota', rarities: { ...DOTA_RARITIES }, items: all, sections: [...sections, onWarm(COIN_SECTION), onWarm(DAILY_SECTION)], cases },
    prices: { ...prices, items: prices.items.filter((p) => listed.has(p.market_hash_name)) },
  };
}
const raise = (message: string): never => {
  throw new Error(message);
};

// ---------------------------------------------------------------- level (daily) cases

const DAILY_SECTION = section('daily', 'Daily', 'Ежедневные', 9, '◷', '#2ee59d', '#9bf6d0');

/**
 * The ladder of level cases (decision 015), opened free once a day: one per threshold of spec §9
 * (1, 15, 30, 40, then (i+1)·15). A higher case is worth more: its drops centre on an expected
 * value of 2 GOLD + 0.2 GOLD per level, from twelve items spread over a third to eight times that,
 * the dear ones rarer. The price written is the worth shown struck through on the card.
 */
function levelCases(items: readonly { key: string; price: number }[]): Case[] {
  const byPrice = [...items].sort((a, b) => a.price - b.price || a.key.localeCompare(b.key));
  return Array.from({ length: 10 }, (_, i) => {
    const level = levelCaseThreshold(i);
    const target = 200 + 20 * level;
    const pool = byPrice.filter((it) => it.price >= target / 3 && it.price <= target * 8);
    const picked = Array.from({ length: 12 }, (_, k) => pool[Math.floor(((k + 0.5) * pool.length) / 12)]!).filter(
      (it, k, all) => all.findIndex((x) => x.key === it.key) === k,
    );
    const weights = picked.map((it) => 1 / it.price ** 1.6);
    const tickets = allocateTickets(weights);
    const drops = picked.map((it, k) => ({ item: it.key, tickets: tickets[k]! })).sort((a, b) => b.tickets - a.tickets);
    const ev = drops.reduce((s, d) => s + d.tickets * byPrice.find((x) => x.key === d.item)!.price, 0) / TICKETS;
    const slug = `level-${level}`;
    return {
      slug,
      name: { en: `LEVEL ${level}`, ru: `LEVEL ${level}` },
      section: DAILY_SECTION.slug,
      sort: i + 1,
      price: Math.max(100, Math.round(ev / 0.9)),
      old_price: null,
      volatility: 1,
      max_multi_open: 1,
      label: null,
      multifix: null,
      multicast_range: null,
      every_n_open_free: null,
      opens_limit: null,
      battle_allowed: false,
      image_url: null,
      color: levelBand(level).color,
      level,
      daily: true,
      drops,
    };
  });
}

// ---------------------------------------------------------------- coin cases

const COIN_SECTION = section('coin-cases', 'Coin cases', 'Кейсы за монеты', 8, '◎', '#f03573', '#ff9ec4', true);

/**
 * The season's coin cases (decision 017), bought with event coins: 100, 250, 500 and 1000 coins,
 * opening from player levels 1, 15, 30 and 40 (spec §9 thresholds). Twelve items spread from a
 * quarter to six times 0.6 GOLD a coin, the dear ones rarer: the drops come to about a third of a
 * GOLD a coin (the catalogue test holds it between a quarter and a half).
 */
function coinCases(items: readonly { key: string; price: number }[]): Case[] {
  const byPrice = [...items].sort((a, b) => a.price - b.price || a.key.localeCompare(b.key));
  const names: [string, string][] = [
    ['Spark', 'Искра'],
    ['Pulse', 'Пульс'],
    ['Flare', 'Вспышка'],
    ['Nova', 'Сверхновая'],
  ];
  return [100, 250, 500, 1000].map((coins, i) => {
    const target = coins * 60;
    const pool = byPrice.filter((it) => it.price >= target / 4 && it.price <= target * 6);
    const picked = Array.from({ length: 12 }, (_, k) => pool[Math.floor(((k + 0.5) * pool.length) / 12)]!).filter(
      (it, k, all) => all.findIndex((x) => x.key === it.key) === k,
    );
    const tickets = allocateTickets(picked.map((it) => 1 / it.price ** 1.4));
    const drops = picked.map((it, k) => ({ item: it.key, tickets: tickets[k]! })).sort((a, b) => b.tickets - a.tickets);
    const [en, ruName] = names[i]!;
    return {
      slug: `coin-${en.toLowerCase()}`,
      name: { en: `${en} coin case`, ru: `Монетный кейс «${ruName}»` },
      section: COIN_SECTION.slug,
      sort: i + 1,
      price: coins * 100,
      old_price: null,
      volatility: 2,
      max_multi_open: 1,
      label: null,
      multifix: null,
      multicast_range: null,
      every_n_open_free: null,
      opens_limit: null,
      battle_allowed: false,
      image_url: null,
      color: '#f03573',
      level: levelCaseThreshold(i),
      daily: false,
      currency: 'TASTY_COIN',
      drops,
    };
  });
}

// ---------------------------------------------------------------- packs and balance credits

/**
 * Packs and balance credits (decision 019), sold in one budget case, the Pack Box. A pack (type 1)
 * holds shelved skins and costs what they do; a credit (type 3) is paid into the balance when the
 * player withdraws it. Both are drawn by the offline art from their category. The rarities name
 * the project's tier a pack and a credit show in.
 */
function packItem(key: string, en: string, ruName: string, contents: readonly Item[], rarity: string): Item {
  return {
    key,
    market_name: `Pack | ${en}`,
    name: { en: `${en} Pack`, ru: `Набор «${ruName}»` },
    weapon: { en: 'Pack', ru: 'Набор' },
    skin: { en, ru: ruName },
    rarity,
    quality: null,
    stattrak: false,
    category: 'pack',
    price: contents.reduce((sum, i) => sum + i.price, 0),
    image_url: null,
    type: 1,
    pack: contents.map((i) => i.key),
  };
}
function creditItem(gold: number, rarity: string): Item {
  return {
    key: `credit-${gold}`,
    market_name: `Balance | +${gold}`,
    name: { en: `Balance credit ${gold}`, ru: `Зачисление на баланс ${gold}` },
    weapon: { en: 'Balance', ru: 'Баланс' },
    skin: { en: `+${gold}`, ru: `+${gold}` },
    rarity,
    quality: null,
    stattrak: false,
    category: 'credit',
    price: gold * 100,
    image_url: null,
    type: 3,
  };
}
/** The Pack Box: the packs and credits beside cheap fillers, the cheap ones likelier. */
function packBoxCase(extras: readonly Item[], fillers: readonly Item[]): Case {
  const pool = [...extras, ...fillers];
  const tickets = allocateTickets(pool.map((i) => 1 / i.price ** 0.9));
  const drops = pool.map((i, k) => ({ item: i.key, tickets: tickets[k]! })).sort((a, b) => b.tickets - a.tickets || a.item.localeCompare(b.item));
  const prices = new Map(pool.map((i) => [i.key, i.price]));
  const { price } = priceCase(
    'pack-box',
    drops.map((d) => ({ tickets: d.tickets, price: prices.get(d.item)! })),
  );
  return {
    slug: 'pack-box',
    name: { en: 'Pack Box', ru: 'Ящик наборов' },
    section: 'budget',
    sort: 3,
    price,
    old_price: null,
    volatility: 2,
    max_multi_open: 5,
    label: { type: 'new', name: null, color: null },
    multifix: null,
    multicast_range: null,
    every_n_open_free: null,
    opens_limit: null,
    battle_allowed: false,
    image_url: null,
    color: '#36cfc9',
    level: 0,
    daily: false,
    drops,
  };
}
const cheapSkins = (items: readonly Item[]) => [...items].sort((a, b) => a.price - b.price || a.key.localeCompare(b.key));

function packBox(items: readonly Item[]): { items: Item[]; box: Case } {
  const skins = cheapSkins(items);
  const cheap = (category: string | null, n: number, seed: string) =>
    pickN(
      skins.filter((i) => (category === null || i.category === category) && i.price >= 100 && i.price <= 3000),
      n,
      seed,
    );
  const pack = (key: string, en: string, ruName: string, contents: Item[]) => packItem(key, en, ruName, contents, 'restricted');
  const extras = [
    pack('pack-pistol-trio', 'Pistol Trio', 'Пистолетное трио', cheap('pistol', 3, 'pack:pistols')),
    pack('pack-rifle-duo', 'Rifle Duo', 'Винтовочный дуэт', cheap('rifle', 2, 'pack:rifles')),
    pack('pack-big-ten', 'Big Ten', 'Большая десятка', cheap(null, 10, 'pack:ten')),
    creditItem(10, 'classified'),
    creditItem(50, 'classified'),
  ];
  return { items: extras, box: packBoxCase(extras, cheap(null, 12, 'pack-box:fill')) };
}

// ---------------------------------------------------------------- output

/** Compact JSON with one array element per line, so diffs stay readable. */
function serialize(file: CatalogueFile): string {
  const lines = (xs: unknown[]) => `[\n${xs.map((x) => JSON.stringify(x)).join(',\n')}\n]`;
  return (
    `{"project":${JSON.stringify(file.project)},\n"rarities":${JSON.stringify(file.rarities)},\n` +
    `"items":${lines(file.items)},\n"sections":${lines(file.sections)},\n"cases":${lines(file.cases)}\n}\n`
  );
}

function write(file: CatalogueFile) {
  const parsed = catalogueFileSchema.parse(file);
  const keys = new Set(parsed.items.map((i) => i.key));
  for (const c of parsed.cases) {
    const sum = c.drops.reduce((s, d) => s + d.tickets, 0);
    if (sum !== TICKETS) throw new Error(`${c.slug}: tickets sum to ${sum}`);
    for (const d of c.drops) if (!keys.has(d.item)) throw new Error(`${c.slug}: unknown item ${d.item}`);
    if (!parsed.sections.some((s) => s.slug === c.section)) throw new Error(`${c.slug}: unknown section ${c.section}`);
  }
  for (const k of keys) if (!/^[\w.-]+$/.test(k) || k.length > 190) throw new Error(`bad key ${k}`);
  const text = serialize(parsed);
  mkdirSync(OUT_DIR, { recursive: true });
  const out = path.join(OUT_DIR, `catalogue-${file.project}.json`);
  writeFileSync(out, text);
  const prices = new Map(parsed.items.map((i) => [i.key, i.price]));
  console.log(
    `\n${out}: ${(text.length / 1024).toFixed(0)} KiB, ${parsed.items.length} items, ${parsed.sections.length} sections, ${parsed.cases.length} cases`,
  );
  console.log(`${'slug'.padEnd(20)} ${'section'.padEnd(10)} ${'price'.padStart(9)} ${'drops'.padStart(5)} ${'RTP'.padStart(6)}`);
  for (const c of parsed.cases) {
    const rtp = c.drops.reduce((s, d) => s + d.tickets * prices.get(d.item)!, 0) / TICKETS / c.price;
    console.log(
      `${c.slug.padEnd(20)} ${c.section.padEnd(10)} ${(c.price / 100).toFixed(2).padStart(9)} ${String(c.drops.length).padStart(5)} ${(rtp * 100).toFixed(1).padStart(5)}%`,
    );
  }
}

const csCases = buildCsCases();
// Level cases draw from the items the shelves already use, so they add no new art.
const shelved = new Set(csCases.flatMap((c) => c.drops.map((d) => d.item)));
csCases.push(...levelCases([...csItems.values()].filter((i) => shelved.has(i.key))));
csCases.push(...coinCases([...csItems.values()].filter((i) => shelved.has(i.key))));
const packs = packBox([...csItems.values()].filter((i) => shelved.has(i.key)));
for (const it of packs.items) csItems.set(it.key, it);
csCases.push(packs.box);
const used = new Set(csCases.flatMap((c) => c.drops.map((d) => d.item)));
const csFile: CatalogueFile = {
  project: 'cs',
  rarities: { ...CS_RARITIES },
  items: [...csItems.values()].filter((i) => used.has(i.key)).sort((a, b) => a.key.localeCompare(b.key)),
  sections: [...csSections, COIN_SECTION, DAILY_SECTION],
  cases: csCases,
};
write(csFile);
const dota = buildDota();
write(dota.file);
// One entry per line, like the catalogue, so a price change is a one-line diff.
writeFileSync(
  path.join(OUT_DIR, 'prices-dota.json'),
  `{"success":true,"time":${dota.prices.time},"currency":"RUB","items":[\n${dota.prices.items.map((i) => JSON.stringify(i)).join(',\n')}\n]}\n`,
);
