import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Route ids of one copy of the pages: Russian at the root keeps the plain ids, the prefixed
 * copies (`/en/...`, `/ru/...`) add their language.
 */
type Copy = 'root' | 'en' | 'ru';
const idFor = (copy: Copy) => (name: string) => (copy === 'root' ? name : `${name}-${copy}`);

/**
 * Every page three times (spec §2): Russian at the root, and every language under its prefix. The
 * locale prefix strategy (LOCALE_PREFIX) picks which Russian form is the address; the server
 * redirects the other one to it (apps/server/src/http/ssr.ts), so both stay served here.
 */
function pages(copy: Copy) {
  const id = idFor(copy);
  return [
    layout('routes/main-page-layout.tsx', { id: id('main-page-layout') }, [index('routes/home.tsx', { id: id('home') })]),
    route('open/:caseName', 'routes/open-case.tsx', { id: id('open-case') }),
    route('profile', 'routes/profile-own.tsx', { id: id('profile-own') }),
    route('profile/settings', 'routes/profile-settings.tsx', { id: id('profile-settings') }),
    route('profile/:userId', 'routes/profile.tsx', { id: id('profile') }),
    route('upgrades', 'routes/upgrades.tsx', { id: id('upgrades') }),
    route('skin-exchange', 'routes/skin-exchange.tsx', { id: id('skin-exchange') }),
    route('contract', 'routes/contract.tsx', { id: id('contract') }),
    layout('routes/battles-layout.tsx', { id: id('battles-layout') }, [
      route('battles', 'routes/battles.tsx', { id: id('battles') }),
      route('battles/create', 'routes/battles-create.tsx', { id: id('battles-create') }),
      route('battles/history', 'routes/battles-history.tsx', { id: id('battles-history') }),
      route('battles/statistics', 'routes/battles-statistics.tsx', { id: id('battles-statistics') }),
      route('battles/details', 'routes/battles-details.tsx', { id: id('battles-details') }),
      route('battles/:battleId', 'routes/battle.tsx', { id: id('battle') }),
    ]),
    route('offers-shop', 'routes/offers-shop.tsx', { id: id('offers-shop') }),
    route('daily-cases', 'routes/daily-cases.tsx', { id: id('daily-cases') }),
    route('leaderboard', 'routes/leaderboard.tsx', { id: id('leaderboard') }),
    layout('routes/event-layout.tsx', { id: id('event-layout') }, [
      route('event', 'routes/event.tsx', { id: id('event') }),
      route('event/battle-pass', 'routes/event-battle-pass.tsx', { id: id('event-battle-pass') }),
      route('event/coin-cases', 'routes/event-coin-cases.tsx', { id: id('event-coin-cases') }),
      route('event/new-cases', 'routes/event-new-cases.tsx', { id: id('event-new-cases') }),
      route('event/top', 'routes/event-top.tsx', { id: id('event-top') }),
    ]),
    // The configured newCases redirect (spec §2): the router has no named redirects, so a path.
    route('new-cases', 'routes/new-cases.tsx', { id: id('new-cases') }),
    layout('routes/provably-fair-layout.tsx', { id: id('provably-fair-layout') }, [
      route('provably-fair/instructions', 'routes/provably-fair-instructions.tsx', { id: id('provably-fair-instructions') }),
      route('provably-fair/settings', 'routes/provably-fair-settings.tsx', { id: id('provably-fair-settings') }),
      route('provably-fair/check', 'routes/provably-fair-check.tsx', { id: id('provably-fair-check') }),
      route('provably-fair/case-history/:caseId', 'routes/provably-fair-case-history.tsx', { id: id('provably-fair-case-history') }),
    ]),
    // The techies game under its three names (spec §2).
    route('sapper', 'routes/techies.tsx', { id: id('techies') }),
    route('ninja-defuse', 'routes/techies.tsx', { id: id('techies-ninja-defuse') }),
    route('techies', 'routes/techies.tsx', { id: id('techies-alias') }),
    layout('routes/refill-layout.tsx', { id: id('refill-layout') }, [
      route('refill', 'routes/refill.tsx', { id: id('refill') }),
      route('refill/unauth', 'routes/refill-unauth.tsx', { id: id('refill-unauth') }),
      route('refill/result', 'routes/refill-result.tsx', { id: id('refill-result') }),
    ]),
    // Help and legal pages (spec §2); the event rules answer at /privacy-policy too (decision 024).
    route('faq', 'routes/faq.tsx', { id: id('faq') }),
    route('bonuses', 'routes/bonuses.tsx', { id: id('bonuses') }),
    route('cookies', 'routes/cookies.tsx', { id: id('cookies') }),
    route('contacts', 'routes/contacts.tsx', { id: id('contacts') }),
    route('user-agreement', 'routes/user-agreement.tsx', { id: id('user-agreement') }),
    route('event-condition', 'routes/event-condition.tsx', { id: id('event-condition') }),
    route('privacy-policy', 'routes/event-condition.tsx', { id: id('privacy-policy') }),
    // The operator console (decision 029): a guest or a player gets the not-found page.
    layout('routes/admin-layout.tsx', { id: id('admin-layout') }, [
      route('admin', 'routes/admin-players.tsx', { id: id('admin-players') }),
      route('admin/dashboard', 'routes/admin-dashboard.tsx', { id: id('admin-dashboard') }),
      route('admin/players/:playerId', 'routes/admin-player.tsx', { id: id('admin-player') }),
      route('admin/cases', 'routes/admin-cases.tsx', { id: id('admin-cases') }),
      route('admin/cases/:caseId', 'routes/admin-case.tsx', { id: id('admin-case') }),
      route('admin/prices', 'routes/admin-prices.tsx', { id: id('admin-prices') }),
      route('admin/withdrawals', 'routes/admin-withdrawals.tsx', { id: id('admin-withdrawals') }),
      route('admin/payments', 'routes/admin-payments.tsx', { id: id('admin-payments') }),
      route('admin/payment-settings', 'routes/admin-payment-settings.tsx', { id: id('admin-payment-settings') }),
      route('admin/flags', 'routes/admin-flags.tsx', { id: id('admin-flags') }),
      route('admin/audit', 'routes/admin-audit.tsx', { id: id('admin-audit') }),
      route('admin/promo-codes', 'routes/admin-promo-codes.tsx', { id: id('admin-promo-codes') }),
      route('admin/offers', 'routes/admin-offers.tsx', { id: id('admin-offers') }),
      route('admin/leaderboards', 'routes/admin-leaderboards.tsx', { id: id('admin-leaderboards') }),
      route('admin/events', 'routes/admin-events.tsx', { id: id('admin-events') }),
      route('admin/events/:eventId', 'routes/admin-event.tsx', { id: id('admin-event') }),
    ]),
    route('*', 'routes/not-found.tsx', { id: id('not-found') }),
  ];
}

/** Pages of the landing layout (spec §2), outside the default one: no header, menus or live drops. */
function landingPages(copy: Copy) {
  return [route('land1', 'routes/land1.tsx', { id: idFor(copy)('land1') })];
}

export default [
  layout('routes/landing-layout.tsx', { id: 'landing-layout' }, [...landingPages('root'), ...prefix('en', landingPages('en')), ...prefix('ru', landingPages('ru'))]),
  layout('routes/layout.tsx', [...pages('root'), ...prefix('en', pages('en')), ...prefix('ru', pages('ru'))]),
] satisfies RouteConfig;
