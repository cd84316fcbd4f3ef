import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CaseCardData } from '#app/features/cases/api/get-sections.ts';
import { caseCardLabel } from '#app/features/cases/components/case-card-label.ts';
import '#app/lib/i18n-all.ts';
import { i18nFor } from '#app/lib/i18n.ts';

/** A case card as the sections API sends it (camelized): on sale, no label of any kind. */
function card(over: Partial<CaseCardData> = {}): CaseCardData {
  return {
    id: 1,
    slug: 'spring',
    name: 'Spring',
    available: true,
    priceData: { currency: 'GOLD', price: 99, oldPrice: null },
    statisticData: { opensLimit: null, opensRemaining: null },
    appearanceData: { image: '/img/spring.png', color: '#333' },
    labelData: null,
    multifixNumber: null,
    multicastData: null,
    everyNOpensFree: null,
    isOffer: false,
    bonuses: null,
    volatility: 2,
    maxMultiOpen: 5,
    battleAllowed: true,
    level: 0,
    locked: false,
    daily: false,
    timerData: null,
    ...over,
  };
}
const label = (type: string, name: string | null = null, color: string | null = null) => ({ type, name, color, freeOpens: null });

const ru = i18nFor('ru').t as TFunction;
const en = i18nFor('en').t as TFunction;
const text = (c: CaseCardData, t: TFunction = ru) => caseCardLabel(c, t)?.text ?? null;

describe('the label on a case card (spec §4 precedence, as the main page shows it)', () => {
  it('a plain case on sale shows no label', () => {
    expect(caseCardLabel(card(), ru)).toBeNull();
  });

  it('a case no longer on sale shows a red "ended" badge, whatever else it carries', () => {
    const ended = card({ available: false, multifixNumber: 3, labelData: label('new'), everyNOpensFree: 5 });
    expect(caseCardLabel(ended, ru)).toEqual({ kind: 'ended', text: 'Закончился', color: '#e5484d' });
    expect(text(ended, en)).toBe('Sold out');
  });

  it('an offer case that is off sale is not shown as ended', () => {
    expect(caseCardLabel(card({ available: false, isOffer: true }), ru)).toBeNull();
    expect(text(card({ available: false, isOffer: true, labelData: label('bestseller') }))).toBe('Хит');
  });

  it('a coin case (priced in event coins) that is off sale is not shown as ended', () => {
    const coinCase = card({ available: false, priceData: { currency: 'TASTY_COIN', price: 100, oldPrice: null } });
    expect(caseCardLabel(coinCase, ru)).toBeNull();
    expect(text({ ...coinCase, labelData: label('new') })).toBe('Новинка');
    expect(caseCardLabel({ ...coinCase, priceData: { ...coinCase.priceData, currency: 'GOLD' } }, ru)?.kind).toBe('ended');
  });

  it('a multifix case shows how many drops one open gives, before any named label', () => {
    const c = card({ multifixNumber: 3, multicastData: { range: [2, 5] }, labelData: label('new') });
    expect(caseCardLabel(c, ru)).toEqual({ kind: 'multifix', text: 'x3 за раз', color: null });
    expect(text(c, en)).toBe('x3 per open');
  });

  it('a multicast case shows its range', () => {
    const c = card({ multicastData: { range: [2, 5] }, labelData: label('new') });
    expect(text(c)).toBe('x2–x5');
    expect(text(c, en)).toBe('x2–x5');
  });

  it('a label named Multicast or Clutch shows its own name and colour, before "new"', () => {
    expect(caseCardLabel(card({ labelData: label('new', 'Clutch week', '#ff00aa') }), ru)).toEqual({ kind: 'named', text: 'Clutch week', color: '#ff00aa' });
    expect(text(card({ labelData: label('custom', 'MULTICAST x5') }), en)).toBe('MULTICAST x5');
  });

  it('a new case shows "new" in green, before "free every N"', () => {
    const c = card({ labelData: label('new'), everyNOpensFree: 5 });
    expect(caseCardLabel(c, ru)).toEqual({ kind: 'new', text: 'Новинка', color: '#2fbf71' });
    expect(text(c, en)).toBe('New');
  });

  it('a case with every N-th open free says so, before its type label', () => {
    const c = card({ everyNOpensFree: 5, labelData: label('bestseller') });
    expect(caseCardLabel(c, ru)).toEqual({ kind: 'free_every', text: 'Бесплатно каждое 5-е', color: '#2f9bff' });
    expect(text(c, en)).toBe('Free every 5 opens');
  });

  it('type labels show their name in the page language', () => {
    expect(text(card({ labelData: label('update') }))).toBe('Обновлён');
    expect(text(card({ labelData: label('bestseller') }))).toBe('Хит');
    expect(text(card({ labelData: label('cashback') }))).toBe('Кэшбэк');
    expect(text(card({ labelData: label('exclusive') }))).toBe('Эксклюзив');
    expect(text(card({ labelData: label('bestseller') }), en)).toBe('Bestseller');
  });

  it('a custom label shows its name and colour; one without a name shows nothing', () => {
    expect(caseCardLabel(card({ labelData: label('custom', 'Весна', '#00ff00') }), ru)).toEqual({ kind: 'custom', text: 'Весна', color: '#00ff00' });
    expect(caseCardLabel(card({ labelData: label('custom', null, '#00ff00') }), ru)).toBeNull();
  });

  it('label types without a badge of their own (free, fifty_fifty) show nothing', () => {
    expect(caseCardLabel(card({ labelData: label('free') }), ru)).toBeNull();
    expect(caseCardLabel(card({ labelData: label('fifty_fifty') }), ru)).toBeNull();
  });

  it('every badge text is a real translation, never a raw key', () => {
    const cards = [
      card({ available: false }),
      card({ multifixNumber: 2 }),
      card({ multicastData: { range: [1, 3] } }),
      card({ labelData: label('new') }),
      card({ everyNOpensFree: 3 }),
      ...['update', 'bestseller', 'cashback', 'exclusive'].map((type) => card({ labelData: label(type) })),
    ];
    for (const t of [ru, en]) for (const c of cards) expect(text(c, t)).not.toMatch(/^label\./);
  });
});
