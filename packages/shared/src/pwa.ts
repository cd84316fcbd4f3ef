/**
 * Pure rules of the installed app and push notifications (spec §4 Push banner and PWA bonus, §9;
 * decision 027): the bonus, the push missions and their steps, and when each banner shows. The
 * server pays by them; the browser decides its banners with them.
 */
import { MISSION_DONE } from './account.ts';

/** Spec §9: the installed app's bonus, 200 coins (minor units of the coin wallet), paid once per player. */
export const PWA_BONUS_COINS = 20_000;
/** Spec §9: a closed install banner comes back after 24 hours. */
export const PWA_BANNER_REPEAT_MS = 86_400_000;
/** The push banner's dismissal window: spec §9 leaves it open; three days (decision 027). */
export const PUSH_BANNER_REPEAT_MS = 3 * 86_400_000;


/**
 * The push missions of spec §4, each paid once in GOLD (minor units): `pushPWA` when the player
 * opted in from the installed app, `push` from the site in a browser tab.
 */
export const PUSH_MISSIONS = {
  push: { prize: 1000 },
  pushPWA: { prize: 2000 },
} as const;
export type PushMissionType = keyof typeof PUSH_MISSIONS;
export const PUSH_MISSION_TYPES = Object.keys(PUSH_MISSIONS) as PushMissionType[];

/**
 * What moves a push mission (decision 027), one step each and in this order: the player opts in
 * (a subscription stored), the push service accepts the store's welcome notification for it, the
 * player opens a notification of ours.
 */
export const PUSH_STEPS = { opted_in: 1, delivered: 2, opened: MISSION_DONE } as const;
export type PushStep = keyof typeof PUSH_STEPS;

/** Spec §4: the mission is complete at progress 3 or once its prize was paid. */
export const pushMissionComplete = (m: { progress: number; claimed: boolean }): boolean => m.claimed || m.progress >= MISSION_DONE;

/** The mission a subscription counts for: the installed app's, or the site's. */
export const pushMissionFor = (installed: boolean): PushMissionType => (installed ? 'pushPWA' : 'push');

/** A dismissal or close remembered at `closedAt` still hides its banner at `now`. */
export function closedWithin(closedAt: number | null, now: number, windowMs: number): boolean {
  // A time in the future (a clock moved back) counts as just closed.
  return closedAt !== null && now - closedAt < windowMs;
}

export interface PushBannerFacts {
  /** The browser can do Web Push and the store has a push service (a VAPID key). */
  serviceAvailable: boolean;
  signedIn: boolean;
  optedIn: boolean;
  dismissedAt: number | null;
  mission: { progress: number; claimed: boolean } | null;
  ios: boolean;
  installed: boolean;
  now: number;
}

/** Spec §4 Push banner: every one of its conditions, nothing else. */
export function pushBannerShown(f: PushBannerFacts): boolean {
  return (
    f.serviceAvailable &&
    f.signedIn &&
    !f.optedIn &&
    !closedWithin(f.dismissedAt, f.now, PUSH_BANNER_REPEAT_MS) &&
    f.mission !== null &&
    !pushMissionComplete(f.mission) &&
    (!f.ios || f.installed)
  );
}

/**
 * How the install banner can help on this device: Android's install prompt (the browser's
 * `beforeinstallprompt`), Safari on iOS (instructions: it has no prompt), or nothing.
 */
export type InstallWay = 'prompt' | 'ios' | null;

export interface InstallBannerFacts {
  signedIn: boolean;
  installed: boolean;
  android: boolean;
  ios: boolean;
  /** The browser offered its install prompt. */
  canPrompt: boolean;
  bonusEarned: boolean;
  closedAt: number | null;
  now: number;
}

/** Spec §4 PWA bonus banner: Android and iOS, signed in, not installed yet, back 24 hours after closing. */
export function installWay(f: InstallBannerFacts): InstallWay {
  if (!f.signedIn || f.installed || f.bonusEarned || closedWithin(f.closedAt, f.now, PWA_BANNER_REPEAT_MS)) return null;
  if (f.ios) return 'ios';
  if (f.android && f.canPrompt) return 'prompt';
  return null;
}

/**
 * iPhone, iPad and iPod. iPadOS 13+ says it is a Mac, so a Mac with a touch screen counts too.
 */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

export const isAndroid = (userAgent: string): boolean => /Android/i.test(userAgent);

/** Running as the installed app: the standalone display mode, or Safari's own flag on iOS. */
export function isInstalled(w: { matchMedia?: (q: string) => { matches: boolean }; navigator: { standalone?: boolean } }): boolean {
  return w.navigator.standalone === true || (w.matchMedia?.('(display-mode: standalone)').matches ?? false);
}

/**
 * What the push banner does with the browser's permission (spec §4): ask when nobody decided,
 * opt in when granted, explain when denied.
 */
export type PermissionAction = 'request' | 'opt_in' | 'denied';
export function permissionAction(permission: 'default' | 'granted' | 'denied'): PermissionAction {
  return permission === 'default' ? 'request' : permission === 'granted' ? 'opt_in' : 'denied';
}

/** This browser opted in before but its permission is no longer granted: the player revoked it. */
export const permissionRevoked = (optedInEndpoint: string | null, permission: 'default' | 'granted' | 'denied'): boolean =>
  optedInEndpoint !== null && permission !== 'granted';

/**
 * The pages where a game plays out or money moves (a case's roulette and result, the upgrade
 * wheel, a contract, battles, the daily and event cases, techies, the payment pages). An install
 * or push banner never covers them: on a phone it would sit over the result. It waits for a
 * calm page: the main page, a profile, the event's pages, the content pages. Paths without the
 * language prefix.
 */
const BUSY_PAGES = /^\/(open|upgrades|skin-exchange|contract|battles|daily-cases|event\/coin-cases|event\/new-cases|new-cases|sapper|ninja-defuse|techies|refill)(\/|$)/;

export const bannersWelcomeOn = (path: string): boolean => !BUSY_PAGES.test(path);
