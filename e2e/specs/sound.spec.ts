import { expect, test, type Page } from '@playwright/test';
import { cheapCase, grant, hydrated, register, shoot, signIn, type Player } from './helpers.ts';

/** Each oscillator the page started: its wave, and whether the roulette or the result was on screen then. */
interface Started {
  type: string;
  roulette: boolean;
  result: boolean;
}
interface SoundLog {
  contexts: number;
  started: Started[];
}

/**
 * Wraps the browser's AudioContext before any script of the page runs, counting the contexts the
 * page makes and every oscillator it starts (decision 045: sounds are oscillators). The real
 * context still plays, so a call the browser would refuse fails here too.
 */
async function recordSound(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __sound: SoundLog; AudioContext?: typeof AudioContext };
    const log: SoundLog = { contexts: 0, started: [] };
    w.__sound = log;
    const Real = w.AudioContext;
    if (!Real) return;
    w.AudioContext = class Recording extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        log.contexts++;
      }
      override createOscillator(): OscillatorNode {
        const osc = super.createOscillator();
        const start = osc.start.bind(osc);
        osc.start = (when?: number) => {
          log.started.push({
            type: osc.type,
            roulette: document.querySelector('[data-testid="roulette"]') !== null,
            result: document.querySelector('[data-testid="open-result"]') !== null,
          });
          start(when);
        };
        return osc;
      }
    };
  });
  return () => page.evaluate(() => (window as unknown as { __sound: SoundLog }).__sound);
}

/**
 * Notes the address of the sound voices' chunk once the page has fetched it, and answers a wait for
 * the voices: the chunk has come and has run (importing it again answers the same module).
 */
function watchVoices(page: Page) {
  let url: string | null = null;
  page.on('response', (res) => {
    if (/\/sound-voices-[\w-]+\.js$/.test(res.url())) url = res.url();
  });
  return async () => {
    await expect.poll(() => url, 'the voices are fetched').not.toBeNull();
    await page.evaluate(async (chunk) => void (await import(chunk)), url!);
  };
}

/** Opens the case on the page and waits for its result (the roulette runs first). */
async function openOnce(page: Page) {
  await page.getByTestId('open-case').click();
  await expect(page.getByTestId('roulette')).toBeVisible();
  await expect(page.getByTestId('open-result')).toBeVisible({ timeout: 20_000 });
}

const signInAs = async (page: Page, baseURL: string, player: Player) => {
  await signIn(page, baseURL, player);
  await page.reload();
  await hydrated(page);
};

// As a player who asked for reduced motion (the suite's default): that is no reason to be silent.
test('silent until the first touch; an opening whooshes, ticks while the roulette runs and chimes once it stops; off stays off for that player only', async ({
  page,
  request,
  baseURL,
}) => {
  const sound = await recordSound(page);
  const voicesCame = watchVoices(page);
  const player = await register(request);
  const chosen = await cheapCase(page);
  await grant(player.login, Math.ceil(chosen.price * 5) + 10);
  await signIn(page, baseURL!, player);
  await page.goto(`/open/${chosen.slug}`);
  await hydrated(page);
  const toggle = page.getByTestId('sound-switch');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // Loaded, hydrated, even hovered: no audio context before the player presses anything.
  await page.mouse.move(200, 300);
  await page.mouse.move(260, 320);
  expect(await sound()).toEqual({ contexts: 0, started: [] });

  // The first touch (a click on the case's title) makes the context and plays nothing. The engine is
  // a chunk that comes after hydration; a touch before it came is not one it heard, so touch again.
  await expect(async () => {
    await page.locator('h1').first().click();
    expect((await sound()).contexts).toBe(1);
  }).toPass();
  expect(await sound()).toEqual({ contexts: 1, started: [] });
  // The player reads the page a moment: the voices come (fetched at that touch). An opening pressed
  // before they came would lay its ticks out without them, and leave out those already passed.
  await voicesCame();

  await openOnce(page);
  await expect.poll(async () => (await sound()).started.filter((s) => !s.roulette && s.result).length, 'the win chimes with the result').toBeGreaterThan(0);
  const first = await sound();
  expect(first.contexts).toBe(1);
  // Nothing before the roulette, the whoosh and the ticks (square waves) while it ran, and the
  // chime (sine waves only) once it had stopped and the result showed, never before.
  expect(first.started.filter((s) => !s.roulette && !s.result), 'a sound before the roulette').toEqual([]);
  expect(first.started.filter((s) => s.roulette && s.result), 'a sound with the result beside the roulette').toEqual([]);
  const whileSpinning = first.started.filter((s) => s.roulette);
  expect(whileSpinning.filter((s) => s.type === 'sawtooth').length, 'the whoosh').toBeGreaterThan(0);
  expect(whileSpinning.filter((s) => s.type === 'square').length, 'ticks as cards pass the marker').toBeGreaterThan(3);
  const chime = first.started.filter((s) => s.result);
  expect(new Set(chime.map((s) => s.type))).toEqual(new Set(['sine']));

  // Off: the next opening makes no sound at all.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate((id) => localStorage.getItem(`sound:player:${id}`), player.user_id)).toBe('false');
  const muted = (await sound()).started.length;
  await page.getByTestId('open-again').click();
  await openOnce(page);
  expect((await sound()).started.length, 'a sound with sound off').toBe(muted);

  // Still off after a reload: no context is even made when the player presses open.
  await page.reload();
  await hydrated(page);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await openOnce(page);
  expect(await sound()).toEqual({ contexts: 0, started: [] });

  // Another player in the same browser has sound on; a guest too; the first player's choice is kept.
  const other = await register(request);
  await signInAs(page, baseURL!, other);
  await expect(page.getByTestId('balance')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.context().clearCookies({ name: 'tastyToken' });
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('register-button')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await signInAs(page, baseURL!, player);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  // On again: the same page sounds at the next opening.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await openOnce(page);
  await expect.poll(async () => (await sound()).started.filter((s) => s.result).length).toBeGreaterThan(0);
});

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: the sound switch, named and pressed, in the header on a desktop and in the side menu on a phone`, async ({ page, request, baseURL }) => {
    const name = lang === 'ru' ? 'Звук' : 'Sound';
    await signIn(page, baseURL!, await register(request));
    await page.goto(lang === 'ru' ? '/' : '/en');
    await hydrated(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    const toggle = page.getByRole('button', { name, exact: true });
    await expect(toggle).toHaveAttribute('data-testid', 'sound-switch');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveAttribute('title', lang === 'ru' ? 'Звук включён' : 'Sound on');
    await shoot(page, `${lang}-header-sound-on`);
    await toggle.click();
    await expect(page.getByRole('button', { name, exact: true, pressed: false })).toHaveAttribute('title', lang === 'ru' ? 'Звук выключен' : 'Sound off');
    await shoot(page, `${lang}-header-sound-off`);

    // A phone's header has no room for it beside the wallet: it is in the side menu, as the player left it.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.getByTestId('sound-switch')).toBeHidden();
    await page.getByTestId('menu-button').click();
    const inMenu = page.getByTestId('side-menu').getByRole('button', { name, exact: true });
    await expect(inMenu).toHaveAttribute('data-testid', 'menu-sound-switch');
    await expect(inMenu).toHaveAttribute('aria-pressed', 'false');
    await inMenu.click();
    await expect(inMenu).toHaveAttribute('aria-pressed', 'true');
    await shoot(page, `${lang}-menu-sound-on`, [360]);
  });
}
