import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { overlaysDismissed } from '../support/overlays.ts';
import { cheapCase, hydrated, register, shoot, signIn, type Player } from './helpers.ts';

/**
 * Four seats on a phone (360 px): every seat's name whole, the winners' crowns inside their seats,
 * and the pictures of what each seat won during the live battle shown as they land, without a reload.
 */

/** Whether every dropped item's picture in the arena shows: loaded, or swapped for its drawing once it failed. */
const blankPictures = (page: Page) =>
  page
    .locator('[data-testid="battle-seat"] .seat__drops img, [data-testid="battle-landed"] img')
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).filter((i) => !(i.complete && i.naturalWidth > 0)).map((i) => i.currentSrc || i.src || '(no address)'),
    );

// The store of playwright.config.ts that keeps the catalogue's real pictures (the others draw
// every picture themselves): live drops there are pictures from another host, as in production.
const STORE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;
test.use({ baseURL: STORE, storageState: overlaysDismissed(STORE) });

/** Support's grant on that store (helpers.ts's `grant` reaches the project's own). */
async function grant(login: string, amount: number) {
  const root = path.resolve(import.meta.dirname, '../..');
  await promisify(execFile)(
    process.execPath,
    [path.join(root, 'apps/server/dist/admin.mjs'), 'grant', '--login', login, '--amount', String(amount)],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: process.env.E2E_PREFIXED_DATA_DIR, DATABASE_URL: '', REDIS_URL: '' },
    },
  );
}

async function fourPlayers(request: APIRequestContext): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = 0; i < 4; i++) {
    const p = await register(request);
    await grant(p.login, 1000);
    players.push(p);
  }
  return players;
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a four-seat battle on a phone shows every name whole, crowns inside their seats, and each drop's picture as it lands`, async ({
    page,
    request,
    baseURL,
  }) => {
    const prefix = `/${lang}`;
    const [host, ...others] = await fourPlayers(request);
    const box = await cheapCase(page);
    const created = await request.post('/api/battles/battles', {
      headers: host!.headers,
      data: { mode: '1v1v1v1', cases: [{ slug: box.slug, count: 3 }] },
    });
    expect(created.status()).toBe(200);
    const ulid = ((await created.json()).data as { battle_ulid: string }).battle_ulid;
    for (const p of others.slice(0, 2))
      expect((await request.post('/api/battles/join', { headers: p.headers, data: { battle_ulid: ulid } })).status()).toBe(200);

    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, baseURL!, host!);
    await page.goto(`${prefix}/battles/${ulid}`);
    await hydrated(page);
    await expect(page.getByTestId('battle-seat')).toHaveCount(4);
    // Each landed drop's picture, as the next round's reel takes its place: shown or blank.
    await page.evaluate(() => {
      const w = window as unknown as { __landed: boolean[] };
      w.__landed = [];
      // The selector matches the landed card itself too, when it is the node removed.
      const look = (node: Node) => {
        if (!(node instanceof HTMLElement)) return;
        for (const img of node.querySelectorAll<HTMLImageElement>('[data-testid="battle-landed"] img'))
          w.__landed.push(img.complete && img.naturalWidth > 0);
      };
      new MutationObserver((records) => records.forEach((r) => r.removedNodes.forEach(look))).observe(document.body, {
        childList: true,
        subtree: true,
      });
    });
    // The last seat taken starts it: every round from now on arrives live on this page.
    expect((await request.post('/api/battles/join', { headers: others[2]!.headers, data: { battle_ulid: ulid } })).status()).toBe(200);

    // Each round's drops, as they land, show their pictures without a reload.
    for (let round = 1; round <= 3; round++) {
      await expect(page.locator('[data-testid="battle-seat"] .seat__drops li')).toHaveCount(4 * round, { timeout: 60_000 });
      await expect.poll(() => blankPictures(page), { message: `round ${round}: every dropped item's picture shows` }).toEqual([]);
    }
    await expect(page.locator('[data-testid="battle-seat"][data-winner="true"]')).toHaveCount(1, { timeout: 60_000 });
    // Rounds 1 and 2 landed in all four seats and were replaced by the next reels: each picture showed while it was up.
    const landed = await page.evaluate(() => (window as unknown as { __landed: boolean[] }).__landed);
    expect(landed.length).toBeGreaterThanOrEqual(8);
    expect(
      landed.filter((shown) => !shown),
      'landed pictures still blank when the next round began',
    ).toEqual([]);
    await expect.poll(() => blankPictures(page)).toEqual([]);

    // Every seat's whole name, nothing cut off.
    const names = page.getByTestId('battle-seat-name');
    for (let i = 0; i < 4; i++) {
      const name = names.nth(i);
      const fit = await name.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, text: el.textContent }));
      expect(fit.scroll, `seat ${i + 1}'s name "${fit.text}" fits`).toBeLessThanOrEqual(fit.client);
    }
    const battle = (await (await request.get(`/api/battles/battle?battle_ulid=${ulid}`)).json()).data as {
      members: { seat: number; name: string }[];
    };
    for (const m of battle.members)
      await expect(page.locator(`[data-testid="battle-seat"][data-seat="${m.seat}"] [data-testid="battle-seat-name"]`)).toContainText(
        m.name,
      );

    // The winner's crown lies wholly inside the winner's seat.
    const winner = page.locator('[data-testid="battle-seat"][data-winner="true"]');
    const seatBox = (await winner.boundingBox())!;
    const crownBox = (await winner.locator('.seat__crown').boundingBox())!;
    expect(crownBox.x).toBeGreaterThanOrEqual(seatBox.x);
    expect(crownBox.y).toBeGreaterThanOrEqual(seatBox.y);
    expect(crownBox.x + crownBox.width).toBeLessThanOrEqual(seatBox.x + seatBox.width);
    expect(crownBox.y + crownBox.height).toBeLessThanOrEqual(seatBox.y + seatBox.height);
    await page.getByTestId('battle-arena').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shoot(page, `${lang}-battle-four-seats`);
  });
}
