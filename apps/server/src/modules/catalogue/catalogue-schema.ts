import { z } from 'zod';

const localized = z.object({ en: z.string().min(1), ru: z.string().min(1) });

export const catalogueItemSchema = z.object({
  key: z.string().min(1),
  market_name: z.string().min(1),
  name: localized,
  weapon: localized,
  skin: localized.nullable(),
  rarity: z.string(),
  quality: z.enum(['FN', 'MW', 'FT', 'WW', 'BS']).nullable(),
  stattrak: z.boolean(),
  category: z.string(),
  price: z.number().int().positive(),
  image_url: z.string().nullable(),
  /** `ITEM_TYPE` (decision 019): absent for a skin; 1 a pack, whose `pack` lists its skins; 3 a balance credit. */
  type: z.union([z.literal(1), z.literal(3)]).optional(),
  pack: z.array(z.string()).min(2).max(20).optional(),
});

export const catalogueFileSchema = z.object({
  project: z.enum(['cs', 'dota']),
  rarities: z.record(z.string(), z.object({ color: z.string(), order: z.number() })),
  items: z.array(catalogueItemSchema),
  sections: z.array(
    z.object({
      slug: z.string(),
      name: localized,
      sort: z.number(),
      appearance: z.object({
        cards_background: z.string(),
        cards_circle: z.string(),
        cards_hover: z.string(),
        cards_shadow: z.string(),
        title: z.object({ icon: z.string(), gradient: z.string(), gradient_text: z.string() }),
      }),
      is_event: z.boolean(),
    }),
  ),
  cases: z.array(
    z.object({
      slug: z.string(),
      name: localized,
      section: z.string(),
      sort: z.number(),
      price: z.number().int().positive(),
      old_price: z.number().int().positive().nullable(),
      volatility: z.number().int().min(1).max(4),
      max_multi_open: z.number().int().min(1),
      label: z.object({ type: z.string(), name: localized.nullable(), color: z.string().nullable() }).nullable(),
      multifix: z.number().int().positive().nullable(),
      multicast_range: z.tuple([z.number().int(), z.number().int()]).nullable(),
      every_n_open_free: z.number().int().positive().nullable(),
      opens_limit: z.number().int().positive().nullable(),
      battle_allowed: z.boolean(),
      image_url: z.string().nullable(),
      color: z.string(),
      /** The player level the case needs; a `daily` case is a level case opened free once a day. */
      level: z.number().int().min(0).max(1000).default(0),
      daily: z.boolean().default(false),
      /** A coin case is bought with event coins (price in minor units of coins); decision 017. */
      currency: z.enum(['GOLD', 'TASTY_COIN']).optional(),
      /** An event case gives each opening between min and max whole event coins. */
      tasty_coins: z
        .object({ min: z.number().int().min(0), max: z.number().int().min(0) })
        .refine((r) => r.min <= r.max)
        .nullable()
        .optional(),
      drops: z.array(z.object({ item: z.string(), tickets: z.number().int().positive() })),
    }),
  ),
})
  // A pack holds skins of the same file, and only a pack lists any.
  .superRefine((file, ctx) => {
    const types = new Map(file.items.map((i) => [i.key, i.type]));
    file.items.forEach((it, index) => {
      if ((it.type === 1) !== (it.pack !== undefined)) ctx.addIssue({ code: 'custom', path: ['items', index, 'pack'], message: 'a pack, and only a pack, lists its skins' });
      for (const key of it.pack ?? []) {
        if (!types.has(key) || types.get(key) !== undefined) ctx.addIssue({ code: 'custom', path: ['items', index, 'pack'], message: `${key} is not a skin of this catalogue` });
      }
    });
  });
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;
