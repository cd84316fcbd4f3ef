import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { grant, hydrated, register, shoot, signIn, watchAlerts, WIDTHS, type Player } from './helpers.ts';

const texts = {
  ru: {
    saved: 'Клиентский сид сохранён',
    rotated: 'Серверный сид раскрыт',
    invalidSeed: 'Клиентский сид: от 1 до 64',
    match: 'Совпадает',
    mismatch: 'Не совпадает',
    inGame: 'Сменить сид нельзя, пока идёт ваша игра',
  },
  en: {
    saved: 'Client seed saved',
    rotated: 'Server seed revealed',
    invalidSeed: 'A client seed is 1 to 64',
    match: 'Match',
    mismatch: 'Mismatch',
    inGame: 'The seed cannot be changed while one of your games is in progress',
  },
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Shots of a part further down the page: scrolled to it at each width, since a narrower page is longer. */
async function shootPart(page: Page, name: string, part: Locator) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width <= 360 ? 780 : 900 });
    await part.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(page, name, [width]);
  }
}

const data = async (request: APIRequestContext, path: string, player?: Player) =>
  (await (await request.get(path, { headers: player?.headers })).json()).data;

/** The cheapest plain case on sale for site currency (one a battle may use, if asked), opened one at a time. */
async function cheapestCase(request: APIRequestContext, battle = false): Promise<{ id: number; slug: string }> {
  const sections = (await data(request, '/api/v2/case/sections/with-cases?main=1')) as any[];
  const box = sections
    .flatMap((s) => s.cases)
    .filter(
      (c) =>
        c.available &&
        c.price_data.currency === 'GOLD' &&
        !c.daily &&
        !c.multifix_number &&
        !c.multicast_data &&
        c.statistic_data.opens_limit === null,
    )
    .filter((c) => !battle || c.battle_allowed)
    .sort((a, b) => a.price_data.price - b.price_data.price)[0];
  expect(box, 'the store sells a plain case').toBeTruthy();
  return box;
}

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : '';
  const t = texts[lang];

  test(`${lang}: a player sets a client seed, rotates, and checks an opening: the browser recomputes the same ticket`, async ({
    page,
    request,
    baseURL,
  }) => {
    const player = await register(request);
    await grant(player.login, 3000);
    const box = await cheapestCase(request);

    await signIn(page, baseURL!, player);
    const alerts = await watchAlerts(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${prefix}/provably-fair/settings`);
    await hydrated(page);
    await expect(page.getByTestId('pf-tab-settings')).toHaveClass(/on/);
    const hash = page.getByTestId('pf-current-hash');
    const committed = (await hash.textContent())!;
    expect(committed).toMatch(/^[0-9a-f]{64}$/);

    // The browser checks the seed by the shared rule before asking the server.
    const input = page.getByTestId('pf-client-seed-input');
    await input.fill('not a seed!');
    await page.getByTestId('pf-client-seed-save').click();
    await expect(page.getByTestId('pf-client-seed-error')).toContainText(t.invalidSeed);
    const clientSeed = `e2e_${lang}-${Date.now()}`;
    await input.fill(clientSeed);
    await expect(page.getByTestId('pf-client-seed-error')).toHaveCount(0);
    await page.getByTestId('pf-client-seed-save').click();
    await alerts.shown(t.saved);
    await expect(page.getByTestId('pf-client-seed-save')).toBeDisabled();
    expect((await data(request, '/api/v1/provably-fair/seeds', player)).current.client_seed).toBe(clientSeed);

    // An opening through the API rolls with that pair. Fast: the store takes the player's next
    // opening (on the case page below) only once this one's roulette would have stopped.
    const res = await request.post(`/api/v1/cases/${box.slug}/open`, {
      data: { multi_open: 1, fast: true },
      headers: { ...player.headers, 'x-client-language': lang },
    });
    expect(res.status()).toBe(200);
    const opening = (await res.json()).data.opens[0];
    expect(opening.client_seed).toBe(clientSeed);
    expect(opening.server_seed_hash).toBe(committed);
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('pf-next-nonce')).toHaveText(String(opening.nonce + 1));
    await expect(page.getByTestId('pf-revealed-history').locator('.empty')).toBeVisible();
    await shoot(page, `${lang}-pf-settings`);

    // Rotation reveals the server seed behind the hash shown before the opening.
    await page.getByTestId('pf-rotate-button').click();
    await alerts.shown(t.rotated);
    const revealed = page.getByTestId('pf-revealed');
    await expect(revealed).toBeVisible();
    const serverSeed = (await revealed.getByTestId('pf-revealed-server-seed').textContent())!;
    expect(sha256(serverSeed)).toBe(committed);
    await expect(hash).not.toHaveText(committed);
    // A new pair: its first roll takes nonce 1.
    await expect(page.getByTestId('pf-next-nonce')).toHaveText('1');
    await expect(page.getByTestId('pf-revealed-history').getByTestId('pf-revealed-row')).toHaveCount(1);
    await shoot(page, `${lang}-pf-rotated`);
    await shootPart(page, `${lang}-pf-revealed`, revealed);
    await shootPart(page, `${lang}-pf-revealed-history`, page.getByTestId('pf-revealed-row'));

    // The case page leads to the player's openings of it, each with its ticket and a way to check it.
    await page.goto(`${prefix}/open/${box.slug}`);
    await hydrated(page);
    await expect(page.getByTestId('case-history-link')).toBeVisible();
    await shoot(page, `${lang}-pf-case-page-link`);
    await page.getByTestId('case-history-link').click();
    await expect(page).toHaveURL(`${prefix}/provably-fair/case-history/${box.id}`);
    const row = page.locator(`[data-testid="pf-history-row"][data-id="${opening.id}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('pf-history-ticket')).toHaveText(String(opening.ticket));
    await shoot(page, `${lang}-pf-case-history`);

    await row.getByTestId('pf-history-verify').click();
    await expect(page).toHaveURL(`${prefix}/provably-fair/check?kind=case&id=${opening.id}`);
    const outcome = page.getByTestId('pf-outcome');
    await expect(outcome).toHaveAttribute('data-id', String(opening.id));
    await expect(outcome.getByTestId('pf-outcome-server-seed')).toHaveText(serverSeed);
    const verdict = page.getByTestId('pf-verdict');
    await expect(verdict).toHaveAttribute('data-state', 'match');
    await expect(verdict).toContainText(t.match);
    await expect(page.getByTestId('pf-hash-check')).toHaveAttribute('data-ok', 'true');
    const roll = page.getByTestId('pf-roll');
    await expect(roll).toHaveCount(1);
    await expect(roll).toHaveAttribute('data-stored', String(opening.ticket));
    await expect(roll).toHaveAttribute('data-computed', String(opening.ticket));
    await expect(page.locator('[data-testid="pf-result"][data-what="item"]')).toHaveAttribute('data-ok', 'true');
    // The player's own list holds it, marked revealed, and picking it is the same check.
    const listed = page.locator(`[data-testid="pf-outcome-item"][data-kind="case"][data-id="${opening.id}"]`);
    await expect(listed).toHaveAttribute('aria-current', 'true');
    await shoot(page, `${lang}-pf-check`);
    await shootPart(page, `${lang}-pf-check-tickets`, page.getByTestId('pf-roll'));
    await shootPart(page, `${lang}-pf-check-list`, listed);

    // An opening on the case page: the result links to its check; its seed is still hidden (the new pair).
    await page.goto(`${prefix}/open/${box.slug}`);
    await hydrated(page);
    await page.getByTestId('open-case').click();
    // The roulette plays out (a click on "skip" raced the roulette's own end on a slow machine).
    const link = page.getByTestId('open-result').getByTestId('fair-check-link').first();
    await expect(link).toBeVisible({ timeout: 20_000 });
    await shoot(page, `${lang}-pf-open-result-link`);
    const secondId = await link.getAttribute('data-id');
    await link.click();
    await expect(page.getByTestId('pf-outcome')).toHaveAttribute('data-id', secondId!);
    await expect(page.getByTestId('pf-unrevealed')).toBeVisible();
    await expect(page.getByTestId('pf-verdict')).toHaveCount(0);
    // The old pair's seed pasted for it does not hash to this outcome's commitment.
    await page.getByTestId('pf-paste-seed').fill(serverSeed);
    await page.getByTestId('pf-paste-verify').click();
    await expect(page.getByTestId('pf-verdict')).toHaveAttribute('data-state', 'mismatch');
    await expect(page.getByTestId('pf-verdict')).toContainText(t.mismatch);
    await expect(page.getByTestId('pf-hash-check')).toHaveAttribute('data-ok', 'false');
    await shoot(page, `${lang}-pf-check-unrevealed`);
    await shootPart(page, `${lang}-pf-check-mismatch`, page.getByTestId('pf-hash-check'));

    // The manual check gives the same ticket as the store for the first opening.
    await page.getByTestId('pf-manual-serverSeed').fill(serverSeed);
    await page.getByTestId('pf-manual-clientSeed').fill(clientSeed);
    await page.getByTestId('pf-manual-nonce').fill(String(opening.nonce));
    await page.getByTestId('pf-manual-cursor').fill(String(opening.cursor));
    await page.getByTestId('pf-manual-game').selectOption('case');
    await page.getByTestId('pf-manual-oddsId').fill(String(opening.odds_id));
    await page.getByTestId('pf-manual-compute').click();
    await expect(page.getByTestId('pf-manual-ticket')).toHaveText(String(opening.ticket));
    await expect(page.getByTestId('pf-manual-result')).toContainText(opening.item.name);
    await shootPart(page, `${lang}-pf-manual`, page.getByTestId('pf-manual-result'));

    // Sitting in a battle that has not ended, the player cannot rotate: the server's refusal is the alert.
    const battleBox = await cheapestCase(request, true);
    const created = await request.post('/api/battles/battles', {
      data: { mode: '1v1', cases: [{ slug: battleBox.slug, count: 1 }] },
      headers: { ...player.headers, 'x-client-language': lang },
    });
    expect(created.status()).toBe(200);
    const battleUlid = (await created.json()).data.battle_ulid;
    await page.goto(`${prefix}/provably-fair/settings`);
    await hydrated(page);
    const hashInBattle = (await hash.textContent())!;
    await page.getByTestId('pf-rotate-button').click();
    await alerts.shown(t.inGame);
    await expect(page.getByTestId('pf-revealed')).toHaveCount(0);
    await expect(hash).toHaveText(hashInBattle);

    // Played out with bots, the battle shows its seeds; its page links to the check, where every drop matches.
    const started = await request.post('/api/battles/start', { data: { battle_ulid: battleUlid }, headers: player.headers });
    expect(started.status()).toBe(200);
    await expect
      .poll(async () => (await data(request, `/api/battles/battle?battle_ulid=${battleUlid}`, player)).status, { timeout: 30_000 })
      .toBe('finished');
    await page.goto(`${prefix}/battles/${battleUlid}`);
    await hydrated(page);
    await page.getByTestId('battle-fair').getByTestId('fair-check-link').click();
    await expect(page.getByTestId('pf-outcome')).toHaveAttribute('data-kind', 'battle');
    await expect(page.getByTestId('pf-verdict')).toHaveAttribute('data-state', 'match');
    await expect(page.getByTestId('pf-roll')).toHaveCount(2);
    await expect(page.locator('[data-testid="pf-result"][data-what="drop"][data-ok="true"]')).toHaveCount(2);
    await shootPart(page, `${lang}-pf-check-battle`, page.getByTestId('pf-verdict'));
  });

  test(`${lang}: a guest reads the instructions; settings and check send a guest there`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const path of ['/provably-fair/settings', '/provably-fair/check?kind=case&id=1']) {
      await page.goto(`${prefix}${path}`);
      await expect(page).toHaveURL(`${prefix}/provably-fair/instructions`);
    }
    await hydrated(page);
    await expect(page.getByTestId('pf-instructions')).toBeVisible();
    await expect(page.getByTestId('pf-tab-instructions')).toHaveClass(/on/);
    await expect(page.getByTestId('pf-snippet')).toContainText("createHmac('sha256', serverSeed)");
    await expect(page.getByTestId('pf-formula')).toContainText('100');
    await shoot(page, `${lang}-pf-instructions`);
    await shootPart(page, `${lang}-pf-instructions-games`, page.getByTestId('pf-games'));
    await shootPart(page, `${lang}-pf-instructions-code`, page.getByTestId('pf-snippet'));
  });
}
