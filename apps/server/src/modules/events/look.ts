/**
 * An event's colours and pictures (spec §3 Event settings), kept as one JSON column so an operator
 * can restyle a season without a migration. The pictures are the store's own art under
 * apps/web/public/img/event.
 */
export interface EventLook {
  coinColor: string;
  coinIcon: string;
  challengeCardGradient: string;
  challengeProgressGradient: string;
  buttonGradient: { color: string; hover: string };
  background: { m: string; s: string; xl: string; xxl: string };
  logo: { case: string; ladder: string; m: string; s: string; xl: string };
  overview: { cases: string; battle: string; up: string; bonus: string; offer: string };
  popupImages: string[];
  icons: { coin: string; rare: string; ultra: string; case: string };
  casesSectionTitles: { ru: SectionTitles; en: SectionTitles };
}

interface SectionTitles {
  cases: string;
  coin_cases: string;
  new_cases: string;
}

const img = (name: string) => `/img/event/${name}.svg`;

/** The look of the seeded season (and the default of an operator's new event). */
export const NEON_LOOK: EventLook = {
  coinColor: '#F03573',
  coinIcon: img('coin'),
  challengeCardGradient: 'linear-gradient(135deg, #2a0f2f 0%, #5b1646 55%, #f03573 100%)',
  challengeProgressGradient: 'linear-gradient(90deg, #f03573 0%, #ff9ec4 100%)',
  buttonGradient: { color: 'linear-gradient(90deg, #f03573 0%, #ff6a9a 100%)', hover: 'linear-gradient(90deg, #ff4d86 0%, #ff9ec4 100%)' },
  background: { m: img('bg-m'), s: img('bg-s'), xl: img('bg-xl'), xxl: img('bg-xxl') },
  logo: { case: img('logo-case'), ladder: img('logo-ladder'), m: img('logo-m'), s: img('logo-s'), xl: img('logo-xl') },
  overview: { cases: img('overview-cases'), battle: img('overview-battle'), up: img('overview-up'), bonus: img('overview-bonus'), offer: img('overview-offer') },
  popupImages: [1, 2, 3, 4, 5, 6].map((n) => img(`popup-${n}`)),
  icons: { coin: img('coin'), rare: img('icon-rare'), ultra: img('icon-ultra'), case: img('icon-case') },
  casesSectionTitles: {
    ru: { cases: 'Кейсы события', coin_cases: 'Кейсы за монеты', new_cases: 'Новые кейсы' },
    en: { cases: 'Event cases', coin_cases: 'Coin cases', new_cases: 'New cases' },
  },
};
