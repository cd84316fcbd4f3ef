import { describe, expect, it } from 'vitest';
import {
  bannersWelcomeOn,
  installWay,
  isInstalled,
  isIos,
  permissionAction,
  permissionRevoked,
  PUSH_BANNER_REPEAT_MS,
  pushBannerShown,
  pushMissionComplete,
  pushMissionFor,
  PWA_BANNER_REPEAT_MS,
  type InstallBannerFacts,
  type PushBannerFacts,
} from '@store/shared/pwa';
import { keyBytes } from '#app/features/pwa/utils/push-subscribe.ts';

const NOW = Date.UTC(2026, 10, 27, 12);
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('the push banner (spec §4)', () => {
  const shown: PushBannerFacts = {
    serviceAvailable: true,
    signedIn: true,
    optedIn: false,
    dismissedAt: null,
    mission: { progress: 0, claimed: false },
    ios: false,
    installed: false,
    now: NOW,
  };

  it('shows when every condition holds', () => {
    expect(pushBannerShown(shown)).toBe(true);
  });

  it('hides when any one condition fails', () => {
    expect(pushBannerShown({ ...shown, serviceAvailable: false })).toBe(false);
    expect(pushBannerShown({ ...shown, signedIn: false })).toBe(false);
    expect(pushBannerShown({ ...shown, optedIn: true })).toBe(false);
    expect(pushBannerShown({ ...shown, mission: { progress: 3, claimed: false } })).toBe(false);
    expect(pushBannerShown({ ...shown, mission: { progress: 1, claimed: true } })).toBe(false);
    // The mission not loaded yet: nothing to promise.
    expect(pushBannerShown({ ...shown, mission: null })).toBe(false);
  });

  it('stays away for the dismissal window after a close, then comes back', () => {
    expect(pushBannerShown({ ...shown, dismissedAt: NOW - PUSH_BANNER_REPEAT_MS + 1 })).toBe(false);
    expect(pushBannerShown({ ...shown, dismissedAt: NOW - PUSH_BANNER_REPEAT_MS })).toBe(true);
    // A close "in the future" (a clock moved back) counts as just now.
    expect(pushBannerShown({ ...shown, dismissedAt: NOW + 60_000 })).toBe(false);
  });

  it('on iOS shows only inside the installed app', () => {
    expect(pushBannerShown({ ...shown, ios: true, installed: false })).toBe(false);
    expect(pushBannerShown({ ...shown, ios: true, installed: true })).toBe(true);
  });

  it('counts progress for the installed app or the site, complete at 3 or once paid', () => {
    expect(pushMissionFor(true)).toBe('pushPWA');
    expect(pushMissionFor(false)).toBe('push');
    expect(pushMissionComplete({ progress: 2, claimed: false })).toBe(false);
    expect(pushMissionComplete({ progress: 3, claimed: false })).toBe(true);
    expect(pushMissionComplete({ progress: 0, claimed: true })).toBe(true);
  });
});

describe('permission handling (spec §4)', () => {
  it('asks when nobody decided, opts in when granted, explains when denied', () => {
    expect(permissionAction('default')).toBe('request');
    expect(permissionAction('granted')).toBe('opt_in');
    expect(permissionAction('denied')).toBe('denied');
  });

  it('calls a browser that opted in and lost the permission revoked', () => {
    expect(permissionRevoked('https://fcm.googleapis.com/fcm/send/x', 'denied')).toBe(true);
    expect(permissionRevoked('https://fcm.googleapis.com/fcm/send/x', 'default')).toBe(true);
    expect(permissionRevoked('https://fcm.googleapis.com/fcm/send/x', 'granted')).toBe(false);
    expect(permissionRevoked(null, 'denied')).toBe(false);
  });
});

describe('the install banner (spec §4, §9)', () => {
  const android: InstallBannerFacts = { signedIn: true, installed: false, android: true, ios: false, canPrompt: true, bonusEarned: false, closedAt: null, now: NOW };

  it('offers the prompt on Android and the steps on iOS', () => {
    expect(installWay(android)).toBe('prompt');
    expect(installWay({ ...android, android: false, ios: true, canPrompt: false })).toBe('ios');
    // Android without the browser's prompt (already installed, or a browser that has none) and a desktop get nothing.
    expect(installWay({ ...android, canPrompt: false })).toBeNull();
    expect(installWay({ ...android, android: false })).toBeNull();
  });

  it('is for signed-in players who have not installed or earned the bonus', () => {
    expect(installWay({ ...android, signedIn: false })).toBeNull();
    expect(installWay({ ...android, installed: true })).toBeNull();
    expect(installWay({ ...android, bonusEarned: true })).toBeNull();
  });

  it('comes back 24 hours (86400000 ms) after it was closed', () => {
    expect(PWA_BANNER_REPEAT_MS).toBe(86_400_000);
    expect(installWay({ ...android, closedAt: NOW - 86_400_000 + 1000 })).toBeNull();
    expect(installWay({ ...android, closedAt: NOW - 86_400_000 })).toBe('prompt');
  });
});

describe('the device', () => {
  it('tells iOS apart, including an iPad that says it is a Mac', () => {
    expect(isIos(IPHONE)).toBe(true);
    expect(isIos(IPAD_AS_MAC, 5)).toBe(true);
    expect(isIos(IPAD_AS_MAC, 0)).toBe(false);
    expect(isIos(ANDROID, 5)).toBe(false);
  });

  it('knows the installed app by its display mode or Safari’s flag', () => {
    const media = (matches: boolean) => () => ({ matches });
    expect(isInstalled({ matchMedia: media(true), navigator: {} })).toBe(true);
    expect(isInstalled({ matchMedia: media(false), navigator: { standalone: true } })).toBe(true);
    expect(isInstalled({ matchMedia: media(false), navigator: { standalone: false } })).toBe(false);
  });

  it('turns the base64url VAPID key into the 65 bytes the Push API takes', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = keyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(key);
  });
});

describe('where the banners may show', () => {
  it('never over a game or a payment, on calm pages only', () => {
    for (const busy of ['/open/revolution', '/upgrades', '/contract', '/battles', '/battles/01ARZ3NDEKTSV4RRFFQ69G5FAV', '/daily-cases', '/event/coin-cases', '/techies', '/refill', '/refill/result']) {
      expect(bannersWelcomeOn(busy), busy).toBe(false);
    }
    for (const calm of ['/', '/profile', '/profile/7', '/event', '/event/battle-pass', '/leaderboard', '/faq', '/offers-shop', '/opener']) {
      expect(bannersWelcomeOn(calm), calm).toBe(true);
    }
  });
});
