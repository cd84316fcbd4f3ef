/**
 * Offline artwork: item and case pictures drawn as SVG from the catalogue row alone, so the
 * store looks finished without any image CDN. Pure functions, no I/O; served by platform routes
 * at /img/items/:key.svg and /img/cases/:slug.svg.
 */
import type { ItemRow } from './catalogue.ts';
import { nameHash, weaponSilhouette } from './silhouettes.ts';

type ArtItem = Pick<ItemRow, 'key' | 'nameEn' | 'weaponEn' | 'skinEn' | 'rarity' | 'category' | 'stattrak' | 'quality'>;
type ArtCase = { slug: string; nameEn: string; color: string };

/**
 * Fixed shapes for what is not a weapon (weapons are drawn per weapon by silhouettes.ts), in the
 * 256×192 item box (all sub-paths clockwise, filled nonzero).
 */
export const SILHOUETTES: Record<string, string> = {
  other: 'M128 40L176 96L128 152L80 96Z M128 56L164 96L128 136L92 96Z',
  // a wrapped box with a ribbon and a bow
  pack: 'M64 74H192V146H64Z M56 58H200V78H56Z M120 58H136V146H120Z M128 58Q104 28 96 44Q92 56 128 58Z M128 58Q152 28 160 44Q164 56 128 58Z',
  // a stack of coins
  credit: 'M80 124H176V144H80Z M88 102H184V122H88Z M72 80H168V100H72Z M84 58H180V78H84Z',
  // Dota 2's kinds of cosmetics, so its drawings are no CS weapon and no bare gem:
  // a crown on its band (arcana)
  arcana: 'M72 140L64 64L100 96L128 48L156 96L192 64L184 140Z M72 146H184V160H72Z',
  // a crest (immortal)
  immortal: 'M128 36L184 56V104Q184 140 128 160Q72 140 72 104V56Z',
  // a helm over a pauldron (a set, a wearable)
  set: 'M80 120Q80 48 128 48Q176 48 176 120H152V100H104V120Z M56 128H200V148H56Z',
  wearable: 'M80 128Q80 56 128 56Q176 56 176 128H152V108H104V128Z',
  // a speech bubble (a taunt)
  taunt: 'M64 56H192V128H120L92 152V128H64Z',
  // an eye on a staff (a ward)
  ward: 'M122 70H134V160H122Z M128 28L160 56L128 84L96 56Z',
  // a small winged beast (a courier)
  courier: 'M96 96Q128 64 160 96Q128 128 96 96Z M104 92L72 100L56 52Z M152 92L200 52L184 100Z M150 80Q166 64 178 80Q166 96 150 80Z M112 108H120V132H112Z M136 108H144V132H136Z',
};

/** A safe #rrggbb colour: anything else (bad data, injection attempts) becomes the fallback. */
function hexColor(c: string | null | undefined, fallback = '#b0c3d9'): string {
  if (!c) return fallback;
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c.trim());
  if (!m) return fallback;
  const h = m[1]!.length === 3 ? [...m[1]!].map((x) => x + x).join('') : m[1]!;
  return `#${h.toLowerCase()}`;
}
/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const ch = (v: number) =>
    Math.round(v + (target - v) * a)
      .toString(16)
      .padStart(2, '0');
  return `#${ch((n >> 16) & 255)}${ch((n >> 8) & 255)}${ch(n & 255)}`;
}
/** An HSL colour as #rrggbb (h in degrees, s and l in percent). */
function hslHex(h: number, sat: number, light: number): string {
  const l = light / 100;
  const a = (sat / 100) * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}
/** `a` mixed with `b` by `t` (0 all a, 1 all b). */
function mix(a: string, b: string, t: number): string {
  const ca = parseInt(a.slice(1), 16);
  const cb = parseInt(b.slice(1), 16);
  const ch = (shift: number) =>
    Math.round(((ca >> shift) & 255) * (1 - t) + ((cb >> shift) & 255) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}
/** Ids unique per picture, so several inline SVGs on one page do not share gradients. */
const idFor = (s: string) => s.replace(/[^\w-]/g, '').slice(0, 40) || 'x';

/**
 * The skin's own colours: two hues from its name (a vanilla weapon is bare steel) and a pattern
 * over them (none, stripes, camouflage, a fade), so two skins of one rarity look apart.
 */
function skinLook(item: ArtItem, rarity: string) {
  if (!item.skinEn) return { light: '#d9dee7', mid: '#9aa3b2', dark: '#4a515e', pattern: -1 };
  const h = nameHash(item.skinEn);
  const hue = h % 360;
  const second = (hue + 60 + ((h >>> 9) % 180)) % 360;
  return {
    light: shade(hslHex(hue, 70, 62), 0.15),
    // The rarity still tints the middle of the gradient: the eye reads rarity before the skin.
    mid: mix(hslHex(hue, 60, 48), rarity, 0.35),
    dark: hslHex(second, 55, 32),
    pattern: (h >>> 17) % 4,
  };
}

/** A pattern drawn over the weapon, clipped to it. */
function patternOver(id: string, kind: number, color: string): string {
  if (kind === 1) return Array.from({ length: 9 }, (_, i) => `<path d="M${i * 32 - 40} 192L${i * 32 + 40} 0H${i * 32 + 52}L${i * 32 - 28} 192Z" fill="${color}" opacity=".35"/>`).join('');
  if (kind === 2) {
    const spots = [30, 70, 110, 150, 190, 230].map((x, i) => `<ellipse cx="${x}" cy="${80 + ((i * 37) % 40)}" rx="${18 + ((i * 11) % 14)}" ry="${10 + ((i * 7) % 10)}" fill="${color}" opacity=".45"/>`);
    return spots.join('');
  }
  if (kind === 3) return `<rect width="256" height="192" fill="url(#${id}-fade)"/>`;
  return '';
}

export function itemSvg(item: ArtItem, rarityColor = '#b0c3d9'): string {
  const color = hexColor(rarityColor);
  const shape = weaponSilhouette(item.category, item.weaponEn) ?? SILHOUETTES[item.category] ?? SILHOUETTES.other!;
  const id = `i-${idFor(item.key)}`;
  const look = skinLook(item, color);
  // No text is drawn in: names and wear are the page's to print, in the page's language.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 192" width="256" height="192">` +
    `<defs>` +
    `<radialGradient id="${id}-glow" cx="50%" cy="48%" r="60%"><stop offset="0" stop-color="${color}" stop-opacity=".45"/><stop offset=".55" stop-color="${shade(color, -0.7)}" stop-opacity=".25"/><stop offset="1" stop-color="#0b0d12" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}-fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.light}"/><stop offset=".5" stop-color="${look.mid}"/><stop offset="1" stop-color="${look.dark}"/></linearGradient>` +
    `<linearGradient id="${id}-fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(look.light, 0.3)}" stop-opacity=".7"/><stop offset=".5" stop-color="${look.mid}" stop-opacity="0"/><stop offset="1" stop-color="${look.dark}" stop-opacity=".8"/></linearGradient>` +
    `<clipPath id="${id}-clip"><path d="${shape}"/></clipPath>` +
    `</defs>` +
    `<ellipse cx="128" cy="96" rx="124" ry="86" fill="url(#${id}-glow)"/>` +
    `<path d="${shape}" fill="#000" opacity=".35" transform="translate(3 5)"/>` +
    // outline first, fill on top: only the outer half of the stroke shows, no seams between parts
    `<path d="${shape}" fill="none" stroke="${shade(color, 0.6)}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="${shape}" fill="url(#${id}-fill)"/>` +
    `<g clip-path="url(#${id}-clip)">${patternOver(id, look.pattern, look.dark)}</g>` +
    `</svg>`
  );
}

/** What stands in for a picture nobody can draw: a plain gem in grey. */
export function placeholderSvg(): string {
  const shape = SILHOUETTES.other!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 192" width="256" height="192">` +
    `<path d="${shape}" fill="none" stroke="#5b6270" stroke-width="3" stroke-linejoin="round"/><path d="${shape}" fill="#3a404c"/>` +
    `</svg>`
  );
}

/** Emblems for a case's front, centred on (0, 0) and about 28 px across. */
const EMBLEMS = [
  'M0 -16L4 -5H16L6 2L10 14L0 7L-10 14L-6 2L-16 -5H-4Z',
  'M0 -16L14 0L0 16L-14 0Z',
  'M-4 -16H8L2 -3H10L-6 16L-2 2H-10Z',
  'M0 -15A15 15 0 1 1 0 15A15 15 0 1 1 0 -15Z M0 -8A8 8 0 1 0 0 8A8 8 0 1 0 0 -8Z',
  'M-14 -12H14L0 16Z',
  'M-6 -16H6V-6H16V6H6V16H-6V6H-16V-6H-6Z',
] as const;

/**
 * A case's box: one of four bodies (a crate, a chest with an arched lid, a capsule, a case with a
 * handle) and an emblem, both from the case's slug, in its colour and a second hue of its own, so
 * cases side by side differ by more than colour. No name is drawn in.
 */
export function caseSvg(c: ArtCase): string {
  const color = hexColor(c.color, '#e4ae39');
  const id = `c-${idFor(c.slug)}`;
  const h = nameHash(c.slug);
  const body = h % 4;
  const emblem = EMBLEMS[(h >>> 3) % EMBLEMS.length]!;
  const accent = hslHex((h >>> 8) % 360, 70, 60);
  const defs =
    `<defs>` +
    `<radialGradient id="${id}-glow" cx="50%" cy="52%" r="55%"><stop offset="0" stop-color="${color}" stop-opacity=".5"/><stop offset="1" stop-color="#0b0d12" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}-front" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(color, 0.15)}"/><stop offset="1" stop-color="${shade(color, -0.45)}"/></linearGradient>` +
    `<linearGradient id="${id}-top" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${shade(color, 0.35)}"/><stop offset="1" stop-color="${shade(color, 0.6)}"/></linearGradient>` +
    `</defs>`;
  const badge = (x: number, y: number, k = 1) =>
    `<g transform="translate(${x} ${y}) scale(${k})"><path d="${emblem}" fill="${accent}" stroke="${shade(accent, -0.6)}" stroke-width="2" stroke-linejoin="round"/></g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">` +
    defs +
    `<rect width="256" height="256" fill="url(#${id}-glow)"/>` +
    `<ellipse cx="${body === 2 ? 128 : 136}" cy="214" rx="96" ry="10" fill="#000" opacity=".45"/>` +
    [crate, chest, capsule, briefcase][body]!(id, color, accent, badge) +
    `</svg>`
  );
}

type Badge = (x: number, y: number, k?: number) => string;

function crate(id: string, color: string, accent: string, badge: Badge): string {
  return (
    // top, right side, front faces
    `<path d="M40 92L76 60H228L192 92Z" fill="url(#${id}-top)"/>` +
    `<path d="M192 92L228 60V172L192 206Z" fill="${shade(color, -0.55)}"/>` +
    `<rect x="40" y="92" width="152" height="114" rx="4" fill="url(#${id}-front)"/>` +
    `<rect x="40" y="112" width="152" height="6" fill="${shade(color, -0.6)}" opacity=".8"/>` +
    `<path d="M192 112L228 80V86L192 118Z" fill="${shade(color, -0.75)}" opacity=".8"/>` +
    `<rect x="40" y="92" width="10" height="114" fill="${shade(color, -0.3)}"/><rect x="182" y="92" width="10" height="114" fill="${shade(color, -0.3)}"/>` +
    `<rect x="102" y="106" width="28" height="30" rx="4" fill="#1c1f27" stroke="${accent}" stroke-width="2"/>` +
    badge(116, 168, 0.8) +
    `<path d="M54 98H110L86 200H54Z" fill="#fff" opacity=".12"/>` +
    `<path d="M80 64H224L218 70H74Z" fill="#fff" opacity=".35"/>`
  );
}

function chest(id: string, color: string, accent: string, badge: Badge): string {
  return (
    // arched lid over a box, iron bands, a lock
    `<path d="M36 118V104Q36 56 128 56Q220 56 220 104V118Z" fill="url(#${id}-top)"/>` +
    `<rect x="36" y="118" width="184" height="90" rx="6" fill="url(#${id}-front)"/>` +
    `<rect x="36" y="112" width="184" height="10" fill="${shade(color, -0.6)}"/>` +
    `<path d="M66 64Q70 60 76 60V208H66Z" fill="${shade(color, -0.5)}"/><path d="M180 60Q186 60 190 64V208H180Z" fill="${shade(color, -0.5)}"/>` +
    `<rect x="114" y="110" width="28" height="34" rx="5" fill="#1c1f27" stroke="${accent}" stroke-width="2"/>` +
    badge(128, 176, 0.9) +
    `<path d="M48 104Q52 70 120 64L116 72Q60 78 58 106Z" fill="#fff" opacity=".3"/>`
  );
}

function capsule(id: string, color: string, accent: string, badge: Badge): string {
  return (
    // a rounded capsule standing up, a seam and a ring
    `<rect x="70" y="44" width="116" height="168" rx="58" fill="url(#${id}-front)"/>` +
    `<path d="M70 120H186V102Q186 44 128 44Q70 44 70 102Z" fill="url(#${id}-top)"/>` +
    `<rect x="66" y="116" width="124" height="12" rx="6" fill="${shade(color, -0.6)}" stroke="${accent}" stroke-width="2"/>` +
    badge(128, 168) +
    `<path d="M86 96Q88 62 118 54L114 62Q96 70 94 98Z" fill="#fff" opacity=".35"/>`
  );
}

function briefcase(id: string, color: string, accent: string, badge: Badge): string {
  return (
    // a flat case with a handle and two clasps
    `<path d="M104 72V58Q104 50 112 50H144Q152 50 152 58V72H142V60H114V72Z" fill="${shade(color, -0.5)}"/>` +
    `<rect x="30" y="72" width="196" height="136" rx="14" fill="url(#${id}-front)"/>` +
    `<rect x="30" y="72" width="196" height="34" rx="14" fill="url(#${id}-top)"/>` +
    `<rect x="30" y="104" width="196" height="6" fill="${shade(color, -0.6)}"/>` +
    `<rect x="62" y="98" width="20" height="18" rx="3" fill="${accent}"/><rect x="174" y="98" width="20" height="18" rx="3" fill="${accent}"/>` +
    badge(128, 158, 1.1) +
    `<path d="M40 80H120L112 88H40Z" fill="#fff" opacity=".3"/>`
  );
}
