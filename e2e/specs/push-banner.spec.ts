import { expect, test, type Page } from '@playwright/test';
import { cheapCase, grant, hydrated, nextFrames, register, shoot, signIn } from './helpers.ts';

/**
 * The push banner asks at a moment that makes sense: not on a new player's first pages (it covered
 * a third of every page and hid the profile's tabs), but after their first win; small; and once
 * closed, not again in the session.
 */

// The banner needs a browser that can take pushes: service workers on, as pwa.spec.ts does.
test.use({ serviceWorkers: 'allow' });

const title = { ru: 'Включите уведомления', en: 'Turn on notifications' } as const;

/** Loads `path` and waits until the banners know everything they decide by (the push mission answered). */
async function settled(page: Page, path: string) {
  const mission = page.waitForResponse((r) => r.url().includes('/api/v1/push/missions/'));
  await page.goto(path);
  await hydrated(page);
  await mission;
  await nextFrames(page);
}

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'ru' ? '' : '/en';

  test(`${lang}: a new player sees no push banner until a first win, then a small one, gone for the session once closed`, async ({
    page,
    request,
    baseURL,
  }) => {
    const player = await register(request);
    if (lang === 'en') await request.post('/api/v1/users/lang/change', { headers: player.headers, data: { code: 'en' } });
    await grant(player.login, 1000);
    await signIn(page, baseURL!, player);
    const banner = page.getByTestId('push-banner');

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await settled(page, `${prefix}/`);
      await expect(banner).toHaveCount(0);
      await settled(page, `${prefix}/profile`);
      await expect(banner).toHaveCount(0);
    }

    // The first win: a case opened and revealed.
    await page.setViewportSize({ width: 360, height: 780 });
    const box = await cheapCase(page);
    await page.goto(`${prefix}/open/${box.slug}`);
    await hydrated(page);
    await page.getByTestId('open-case').click();
    await expect(page.getByTestId('open-result')).toBeVisible({ timeout: 60_000 });
    // Never over the result itself: it asks on the next calm page.
    await expect(banner).toHaveCount(0);

    await page.goto(`${prefix}/profile`);
    await hydrated(page);
    await expect(banner).toContainText(title[lang]);
    const height = (await banner.boundingBox())!.height;
    expect(height, `the banner is ${height} px of a 780 px screen`).toBeLessThan(780 * 0.25);
    await shoot(page, `${lang}-push-banner-after-win`);
    await page.setViewportSize({ width: 360, height: 780 });

    await banner.getByTestId('push-banner-close').click();
    await expect(banner).toHaveCount(0);
    // Gone for the rest of the session, page after page.
    await page
      .locator(`a[href="${prefix || '/'}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/?$`));
    await settled(page, `${prefix}/`);
    await expect(banner).toHaveCount(0);
    await settled(page, `${prefix}/profile`);
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('push-banner-ask'))).toBe('closed');
  });
}
