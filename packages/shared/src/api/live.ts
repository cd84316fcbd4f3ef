import { z } from 'zod';
import { localized, publicPlayer, queryBool } from './common.ts';
import { catalogueItem } from './cases.ts';


export const liveDrop = z.object({
  id: z.number(),
  user: publicPlayer,
  // Live drops go to every subscriber whatever their language, so names come in both.
  item: catalogueItem.extend({ names: localized }),
  case: z.object({ slug: z.string(), name: z.string(), names: localized, image: z.string() }),
  is_top: z.boolean(),
  created_at: z.string(),
});
export type LiveDrop = z.infer<typeof liveDrop>;

export const liveDropsBody = z.object({ is_top: queryBool.optional() }).strict().optional();
export const liveDropsResponse = z.array(liveDrop);

export const footerStats = z.object({
  opened: z.number(),
  users: z.number(),
  online: z.number(),
  battles: z.number(),
  upgrades: z.number(),
  /** Rare drops: openings' top drops (the ribbon's "top"), the statistics key `arcanes` of spec §1. */
  arcanes: z.number(),
});
export type FooterStats = z.infer<typeof footerStats>;
