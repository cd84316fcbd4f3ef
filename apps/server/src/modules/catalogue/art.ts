/**
 * Offline artwork: item and case pictures drawn as SVG from the catalogue row alone, so the
 * store looks finished without any image CDN. Pure functions, no I/O; served by platform routes
 * at /img/items/:key.svg and /img/cases/:slug.svg.
 */
import type { ItemRow } from './catalogue.ts';

type ArtItem = Pick<ItemRow, 'key' | 'nameEn' | 'weaponEn' | 'skinEn' | 'rarity' | 'category' | 'stattrak' | 'quality'>;
type ArtCase = { slug: string; nameEn: string; color: string };

/** Weapon-class silhouettes drawn in the 256×192 item box (all sub-paths clockwise, filled nonzero). */
export const SILHOUETTES: Record<string, string> = {
  rifle:
    'M16 90L62 78V102L22 116Z M60 76H164V98L60 102Z M162 80H238V88H162Z M162 76H202V96H162Z M116 96H132L128 134L110 130Z M84 98H100L94 124H78Z M96 70H140V76H96Z',
  pistol: 'M64 66H196V90H64Z M190 72H204V84H190Z M72 88H124L118 96H112L104 142H72L82 96Z M118 92Q126 108 104 110L106 104Q116 104 112 94Z',
  smg: 'M40 84L70 78V86L46 92Z M68 72H178V96H68Z M176 78H222V88H176Z M120 96H136V144H120Z M84 96H100L94 124H78Z M90 64H130V72H90Z',
  sniper:
    'M12 92L70 82V106L54 106L50 98L40 98L36 112L14 114Z M68 80H160V100L68 104Z M158 84H246V90H158Z M86 58H146Q152 58 152 64V68Q152 74 146 74H86Q80 74 80 68V64Q80 58 86 58Z M108 74H122V80H108Z M102 100H116L110 126H96Z M130 100H142V114H130Z',
  shotgun: 'M14 92L66 80V102L18 112Z M64 78H150V98L64 100Z M148 80H240V88H148Z M150 90H210V100H150Z M88 98H104L98 124H82Z',
  machinegun:
    'M18 88L64 78V104L22 112Z M62 72H176V104H62Z M174 80H240V90H174Z M96 104H146V130H96Z M206 90L214 90L228 132L222 134Z M206 90L214 90L200 134L194 132Z M100 60H150V72H100Z',
  knife: 'M30 112L92 98L96 118L34 128Q24 122 30 112Z M92 96Q160 60 236 62Q196 104 98 120Z M86 92H100V124H86Z',
  gloves:
    'M84 124V66Q84 56 94 56Q104 56 104 66V52Q104 40 114 40Q124 40 124 52V48Q124 36 134 36Q144 36 144 48V54Q144 44 154 44Q164 44 164 56V98L184 74Q194 66 202 74Q206 80 200 88L166 134Q156 146 140 146H104Q84 146 84 124Z M80 132H168V150H80Z',
  other: 'M128 40L176 96L128 152L80 96Z M128 56L164 96L128 136L92 96Z',
  // a wrapped box with a ribbon and a bow
  pack: 'M64 74H192V146H64Z M56 58H200V78H56Z M120 58H136V146H120Z M128 58Q104 28 96 44Q92 56 128 58Z M128 58Q152 28 160 44Q164 56 128 58Z',
  // a stack of coins
  credit: 'M80 124H176V144H80Z M88 102H184V122H88Z M72 80H168V100H72Z M84 58H180V78H84Z',
};

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

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
/** Ids unique per picture, so several inline SVGs on one page do not share gradients. */
const idFor = (s: string) => s.replace(/[^\w-]/g, '').slice(0, 40) || 'x';

export function itemSvg(item: ArtItem, rarityColor = '#b0c3d9'): string {
  const color = hexColor(rarityColor);
  const shape = SILHOUETTES[item.category] ?? SILHOUETTES.other!;
  const id = `i-${idFor(item.key)}`;
  const label = escapeXml(clip(item.skinEn ?? item.nameEn, 30));
  const weapon = escapeXml(clip(item.weaponEn, 30));
  const badges = [
    item.stattrak ? `<text x="14" y="24" font-size="12" font-weight="700" fill="#cf6a32">StatTrak™</text>` : '',
    item.quality
      ? `<text x="242" y="24" font-size="12" font-weight="700" text-anchor="end" fill="${shade(color, 0.4)}">${escapeXml(item.quality)}</text>`
      : '',
  ].join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 192" width="256" height="192" font-family="system-ui,Segoe UI,Arial,sans-serif">` +
    `<defs>` +
    `<radialGradient id="${id}-glow" cx="50%" cy="48%" r="60%"><stop offset="0" stop-color="${color}" stop-opacity=".45"/><stop offset=".55" stop-color="${shade(color, -0.7)}" stop-opacity=".25"/><stop offset="1" stop-color="#0b0d12" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}-fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(color, 0.45)}"/><stop offset=".5" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, -0.45)}"/></linearGradient>` +
    `</defs>` +
    `<ellipse cx="128" cy="96" rx="124" ry="86" fill="url(#${id}-glow)"/>` +
    `<path d="${shape}" fill="#000" opacity=".35" transform="translate(3 5)"/>` +
    // outline first, fill on top: only the outer half of the stroke shows, no seams between parts
    `<path d="${shape}" fill="none" stroke="${shade(color, 0.6)}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="${shape}" fill="url(#${id}-fill)"/>` +
    badges +
    `<text x="128" y="166" font-size="11" text-anchor="middle" fill="#9aa3b2">${weapon}</text>` +
    `<text x="128" y="182" font-size="13" font-weight="600" text-anchor="middle" fill="#f1f3f7">${label}</text>` +
    `</svg>`
  );
}

export function caseSvg(c: ArtCase): string {
  const color = hexColor(c.color, '#e4ae39');
  const id = `c-${idFor(c.slug)}`;
  const name = escapeXml(clip(c.nameEn, 26));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" font-family="system-ui,Segoe UI,Arial,sans-serif">` +
    `<defs>` +
    `<radialGradient id="${id}-glow" cx="50%" cy="52%" r="55%"><stop offset="0" stop-color="${color}" stop-opacity=".5"/><stop offset="1" stop-color="#0b0d12" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}-front" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(color, 0.15)}"/><stop offset="1" stop-color="${shade(color, -0.45)}"/></linearGradient>` +
    `<linearGradient id="${id}-top" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${shade(color, 0.35)}"/><stop offset="1" stop-color="${shade(color, 0.6)}"/></linearGradient>` +
    `</defs>` +
    `<rect width="256" height="256" fill="url(#${id}-glow)"/>` +
    `<ellipse cx="136" cy="214" rx="96" ry="10" fill="#000" opacity=".45"/>` +
    // top, right side, front faces of the crate
    `<path d="M40 92L76 60H228L192 92Z" fill="url(#${id}-top)"/>` +
    `<path d="M192 92L228 60V172L192 206Z" fill="${shade(color, -0.55)}"/>` +
    `<rect x="40" y="92" width="152" height="114" rx="4" fill="url(#${id}-front)"/>` +
    // lid seam, metal bands and corners
    `<rect x="40" y="112" width="152" height="6" fill="${shade(color, -0.6)}" opacity=".8"/>` +
    `<path d="M192 112L228 80V86L192 118Z" fill="${shade(color, -0.75)}" opacity=".8"/>` +
    `<rect x="40" y="92" width="10" height="114" fill="${shade(color, -0.3)}"/><rect x="182" y="92" width="10" height="114" fill="${shade(color, -0.3)}"/>` +
    // latch
    `<rect x="102" y="106" width="28" height="30" rx="4" fill="#1c1f27" stroke="${shade(color, 0.5)}" stroke-width="2"/>` +
    `<circle cx="116" cy="121" r="4" fill="${shade(color, 0.5)}"/>` +
    // highlight
    `<path d="M54 98H110L86 200H54Z" fill="#fff" opacity=".12"/>` +
    `<path d="M80 64H224L218 70H74Z" fill="#fff" opacity=".35"/>` +
    `<text x="128" y="244" font-size="16" font-weight="700" text-anchor="middle" fill="#f1f3f7">${name}</text>` +
    `</svg>`
  );
}
