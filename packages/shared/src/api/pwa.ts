import { z } from 'zod';
import { amount } from './common.ts';
import { PUSH_MISSION_TYPES, type PushMissionType } from '../pwa.ts';

/**
 * The installed app and push notifications (spec §4, §7; decision 027): the PWA bonus, the
 * browser's push subscription, the push missions.
 */

/**
 * GET /api/v1/bonus/pwa: the installed app's bonus. `status` is true on the one call that paid it
 * (spec §7: success when status and data.status are true); afterwards false with `already_claimed`.
 */
export const pwaBonusResponse = z.object({
  status: z.boolean(),
  already_claimed: z.boolean(),
  /** The coins this call paid: 200 the first time, 0 after. */
  coins: amount,
  coin_balance: amount,
});
export type PwaBonusResponse = z.infer<typeof pwaBonusResponse>;

/** GET /api/v1/push/key: the store's VAPID public key (base64url), which a browser subscribes with. */
export const pushKeyResponse = z.object({ available: z.boolean(), public_key: z.string().nullable() });

// A P-256 public point, uncompressed (65 bytes, first 0x04), and a 16-byte secret, both base64url as
// PushSubscription.toJSON() gives them; anything else would never decrypt on the player's device.
const p256dh = z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'a base64url P-256 public key of 65 bytes');
const authSecret = z.string().regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, 'a base64url secret of 16 bytes');

/** The browser's PushSubscription.toJSON(). */
export const pushSubscription = z.object({
  endpoint: z
    .string()
    .max(1000)
    .url()
    .refine((v) => v.startsWith('https://'), 'a push service address over https'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh, auth: authSecret }).strict(),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;

/** POST /api/v1/push/subscriptions: opt in; `installed` when the page runs as the installed app. */
export const pushSubscribeBody = z.object({ subscription: pushSubscription, installed: z.boolean().default(false) }).strict();
/** DELETE /api/v1/push/subscriptions: opt out of this browser's subscription. */
export const pushUnsubscribeBody = z.object({ endpoint: z.string().max(1000).url() }).strict();
export const pushUnsubscribeResponse = z.object({ removed: z.boolean() });

/** POST /api/v1/push/opened: the service worker reports a notification the player opened. */
export const pushOpenedBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }).strict();
export const pushOpenedResponse = z.object({ status: z.boolean() });

const missionType = z.enum(PUSH_MISSION_TYPES as [PushMissionType, ...PushMissionType[]]);
export const pushMissionParams = z.object({ type: missionType });

/**
 * GET /api/v1/push/missions/{type}: spec §7's data.status (complete) and data.msg (what the player
 * reads), with the progress 0..3 and the prize.
 */
export const pushMission = z.object({
  type: missionType,
  status: z.boolean(),
  msg: z.string(),
  progress: z.number().int().min(0).max(3),
  prize: amount,
  claimed: z.boolean(),
});
export type PushMission = z.infer<typeof pushMission>;
export const pushSubscribeResponse = z.object({ mission: pushMission });

/** POST /api/v1/push/missions/{type}/claim: pays the prize once. */
export const pushMissionClaimResponse = z.object({ status: z.literal(true), msg: z.string(), prize: amount, balance: amount });
