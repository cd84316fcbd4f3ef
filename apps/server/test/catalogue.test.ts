import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { buildRanges, returnToPlayer } from '@store/shared/odds';
import { parseItemName, QUALITIES } from '@store/shared/item-name';
import { TICKETS } from '@store/shared/constants';
import { levelCaseThreshold } from '@store/shared/levels';
import { applyCatalogue, readCatalogueFile, seedCatalogue } from '../src/modules/catalogue/seed-catalogue.ts';
import { createTestStore } from './helpers/test-app.ts';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { sql } from 'drizzle-orm';
import { PASS_RARE_LEVELS } from '@store/shared/battle-pass';
import { projects } from '../src/config/projects.ts';
import { seedStore } from '../src/seed.ts';
import { findEventBySlug } from '../src/modules/events/events.ts';
import { SEASON_SLUG } from '../src/modules/events/seed-event.ts';

/** Words of the CS2 store a Dota 2 store never says ("нож" as a word's start: "множитель" is fine). */
const CS_WORDS = /\bcs(2|go|:go)?\b|knife|knives|glove|(^|[^а-яё])нож|перчат/i;

const shortQuality = Object.fromEntries(Object.entries(QUALITIES).map(([full, short]) => [short, full]));

describe.each(['cs', 'dota'] as const)('the committed %s catalogue', (project) => {
  const { file } = readCatalogueFile(project);
  const items = new Map(file.items.map((i) => [i.key, i]));

  it('has unique keys and slugs, and every case sits in a known section', () => {
    expect(items.size).toBe(file.items.length);
    expect(new Set(file.cases.map((c) => c.slug)).size).toBe(file.cases.length);
    const sections = new Set(file.sections.map((s) => s.slug));
    for (const c of file.cases) expect(sections, c.slug).toContain(c.section);
  });

  it('gives every case an odds table covering tickets 1..100000 with known items', () => {
    for (const c of file.cases) {
      for (const d of c.drops) expect(items.has(d.item), `${c.slug}: ${d.item}`).toBe(true);
      const ranges = buildRanges(c.drops);
      expect(ranges[0]!.from, c.slug).toBe(1);
      expect(ranges.at(-1)!.to, c.slug).toBe(TICKETS);
      for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.from, c.slug).toBe(ranges[i - 1]!.to + 1);
    }
  });

  it('returns between 80 and 95 percent to the player on every case sold for GOLD', () => {
    for (const c of file.cases.filter((x) => (x.currency ?? 'GOLD') === 'GOLD')) {
      const rtp = returnToPlayer(c.drops.map((d) => ({ tickets: d.tickets, price: items.get(d.item)!.price })), c.price);
      expect(rtp, c.slug).toBeGreaterThanOrEqual(0.8);
      expect(rtp, c.slug).toBeLessThanOrEqual(0.95);
    }
  });

  it('gives a coin case drops worth between a quarter and a half of a GOLD per coin (decision 017)', () => {
    for (const c of file.cases.filter((x) => x.currency === 'TASTY_COIN')) {
      const perCoin = returnToPlayer(c.drops.map((d) => ({ tickets: d.tickets, price: items.get(d.item)!.price })), c.price);
      expect(perCoin, c.slug).toBeGreaterThanOrEqual(0.25);
      expect(perCoin, c.slug).toBeLessThanOrEqual(0.5);
    }
  });

  it('opens its coin cases and its level cases at the thresholds of spec §9, in shelf order', () => {
    const coin = file.cases.filter((c) => c.currency === 'TASTY_COIN');
    const daily = file.cases.filter((c) => c.daily);
    expect(daily.length).toBeGreaterThan(4);
    for (const row of [coin, daily]) expect(row.map((c) => c.level)).toEqual(row.map((_, i) => levelCaseThreshold(i)));
    if (project === 'cs') expect(coin.map((c) => c.level)).toEqual([1, 15, 30, 40]);
  });

  it('names every item in Russian and English with colours for its rarity', () => {
    for (const it of file.items) {
      expect(it.name.ru.length && it.name.en.length, it.key).toBeTruthy();
      expect(file.rarities[it.rarity], `${it.key} rarity ${it.rarity}`).toBeDefined();
    }
  });
});

describe('the CS2 catalogue', () => {
  const { file } = readCatalogueFile('cs');

  it('holds real cases of several kinds across sections', () => {
    expect(file.cases.length).toBeGreaterThanOrEqual(20);
    expect(file.sections.length).toBeGreaterThanOrEqual(4);
    expect(file.cases.some((c) => c.multifix)).toBe(true);
    expect(file.cases.some((c) => c.multicast_range)).toBe(true);
    expect(file.cases.some((c) => c.every_n_open_free)).toBe(true);
    expect(file.cases.some((c) => c.opens_limit && c.old_price && c.old_price > c.price)).toBe(true);
    expect(new Set(file.cases.map((c) => c.volatility)).size).toBe(4);
    expect(file.items.some((i) => i.category === 'knife' && i.market_name.startsWith('★'))).toBe(true);
  });

  it('has market names that parse back into the item fields (spec §3)', () => {
    for (const it of file.items) {
      const parsed = parseItemName(it.market_name);
      expect(parsed.stattrak, it.market_name).toBe(it.stattrak);
      expect(parsed.quality, it.market_name).toBe(it.quality ? shortQuality[it.quality] : null);
      expect(parsed.weapon, it.market_name).toBe(it.weapon.en);
      expect(parsed.skin, it.market_name).toBe(it.skin?.en ?? null);
    }
  });

  it('prices StatTrak and better wear higher than the plain item of the same skin', () => {
    const byName = new Map(file.items.map((i) => [i.market_name, i.price]));
    let compared = 0;
    for (const it of file.items.filter((i) => i.stattrak)) {
      const plain = byName.get(it.market_name.replace('StatTrak™ ', ''));
      if (plain === undefined) continue;
      expect(it.price, it.market_name).toBeGreaterThan(plain);
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });
});

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dataFile = (name: string) => readFileSync(path.join(repoRoot, 'apps/server/data', name), 'utf8');

describe('the Dota 2 catalogue', () => {
  const { file } = readCatalogueFile('dota');
  const items = new Map(file.items.map((i) => [i.key, i]));
  // The generator's source of heroes; the package exports its JSON only as imports, so read the file.
  const heroes = Object.values(
    JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/dotaconstants/build/heroes.json'), 'utf8')) as Record<string, { localized_name: string; primary_attr: string }>,
  );
  const attributeOf = new Map(heroes.map((h) => [h.localized_name, h.primary_attr]));
  const skins = file.items.filter((i) => i.type === undefined);
  const dropsOf = (slug: string) => file.cases.find((c) => c.slug === slug)!.drops.map((d) => items.get(d.item)!);

  it('holds hundreds of items of every Dota rarity and every kind, each of a real hero or a courier', () => {
    expect(skins.length).toBeGreaterThanOrEqual(300);
    for (const rarity of Object.keys(file.rarities)) expect(skins.some((i) => i.rarity === rarity), rarity).toBe(true);
    for (const kind of ['arcana', 'immortal', 'set', 'wearable', 'courier', 'taunt', 'ward']) expect(skins.some((i) => i.category === kind), kind).toBe(true);
    for (const it of skins) {
      if (it.category === 'courier') expect(it.weapon.en, it.key).toBe('Courier');
      else expect(attributeOf.has(it.weapon.en), `${it.key}: ${it.weapon.en}`).toBe(true);
      if (it.image_url) expect(it.image_url, it.key).toMatch(/^https:\/\/cdn\.cloudflare\.steamstatic\.com\/apps\/dota2\/images\/dota_react\/heroes\/\w+\.png$/);
    }
    expect(items.get('dota-manifold-paradox')).toMatchObject({ weapon: { en: 'Phantom Assassin' }, rarity: 'arcana', category: 'arcana' });
    expect(items.get('dota-inscribed-dragonclaw-hook')).toMatchObject({ weapon: { en: 'Pudge', ru: 'Пудж' }, rarity: 'immortal' });
  });

  it('fills each attribute case with items of heroes of that attribute only', () => {
    const cases = { strength: 'str', agility: 'agi', intelligence: 'int', universal: 'all' };
    for (const [slug, attribute] of Object.entries(cases)) {
      const drops = dropsOf(slug);
      expect(drops.length, slug).toBeGreaterThan(20);
      for (const it of drops) expect(attributeOf.get(it.weapon.en), `${slug}: ${it.key}`).toBe(attribute);
    }
  });

  it('fills the arcana case with arcanas, the courier case with couriers and the taunt case with taunts', () => {
    expect(dropsOf('arcana-hunt').length).toBeGreaterThan(15);
    for (const it of dropsOf('arcana-hunt')) expect(it.rarity, it.key).toBe('arcana');
    for (const it of dropsOf('courier-cache')) expect(it.category, it.key).toBe('courier');
    for (const it of dropsOf('taunt-stash')) expect(it.market_name, it.key).toMatch(/^Taunt:/);
    expect(dropsOf('ward-totem').some((i) => i.category === 'ward')).toBe(true);
  });

  it('sells cheap and premium cases in several sections, with the features the CS store uses', () => {
    const gold = file.cases.filter((c) => (c.currency ?? 'GOLD') === 'GOLD' && !c.daily);
    expect(gold.length).toBeGreaterThanOrEqual(15);
    expect(new Set(gold.map((c) => c.section)).size).toBeGreaterThanOrEqual(5);
    expect(gold.some((c) => c.price <= 10_000)).toBe(true);
    expect(gold.some((c) => c.price >= 100_000)).toBe(true);
    expect(gold.some((c) => c.multifix)).toBe(true);
    expect(gold.some((c) => c.multicast_range)).toBe(true);
    expect(gold.some((c) => c.every_n_open_free)).toBe(true);
    expect(gold.some((c) => c.opens_limit && c.old_price && c.old_price > c.price)).toBe(true);
    expect(gold.filter((c) => c.section === 'event').every((c) => c.tasty_coins)).toBe(true);
    expect(file.sections.find((s) => s.slug === 'event')?.is_event).toBe(true);
    expect(file.items.some((i) => i.type === 1) && file.items.some((i) => i.type === 3)).toBe(true);
  });

  it('names no CS2 thing, knife or glove anywhere', () => {
    const words = CS_WORDS;
    const texts = [
      ...file.items.flatMap((i) => [i.market_name, i.name.en, i.name.ru, i.weapon.en, i.weapon.ru, i.category]),
      ...file.cases.flatMap((c) => [c.slug, c.name.en, c.name.ru]),
      ...file.sections.flatMap((s) => [s.slug, s.name.en, s.name.ru]),
    ];
    for (const text of texts) expect(text).not.toMatch(words);
  });

  it('prices every item as the committed market price list does, and lists nothing else', () => {
    const list = JSON.parse(dataFile('prices-dota.json')) as { success: boolean; currency: string; items: { market_hash_name: string; price: string }[] };
    expect([list.success, list.currency]).toEqual([true, 'RUB']);
    const byName = new Map(list.items.map((p) => [p.market_hash_name, Math.round(Number(p.price) * 100)]));
    expect(byName.size).toBe(list.items.length);
    expect([...byName.keys()].sort()).toEqual(skins.map((i) => i.market_name).sort());
    for (const it of skins) expect(it.price, it.market_name).toBe(byName.get(it.market_name));
    // Market level: an arcana costs thousands of roubles, the commons a few.
    for (const it of skins.filter((i) => i.rarity === 'arcana')) expect(it.price, it.key).toBeGreaterThanOrEqual(100_000);
    for (const it of skins.filter((i) => i.rarity === 'common')) expect(it.price, it.key).toBeLessThanOrEqual(1_000);
  });
});

describe('npm run catalogue', () => {
  it('writes the committed files again, byte for byte', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-'));
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/catalogue/generate.ts'], { cwd: repoRoot, env: { ...process.env, CATALOGUE_OUT_DIR: dir }, stdio: 'ignore' });
      for (const name of ['catalogue-cs.json', 'catalogue-dota.json', 'prices-dota.json']) {
        expect(readFileSync(path.join(dir, name), 'utf8') === dataFile(name), name).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('PROJECT=dota', () => {
  it('serves the Dota 2 catalogue and configuration', async () => {
    const client = await PGlite.create();
    const database = await openDatabase({ pglite: client });
    await seedCatalogue(database.db, 'dota');
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PROJECT: 'dota', PAYMENT_SANDBOX_SECRET: 'a-secret-of-the-dota-test' });
    const app = await buildApp({ env, database });
    try {
      const config = (await app.inject({ url: '/api/v1/config' })).json();
      expect(config.data).toMatchObject({ project: 'dota', steam_app_id: 570 });
      const sections = (await app.inject({ url: '/api/v2/case/sections/with-cases', headers: { 'x-client-language': 'en' } })).json();
      const { file } = readCatalogueFile('dota');
      const slugs = sections.data.flatMap((s: { cases: { slug: string }[] }) => s.cases.map((c) => c.slug));
      // Every case of the file is on a shelf, except the level cases, which have their own page.
      expect(slugs.sort()).toEqual(file.cases.filter((c) => !c.daily).map((c) => c.slug).sort());
      const ladder = (await app.inject({ url: '/api/v1/cases/daily' })).json();
      expect(ladder.data.cases.map((c: { slug: string }) => c.slug)).toEqual(file.cases.filter((c) => c.daily).map((c) => c.slug));
      const one = (await app.inject({ url: `/api/v1/cases/${slugs[0]}` })).json();
      expect(one.data.drops.every((d: { rarity: string }) => d.rarity in file.rarities)).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});

describe('the seeded season of each project', () => {
  it.each(['cs', 'dota'] as const)('%s: the pass rewards its rare levels with the first case of its own event shelf, and its raffle with its own items', async (project) => {
    const client = await PGlite.create();
    const database = await openDatabase({ pglite: client });
    try {
      const catalogue = await seedStore(database.db, projects[project]);
      const { file } = readCatalogueFile(project);
      const firstEventCase = file.cases.filter((c) => c.section === 'event').sort((a, b) => a.sort - b.sort)[0]!.slug;
      const event = (await findEventBySlug(database.db, SEASON_SLUG))!;
      const rewarded = (await database.db.execute(
        sql`select distinct c.slug from event_pass_levels l join cases c on c.id = l.reward_case_id where l.event_id = ${event.id} and l.level = any(${`{${PASS_RARE_LEVELS.join(',')}}`}::int[])`,
      )) as unknown as { rows: { slug: string }[] };
      expect(rewarded.rows.map((r) => r.slug)).toEqual([firstEventCase]);
      const raffle = (await database.db.execute(sql`select item_key from event_raffle_prizes where event_id = ${event.id}`)) as unknown as { rows: { item_key: string }[] };
      expect(raffle.rows.length).toBeGreaterThan(0);
      expect(raffle.rows.every((r) => catalogue.find(r.item_key) !== undefined && file.items.some((i) => i.key === r.item_key))).toBe(true);

      // Its own name, and in a Dota 2 store tasks that send players to the heroes' cases.
      expect([event.titleEn, event.titleRu]).toEqual(project === 'dota' ? ['Diretide Season', 'Сезон Дайртайда'] : ['Neon Season', 'Неоновый сезон']);
      const tasks = (await database.db.execute(
        sql`select t.description_en, t.description_ru, s.slug from event_tasks t left join sections s on s.id = any(t.section_ids) where t.event_id = ${event.id}`,
      )) as unknown as { rows: { description_en: string; description_ru: string; slug: string | null }[] };
      const heroTasks = tasks.rows.filter((t) => t.slug === 'attributes');
      if (project === 'dota') {
        expect(heroTasks.length).toBeGreaterThan(3);
        expect(heroTasks.every((t) => t.description_en.endsWith('hero attribute cases') && t.description_ru.includes('атрибутов героев'))).toBe(true);
      } else {
        expect(heroTasks).toEqual([]);
      }
      const words = [event.titleEn, event.titleRu, event.subtitleEn, event.subtitleRu, ...tasks.rows.flatMap((t) => [t.description_en, t.description_ru])];
      if (project === 'dota') expect(words.filter((w) => CS_WORDS.test(w))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('the demo offers of each project', () => {
  it.each([
    ['cs', 'knife-hunter', 'Knife hunter', ['knife', 'knife']],
    ['dota', 'arcana-hunter', 'Arcana hunter', ['tiers', 'tiers']],
  ] as const)("%s: the hunter offer bundles the game's most wanted cases under the game's own words", async (project, name, title, shelves) => {
    const client = await PGlite.create();
    const database = await openDatabase({ pglite: client });
    try {
      await seedStore(database.db, projects[project]);
      const { file } = readCatalogueFile(project);
      const offers = (await database.db.execute(sql`select name, title_en, title_ru, description_en, description_ru, cases from offers order by sort`)) as unknown as {
        rows: { name: string; title_en: string; title_ru: string; description_en: string; description_ru: string; cases: { slug: string }[] }[];
      };
      const hunter = offers.rows.find((o) => o.name === name)!;
      expect(hunter.title_en).toBe(title);
      const bundled = hunter.cases.map((c) => file.cases.find((f) => f.slug === c.slug)!);
      expect(bundled.map((c) => c.section)).toEqual(shelves);
      if (project === 'dota') {
        // The two dearest rarity tiers: the immortal and the arcana cases.
        expect(bundled.map((c) => c.slug).sort()).toEqual(['arcana-hunt', 'immortal']);
        const texts = offers.rows.flatMap((o) => [o.title_en, o.title_ru, o.description_en, o.description_ru]);
        expect(texts.filter((t) => CS_WORDS.test(t))).toEqual([]);
      }
      // Every offer's cases are the project's own.
      expect(offers.rows.flatMap((o) => o.cases).every((c) => file.cases.some((f) => f.slug === c.slug))).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('a changed catalogue file', () => {
  it('stops listing a case it drops, and lists it again when it comes back', async () => {
    const store = await createTestStore();
    try {
      // The test store runs the project of the environment (both CI variants run this file).
      const project = store.app.deps.env.PROJECT;
      const { file, hash } = readCatalogueFile(project);
      const dropped = file.cases[0]!.slug;
      const listed = async () =>
        ((await store.app.inject({ url: '/api/v2/case/sections/with-cases' })).json().data as { cases: { slug: string }[] }[]).flatMap((s) => s.cases.map((c) => c.slug));
      expect(await listed()).toContain(dropped);

      await applyCatalogue(store.database.db, project, { ...file, cases: file.cases.slice(1) }, `${hash}-without-one`);
      expect(await listed()).not.toContain(dropped);
      const gone = await store.app.inject({ url: `/api/v1/cases/${dropped}` });
      expect([gone.statusCode, gone.json().code]).toEqual([404, 'caseNotFound']);

      await applyCatalogue(store.database.db, project, file, hash);
      expect(await listed()).toContain(dropped);
    } finally {
      await store.close();
    }
  }, 60_000);
});
