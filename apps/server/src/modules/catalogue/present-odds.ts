import type { OddsRange } from '@store/shared/api/provably-fair';
import type { Lang } from '@store/shared/errors';
import type { Catalogue } from './catalogue.ts';
import type { OddsVersion } from './find-cases.ts';

/** An odds table as a player checks it: each range of tickets with the item it gives. */
export const presentOddsRanges = (ranges: OddsVersion['ranges'], catalogue: Catalogue, lang: Lang): OddsRange[] =>
  ranges.map((r) => ({ item: catalogue.present(catalogue.item(r.item), lang), from: r.from, to: r.to }));
