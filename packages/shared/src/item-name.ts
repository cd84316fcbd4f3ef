/**
 * Parses a CS2 market name such as "StatTrak™ AK-47 | Redline (Field-Tested)" into the parts
 * spec §3 names: StatTrak flag, weapon, skin and quality in full and short form.
 */
export const QUALITIES = {
  'Factory New': 'FN',
  'Minimal Wear': 'MW',
  'Field-Tested': 'FT',
  'Well-Worn': 'WW',
  'Battle-Scarred': 'BS',
} as const;
export type QualityFull = keyof typeof QUALITIES;
export type QualityShort = (typeof QUALITIES)[QualityFull];

export interface ParsedItemName {
  stattrak: boolean;
  souvenir: boolean;
  star: boolean;
  weapon: string;
  skin: string | null;
  quality: QualityFull | null;
  qualityShort: QualityShort | null;
}

export function parseItemName(marketName: string): ParsedItemName {
  let rest = marketName.trim();
  const star = rest.startsWith('★');
  if (star) rest = rest.slice(1).trim();
  const withoutStatTrak = rest.replace(/^StatTrak™?\s+/, '');
  const stattrak = withoutStatTrak !== rest;
  rest = withoutStatTrak;
  const souvenir = rest.startsWith('Souvenir ');
  if (souvenir) rest = rest.slice('Souvenir '.length);

  let quality: QualityFull | null = null;
  const q = /\s*\(([^()]+)\)\s*$/.exec(rest);
  if (q && q[1]! in QUALITIES) {
    quality = q[1] as QualityFull;
    rest = rest.slice(0, q.index);
  }
  const bar = rest.indexOf('|');
  const weapon = (bar >= 0 ? rest.slice(0, bar) : rest).trim();
  const skin = bar >= 0 ? rest.slice(bar + 1).trim() || null : null;
  return { stattrak, souvenir, star, weapon, skin, quality, qualityShort: quality ? QUALITIES[quality] : null };
}
