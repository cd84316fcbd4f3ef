/**
 * Draws the share pictures of the store (Open Graph and Twitter cards, 1200×630) in Chromium from
 * an HTML design with the catalogue's own crate art, one per language, into apps/web/public/og.
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
    headline: 'Кейсы CS2 с выводом в Steam за&nbsp;1&nbsp;минуту',
    modes: ['Батлы', 'Апгрейды', 'Контракты', 'Кейсы каждый день'],
    fair: 'Честные шансы: любой результат можно проверить',
  },
  en: {
    headline: 'CS2 cases with Steam withdrawal in&nbsp;1&nbsp;minute',
    modes: ['Battles', 'Upgrades', 'Contracts', 'Daily cases'],
    fair: 'Provably fair: every result can be verified',
  },
} as const;

const crate = (slug: string, nameEn: string, color: string) =>
  `data:image/svg+xml;base64,${Buffer.from(caseSvg({ slug, nameEn, color })).toString('base64')}`;

function page(lang: keyof typeof TEXTS): string {
  const t = TEXTS[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; overflow: hidden; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; color: #eef1fa;
    background: radial-gradient(600px 420px at 960px 320px, rgba(245,183,59,.28), transparent 70%),
                radial-gradient(520px 380px at 120px 640px, rgba(61,139,255,.18), transparent 70%), #0f1119; }
  .frame { position: absolute; inset: 24px; border: 2px solid #2e3550; border-radius: 28px; }
  .left { position: absolute; left: 72px; top: 70px; width: 600px; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 44px; font-weight: 700; letter-spacing: -.5px; }
  .brand b { color: #f5b73b; }
  h1 { margin-top: 44px; font-size: 54px; line-height: 1.12; font-weight: 700; letter-spacing: -1px; }
  .modes { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 32px; max-width: 560px; }
  .modes span { padding: 10px 20px; border-radius: 999px; background: #1c2030; border: 1px solid #2e3550; font-size: 22px; color: #eef1fa; }
  .fair { margin-top: 26px; font-size: 20px; color: #8d96b5; display: flex; gap: 12px; align-items: center; }
  .fair i { width: 14px; height: 14px; border-radius: 50%; background: #2fbf71; display: inline-block; }
  .crates { position: absolute; right: 30px; top: 70px; width: 470px; height: 500px; }
  .crates img { position: absolute; }
  .c1 { width: 330px; right: 90px; top: 0; }
  .c2 { width: 270px; right: 250px; top: 230px; }
  .c3 { width: 290px; right: 0; top: 220px; }
  </style></head><body><div class="frame"></div>
  <div class="left">
    <div class="brand"><svg width="64" height="64" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f5b73b"/><path d="M9 11h14v12H9z" fill="#1a1d2b"/><path d="M9 11l3-4h8l3 4" fill="#ffd873"/></svg><span>Case<b>Store</b></span></div>
    <h1>${t.headline}</h1>
    <div class="modes">${t.modes.map((m) => `<span>${m}</span>`).join('')}</div>
    <div class="fair"><i></i>${t.fair}</div>
  </div>
  <div class="crates">
    <img class="c1" src="${crate('og-gold', '', '#e4ae39')}" alt="">
    <img class="c2" src="${crate('og-covert', '', '#eb4b4b')}" alt="">
    <img class="c3" src="${crate('og-classified', '', '#8847ff')}" alt="">
  </div></body></html>`;
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const tab = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const lang of ['ru', 'en'] as const) {
    await tab.setContent(page(lang), { waitUntil: 'load' });
    await tab.screenshot({ path: path.join(out, `share-${lang}.png`), type: 'png' });
    console.log(`apps/web/public/og/share-${lang}.png`);
  }
} finally {
  await browser.close();
}
