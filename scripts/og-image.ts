/**
 * Draws the share pictures of the store (Open Graph and Twitter cards, 1200×630) in Chromium from
 * an HTML design with the catalogue's own crate art, one per game and language, into
 * apps/web/public/og (apps/web/app/lib/seo-head.ts SHARE_IMAGE names them). Each game has its
 * headline and the colours of its theme (apps/web/app/styles/themes.css).
 * Run again after changing the design: `node --import tsx scripts/og-image.ts`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { caseSvg } from '../apps/server/src/modules/catalogue/art.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/public/og');

const TEXTS = {
  ru: {
    headline: (game: string) => `Кейсы ${game} с выводом в Steam за&nbsp;1&nbsp;минуту`,
    modes: ['Батлы', 'Апгрейды', 'Контракты', 'Кейсы каждый день'],
    fair: 'Честные шансы: любой результат можно проверить',
  },
  en: {
    headline: (game: string) => `${game} cases with Steam withdrawal in&nbsp;1&nbsp;minute`,
    modes: ['Battles', 'Upgrades', 'Contracts', 'Daily cases'],
    fair: 'Provably fair: every result can be verified',
  },
} as const;

/** Each game's card: its name, file prefix, theme colours and its crates' rarity colours. */
const GAMES = {
  cs: {
    game: 'CS2',
    file: 'share',
    bg: '#0f1119',
    glow: 'rgba(245,183,59,.28)',
    glow2: 'rgba(61,139,255,.18)',
    line: '#2e3550',
    panel: '#1c2030',
    muted: '#8d96b5',
    accent: '#f5b73b',
    crates: ['#e4ae39', '#eb4b4b', '#8847ff'],
  },
  dota: {
    game: 'Dota&nbsp;2',
    file: 'share-dota',
    bg: '#0e0b0a',
    glow: 'rgba(217,80,47,.30)',
    glow2: 'rgba(40,120,90,.20)',
    line: '#43332d',
    panel: '#211a18',
    muted: '#ab9a8f',
    accent: '#e6ad3e',
    crates: ['#ade55c', '#b28a33', '#d32ce6'],
  },
} as const;

const crate = (slug: string, nameEn: string, color: string) =>
  `data:image/svg+xml;base64,${Buffer.from(caseSvg({ slug, nameEn, color })).toString('base64')}`;

function page(project: keyof typeof GAMES, lang: keyof typeof TEXTS): string {
  const t = TEXTS[lang];
  const g = GAMES[project];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; overflow: hidden; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; color: #eef1fa;
    background: radial-gradient(600px 420px at 960px 320px, ${g.glow}, transparent 70%),
                radial-gradient(520px 380px at 120px 640px, ${g.glow2}, transparent 70%), ${g.bg}; }
  .frame { position: absolute; inset: 24px; border: 2px solid ${g.line}; border-radius: 28px; }
  .left { position: absolute; left: 72px; top: 70px; width: 600px; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 44px; font-weight: 700; letter-spacing: -.5px; }
  .brand b { color: ${g.accent}; }
  h1 { margin-top: 44px; font-size: 54px; line-height: 1.12; font-weight: 700; letter-spacing: -1px; }
  .modes { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 32px; max-width: 560px; }
  .modes span { padding: 10px 20px; border-radius: 999px; background: ${g.panel}; border: 1px solid ${g.line}; font-size: 22px; color: #eef1fa; }
  .fair { margin-top: 26px; font-size: 20px; color: ${g.muted}; display: flex; gap: 12px; align-items: center; }
  .fair i { width: 14px; height: 14px; border-radius: 50%; background: #2fbf71; display: inline-block; }
  .crates { position: absolute; right: 30px; top: 70px; width: 470px; height: 500px; }
  .crates img { position: absolute; }
  .c1 { width: 330px; right: 90px; top: 0; }
  .c2 { width: 270px; right: 250px; top: 230px; }
  .c3 { width: 290px; right: 0; top: 220px; }
  </style></head><body><div class="frame"></div>
  <div class="left">
    <div class="brand"><svg width="64" height="64" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${g.accent}"/><path d="M9 11h14v12H9z" fill="#1a1d2b"/><path d="M9 11l3-4h8l3 4" fill="#ffd873"/></svg><span>Case<b>Store</b></span></div>
    <h1>${t.headline(g.game)}</h1>
    <div class="modes">${t.modes.map((m) => `<span>${m}</span>`).join('')}</div>
    <div class="fair"><i></i>${t.fair}</div>
  </div>
  <div class="crates">
    <img class="c1" src="${crate('og-gold', '', g.crates[0])}" alt="">
    <img class="c2" src="${crate('og-covert', '', g.crates[1])}" alt="">
    <img class="c3" src="${crate('og-classified', '', g.crates[2])}" alt="">
  </div></body></html>`;
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const tab = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const project of ['cs', 'dota'] as const) {
    for (const lang of ['ru', 'en'] as const) {
      const file = `${GAMES[project].file}-${lang}.png`;
      await tab.setContent(page(project, lang), { waitUntil: 'load' });
      await tab.screenshot({ path: path.join(out, file), type: 'png' });
      console.log(`apps/web/public/og/${file}`);
    }
  }
} finally {
  await browser.close();
}
