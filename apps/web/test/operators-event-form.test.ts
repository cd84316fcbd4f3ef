import { describe, expect, it } from 'vitest';
import { eventCreateBodyOf, eventEditBodyOf, eventEditFormOf, nextSeasonForm, nextSlug, passOf, STARTER_PASS } from '#app/features/operators/utils/event-form.ts';
import { toLocalInput } from '#app/features/operators/utils/promo-form.ts';

const DAY = 86_400_000;
const document = {
  slug: 'neon-season',
  title: { ru: 'Неон', en: 'Neon' },
  subtitle: { ru: 'Сезон', en: 'Season' },
  full_name: { ru: 'Неоновый сезон', en: 'Neon season' },
  starts_at: '2030-01-01T00:00:00.000Z',
  ends_at: '2030-01-29T00:00:00.000Z',
  claim_days: 3,
  coins_per_ticket: 50,
  tabs: ['TastyBattlePass', 'Top'],
  top_leaderboard_id: 7,
  levels: [{ threshold: 10, coins: 5 }, { threshold: 30, case: 'cheap', case_amount: 2 }],
  tasks: [{ level: 1, type: 'open_cases', target: 3, description: { ru: 'Откройте 3 кейса', en: 'Open 3 cases' } }],
  raffle_prizes: ['AK-47 | Redline (FT)'],
};

describe('the next season from a copy', () => {
  it('keeps the texts and the pass, takes a new slug and as long a period from the copied season’s end', () => {
    const form = nextSeasonForm(JSON.stringify(document), new Date('2029-12-15T10:20:00Z'));
    expect(form).toMatchObject({ slug: 'neon-season-2', titleEn: 'Neon', fullNameRu: 'Неоновый сезон', claimDays: '3', coinsPerTicket: '50' });
    expect(form.startsAt).toBe(toLocalInput(document.ends_at));
    expect(form.endsAt).toBe(toLocalInput(new Date(Date.parse(document.ends_at) + 28 * DAY).toISOString()));
    // The season's own leaderboard is the old season's: the copy leaves it out.
    expect(JSON.parse(form.pass)).toEqual({ levels: document.levels, tasks: document.tasks, raffle_prizes: document.raffle_prizes, tabs: document.tabs });
    const made = eventCreateBodyOf(form);
    expect(made.ok && made.body).toMatchObject({ slug: 'neon-season-2', levels: document.levels, claim_days: 3, coins_per_ticket: 50, title: document.title });
  });

  it('starts on the next whole hour when the copied season has already ended, and from scratch without one', () => {
    const now = new Date('2031-05-05T10:20:00Z');
    expect(nextSeasonForm(JSON.stringify(document), now).startsAt).toBe(toLocalInput('2031-05-05T11:00:00.000Z'));
    const empty = nextSeasonForm(null, now);
    expect(empty).toMatchObject({ slug: '', titleRu: '', pass: STARTER_PASS, claimDays: '7' });
    expect(nextSlug('neon-season-9')).toBe('neon-season-10');
  });
});

describe('checking a new season', () => {
  const good = nextSeasonForm(JSON.stringify(document), new Date('2029-12-15T00:00:00Z'));
  it('names the first field left wrong', () => {
    expect(eventCreateBodyOf({ ...good, slug: 'Has Spaces' })).toEqual({ ok: false, field: 'slug' });
    expect(eventCreateBodyOf({ ...good, titleEn: ' ' })).toEqual({ ok: false, field: 'titleEn' });
    expect(eventCreateBodyOf({ ...good, fullNameRu: '' })).toEqual({ ok: false, field: 'fullNameRu' });
    expect(eventCreateBodyOf({ ...good, startsAt: '' })).toEqual({ ok: false, field: 'startsAt' });
    expect(eventCreateBodyOf({ ...good, endsAt: good.startsAt })).toEqual({ ok: false, field: 'endsAt' });
    expect(eventCreateBodyOf({ ...good, claimDays: '61' })).toEqual({ ok: false, field: 'claimDays' });
    expect(eventCreateBodyOf({ ...good, coinsPerTicket: '0' })).toEqual({ ok: false, field: 'coinsPerTicket' });
    expect(eventCreateBodyOf({ ...good, pass: '{"levels": [' })).toEqual({ ok: false, field: 'pass' });
  });

  it('reads a pass only with levels whose thresholds are whole and rise', () => {
    expect(passOf('{"levels":[{"threshold":10},{"threshold":20}]}')).toMatchObject({ levels: [{ threshold: 10 }, { threshold: 20 }], tasks: [], raffle_prizes: [] });
    expect(passOf('{"levels":[{"threshold":20},{"threshold":10}]}')).toBeNull();
    expect(passOf('{"levels":[{"threshold":1.5}]}')).toBeNull();
    expect(passOf('{"levels":[]}')).toBeNull();
    expect(passOf('[1,2]')).toBeNull();
    expect(passOf('{"levels":[{"threshold":10}],"tasks":{}}')).toBeNull();
  });
});

describe('editing a season', () => {
  const shown = {
    title: document.title,
    subtitle: document.subtitle,
    fullName: document.full_name,
    startsAt: document.starts_at,
    endsAt: document.ends_at,
    claimUntil: new Date(Date.parse(document.ends_at) + 3 * DAY).toISOString(),
  };
  it('sends only what changed, a text in both languages', () => {
    const form = eventEditFormOf(shown);
    expect(eventEditBodyOf(form, shown)).toEqual({ ok: true, body: null });
    expect(eventEditBodyOf({ ...form, titleEn: 'Neon nights ' }, shown)).toEqual({ ok: true, body: { title: { ru: 'Неон', en: 'Neon nights' } } });
    const later = toLocalInput('2030-02-05T00:00:00.000Z');
    expect(eventEditBodyOf({ ...form, endsAt: later, claimDays: '5' }, shown)).toEqual({ ok: true, body: { ends_at: new Date(later).toISOString(), claim_days: 5 } });
  });

  it('refuses an empty text, an end before the start and claim days out of range', () => {
    const form = eventEditFormOf(shown);
    expect(eventEditBodyOf({ ...form, subtitleRu: '' }, shown)).toEqual({ ok: false, field: 'subtitleRu' });
    expect(eventEditBodyOf({ ...form, endsAt: form.startsAt }, shown)).toEqual({ ok: false, field: 'endsAt' });
    expect(eventEditBodyOf({ ...form, claimDays: '-1' }, shown)).toEqual({ ok: false, field: 'claimDays' });
  });
});
