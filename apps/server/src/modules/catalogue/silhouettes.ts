/**
 * Weapon silhouettes for the generated art (art.ts), one per weapon rather than one per class
 * (with one per class, every glove was the same drawing). Each class is put together from parts (stock,
 * receiver, barrel, magazine, sights, muzzle; slide and grip; blade and handle; cuff and
 * fingers) whose kinds and sizes come from the weapon's name, so an AK-47 always looks the same
 * and differs from an M4A4 beside it. Paths live in the 256×192 item box; every sub-path runs
 * clockwise on screen, so they fill as one shape under the nonzero rule.
 */

/** A small deterministic hash (FNV-1a) of a name: the source of every choice below. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Successive choices drawn from one hash: `pick(n)` in [0, n), `span(a, b)` in [a, b]. */
function chooser(name: string) {
  let state = nameHash(name) || 1;
  const next = () => {
    // xorshift32: cheap, and every choice moves the state on
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  return {
    pick: (n: number) => Math.floor(next() * n),
    span: (a: number, b: number) => Math.round(a + next() * (b - a)),
  };
}

const r = (n: number) => Math.round(n * 10) / 10;
const rect = (x1: number, y1: number, x2: number, y2: number) => `M${r(x1)} ${r(y1)}H${r(x2)}V${r(y2)}H${r(x1)}Z`;
const poly = (...pts: [number, number][]) => `M${pts.map(([x, y]) => `${r(x)} ${r(y)}`).join('L')}Z`;
const circle = (cx: number, cy: number, rad: number) => `M${r(cx - rad)} ${r(cy)}A${rad} ${rad} 0 1 1 ${r(cx + rad)} ${r(cy)}A${rad} ${rad} 0 1 1 ${r(cx - rad)} ${r(cy)}Z`;

interface LongGun {
  stock: 'wedge' | 'skeleton' | 'straight' | 'none';
  stockW: number;
  receiver: number;
  height: number;
  barrel: number;
  mag: 'curved' | 'straight' | 'drum' | 'pump' | 'box';
  magLen: number;
  top: 'none' | 'rail' | 'handle' | 'scope';
  muzzle: 'none' | 'brake' | 'suppressor';
  gripSlant: number;
}

function longGunPlan(cls: string, name: string): LongGun {
  const c = chooser(`${cls}:${name}`);
  const of = <T>(list: readonly T[]): T => list[c.pick(list.length)]!;
  switch (cls) {
    case 'smg':
      return {
        stock: of(['skeleton', 'straight', 'none'] as const),
        stockW: c.span(28, 40),
        receiver: c.span(66, 88),
        height: c.span(20, 26),
        barrel: c.span(20, 42),
        mag: of(['straight', 'curved', 'straight'] as const),
        magLen: c.span(30, 46),
        top: of(['none', 'rail'] as const),
        muzzle: of(['none', 'brake', 'suppressor'] as const),
        gripSlant: c.span(2, 10),
      };
    case 'sniper':
      return {
        stock: of(['wedge', 'skeleton', 'straight'] as const),
        stockW: c.span(46, 56),
        receiver: c.span(80, 96),
        height: c.span(18, 24),
        barrel: c.span(74, 94),
        mag: 'straight',
        magLen: c.span(14, 24),
        top: 'scope',
        muzzle: of(['none', 'brake'] as const),
        gripSlant: c.span(6, 14),
      };
    case 'shotgun':
      return {
        stock: of(['wedge', 'straight', 'wedge'] as const),
        stockW: c.span(40, 52),
        receiver: c.span(64, 84),
        height: c.span(20, 26),
        barrel: c.span(66, 88),
        mag: of(['pump', 'pump', 'box'] as const),
        magLen: c.span(24, 34),
        top: of(['none', 'rail'] as const),
        muzzle: 'none',
        gripSlant: c.span(6, 14),
      };
    case 'machinegun':
      return {
        stock: of(['wedge', 'straight'] as const),
        stockW: c.span(40, 50),
        receiver: c.span(96, 112),
        height: c.span(26, 32),
        barrel: c.span(54, 70),
        mag: of(['drum', 'box'] as const),
        magLen: c.span(26, 34),
        top: of(['rail', 'handle'] as const),
        muzzle: of(['brake', 'none'] as const),
        gripSlant: c.span(4, 10),
      };
    default:
      return {
        stock: of(['wedge', 'skeleton', 'straight'] as const),
        stockW: c.span(38, 52),
        receiver: c.span(80, 104),
        height: c.span(20, 28),
        barrel: c.span(44, 70),
        mag: of(['curved', 'straight', 'curved'] as const),
        magLen: c.span(32, 46),
        top: of(['none', 'rail', 'handle', 'rail'] as const),
        muzzle: of(['none', 'brake', 'suppressor'] as const),
        gripSlant: c.span(4, 12),
      };
  }
}

function longGun(p: LongGun): string {
  const muzzleLen = p.muzzle === 'suppressor' ? 26 : p.muzzle === 'brake' ? 9 : 0;
  const total = p.stockW + p.receiver + p.barrel + muzzleLen;
  // Fit the gun into 228 px and centre it.
  const k = Math.min(1, 228 / total);
  const left = 128 - (total * k) / 2;
  const X = (x: number) => left + x * k;
  const yc = 90;
  const h = p.height;
  const x0 = X(p.stockW);
  const x1 = X(p.stockW + p.receiver);
  const x2 = X(p.stockW + p.receiver + p.barrel);
  const parts: string[] = [rect(x0, yc - h / 2, x1, yc + h / 2)];
  const xs = X(0);
  if (p.stock === 'wedge') parts.push(poly([xs, yc - 6], [x0 + 1, yc - h / 2], [x0 + 1, yc + h / 2], [xs + 4, yc + h / 2 + 12]));
  if (p.stock === 'skeleton') {
    parts.push(rect(xs, yc - h / 2, x0 + 1, yc - h / 2 + 6));
    parts.push(poly([xs, yc + 8], [x0 + 1, yc + 2], [x0 + 1, yc + 8], [xs, yc + 14]));
    parts.push(rect(xs - 4, yc - h / 2 - 2, xs + 5, yc + 18));
  }
  if (p.stock === 'straight') parts.push(rect(xs, yc - h / 2 + 2, x0 + 1, yc + h / 2 - 2), rect(xs - 3, yc - h / 2, xs + 8, yc + h / 2 + 4));
  if (p.stock === 'none') parts.push(rect(x0 - 10 * k, yc - 4, x0 + 1, yc + 6));
  // barrel and handguard
  parts.push(rect(x1 - 1, yc - h / 2 + 3, x2, yc - h / 2 + 8));
  parts.push(rect(x1 - 1, yc - h / 2 + 1, x1 + (x2 - x1) * 0.45, yc + h / 2 - 5));
  if (p.muzzle === 'brake') parts.push(rect(x2 - 1, yc - h / 2 + 1, x2 + 9 * k, yc - h / 2 + 10));
  if (p.muzzle === 'suppressor') parts.push(rect(x2 - 1, yc - h / 2, x2 + 26 * k, yc - h / 2 + 11));
  // pistol grip behind the magazine
  const gx = x0 + (x1 - x0) * 0.22;
  parts.push(poly([gx, yc + h / 2 - 1], [gx + 14, yc + h / 2 - 1], [gx + 10 + p.gripSlant, yc + h / 2 + 30], [gx - 4 + p.gripSlant, yc + h / 2 + 30]));
  parts.push(rect(gx + 14, yc + h / 2 - 1, gx + 34, yc + h / 2 + 3));
  const mx = x0 + (x1 - x0) * 0.52;
  const mb = yc + h / 2 - 1;
  if (p.mag === 'curved') parts.push(`M${r(mx)} ${r(mb)}H${r(mx + 15)}Q${r(mx + 20)} ${r(mb + p.magLen * 0.5)} ${r(mx + 28)} ${r(mb + p.magLen)}L${r(mx + 14)} ${r(mb + p.magLen + 5)}Q${r(mx + 5)} ${r(mb + p.magLen * 0.5)} ${r(mx)} ${r(mb)}Z`);
  if (p.mag === 'straight' || p.mag === 'box') parts.push(rect(mx, mb, mx + (p.mag === 'box' ? 30 : 14), mb + p.magLen));
  if (p.mag === 'drum') parts.push(rect(mx + 6, mb, mx + 18, mb + 8), circle(mx + 12, mb + 22, 16));
  if (p.mag === 'pump') parts.push(rect(x1 + 6, yc + h / 2 - 6, x1 + 6 + p.magLen + 14, yc + h / 2 + 3));
  if (p.top === 'rail') parts.push(rect(x0 + 8, yc - h / 2 - 4, x1 - 4, yc - h / 2 + 1));
  if (p.top === 'handle') {
    const a = x0 + (x1 - x0) * 0.3;
    const b = x0 + (x1 - x0) * 0.75;
    parts.push(`M${r(a)} ${r(yc - h / 2 + 1)}V${r(yc - h / 2 - 12)}H${r(b)}V${r(yc - h / 2 + 1)}H${r(b - 6)}V${r(yc - h / 2 - 6)}H${r(a + 6)}V${r(yc - h / 2 + 1)}Z`);
  }
  if (p.top === 'scope') {
    const a = x0 + (x1 - x0) * 0.12;
    const b = x0 + (x1 - x0) * 0.92;
    parts.push(rect(a + 10, yc - h / 2 - 8, a + 16, yc - h / 2 + 1), rect(b - 16, yc - h / 2 - 8, b - 10, yc - h / 2 + 1));
    parts.push(`M${r(a + 6)} ${r(yc - h / 2 - 22)}H${r(b - 6)}Q${r(b)} ${r(yc - h / 2 - 22)} ${r(b)} ${r(yc - h / 2 - 16)}Q${r(b)} ${r(yc - h / 2 - 8)} ${r(b - 6)} ${r(yc - h / 2 - 8)}H${r(a + 6)}Q${r(a)} ${r(yc - h / 2 - 8)} ${r(a)} ${r(yc - h / 2 - 16)}Q${r(a)} ${r(yc - h / 2 - 22)} ${r(a + 6)} ${r(yc - h / 2 - 22)}Z`);
  }
  return parts.join(' ');
}

function pistol(name: string): string {
  const c = chooser(`pistol:${name}`);
  const revolver = /revolver|r8/i.test(name) || c.pick(9) === 0;
  const slide = c.span(104, 140);
  const sh = c.span(18, 26);
  const slant = c.span(6, 16);
  const grip = c.span(46, 58);
  const left = 128 - slide / 2;
  const top = 66;
  const parts = [rect(left, top, left + slide, top + sh)];
  if (revolver) parts.push(circle(left + 34, top + sh + 4, 13), rect(left + slide - 6, top + 4, left + slide + 16, top + 12));
  else if (c.pick(3) === 0) parts.push(rect(left + slide - 2, top + 3, left + slide + 10, top + sh - 3));
  if (c.pick(2) === 0) parts.push(poly([left - 8, top + 2], [left + 2, top], [left + 2, top + 10]));
  const gx = left + 6;
  parts.push(poly([gx, top + sh - 1], [gx + 36, top + sh - 1], [gx + 30 + slant, top + sh + grip], [gx - 2 + slant, top + sh + grip]));
  parts.push(`M${r(gx + 36)} ${r(top + sh - 1)}H${r(gx + 58)}Q${r(gx + 58)} ${r(top + sh + 16)} ${r(gx + 40)} ${r(top + sh + 16)}L${r(gx + 38)} ${r(top + sh + 10)}Q${r(gx + 50)} ${r(top + sh + 10)} ${r(gx + 50)} ${r(top + sh + 4)}H${r(gx + 36)}Z`);
  return parts.join(' ');
}

const BLADES = [
  // drop point
  'M96 98Q168 64 238 70Q214 112 100 118Z',
  // tanto
  'M96 98L214 80L238 92L214 112L100 118Z',
  // long bayonet
  'M96 98H230L244 106L230 114H96Z',
  // curved claw
  'M96 100Q170 118 226 66Q222 110 186 126Q146 138 98 120Z',
  // clip point with a swedge
  'M96 98H190L240 78Q226 114 180 120H100Z',
] as const;

function knife(name: string): string {
  const c = chooser(`knife:${name}`);
  const blade = BLADES[/karambit|talon|hawkbill/i.test(name) ? 3 : /bayonet/i.test(name) ? 2 : c.pick(BLADES.length)]!;
  const handle = c.span(62, 80);
  const parts = [blade, `M${96 - handle} 100H98V124H${96 - handle}Q${96 - handle - 8} 112 ${96 - handle} 100Z`];
  if (c.pick(2) === 0) parts.push(rect(90, 88, 100, 130));
  if (/karambit/i.test(name) || c.pick(5) === 0) parts.push(circle(96 - handle - 8, 112, 12));
  if (/butterfly/i.test(name)) parts.push(rect(98 - handle, 124, 96, 132));
  return parts.join(' ');
}

function gloves(name: string): string {
  const c = chooser(`gloves:${name}`);
  const fingerless = /wrap|driver|fingerless/i.test(name) || c.pick(4) === 0;
  const reach = fingerless ? 18 : c.span(28, 36);
  const spread = c.span(0, 6);
  const parts: string[] = [];
  // four fingers, each a rounded bar; the thumb reaches out to the right
  [0, 1, 2, 3].forEach((i) => {
    const x = 86 + i * (20 + spread / 2);
    const tip = 66 - reach + Math.abs(1.5 - i) * 6;
    parts.push(`M${r(x)} 70V${r(tip + 8)}Q${r(x)} ${r(tip)} ${r(x + 9)} ${r(tip)}Q${r(x + 18)} ${r(tip)} ${r(x + 18)} ${r(tip + 8)}V70Z`);
  });
  parts.push('M84 68H168V120Q168 146 140 146H108Q84 146 84 122Z');
  parts.push(`M166 102L${r(186 + spread)} 76Q${r(196 + spread)} 68 ${r(203 + spread)} 76Q${r(207 + spread)} 84 ${r(200 + spread)} 90L168 132Z`);
  const cuff = c.span(14, 24);
  parts.push(rect(80, 142, 172, 142 + cuff));
  if (c.pick(2) === 0) parts.push(rect(76, 118, 176, 126));
  return parts.join(' ');
}

/** The silhouette of one weapon of a class; packs, credits and unknowns keep their fixed shapes. */
export function weaponSilhouette(category: string, weapon: string): string | null {
  switch (category) {
    case 'rifle':
    case 'smg':
    case 'sniper':
    case 'shotgun':
    case 'machinegun':
      return longGun(longGunPlan(category, weapon));
    case 'pistol':
      return pistol(weapon);
    case 'knife':
      return knife(weapon);
    case 'gloves':
      return gloves(weapon);
    default:
      return null;
  }
}
