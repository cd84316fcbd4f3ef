import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Mailer } from '../modules/mail/mailer.ts';
import { pathInLang, type LocalePrefix } from '@store/shared/locale-path';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@store/shared/account';
import {
  emailConfirmQuery,
  langChangeBody,
  localizationResponse,
  marketingSessionBody,
  marketingSessionResponse,
  profileBody,
  profileResponse,
  sendEmailBody,
  sendEmailResponse,
  subscriptionBody,
  subscriptionVariantsResponse,
  userLanguageBody,
  userLanguageResponse,
  userSubscriptionsResponse,
} from '@store/shared/api/account';
import type { Lang } from '@store/shared/errors';
import { requireUser } from '../http/auth.ts';
import { ok, okResponse } from '../http/envelope.ts';
import { langOf } from '../http/lang.ts';
import { depositRuleOf } from '../modules/levels/level-cases.ts';
import { confirmEmail, sendEmailConfirmation } from '../modules/users/email-confirmation.ts';
import { getMe } from './player-records.ts';
import { findLanguage, setLanguage } from '../modules/users/language.ts';
import { recordMarketingSession } from '../modules/users/marketing-sessions.ts';
import { findIdentities } from '../modules/auth/identities.ts';
import { updateProfile } from '../modules/users/profile.ts';
import { listUserSubscriptions, setSubscription } from '../modules/users/subscriptions.ts';

const defaultLanguage: Lang = DEFAULT_LANGUAGE;

/** The settings page of a player in their language (Russian when unknown), under the store's locale prefix strategy. */
const settingsPath = (lang: Lang | null, query: string, localePrefix: LocalePrefix) => `${pathInLang(lang ?? 'ru', '/profile/settings', localePrefix)}?${query}`;

/**
 * The player's account beyond the games (spec §3 User, Subscriptions; §7): profile settings,
 * language, marketing sessions, subscriptions and the e-mail confirmation.
 */
export async function accountRoutes(app: FastifyInstance, { mailer }: { mailer: Mailer }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env, clock, project } = app.deps;
  const rule = depositRuleOf(env);
  const tags = ['account'];
  const linkedOf = (userId: number) => async () => (await findIdentities(db, userId)).map((i) => i.provider);
  const meOf = (req: FastifyRequest, userId: number) => getMe(db, userId, { now: clock.now(), lang: langOf(req), rule });

  const profileRefusals = ['profile_nickname', 'profile_name', 'profile_email', 'profile_city', 'profile_country', 'provider_not_linked'] as const;
  r.post('/api/v1/users/profile', { config: { errors: profileRefusals }, schema: { tags, summary: "Change the player's profile fields and avatar; answers the player as /users/me does", body: profileBody, response: okResponse(profileResponse) } }, async (req) => {
    const user = requireUser(req);
    await updateProfile(db, user.id, req.body, linkedOf(user.id));
    return ok(await meOf(req, user.id));
  });

  // ── language (spec §7) ──
  r.get('/nitro-api/localization', { schema: { tags, summary: 'The languages the store speaks and its default', response: okResponse(localizationResponse) } }, async () =>
    ok({ languages: [...LANGUAGES], default_iso: defaultLanguage }),
  );

  r.post('/api/v1/users/lang/change', { schema: { tags, summary: "Set the player's language (by `code`)", body: langChangeBody, response: okResponse(userLanguageResponse) } }, async (req) =>
    ok({ language: await setLanguage(db, requireUser(req).id, req.body.code) }),
  );

  r.get('/api/v1/localization/user', { schema: { tags, summary: "The player's language", response: okResponse(userLanguageResponse) } }, async (req) =>
    ok({ language: await findLanguage(db, requireUser(req).id) }),
  );

  r.post('/api/v1/localization/user', { schema: { tags, summary: "Set the player's language (by `language`)", body: userLanguageBody, response: okResponse(userLanguageResponse) } }, async (req) =>
    ok({ language: await setLanguage(db, requireUser(req).id, req.body.language) }),
  );

  // ── marketing sessions (spec §7): the landing page's script posts a plain form or JSON ──
  await app.register(async (scope) => {
    // Its own scope, so the form parser stays on this route.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/v1/users/sessions', { schema: { tags, summary: "Record the landing page's marketing session of the player (its address and ad cookies), as JSON or a form", body: marketingSessionBody, response: okResponse(marketingSessionResponse) } }, async (req) =>
        ok({ recorded: await recordMarketingSession(db, requireUser(req).id, req.body) }),
      );
  });

  // ── subscriptions (spec §3) ──
  r.get('/api/v1/subscriptions', { schema: { tags, summary: 'The subscription channels the store offers', response: okResponse(subscriptionVariantsResponse) } }, async () =>
    ok({ variants: project.subscriptions.variants }),
  );

  r.get('/api/v1/users/subscriptions', { schema: { tags, summary: "The player's subscriptions, and what each channel still needs", response: okResponse(userSubscriptionsResponse) } }, async (req) =>
    ok({ subscriptions: await listUserSubscriptions(db, requireUser(req).id, linkedOf(requireUser(req).id)) }),
  );

  r.post('/api/v1/users/subscriptions', { config: { errors: ['email_not_confirmed', 'provider_not_linked'] }, schema: { tags, summary: 'Turn a subscription channel on or off', body: subscriptionBody, response: okResponse(userSubscriptionsResponse) } }, async (req) => {
    const user = requireUser(req);
    await setSubscription(db, user.id, req.body.channel, req.body.subscribed, linkedOf(user.id));
    return ok({ subscriptions: await listUserSubscriptions(db, user.id, linkedOf(user.id)) });
  });

  // ── e-mail confirmation (spec §7) ──
  r.post('/api/v1/users/send-email', { config: { errors: ['profile_email', 'email_too_often'] }, schema: { tags, summary: "Save the player's e-mail address and mail a confirmation link", body: sendEmailBody, response: okResponse(sendEmailResponse) } }, async (req) => {
    const user = requireUser(req);
    // The link must lead back to this store: the configured address, else the one the player used.
    const base = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
    const email = await sendEmailConfirmation({ db, mailer, userId: user.id, email: req.body.email, base, site: project.title, now: clock.now() });
    return ok({ email, sent: true as const });
  });

  // The mailed link: opened in a browser, so every outcome is a redirect to the settings page.
  const toSettings = z.null().describe('Sent on to the settings page: ?email=confirmed, or ?email_error=email_link_invalid');
  r.get('/api/v1/users/email/confirm', { schema: { tags, summary: 'Follow the mailed confirmation link: a redirect to the settings page with the result', querystring: emailConfirmQuery, response: { 302: toSettings } }, attachValidation: true }, async (req, reply) => {
    const result = req.validationError ? { confirmed: false, lang: null } : await confirmEmail(db, req.query.token, clock.now());
    const lang = result.lang ?? (req.authUser ? await findLanguage(db, req.authUser.id) : null);
    return reply.header('cache-control', 'no-store').redirect(settingsPath(lang, result.confirmed ? 'email=confirmed' : 'email_error=email_link_invalid', env.LOCALE_PREFIX), 302);
  });
}
