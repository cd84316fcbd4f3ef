import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  battlePass,
  eventBanner,
  eventCasesQuery,
  eventCase,
  eventSettings,
  infoPopup,
  passClaimResult,
  passLevelParams,
  personalProgress as personalProgressResponse,
  personalProgressQuery,
  raffleQuery,
  raffleResult,
} from '@store/shared/api/events';
import { COIN_CURRENCY } from '@store/shared/constants';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { listDailyCases, listEventCases } from '../catalogue/find-cases.ts';
import { listEventCaseCards, maxEventCasePrice, personalProgress } from './event-cases.ts';
import { findEventBySlug, pick } from './events.ts';
import { claimPassLevel, readPass } from './pass.ts';
import { readRaffle } from './raffle.ts';
import { presentSettings } from './settings.ts';

const tags = ['events'];

/**
 * The seasonal event (decision 017): its settings, the battle pass and its claims, the event and
 * coin cases, the raffle, and the main page's event calls. Task progress and the close job are
 * built in module.ts.
 */
export async function eventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, catalogue, clock, seasons } = deps;

  const shownSeason = async () => {
    const season = await seasons.shown(clock.now());
    if (!season) throw new AppError('event_not_found');
    return season;
  };

  r.get('/api/v1/event/current', { schema: { tags, summary: "The event shown now, its dates and texts, with the caller's coins, pass level and tickets; or null", response: okResponse(eventSettings.nullable()) } }, async (req) => {
    const season = await seasons.shown(clock.now());
    return ok(season ? await presentSettings(db, { season, userId: req.authUser?.id ?? null, lang: langOf(req), now: clock.now() }) : null);
  });

  r.get('/api/v1/challenge', { config: { errors: ['event_not_found'] }, schema: { tags, summary: "The event's pass: its levels, rewards and the caller's progress", response: okResponse(battlePass) } }, async (req) =>
    ok(await readPass(db, { season: await shownSeason(), userId: req.authUser?.id ?? null, catalogue, lang: langOf(req), now: clock.now() })),
  );

  r.post(
    '/api/v1/event/challenge/prize/:slug',
    {
      config: { errors: ['event_not_found', 'event_level_not_found', 'event_claims_closed', 'event_level_not_done', 'event_level_claimed'] },
      schema: { tags, summary: "Take a reached pass level's reward, once", params: passLevelParams, response: okResponse(passClaimResult) },
    },
    async (req) => {
      const user = requireUser(req);
      const season = await shownSeason();
      return ok(await claimPassLevel(db, { season, userId: user.id, level: req.params.slug, catalogue, lang: langOf(req), now: clock.now() }));
    },
  );

  r.get('/api/v1/event/cases', { schema: { tags, summary: "The event's cases: those giving coins (`type=event`) or those bought with coins (`type=coins`)", querystring: eventCasesQuery, response: okResponse(z.array(eventCase)) } }, async (req) =>
    ok(await listEventCaseCards(db, { catalogue, lang: langOf(req), userId: req.authUser?.id ?? null, type: req.query.type, count: req.query.count })),
  );

  r.get('/api/v1/event/cases/max-price', { schema: { tags, summary: "The dearest price of the event's cases paid in money", response: okResponse(z.object({ price: z.number(), currency: z.string() })) } }, async () =>
    ok({ price: await maxEventCasePrice(db), currency: deps.project.site_currency }),
  );

  r.get('/api/v1/event/personal-progress', { config: { errors: ['caseNotFound'] }, schema: { tags, summary: 'How often the player opened one case and the coins it gave them', querystring: personalProgressQuery, response: okResponse(personalProgressResponse) } }, async (req) =>
    ok(await personalProgress(db, requireUser(req).id, req.query.caseName)),
  );

  r.get(
    '/api/v1/event/raffle-result/:slug',
    { config: { errors: ['event_not_found'] }, schema: { tags, summary: "An event's raffle: whether it was drawn, its seeds, its results paged and the caller's tickets", params: z.object({ slug: z.string().min(1).max(100) }), querystring: raffleQuery, response: okResponse(raffleResult) } },
    async (req) => {
      const event = await findEventBySlug(db, req.params.slug);
      if (!event) throw new AppError('event_not_found');
      return ok(await readRaffle(db, { event, userId: req.authUser?.id ?? null, page: req.query.page, catalogue, lang: langOf(req) }));
    },
  );

  r.get('/api/v1/event/banners', { schema: { tags, summary: "The shown event's banners (none without one)", response: okResponse(z.array(eventBanner)) } }, async (req) => {
    const season = await seasons.shown(clock.now());
    if (!season) return ok([]);
    const lang = langOf(req);
    const e = season.event;
    const endsIn = Math.max(0, Math.ceil((e.endsAt.getTime() - clock.now().getTime()) / 1000));
    const banner = (id: string, title: string, subtitle: string, image: string, link: string) => ({ id, title, subtitle, image, link, ends_in: endsIn });
    const en = lang === 'en';
    return ok([
      banner(`${e.slug}:pass`, pick({ ru: e.titleRu, en: e.titleEn }, lang), pick({ ru: e.subtitleRu, en: e.subtitleEn }, lang), season.look.background.xl, '/event/battle-pass'),
      banner(
        `${e.slug}:coins`,
        en ? 'Coin cases' : 'Кейсы за монеты',
        en ? 'Spend event coins on cases of their own' : 'Тратьте монеты события на особые кейсы',
        season.look.overview.bonus,
        '/event/coin-cases',
      ),
    ]);
  });

  r.get('/api/v1/popup/info', { schema: { tags, summary: "The info popup: the event pass's levels and the daily cases", response: okResponse(infoPopup) } }, async (req) => {
    const lang = langOf(req);
    const season = await seasons.shown(clock.now());
    const [pass, daily] = await Promise.all([
      season ? readPass(db, { season, userId: null, catalogue, lang, now: clock.now() }) : null,
      listDailyCases(db),
    ]);
    return ok({
      chaleng: { levels: (pass?.levels ?? []).map((l) => ({ level: l.level, type: l.type, case_data: l.case_data, balance_data: l.balance_data })) },
      daily_case: daily.map((c) => ({ id: c.id, img: catalogue.caseImage(c), name: lang === 'en' ? c.nameEn : c.nameRu })),
    });
  });

  r.get('/api/v1/cases/arcane/count', { schema: { tags, summary: "How many of the event's special cases can be opened now", response: okResponse(z.object({ count: z.number() })) } }, async () => {
    // The event's special cases: those that give coins and the coin cases, still openable.
    const all = await listEventCases(db);
    return ok({ count: all.filter((c) => c.available && !c.locked && (c.coinsMin !== null || c.currency === COIN_CURRENCY)).length });
  });
}
