import { describe, expect, it } from 'vitest';
import { summarizeOdds } from '@store/shared/odds';
import { SIMULATION_MAX_OPENINGS } from '@store/shared/odds-simulation';
import ruAdmin from '#app/locales/ru/admin.json';
import enAdmin from '#app/locales/en/admin.json';
import { caseEditOf, caseFormOf, newCaseOf, type CaseData } from '#app/features/operators/utils/case-fields.ts';
import { caseStanding, deviationOf, sectionsOf, shownLabelText } from '#app/features/operators/utils/case-format.ts';
import {
  chanceTextOf,
  draftOf,
  openingsOf,
  guardRangeText,
  percentOf,
  rowsOfRanges,
  rtpStanding,
  ticketsOfChance,
  withRestOn,
  type KnownItem,
  type OddsRow,
} from '#app/features/operators/utils/odds-editor.ts';

/** The console's cases and odds pages (decision 030): the editor's rows, the live figures, the case form. */

const PRICES: Record<string, KnownItem> = { cheap: { name: 'Cheap', price: 1 }, mid: { name: 'Mid', price: 10 }, rare: { name: 'Rare', price: 500 } };
const known = (item: string) => PRICES[item];
const TABLE = [
  { item: 'cheap', from: 1, to: 70_000 },
  { item: 'mid', from: 70_001, to: 99_000 },
  { item: 'rare', from: 99_001, to: 100_000 },
];
const row = (item: string, chance: string, id = 0): OddsRow => ({ id, item, chance });

describe('the odds editor', () => {
  it('reads a stored table as one row per range, in ticket order, and writes it back unchanged', () => {
    const rows = rowsOfRanges([...TABLE].reverse());
    expect(rows.map((r) => [r.item, r.chance])).toEqual([
      ['cheap', '70'],
      ['mid', '29'],
      ['rare', '1'],
    ]);
    const draft = draftOf(rows, known, 10);
    expect(draft.ranges).toEqual(TABLE);
    expect(draft).toMatchObject({ total: 100_000, left: 0, sound: true });
  });

  it('shows a chance with up to 3 decimals: one ticket is 0.001%', () => {
    expect(chanceTextOf(1)).toBe('0.001');
    expect(chanceTextOf(1362)).toBe('1.362');
    expect(chanceTextOf(100_000)).toBe('100');
    expect(ticketsOfChance('1,362')).toBe(1362);
    expect(ticketsOfChance(' 0.001 ')).toBe(1);
    expect(ticketsOfChance('100')).toBe(100_000);
    for (const bad of ['', '0', '0.0001', '100.001', '-1', '1e2', 'abc', '1.2.3']) expect(ticketsOfChance(bad), bad).toBeNull();
  });

  it('gives the same EV and RTP as the shared summary the server uses, and follows an edited chance', () => {
    const rows = rowsOfRanges(TABLE);
    const draft = draftOf(rows, known, 10);
    const server = summarizeOdds({ ranges: TABLE, priceOf: (k) => PRICES[k]!.price, casePrice: 10 });
    expect(draft.summary).toEqual(server);
    expect(draft.summary!.expected_value).toBeCloseTo(0.7 + 2.9 + 5, 10);
    expect(draft.summary!.rtp).toBeCloseTo(0.86, 10);
    // Half a percent moves from cheap to rare: the RTP rises before anything is saved.
    const edited = draftOf([row('cheap', '69.5', 1), rows[1]!, row('rare', '1.5', 3)], known, 10);
    expect(edited.sound).toBe(true);
    expect(edited.summary!.rtp).toBeCloseTo(0.86 + (0.005 * 499) / 10, 10);
    expect(edited.ranges.at(-1)).toEqual({ item: 'rare', from: 98_501, to: 100_000 });
  });

  it('says what is left over or past 100000, and which row is wrong, without sending', () => {
    const short = draftOf([row('cheap', '70'), row('mid', '29')], known, 10);
    expect(short).toMatchObject({ left: 1_000, sound: false });
    expect(short.rows.every((r) => r.problems.length === 0)).toBe(true);
    const over = draftOf([row('cheap', '70'), row('mid', '29'), row('rare', '2')], known, 10);
    expect(over).toMatchObject({ left: -1_000, sound: false });
    expect(over.rows.map((r) => r.problems)).toEqual([[], [], ['out_of_bounds']]);
    const typo = draftOf([row('cheap', '70'), row('mid', '29,x'), row('rare', '30')], known, 10);
    expect(typo.rows.map((r) => r.problems)).toEqual([[], ['chance_format'], []]);
    expect(typo.sound).toBe(false);
    const unknown = draftOf([row('cheap', '99'), row('ghost', '1')], known, 10);
    expect(unknown.rows[1]!.problems).toEqual(['unknown_item']);
    expect(unknown.sound).toBe(false);
    expect(draftOf([], known, 10)).toMatchObject({ sound: false, summary: null, left: 100_000 });
  });

  it('puts the tickets left over, or takes the excess, on the row asked', () => {
    const rows = [row('cheap', '70', 1), row('mid', '29', 2), row('rare', '', 3)];
    expect(withRestOn(rows, 3)).toEqual(rows); // a row without a chance yet cannot take it
    const filled = withRestOn([row('cheap', '70', 1), row('mid', '28', 2), row('rare', '1', 3)], 2);
    expect(filled.map((r) => r.chance)).toEqual(['70', '29', '1']);
    const trimmed = withRestOn([row('cheap', '71', 1), row('mid', '29', 2), row('rare', '1', 3)], 1);
    expect(trimmed.map((r) => r.chance)).toEqual(['70', '29', '1']);
    // Taking more than the row holds would leave it empty: nothing changes.
    expect(withRestOn([row('cheap', '100', 1), row('rare', '1', 2)], 2).map((r) => r.chance)).toEqual(['100', '1']);
  });

  it('places a return to player against the guard range and writes it as a percent', () => {
    expect([rtpStanding(0.79999), rtpStanding(0.8), rtpStanding(0.98), rtpStanding(0.98001)]).toEqual(['low', 'ok', 'ok', 'high']);
    expect(percentOf(0.86)).toBe('86.00%');
    expect(percentOf(0.912345)).toBe('91.23%');
    expect(percentOf(0.912345, 'ru')).toBe('91,23%');
    expect(guardRangeText()).toBe('80–98%');
  });

  it('takes a simulation size within what the server allows', () => {
    expect(openingsOf('10 000', SIMULATION_MAX_OPENINGS)).toBe(10_000);
    expect(openingsOf(String(SIMULATION_MAX_OPENINGS), SIMULATION_MAX_OPENINGS)).toBe(SIMULATION_MAX_OPENINGS);
    for (const bad of ['0', '', '1.5', '-3', String(SIMULATION_MAX_OPENINGS + 1), 'many']) expect(openingsOf(bad, SIMULATION_MAX_OPENINGS), bad).toBeNull();
  });
});

const CASE = {
  id: 7,
  slug: 'budget',
  nameRu: 'Бюджетный',
  nameEn: 'Budget',
  section: { id: 2, slug: 'main' },
  price: 10,
  currency: 'GOLD',
  available: true,
  locked: false,
  status: 'active',
  daily: false,
  openable: true,
  oddsId: 5,
  rtp: 0.86,
  opens: 3,
  sort: 1,
  oldPrice: null,
  imageUrl: null,
  image: '/img/cases/budget.svg',
  color: '#e4ae39',
  label: { type: 'new', name: null, color: null },
  shownLabel: { kind: 'new' },
  opensLimit: null,
  opensCount: 3,
  everyNOpenFree: null,
  multifix: null,
  multicastRange: null,
  volatility: 2,
  maxMultiOpen: 5,
  level: 0,
  battleAllowed: true,
  tastyCoins: null,
  saleWindow: null,
  rtpGuarded: true,
  odds: null,
  oddsHistory: [],
} as CaseData;

describe('the case form', () => {
  it('sends only what changed, as the API names it', () => {
    const form = caseFormOf(CASE);
    expect(caseEditOf(form, CASE)).toEqual({ ok: true, body: {}, changed: [] });
    const edited = { ...form, nameEn: 'Budget+', oldPrice: '19,99', multicastFrom: '2', multicastTo: '5', hidden: true, labelType: 'custom' as const, labelNameRu: 'Хит', labelNameEn: 'Hit' };
    expect(caseEditOf(edited, CASE)).toEqual({
      ok: true,
      changed: ['name_en', 'old_price', 'label', 'multicast_range', 'status'],
      body: { name_en: 'Budget+', old_price: 19.99, label: { type: 'custom', name: { ru: 'Хит', en: 'Hit' }, color: null }, multicast_range: [2, 5], status: 'hidden' },
    });
    // Emptying a nullable field sends null.
    expect(caseEditOf({ ...form, labelType: '' }, CASE)).toMatchObject({ ok: true, body: { label: null } });
  });

  it('refuses what the server would, naming the fields', () => {
    const form = caseFormOf(CASE);
    expect(caseEditOf({ ...form, price: '1.234' }, CASE)).toEqual({ ok: false, fields: ['price'] });
    expect(caseEditOf({ ...form, price: '0' }, CASE)).toEqual({ ok: false, fields: ['price'] });
    // A number the form cannot read is not taken for an empty field.
    expect(caseEditOf({ ...form, oldPrice: 'abc' }, CASE)).toEqual({ ok: false, fields: ['oldPrice'] });
    expect(caseEditOf({ ...form, volatility: '9', color: 'red' }, CASE)).toEqual({ ok: false, fields: ['color', 'volatility'] });
    expect(caseEditOf({ ...form, multicastFrom: '5', multicastTo: '2' }, CASE)).toEqual({ ok: false, fields: ['multicastFrom', 'multicastTo'] });
    expect(caseEditOf({ ...form, labelType: 'custom' }, CASE)).toMatchObject({ ok: false, fields: expect.arrayContaining(['labelType']) });
    expect(caseEditOf({ ...form, nameRu: '   ' }, CASE)).toEqual({ ok: false, fields: ['nameRu'] });
  });

  it('sets, keeps and clears the sale window the card counts down (spec §4 time counter)', () => {
    const form = caseFormOf(CASE);
    expect([form.saleFrom, form.saleUntil]).toEqual(['', '']);
    const set = caseEditOf({ ...form, saleFrom: '2026-12-01T10:00', saleUntil: '2026-12-08T10:00' }, CASE);
    expect(set).toEqual({
      ok: true,
      changed: ['sale_window'],
      body: { sale_window: { from: new Date('2026-12-01T10:00').toISOString(), until: new Date('2026-12-08T10:00').toISOString() } },
    });
    // A case sold in a window shows it in the operator's time, and an untouched form sends nothing.
    const windowed = { ...CASE, saleWindow: { from: new Date('2026-12-01T10:00').toISOString(), until: new Date('2026-12-08T10:00').toISOString() } };
    expect([caseFormOf(windowed).saleFrom, caseFormOf(windowed).saleUntil]).toEqual(['2026-12-01T10:00', '2026-12-08T10:00']);
    expect(caseEditOf(caseFormOf(windowed), windowed)).toEqual({ ok: true, body: {}, changed: [] });
    expect(caseEditOf({ ...caseFormOf(windowed), saleFrom: '', saleUntil: '' }, windowed)).toMatchObject({ ok: true, body: { sale_window: null } });
    for (const [from, until] of [['2026-12-01T10:00', ''], ['2026-12-08T10:00', '2026-12-01T10:00'], ['tomorrow', '2026-12-01T10:00']]) {
      expect(caseEditOf({ ...form, saleFrom: from!, saleUntil: until! }, CASE), `${from} – ${until}`).toEqual({ ok: false, fields: ['saleFrom', 'saleUntil'] });
    }
  });

  it('checks a new case before fetching the table it starts from', () => {
    const good = { slug: 'console-made', nameRu: 'Кейс', nameEn: 'Case', sectionId: '2', price: '99.5', fromCaseId: '7' };
    expect(newCaseOf(good)).toEqual({ ok: true, fromCaseId: 7, body: { slug: 'console-made', name_ru: 'Кейс', name_en: 'Case', section_id: 2, price: 99.5 } });
    const bad = newCaseOf({ ...good, slug: 'Not A Slug', price: '-1', fromCaseId: '' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && [...bad.fields].sort()).toEqual(['fromCaseId', 'price', 'slug']);
  });
});

describe('the cases list', () => {
  it('says why a case cannot be opened, in the order the server decides it', () => {
    const c = { openable: false, status: 'active', available: true, locked: false };
    expect(caseStanding({ ...c, openable: true })).toBe('on_sale');
    expect(caseStanding({ ...c, status: 'hidden', available: false })).toBe('hidden');
    expect(caseStanding({ ...c, available: false, locked: true })).toBe('unavailable');
    expect(caseStanding({ ...c, locked: true })).toBe('locked');
    expect(caseStanding(c)).toBe('sold_out');
  });

  it('lists each section once and names the label the card shows', () => {
    expect(sectionsOf([{ section: { id: 2, slug: 'main' } }, { section: { id: 1, slug: 'event' } }, { section: { id: 2, slug: 'main' } }])).toEqual([
      { id: 2, slug: 'main' },
      { id: 1, slug: 'event' },
    ]);
    expect(shownLabelText({ kind: 'free_every', n: 10 })).toEqual({ key: 'admin.cases.shownLabel.free_every', values: { n: 10 } });
    expect(shownLabelText({ kind: 'type', type: 'bestseller' })).toEqual({ key: 'admin.cases.labels.bestseller', values: {} });
    expect(shownLabelText(null)).toBeNull();
    expect(deviationOf(110, 100)).toBe('+10.0%');
    expect(deviationOf(0, 0)).toBe('');
    expect(deviationOf(95, 100, 'ru')).toBe('-5,0%');
  });

  it('has every text of the pages in Russian and English', () => {
    const keys = (o: unknown, at = ''): string[] =>
      o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, at ? `${at}.${k}` : k)) : [at];
    expect(keys(ruAdmin.admin.cases)).toEqual(keys(enAdmin.admin.cases));
    for (const k of ['on_sale', 'hidden', 'unavailable', 'locked', 'sold_out']) expect(keys(enAdmin.admin.cases)).toContain(`standing.${k}`);
    expect(enAdmin.admin.nav.cases).toBeTruthy();
  });
});
