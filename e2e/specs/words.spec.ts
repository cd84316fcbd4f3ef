import { expect, test } from '@playwright/test';
import { RUSSIAN_BROWSER, hydrated, register, shoot, signIn } from './helpers.ts';

/**
 * Words a player reads on the way: the landing promises only what the store has, the event's
 * free-cases tab says it leads out of the event, and the sandbox sign-in screen speaks the
 * language of the page the player started from, whatever the browser's own language.
 */

const WORDS = {
  ru: {
    prefix: '',
    leaves: 'на странице ежедневных кейсов',
    steam: 'Вход через Steam',
    google: 'Вход через Google',
    allow: 'Разрешить и войти',
  },
  en: {
    prefix: '/en',
    leaves: 'on the daily cases page',
    steam: 'Sign in through Steam',
    google: 'Sign in with Google',
    allow: 'Allow and sign in',
  },
} as const;

for (const lang of ['ru', 'en'] as const) {
  const t = WORDS[lang];

  test(`${lang}: the landing promises no number of cases the store does not have`, async ({ page }) => {
    await page.goto(`${t.prefix}/land1`);
    await hydrated(page);
    const hero = page.locator('.shell-hero');
    await expect(hero).toBeVisible();
    // The store has a few dozen cases: "hundreds" was not true.
    await expect(hero).not.toContainText(/hundreds|сотни/i);
    await shoot(page, `${lang}-words-landing`);
  });

  test(`${lang}: the event's free-cases tab says it leads to the daily cases page`, async ({ page, request, baseURL }) => {
    await signIn(page, baseURL!, await register(request));
    await page.goto(`${t.prefix}/event`);
    await hydrated(page);
    const tab = page.getByTestId('event-tab-free-cases');
    await expect(tab).toBeVisible();
    // Said before the tap: an arrow on the tab, and the destination in its name and hint.
    await expect(tab).toContainText('↗');
    await expect(tab).toHaveAttribute('title', t.leaves);
    await expect(page.getByRole('link', { name: t.leaves })).toHaveAttribute('data-testid', 'event-tab-free-cases');
    await shoot(page, `${lang}-words-event-tabs`);
    await tab.click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/daily-cases$`));
  });
}

// The browser speaks the other language than the page: the screen must follow the page.
for (const [lang, browserLocale] of [
  ['en', RUSSIAN_BROWSER.locale],
  ['ru', 'en-US'],
] as const) {
  const t = WORDS[lang];
  for (const provider of ['steam', 'google'] as const) {
    test(`${lang}: the sandbox ${provider} sign-in screen speaks the page's language, not the browser's (${browserLocale})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ locale: browserLocale, baseURL });
      const page = await context.newPage();
      await page.goto(`${t.prefix}/faq`);
      await hydrated(page);
      await page.getByTestId('register-button').click();
      await page.getByTestId('consent-agreement').check();
      await page.getByTestId('consent-age').check();
      await page.getByTestId(`signin-${provider}`).click();
      await expect(page).toHaveURL(/\/sandbox\/signin\//);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('h1')).toHaveText(t[provider]);
      await expect(page.getByTestId('sandbox-signin-allow')).toHaveText(t.allow);
      await shoot(page, `${lang}-words-sandbox-${provider}`);
      await page.getByTestId('sandbox-signin-allow').click();
      // Back on the page the sign-in started from, signed in.
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/faq`));
      await hydrated(page);
      await expect(page.getByTestId('register-button')).toHaveCount(0);
      await context.close();
    });
  }
}
