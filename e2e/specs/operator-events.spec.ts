import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PUSH_BANNER_KEY } from '../../apps/web/app/lib/storage-keys.ts';
import { STORE_WIDE, hydrated, register, setRole, shoot, signIn, watchAlerts, type Player } from './helpers.ts';

/**
 * The console's events and battle pass (decision 035): an admin starts a season from a copy of
 * the last one, checks its pass in the preview and on its page; support only reads; a change of
 * the season players see reaches their event page, and ending it early hands the page back.
 */
const WIDTHS = [360, 768, 1280];

async function shootConsole(page: Page, name: string) {
  await expect(page.getByTestId('alert')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name, WIDTHS);
}

async function operatorOf(request: APIRequestContext, role: 'admin' | 'support'): Promise<Player> {
  const op = await register(request);
  await setRole(op.login, role);
  return op;
}

/** The push banner stands over the console in screenshots; this browser closed it a moment ago. */
const pushBannerClosed = (page: Page) => page.addInitScript((key) => localStorage.setItem(key, String(Date.now())), PUSH_BANNER_KEY);

const PASS = {
  levels: [{ threshold: 20, coins: 5 }, { threshold: 50, money: 2500 }, { threshold: 90, coins: 15, money: 5000 }],
  tasks: [{ level: 1, type: 'open_cases', target: 3, description: { ru: 'Откройте 3 кейса', en: 'Open 3 cases' }, coins: 4 }],
  raffle_prizes: [],
};

test('an admin starts a season from a copy of the last one, checks its pass, and opens its page; support only reads', async ({ page, browser, request, baseURL }) => {
  const admin = await operatorOf(request, 'admin');
  const support = await operatorOf(request, 'support');
  const slug = `pw-${Date.now().toString(36)}`;
  const alerts = await watchAlerts(page);
  await pushBannerClosed(page);
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/admin/events');
  await hydrated(page);
  await expect(page.getByTestId('console-nav-events')).toHaveText('События');
  await expect(page.locator('[data-testid="event-row"][data-state="running"]').first()).toBeVisible();
  await expect(page.getByTestId('event-shown')).toHaveCount(1);

  // The form starts from the latest season: its texts and pass, a new slug, a period after its end.
  await page.getByTestId('event-new').click();
  const form = page.getByTestId('event-create-form');
  await expect(form.getByTestId('event-slug')).toHaveValue(/.+-\d+$/);
  await expect(form.getByTestId('event-titleRu')).not.toHaveValue('');
  await expect(form.getByTestId('event-pass-preview').getByTestId('event-level').first()).toBeVisible();
  await form.getByTestId('event-slug').fill(slug);
  await form.getByTestId('event-titleRu').fill('Зимний сезон');
  await form.getByTestId('event-titleEn').fill('Winter season');
  // A pass that is not JSON: the preview says so, and the form will not send it.
  await form.getByTestId('event-pass').fill('{"levels": [');
  await expect(form.getByTestId('event-pass-preview')).toHaveCount(0);
  await form.getByTestId('event-submit').click();
  await expect(form.getByTestId('event-problem')).toContainText('Пропуск не читается');
  await form.getByTestId('event-pass').fill(JSON.stringify(PASS, null, 2));
  await expect(form.getByTestId('event-pass-preview').getByTestId('event-level')).toHaveCount(3);
  await expect(form.getByTestId('event-pass-preview')).toContainText('Уровней: 3, заданий: 1, призов: 0');
  await shootConsole(page, 'ru-admin-event-new');

  await form.getByTestId('event-submit').click();
  await alerts.shown(`Сезон ${slug} создан`);
  await expect(page).toHaveURL(/\/admin\/events\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByTestId('event-title')).toHaveText('Зимний сезон');
  await expect(page.getByTestId('event-state')).toHaveText('Скоро');
  await expect(page.getByTestId('event-levels').getByTestId('event-level')).toHaveCount(3);
  await expect(page.getByTestId('event-tasks').getByTestId('event-task')).toContainText('Откройте 3 кейса');
  await expect(page.getByTestId('event-end')).toHaveCount(0); // not begun: its dates move instead
  await shootConsole(page, 'ru-admin-event');

  // Its texts change until it closes; the form keeps what was saved.
  const edit = page.getByTestId('event-edit-form');
  await edit.getByTestId('event-subtitleEn').fill('Snow and sparks');
  await edit.getByTestId('event-edit-submit').click();
  await alerts.shown(`Сезон ${slug} сохранён`);

  await page.goto(`/en/admin/events/${id}`);
  await hydrated(page);
  await expect(page.getByTestId('event-title')).toHaveText('Winter season');
  await expect(page.getByTestId('event-state')).toHaveText('Upcoming');
  await expect(page.getByTestId('event-edit-form').getByTestId('event-subtitleEn')).toHaveValue('Snow and sparks');
  await shootConsole(page, 'en-admin-event');
  await page.goto('/en/admin/events');
  await hydrated(page);
  await expect(page.locator(`[data-testid="event-row"][data-slug="${slug}"]`)).toHaveAttribute('data-state', 'upcoming');
  await shootConsole(page, 'en-admin-events');

  // Support reads the seasons and their pass, and changes nothing.
  const supportContext = await browser.newContext({ baseURL });
  const supportPage = await supportContext.newPage();
  await pushBannerClosed(supportPage);
  await signIn(supportPage, baseURL!, support);
  await supportPage.goto('/admin/events');
  await hydrated(supportPage);
  await expect(supportPage.locator(`[data-testid="event-row"][data-slug="${slug}"]`)).toBeVisible();
  await expect(supportPage.getByTestId('event-new')).toHaveCount(0);
  await supportPage.goto(`/admin/events/${id}`);
  await hydrated(supportPage);
  await expect(supportPage.getByTestId('event-levels').getByTestId('event-level')).toHaveCount(3);
  await expect(supportPage.getByTestId('event-edit-form')).toHaveCount(0);
  await expect(supportPage.getByTestId('event-copy')).toHaveCount(0);
  await supportContext.close();
});

test('a change to the season players see reaches their event page, and ending it early hands the page back', STORE_WIDE, async ({ page, browser, request, baseURL }) => {
  const admin = await operatorOf(request, 'admin');
  const player = await register(request);
  const alerts = await watchAlerts(page);
  await pushBannerClosed(page);
  await signIn(page, baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A season from just after the running one's start: the latest started, so the one players see.
  const list = (await (await request.get('/api/v1/admin/events', { headers: admin.headers })).json()).data.items as { slug: string; starts_at: string; ends_at: string; shown: boolean; title: { ru: string } }[];
  const before = list.find((e) => e.shown)!;
  const slug = `pw-flash-${Date.now().toString(36)}`;
  const made = await request.post('/api/v1/admin/events', {
    headers: admin.headers,
    data: {
      slug,
      title: { ru: 'Молния', en: 'Flash' },
      subtitle: { ru: 'Короткий сезон', en: 'A short season' },
      full_name: { ru: 'Сезон-молния', en: 'Flash season' },
      starts_at: new Date(Date.parse(before.starts_at) + 1000).toISOString(),
      ends_at: new Date(Math.max(Date.parse(before.ends_at), Date.now()) + 30 * 86_400_000).toISOString(),
      claim_days: 0,
      ...PASS,
    },
  });
  expect(made.status()).toBe(200);
  const id = (await made.json()).data.id as number;

  const playerContext = await browser.newContext({ baseURL });
  const playerPage = await playerContext.newPage();
  await signIn(playerPage, baseURL!, player);
  await playerPage.goto('/event/battle-pass');
  await expect(playerPage.getByTestId('event-title')).toHaveText('Молния');

  await page.goto(`/admin/events/${id}`);
  await hydrated(page);
  await expect(page.getByTestId('event-state')).toHaveText('Идёт');
  await expect(page.getByTestId('event-shown')).toBeVisible();
  const edit = page.getByTestId('event-edit-form');
  await edit.getByTestId('event-titleRu').fill('Гроза');
  await edit.getByTestId('event-edit-submit').click();
  await alerts.shown(`Сезон ${slug} сохранён`);
  await playerPage.reload();
  await expect(playerPage.getByTestId('event-title')).toHaveText('Гроза');

  // Ended now with no claim days: the season before it is what players see again.
  await page.getByTestId('event-end').click();
  await page.getByTestId('event-end-yes').click();
  await alerts.shown(`Сезон ${slug} завершён`);
  await expect(page.getByTestId('event-state')).toHaveText(/Закончен|Закрыт/);
  await expect(page.getByTestId('event-shown')).toHaveCount(0);
  await playerPage.reload();
  await expect(playerPage.getByTestId('event-title')).toHaveText(before.title.ru);
  await playerContext.close();
});
