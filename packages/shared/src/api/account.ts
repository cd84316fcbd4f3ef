import { z } from 'zod';
import { amount, playerQuery } from './common.ts';
import { FAST_MISSION_TYPES, SIGNIN_PROVIDERS, SOCIAL_MISSION_TYPES, SUBSCRIPTION_CHANNELS, type FastMissionType, type SocialMissionType } from '../account.ts';
import { dailyNotificationPreferences } from './levels.ts';
import { me } from './users.ts';

/**
 * The player's account beyond the games: linked sign-in providers, profile settings,
 * language, subscriptions, the e-mail confirmation, missions and marketing sessions.
 */

/** GET /api/v1/users/identities: the providers linked to the account. */
export const identity = z.object({
  provider: z.enum(SIGNIN_PROVIDERS),
  /** The name the provider gave (Steam persona, Google or VK name). */
  name: z.string(),
  avatar: z.string().nullable(),
  /** The provider's id of the player (SteamID64 for Steam). */
  subject: z.string(),
  linked_at: z.string(),
});
export type Identity = z.infer<typeof identity>;
export const identitiesResponse = z.object({ identities: z.array(identity), has_password: z.boolean() });
export type IdentitiesResponse = z.infer<typeof identitiesResponse>;

/**
 * POST /api/v1/users/profile: any of the fields; an empty string clears a personal field (not the
 * nickname). `avatar` picks the picture: a linked provider's or the generated one.
 */
export const profileBody = z
  .object({
    nickname: z.string().max(100).optional(),
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    email: z.string().max(300).optional(),
    city: z.string().max(100).optional(),
    country: z.string().max(10).optional(),
    avatar: z.enum(['generated', ...SIGNIN_PROVIDERS]).optional(),
  })
  .strict();
export type ProfileBody = z.infer<typeof profileBody>;
export const profileResponse = me;

/** GET /nitro-api/localization (spec §7). */
export const localizationResponse = z.object({
  languages: z.array(z.object({ iso: z.enum(['ru', 'en']), language: z.string() })),
  default_iso: z.enum(['ru', 'en']),
});
/** POST /api/v1/users/lang/change (spec §7): {code}. */
export const langChangeBody = z.object({ code: z.enum(['ru', 'en']) }).strict();
/** GET and POST /api/v1/localization/user (spec §7): POST sends {language}, GET answers {language}. */
export const userLanguageBody = z.object({ language: z.enum(['ru', 'en']) }).strict();
export const userLanguageResponse = z.object({ language: z.enum(['ru', 'en']) });

/** POST /api/v1/users/sessions (spec §7): the landing page and the ad network's cookies. */
export const marketingSessionBody = z
  .object({
    session_url: z.string().max(2000),
    fbp: z.string().max(200).optional(),
    fbc: z.string().max(500).optional(),
  })
  .strict();
export const marketingSessionResponse = z.object({ recorded: z.boolean() });

/** Spec §3 Subscriptions: the global list (what the store offers) and the player's. */
export const subscriptionVariant = z.object({ channel: z.enum(SUBSCRIPTION_CHANNELS), url: z.string().nullable() });
export const subscriptionVariantsResponse = z.object({ variants: z.array(subscriptionVariant) });
export const userSubscription = z.object({
  channel: z.enum(SUBSCRIPTION_CHANNELS),
  subscribed: z.boolean(),
  /** What the player must do first, or null when the channel can be turned on. */
  requirement: z.enum(['email_not_confirmed', 'provider_not_linked']).nullable(),
});
export const userSubscriptionsResponse = z.object({ subscriptions: z.array(userSubscription) });
export type UserSubscription = z.infer<typeof userSubscription>;
/**
 * POST /api/v1/notifications/daily-cases/update-preferences (spec §7: "response: subscriptions"):
 * the player's subscriptions as POST /api/v1/users/subscriptions answers them, and beside them the
 * daily-case preferences just saved, so the client need not read them again.
 */
export const updateDailyNotificationPreferencesResponse = z.object({ subscriptions: z.array(userSubscription), preferences: dailyNotificationPreferences });
export type UpdateDailyNotificationPreferencesResponse = z.infer<typeof updateDailyNotificationPreferencesResponse>;
export const subscriptionBody = z.object({ channel: z.enum(SUBSCRIPTION_CHANNELS), subscribed: z.boolean() }).strict();

/** POST /api/v1/users/send-email (spec §7): saves the address and mails a confirmation link. */
export const sendEmailBody = z.object({ email: z.string().max(300) }).strict();
export const sendEmailResponse = z.object({ email: z.string(), sent: z.literal(true) });
export const emailConfirmQuery = z.object({ token: z.string().max(200) });

/** A fast mission (spec §3): type, progress 0..3, name, description, prize. */
export const fastMission = z.object({
  type: z.enum(FAST_MISSION_TYPES as [FastMissionType, ...FastMissionType[]]),
  progress: z.number().int().min(0).max(3),
  name: z.string(),
  description: z.string(),
  prize: amount,
  claimed: z.boolean(),
});
export type FastMission = z.infer<typeof fastMission>;
export const fastMissionsResponse = z.object({ missions: z.array(fastMission) });
export const fastMissionParams = z.object({ type: z.enum(FAST_MISSION_TYPES as [FastMissionType, ...FastMissionType[]]) });
export const missionClaimResponse = z.object({ prize: amount, balance: amount });

/** A social mission: join the store's community on a network (checked through the linked account). */
export const socialMission = z.object({
  type: z.enum(SOCIAL_MISSION_TYPES as [SocialMissionType, ...SocialMissionType[]]),
  url: z.string(),
  name: z.string(),
  description: z.string(),
  prize: amount,
  progress: z.number().int().min(0).max(3),
  /** The network's account is linked, so membership can be checked. */
  linked: z.boolean(),
  claimed: z.boolean(),
});
export type SocialMission = z.infer<typeof socialMission>;
export const socialMissionsResponse = z.object({ missions: z.array(socialMission) });
export const socialTypeParams = z.object({ type: z.enum(SOCIAL_MISSION_TYPES as [SocialMissionType, ...SocialMissionType[]]) });
export const socialUserTypeParams = socialTypeParams.extend({ userId: z.coerce.number().int().positive().max(2 ** 31 - 1) });
/** GET /api/v1/users/socials?user_id: which networks a player has linked and joined. */
export const socialsQuery = playerQuery({});
export const socialsResponse = z.object({
  socials: z.array(z.object({ type: z.enum(SOCIAL_MISSION_TYPES as [SocialMissionType, ...SocialMissionType[]]), linked: z.boolean(), member: z.boolean() })),
});
/** POST /api/v1/users/socials/check {type}: asks the network now and pays the mission once. */
export const socialCheckBody = z.object({ type: z.enum(SOCIAL_MISSION_TYPES as [SocialMissionType, ...SocialMissionType[]]) }).strict();
export const socialCheckResponse = z.object({ mission: socialMission, paid: amount });
