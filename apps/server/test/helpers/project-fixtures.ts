/**
 * The store variant the suite runs against (`PROJECT=cs|dota`, as helpers/global-setup.ts seeds
 * it) and the facts of that variant's committed catalogue (apps/server/data/catalogue-<project>.json)
 * the tests name. They are written out here by hand, read from the two files, and never computed
 * by the store's code: a test that compares the store with them still fails when the store breaks.
 * When a catalogue file changes, change its facts here with it.
 */
export type TestProject = 'cs' | 'dota';

function testProject(): TestProject {
  const project = process.env.PROJECT ?? 'cs';
  if (project !== 'cs' && project !== 'dota') throw new Error(`PROJECT must be cs or dota, not "${project}"`);
  return project;
}

export const TEST_PROJECT: TestProject = testProject();

interface Pack {
  key: string;
  /** The skins it unpacks into, in the file's order. */
  contents: readonly string[];
}

export interface ProjectFacts {
  /** The seeded season's title (modules/events/seed-event.ts). */
  seasonTitle: { en: string; ru: string };
  /**
   * The event shelf's GOLD cases in shelf order, each with the event coins an opening rolls
   * (`tasty_coins`). The first is the limited one (500 openings) kept out of battles.
   */
  eventCases: readonly [{ slug: string; coins: { min: number; max: number } }, { slug: string; coins: { min: number; max: number } }];
  /** The dearest case of the event shelf, in GOLD. */
  eventShelfMaxPrice: number;
  /** An ordinary shelf case: GOLD, no event coins, no multicast, fixed count or free openings, opened up to 5 at once. */
  plainCase: string;
  /** A budget-shelf case at 9.00 GOLD. */
  budgetCase: { slug: string; price: number };
  /**
   * The cheapest case on the shelves that opens one at a time at its price (no multicast, fixed
   * count, every-n-free or opens limit): what factories' cheapestCase finds. Price in minor units.
   */
  cheapestPlainCase: { slug: string; price: number };
  /** Packs (items of type 1): one of few skins, one of the most, and another. */
  packs: { few: Pack; many: Pack; another: Pack };
  /** A word of several skins' market names, and of nothing else an item is named by. */
  searchWord: string;
  /** How many skins (items of type 0) the catalogue has. */
  skins: number;
  /** A case with a real picture, as its card gives it; null where every case is drawn. */
  casePicture: { slug: string; image: string } | null;
}

const FACTS: Record<TestProject, ProjectFacts> = {
  cs: {
    seasonTitle: { en: 'Neon Season', ru: 'Неоновый сезон' },
    eventCases: [
      { slug: 'dreams-nightmares', coins: { min: 10, max: 40 } },
      { slug: 'broken-fang', coins: { min: 5, max: 25 } },
    ],
    eventShelfMaxPrice: 159,
    plainCase: 'fracture',
    budgetCase: { slug: 'budget-box', price: 900 },
    cheapestPlainCase: { slug: 'budget-box', price: 900 },
    packs: {
      few: { key: 'pack-pistol-trio', contents: ['glock-18-winterized-ww', 'cz75-auto-circaetus-ww', 'p2000-urban-hazard-bs'] },
      many: {
        key: 'pack-big-ten',
        contents: [
          'g3sg1-ancient-ritual-fn',
          'five-seven-jungle-ft',
          'nova-walnut-ft',
          'scar-20-assault-ft',
          'g3sg1-keeping-tabs-ft',
          'famas-decommissioned-bs',
          'cz75-auto-polymer-mw',
          'galil-ar-destroyer-bs',
          'glock-18-ironwork-mw',
          'p250-metallic-ddpat-fn',
        ],
      },
      another: { key: 'pack-rifle-duo', contents: ['aug-wings-mw', 'sg-553-ultraviolet-bs'] },
    },
    searchWord: 'asiimov',
    skins: 2243,
    casePicture: { slug: 'fracture', image: 'https://cdn.cstrike.app/images/d737e3ecefb469461240ee772de56ee59b7dbf296ea50adfe4a388df011fe73d.webp' },
  },
  dota: {
    seasonTitle: { en: 'Diretide Season', ru: 'Сезон Дайртайда' },
    eventCases: [
      { slug: 'diretide-chest', coins: { min: 10, max: 40 } },
      { slug: 'frostivus-gift', coins: { min: 5, max: 25 } },
    ],
    eventShelfMaxPrice: 139,
    plainCase: 'ancient-chest',
    budgetCase: { slug: 'tango-box', price: 900 },
    cheapestPlainCase: { slug: 'clarity-pouch', price: 1500 },
    packs: {
      few: { key: 'pack-taunt-trio', contents: ['dota-taunt-bring-it-on', 'dota-taunt-dapper-duo', 'dota-taunt-spider-shuffle'] },
      many: {
        key: 'pack-survivor',
        contents: [
          'dota-blade-of-the-survivor',
          'dota-offhand-blade-of-the-survivor',
          'dota-hair-of-the-survivor',
          'dota-bracers-of-the-survivor',
          'dota-belt-of-the-survivor',
          'dota-shoulders-of-the-survivor',
        ],
      },
      another: {
        key: 'pack-blood-moon',
        contents: ['dota-pauldron-of-the-blood-moon', 'dota-claws-of-the-blood-moon', 'dota-belt-of-the-blood-moon', 'dota-form-of-the-blood-moon', 'dota-wolves-of-the-blood-moon'],
      },
    },
    searchWord: 'survivor',
    skins: 442,
    // The Dota 2 catalogue's cases have no picture elsewhere: each is the server's drawing (decision 079).
    casePicture: null,
  },
};

/** The facts of the variant under test. */
export const PROJECT_FACTS: ProjectFacts = FACTS[TEST_PROJECT];
