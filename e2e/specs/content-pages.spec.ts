import { expect, test, type Page } from '@playwright/test';
import { hydrated, nextFrames, register, shoot, signIn } from './helpers.ts';

const texts = {
  ru: {
    prefix: '',
    faq: 'Вопросы и ответы',
    search: 'промокод',
    withdrawalQuestion: 'Как быстро приходит предмет?',
    withdrawalAnswer: 'меньше чем за минуту',
    nothing: 'Ничего не нашлось',
    bonuses: 'Бонусы',
    pwa: '200 монет',
    signIn: 'Войти',
    cookies: 'Политика cookie',
    contacts: 'Контакты',
    agreement: 'Пользовательское соглашение',
    balanceRule: 'Баланс не выводится деньгами',
    event: 'Правила ивента и конфиденциальность',
    privacy: 'Политика конфиденциальности',
    toc: 'Содержание',
  },
  en: {
    prefix: '/en',
    faq: 'Questions and answers',
    search: 'promo code',
    withdrawalQuestion: 'How fast does an item arrive?',
    withdrawalAnswer: 'Usually within a minute',
    nothing: 'Nothing found',
    bonuses: 'Bonuses',
    pwa: '200 event coins',
    signIn: 'Sign in',
    cookies: 'Cookie policy',
    contacts: 'Contacts',
    agreement: 'User agreement',
    balanceRule: 'Your balance cannot be withdrawn as money',
    event: 'Event rules and privacy',
    privacy: 'Privacy policy',
    toc: 'Contents',
  },
} as const;

interface SiteConfig {
  contacts: { support_mail: string; partner_mail: string; ad: string };
  legal_data: { beneficiary: string; registration_number: string; address: string };
  socials: Record<'instagram' | 'telegram' | 'vk' | 'steam', string>;
}

/** The cookie bar and the first-visit guide are answered already, as for a returning visitor, so they cover nothing in the shots. */
async function returningVisitor(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('store.cookie-consent', JSON.stringify({ accepted: true, at: Date.now() }));
    localStorage.setItem('guide-seen', JSON.stringify({ v: 1, at: Date.now() }));
  });
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

const questions = (page: Page) => page.getByTestId('faq-question');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

for (const lang of ['ru', 'en'] as const) {
  const t = texts[lang];

  test(`${lang}: the FAQ from the API: topics, a search that narrows as you type, nothing found, a question by its link`, async ({ page, request }) => {
    const faq = (await (await request.get('/api/v1/page/faq', { headers: { 'x-client-language': lang } })).json()).data as {
      categories: { id: string; title: string; questions: { id: string; question: string }[] }[];
    };
    const total = faq.categories.reduce((n, c) => n + c.questions.length, 0);
    await returningVisitor(page);
    await open(page, `${t.prefix}/faq`);
    await expect(heading(page)).toHaveText(t.faq);
    await expect(page.getByTestId('faq-category')).toHaveCount(faq.categories.length);
    await expect(questions(page)).toHaveCount(total);
    for (const c of faq.categories) await expect(page.locator(`[data-category="${c.id}"] h2`)).toHaveText(c.title);
    await shoot(page, `content-${lang}-faq`);

    // A question folds open on a click and puts its id in the address.
    const item = page.locator('#withdrawal-time');
    await item.locator('summary').click();
    await expect(item).toHaveAttribute('open', '');
    await expect(item).toContainText(t.withdrawalAnswer);
    await expect(page).toHaveURL(/#withdrawal-time$/);

    // Typing narrows the list; every question left mentions the words.
    const search = page.getByTestId('faq-search');
    await search.pressSequentially(t.search, { delay: 20 });
    await expect(page.getByTestId('faq-count')).toBeVisible();
    const found = Number(await page.getByTestId('faq-count').getAttribute('data-count'));
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(total);
    await expect(questions(page)).toHaveCount(found);
    await expect(page.locator('[data-category="payments"]')).toBeVisible();
    await expect(page.locator('[data-category="battles"]')).toHaveCount(0);
    await shoot(page, `content-${lang}-faq-search`);

    await search.fill('qwzx xyzzy');
    await expect(page.getByTestId('faq-empty')).toContainText(t.nothing);
    await expect(questions(page)).toHaveCount(0);
    await shoot(page, `content-${lang}-faq-nothing`);
    await page.getByTestId('faq-empty').getByRole('button').click();
    await expect(questions(page)).toHaveCount(total);

    // A shared link, followed from elsewhere, opens its question scrolled into view.
    await page.goto('about:blank');
    await open(page, `${t.prefix}/faq#pf-what`);
    await expect(page.locator('#pf-what')).toHaveAttribute('open', '');
    await expect(page.locator('#pf-what')).toBeInViewport();
    await expect(page.locator('#withdrawal-time')).not.toHaveAttribute('open', '');
    // An answer's link goes to the page it names, in the same language.
    await page.locator('#pf-what .faq__links a').click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/provably-fair/instructions$`));
  });

  test(`${lang}: the contacts and the bonuses pages`, async ({ page, request, baseURL }) => {
    const config = (await (await request.get('/api/v1/config')).json()).data as SiteConfig;
    await returningVisitor(page);
    await open(page, `${t.prefix}/contacts`);
    await expect(heading(page)).toHaveText(t.contacts);
    await expect(page.getByTestId('contact-support').getByRole('link')).toHaveAttribute('href', `mailto:${config.contacts.support_mail}`);
    await expect(page.getByTestId('contact-support')).toContainText(config.contacts.support_mail);
    await expect(page.getByTestId('contact-partner')).toContainText(config.contacts.partner_mail);
    await expect(page.getByTestId('contact-ad')).toContainText(config.contacts.ad);
    for (const [network, url] of Object.entries(config.socials)) await expect(page.getByTestId(`contact-social-${network}`)).toHaveAttribute('href', url);
    for (const value of Object.values(config.legal_data)) await expect(page.getByTestId('contact-legal')).toContainText(value);
    await shoot(page, `content-${lang}-contacts`);

    // A guest sees every way to a bonus, and is asked to sign in for the ones that need an account.
    await open(page, `${t.prefix}/bonuses`);
    await expect(heading(page)).toHaveText(t.bonuses);
    for (const card of ['daily', 'free', 'missions', 'pass', 'promo', 'deposit', 'pwa']) await expect(page.getByTestId(`bonus-${card}`)).toBeVisible();
    await expect(page.getByTestId('bonus-pwa')).toContainText(t.pwa);
    await expect(page.getByTestId('bonus-missions').getByRole('button')).toHaveText(t.signIn);
    await expect(page.getByTestId('bonus-daily').getByRole('link')).toHaveAttribute('href', `${t.prefix}/daily-cases`);
    await expect(page.getByTestId('bonuses-guest')).toBeVisible();
    await shoot(page, `content-${lang}-bonuses`);

    // A player goes straight to the missions on their profile.
    await signIn(page, baseURL!, await register(request));
    await open(page, `${t.prefix}/bonuses`);
    await expect(page.getByTestId('bonuses-guest')).toHaveCount(0);
    await page.getByTestId('bonus-missions').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/profile/\\d+$`));
  });

  test(`${lang}: the cookie policy, the user agreement and the event rules at both addresses`, async ({ page, request }) => {
    const config = (await (await request.get('/api/v1/config')).json()).data as SiteConfig;
    const hydrationErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /hydrat|did not match/i.test(m.text()) && hydrationErrors.push(m.text()));
    await returningVisitor(page);

    await open(page, `${t.prefix}/cookies`);
    await expect(heading(page)).toHaveText(t.cookies);
    for (const name of ['tastyToken', 'locale', 'signin_state', 'store.cookie-consent', 'store.scam-warning', 'nuxt-utm-data'])
      await expect(page.getByTestId('storage-table').locator('code', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) })).toHaveCount(1);
    await shoot(page, `content-${lang}-cookies`);
    await page.getByTestId('storage-table').scrollIntoViewIfNeeded();
    await shoot(page, `content-${lang}-cookies-table`);

    await open(page, `${t.prefix}/user-agreement`);
    await expect(heading(page)).toHaveText(t.agreement);
    await expect(page.getByTestId('agreement-page')).toContainText(config.legal_data.beneficiary);
    await expect(page.getByTestId('agreement-page')).toContainText(config.legal_data.registration_number);
    await expect(page.getByTestId('agreement-page')).toContainText('18');
    await expect(page.getByTestId('agreement-page')).toContainText(t.balanceRule);
    const blocks = await page.getByTestId('doc-block').count();
    expect(blocks).toBeGreaterThanOrEqual(12);
    await shoot(page, `content-${lang}-agreement`);
    // On a phone the contents fold above the text; a line of it jumps to its section.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.locator('.doc-toc__fold summary').click();
    await expect(page.locator('.doc-toc__fold a')).toHaveCount(blocks);
    await shoot(page, `content-${lang}-agreement-toc`, [360]);
    await page.locator('.doc-toc__fold a[href="#withdrawal"]').click();
    await nextFrames(page);
    await expect(page.locator('section#withdrawal')).toBeInViewport();

    await open(page, `${t.prefix}/event-condition`);
    await expect(heading(page)).toHaveText(t.event);
    await expect(page.locator('#privacy h2')).toHaveText(t.privacy);
    await expect(page.getByTestId('event-condition-page')).toContainText(config.contacts.support_mail);
    const rules = await page.locator('.doc__body').innerText();
    await shoot(page, `content-${lang}-event-condition`);

    // The alias is the same page, not a redirect: players following it stay on /privacy-policy.
    await open(page, `${t.prefix}/privacy-policy`);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/privacy-policy$`));
    await expect(heading(page)).toHaveText(t.event);
    expect(await page.locator('.doc__body').innerText()).toBe(rules);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('.doc-toc__side a[href="#privacy"]').click();
    await nextFrames(page);
    await expect(page.locator('#privacy')).toBeInViewport();
    await shoot(page, `content-${lang}-privacy`);
    expect(hydrationErrors).toEqual([]);
  });

  test(`${lang}: the legal texts come with the page on a move inside the store, without a reload`, async ({ page }) => {
    await returningVisitor(page);
    await open(page, `${t.prefix}/contacts`);
    // The documents are not in the texts every page loads (decision 024): the page asks the server for them.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId('footer-userAgreement').click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/user-agreement$`));
    await expect(page.getByTestId('agreement-page')).toContainText(t.balanceRule);
    expect(await page.getByTestId('doc-block').count()).toBeGreaterThanOrEqual(12);
    await page.getByTestId('footer-cookies').click();
    await expect(page.getByTestId('storage-table').getByTestId('storage-entry').first().locator('td').nth(2)).not.toBeEmpty();
    await page.getByTestId('footer-eventRules').click();
    await expect(page.locator('#privacy h2')).toHaveText(t.privacy);
    await expect(page.locator('section#privacy ~ section p').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
}
