/**
 * Catalogue generator: writes apps/server/data/catalogue-cs.json and catalogue-dota.json.
 * Run with `npm run catalogue`. The output is deterministic: no clock, no Math.random; every
 * "random" choice comes from a PRNG seeded by a string (mulberry32 over an FNV-1a hash).
 *
 * Sources
 * - CS2: items, wear ranges, weapon cases with their real contents and rare specials, CDN image
 *   addresses and Russian names come from the dev dependency @ianlucas/cs2-lib (MIT).
 * - Dota 2 is not in cs2-lib: a small hand-written catalogue lives at the bottom of this file.
 *
 * Price model (no market data offline; money in minor units, 100 = 1 GOLD ≈ 1 RUB)
 *   price = round(100 · base(rarity) · wear(quality) · (stattrak ? 2.2 : 1) · skinFactor), min 100
 *   base (GOLD): consumer 3, industrial 8, milSpec 25, restricted 120, classified 600,
 *                covert 2500, contraband (non-★, e.g. Howl) 20000, ★ knife 12000, ★ gloves 9000
 *   wear: FN 1.6, MW 1.15, FT 1.0, WW 0.85, BS 0.7 (no wear, e.g. vanilla knives: 1.25)
 *   skinFactor = 0.5 · 4^u, u = FNV-1a("Weapon | Skin") / 2^32, so 0.5..2.0 and the same for
 *                every wear and StatTrak variant of one skin.
 *   Dota: base common 5, uncommon 15, rare 50, mythical 200, legendary 800, immortal 2500,
 *         arcana 9000 GOLD, times the same per-name factor.
 *
 * Odds: each case has 100000 tickets. Rarity groups get real-like shares (milSpec 79.92%,
 * restricted 15.98%, classified 3.2%, covert 0.64%, ★ special 0.26%; curated cases use their
 * own shares), renormalised over the groups a case really has. Inside a group every skin gets an
 * equal share, split over its variants by wear weight (FN .08, MW .24, FT .36, WW .16, BS .16)
 * and StatTrak (10% of the skin when it has a StatTrak variant). Shares become integers by the
 * largest-remainder method with at least 1 ticket each, so they sum to exactly 100000.
 * Case price: a target RTP in 0.84..0.90 is drawn per case from its slug; the price is the
 * "nice" GOLD amount (x9 endings preferred) closest to EV / target whose RTP stays in 0.82..0.92.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CS2Economy, CS2_ITEMS, type CS2EconomyItem } from '@ianlucas/cs2-lib';
import { english, russian } from '@ianlucas/cs2-lib/translations';
import { catalogueFileSchema, type CatalogueFile } from '../../apps/server/src/modules/catalogue/catalogue-schema.ts';
import { levelBand, levelCaseThreshold } from '../../packages/shared/src/levels.ts';

type Localized = { en: string; ru: string };
type Item = CatalogueFile['items'][number];
type Section = CatalogueFile['sections'][number];
type Case = CatalogueFile['cases'][number];
type Quality = 'FN' | 'MW' | 'FT' | 'WW' | 'BS';

const TICKETS = 100_000;
const OUT_DIR = path.resolve(import.meta.dirname, '../../apps/server/data');

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
): Section {
  return {
    slug,
    name: { en, ru: ruName },
    sort,
    appearance: {
      cards_background: `linear-gradient(180deg, #1b1f2a 0%, ${accent}22 100%)`,
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

// ---------------------------------------------------------------- Dota 2 (hand-written)

const DOTA_RARITIES = {
  common: { color: '#b0c3d9', order: 0 },
  uncommon: { color: '#5e98d9', order: 1 },
  rare: { color: '#4b69ff', order: 2 },
  mythical: { color: '#8847ff', order: 3 },
  legendary: { color: '#d32ce6', order: 4 },
  immortal: { color: '#b28a33', order: 5 },
  arcana: { color: '#ade55c', order: 6 },
} as const;
type DotaRarity = keyof typeof DOTA_RARITIES;
const DOTA_BASE: Record<DotaRarity, number> = {
  common: 5,
  uncommon: 15,
  rare: 50,
  mythical: 200,
  legendary: 800,
  immortal: 2500,
  arcana: 9000,
};

// [English name, Russian name, hero (en), hero (ru), rarity]
const DOTA_ITEMS: [string, string, string, string, DotaRarity][] = [
  ['Manifold Paradox', 'Парадокс многообразия', 'Phantom Assassin', 'Phantom Assassin', 'arcana'],
  ['Fractal Horns of Inner Abysm', 'Фрактальные рога внутренней бездны', 'Terrorblade', 'Terrorblade', 'arcana'],
  ['Demon Eater', 'Пожиратель демонов', 'Shadow Fiend', 'Shadow Fiend', 'arcana'],
  ['Bladeform Legacy', 'Наследие формы клинка', 'Juggernaut', 'Juggernaut', 'arcana'],
  ['Feast of Abscession', 'Пир абсцессии', 'Pudge', 'Pudge', 'arcana'],
  ['Golden Baby Roshan', 'Золотой малыш Рошан', 'Courier', 'Курьер', 'immortal'],
  ['Dragonclaw Hook', 'Крюк драконьего когтя', 'Pudge', 'Pudge', 'immortal'],
  ['Golden Moonfall', 'Золотое лунопадение', 'Luna', 'Luna', 'immortal'],
  ['Axe of Phractos', 'Топор Фрактоса', 'Axe', 'Axe', 'immortal'],
  ['Blades of Voth Domosh', 'Клинки Вот Домоша', 'Legion Commander', 'Legion Commander', 'immortal'],
  ['Golden Flight of Epiphany', 'Золотой полёт прозрения', 'Skywrath Mage', 'Skywrath Mage', 'immortal'],
  ['Tempest Helm of the Thundergod', 'Шлем бури громовержца', 'Zeus', 'Zeus', 'immortal'],
  ['Mace of Aeons', 'Булава эпох', 'Faceless Void', 'Faceless Void', 'legendary'],
  ['Sylvan Vedette', 'Лесной дозорный', 'Windranger', 'Windranger', 'legendary'],
  ['Swine of the Sunken Galley', 'Свин затонувшей галеры', 'Techies', 'Techies', 'legendary'],
  ["Great Sage's Reckoning", 'Возмездие Великого мудреца', 'Monkey King', 'Monkey King', 'legendary'],
  ['Crimson Pique', 'Алая пика', 'Lina', 'Lina', 'legendary'],
  ['Fiery Soul of the Slayer', 'Огненная душа убийцы', 'Lina', 'Lina', 'legendary'],
  ['Whispers of the Sea', 'Шёпот моря', 'Slark', 'Slark', 'mythical'],
  ['Bracers of the Cavern Luminar', 'Наручи пещерного светила', 'Troll Warlord', 'Troll Warlord', 'mythical'],
  ['Vestments of the Frozen Mistral', 'Одеяния ледяного мистраля', 'Crystal Maiden', 'Crystal Maiden', 'mythical'],
  ['Rune Forged Blades', 'Клинки рунной ковки', 'Anti-Mage', 'Anti-Mage', 'mythical'],
  ['Heir of the Sunbound', 'Наследник солнца', 'Phoenix', 'Phoenix', 'mythical'],
  ['Mantle of the Cinder Baron', 'Мантия пепельного барона', 'Doom', 'Doom', 'mythical'],
  ['Shadow Masquerade', 'Теневой маскарад', 'Shadow Demon', 'Shadow Demon', 'mythical'],
  ['Wings of the Ancient Bloodline', 'Крылья древнего рода', 'Dragon Knight', 'Dragon Knight', 'rare'],
  ['Grasp of the Riverborn', 'Хватка речного рождения', 'Tidehunter', 'Tidehunter', 'rare'],
  ['Staff of the Gloaming Wood', 'Посох сумрачного леса', 'Enchantress', 'Enchantress', 'rare'],
  ['Helm of the Frostfeather', 'Шлем морозного пера', 'Jakiro', 'Jakiro', 'rare'],
  ['Pauldrons of the Iron Drake', 'Наплечники железного дракона', 'Sven', 'Sven', 'rare'],
  ['Gauntlets of the Wildwing', 'Перчатки дикого крыла', 'Beastmaster', 'Beastmaster', 'rare'],
  ['Hood of the Wandering Shade', 'Капюшон блуждающей тени', 'Riki', 'Riki', 'uncommon'],
  ['Belt of the Ember Monk', 'Пояс огненного монаха', 'Ember Spirit', 'Ember Spirit', 'uncommon'],
  ['Quiver of the Silent Hunt', 'Колчан тихой охоты', 'Drow Ranger', 'Drow Ranger', 'uncommon'],
  ['Cape of the Stormcrow', 'Плащ грозового ворона', 'Storm Spirit', 'Storm Spirit', 'uncommon'],
  ['Boots of the Tundra Walker', 'Сапоги тундрового странника', 'Tusk', 'Tusk', 'uncommon'],
  ['Bracer of the Rustic Guard', 'Наруч сельского стража', 'Kunkka', 'Kunkka', 'common'],
  ['Mask of the Marsh Lurker', 'Маска болотного охотника', 'Venomancer', 'Venomancer', 'common'],
  ['Tail of the Dune Strider', 'Хвост дюнного бродяги', 'Sand King', 'Sand King', 'common'],
  ['Shoulder of the Grey Pilgrim', 'Наплечник серого паломника', 'Omniknight', 'Omniknight', 'common'],
  ['Collar of the Hound Master', 'Ошейник псаря', 'Lycan', 'Lycan', 'common'],
  ['Lantern of the Night Warden', 'Фонарь ночного стража', 'Night Stalker', 'Night Stalker', 'common'],
];

function buildDota(): CatalogueFile {
  const items: Item[] = DOTA_ITEMS.map(([en, ruName, heroEn, heroRu, rarity]) => {
    return {
      key: `dota-${slugify(en)}`,
      market_name: en,
      name: { en, ru: ruName },
      weapon: { en: heroEn, ru: heroRu },
      skin: { en, ru: ruName },
      rarity,
      quality: null,
      stattrak: false,
      category: 'other',
      price: toMinor(DOTA_BASE[rarity] * skinFactor(en)),
      image_url: null,
    };
  });
  const price = new Map(items.map((i) => [i.key, i.price]));
  const sections: Section[] = [
    section('popular', 'Popular', 'Популярные', 1, '⚡', '#d32ce6', '#ffadd2'),
    section('treasures', 'Treasures', 'Сокровищницы', 2, '♛', '#ade55c', '#fff1b8'),
  ];
  type Shares = Partial<Record<DotaRarity, number>>;
  const specs: { slug: string; name: Localized; section: string; shares: Shares; volatility: number; extra?: Partial<Case> }[] = [
    {
      slug: 'roshan-pit',
      name: { en: "Roshan's Pit", ru: 'Логово Рошана' },
      section: 'popular',
      shares: { common: 55, uncommon: 28, rare: 12, mythical: 4, legendary: 0.8, immortal: 0.2 },
      volatility: 1,
    },
    {
      slug: 'ancient-chest',
      name: { en: 'Ancient Chest', ru: 'Древний сундук' },
      section: 'popular',
      shares: { uncommon: 50, rare: 30, mythical: 15, legendary: 4, immortal: 0.9, arcana: 0.1 },
      volatility: 2,
      extra: { label: HOT },
    },
    {
      slug: 'immortal-vault',
      name: { en: 'Immortal Vault', ru: 'Хранилище бессмертных' },
      section: 'popular',
      shares: { rare: 55, mythical: 30, legendary: 11, immortal: 3.7, arcana: 0.3 },
      volatility: 3,
      extra: { label: TOP },
    },
    {
      slug: 'arcana-hunt',
      name: { en: 'Arcana Hunt', ru: 'Охота на аркану' },
      section: 'treasures',
      shares: { mythical: 60, legendary: 30, immortal: 8.5, arcana: 1.5 },
      volatility: 4,
      extra: { label: NEW },
    },
    {
      slug: 'courier-cache',
      name: { en: 'Courier Cache', ru: 'Тайник курьера' },
      section: 'treasures',
      shares: { common: 60, uncommon: 30, rare: 8, mythical: 1.7, immortal: 0.3 },
      volatility: 2,
      extra: { every_n_open_free: 10, battle_allowed: false },
    },
    {
      slug: 'aegis-treasure',
      name: { en: 'Aegis Treasure', ru: 'Сокровище Аегиса' },
      section: 'treasures',
      shares: { uncommon: 45, rare: 35, mythical: 15, legendary: 4.5, immortal: 0.5 },
      volatility: 2,
      extra: { multicast_range: [2, 4], max_multi_open: 4, tasty_coins: { min: 5, max: 25 } },
    },
  ];
  const cases: Case[] = specs.map((s, idx) => {
    const weights: { item: string; w: number }[] = [];
    for (const [r, share] of Object.entries(s.shares) as [DotaRarity, number][]) {
      const pool = items.filter((i) => i.rarity === r);
      for (const i of pool) weights.push({ item: i.key, w: share / pool.length });
    }
    weights.sort((a, b) => price.get(b.item)! - price.get(a.item)! || a.item.localeCompare(b.item));
    const tickets = allocateTickets(weights.map((w) => w.w));
    const drops = weights.map((w, i) => ({ item: w.item, tickets: tickets[i]! }));
    return {
      slug: s.slug,
      name: s.name,
      section: s.section,
      sort: idx + 1,
      price: priceCase(
        s.slug,
        drops.map((d) => ({ tickets: d.tickets, price: price.get(d.item)! })),
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
  });
  return { project: 'dota', rarities: { ...DOTA_RARITIES }, items, sections: [...sections, DAILY_SECTION], cases: [...cases, ...levelCases(items)] };
}

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
 * player withdraws it. Both are drawn by the offline art from their category.
 */
function packBox(items: readonly Item[]): { items: Item[]; box: Case } {
  const skins = [...items].sort((a, b) => a.price - b.price || a.key.localeCompare(b.key));
  const cheap = (category: string | null, n: number, seed: string) =>
    pickN(
      skins.filter((i) => (category === null || i.category === category) && i.price >= 100 && i.price <= 3000),
      n,
      seed,
    );
  const pack = (key: string, en: string, ruName: string, contents: Item[]): Item => ({
    key,
    market_name: `Pack | ${en}`,
    name: { en: `${en} Pack`, ru: `Набор «${ruName}»` },
    weapon: { en: 'Pack', ru: 'Набор' },
    skin: { en, ru: ruName },
    rarity: 'restricted',
    quality: null,
    stattrak: false,
    category: 'pack',
    price: contents.reduce((sum, i) => sum + i.price, 0),
    image_url: null,
    type: 1,
    pack: contents.map((i) => i.key),
  });
  const credit = (gold: number): Item => ({
    key: `credit-${gold}`,
    market_name: `Balance | +${gold}`,
    name: { en: `Balance credit ${gold}`, ru: `Зачисление на баланс ${gold}` },
    weapon: { en: 'Balance', ru: 'Баланс' },
    skin: { en: `+${gold}`, ru: `+${gold}` },
    rarity: 'classified',
    quality: null,
    stattrak: false,
    category: 'credit',
    price: gold * 100,
    image_url: null,
    type: 3,
  });
  const extras = [
    pack('pack-pistol-trio', 'Pistol Trio', 'Пистолетное трио', cheap('pistol', 3, 'pack:pistols')),
    pack('pack-rifle-duo', 'Rifle Duo', 'Винтовочный дуэт', cheap('rifle', 2, 'pack:rifles')),
    pack('pack-big-ten', 'Big Ten', 'Большая десятка', cheap(null, 10, 'pack:ten')),
    credit(10),
    credit(50),
  ];
  const fillers = cheap(null, 12, 'pack-box:fill');
  const pool = [...extras, ...fillers];
  const tickets = allocateTickets(pool.map((i) => 1 / i.price ** 0.9));
  const drops = pool.map((i, k) => ({ item: i.key, tickets: tickets[k]! })).sort((a, b) => b.tickets - a.tickets || a.item.localeCompare(b.item));
  const prices = new Map(pool.map((i) => [i.key, i.price]));
  const { price } = priceCase(
    'pack-box',
    drops.map((d) => ({ tickets: d.tickets, price: prices.get(d.item)! })),
  );
  return {
    items: extras,
    box: {
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
    },
  };
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
write(buildDota());
