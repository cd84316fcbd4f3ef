import { z } from 'zod';
import { EVENT_TABS } from '@store/shared/battle-pass';
import { TASK_TYPES } from '@store/shared/events';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { Catalogue } from '../modules/catalogue/catalogue.ts';
import { createEvent, endEventNow, findEventBySlug, listEventsForOperators } from '../modules/events/events.ts';
import type { Clock } from '../platform/clock.ts';
import { AdminError } from './admin-error.ts';

const localized = z.object({ ru: z.string().min(1).max(200), en: z.string().min(1).max(200) });

/** An event definition file (`event create --file`): what an operator writes, checked before anything is stored. */
export const eventDefinition = z
  .object({
    slug: z.string().regex(/^[a-z0-9-]{1,60}$/),
    title: localized,
    subtitle: localized,
    full_name: localized,
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    claim_days: z.number().min(0).max(60).default(7),
    tabs: z.array(z.enum(EVENT_TABS)).optional(),
    coins_per_ticket: z.number().int().positive().max(1_000_000).default(100),
    top_leaderboard_id: z.number().int().positive().nullable().default(null),
    levels: z
      .array(
        z.object({
          threshold: z.number().int().positive(),
          money: z.number().int().min(0).max(100_000_000).optional(),
          coins: z.number().int().min(0).max(1_000_000).optional(),
          case: z.string().min(1).optional(),
          case_amount: z.number().int().min(1).max(10).optional(),
        }),
      )
      .min(1)
      .max(100),
    tasks: z
      .array(
        z.object({
          level: z.number().int().min(1),
          type: z.enum(TASK_TYPES as [string, ...string[]]),
          target: z.number().int().positive(),
          sections: z.array(z.string().min(1)).optional(),
          description: localized,
          money: z.number().int().min(0).optional(),
          coins: z.number().int().min(0).optional(),
          case: z.string().min(1).optional(),
        }),
      )
      .max(500)
      .default([]),
    raffle_prizes: z.array(z.string().min(1)).max(1000).default([]),
  })
  .refine((d) => Date.parse(d.ends_at) > Date.parse(d.starts_at), { path: ['ends_at'], message: 'ends before it starts' })
  .refine((d) => d.levels.every((l, i) => i === 0 || l.threshold > d.levels[i - 1]!.threshold), { path: ['levels'], message: 'thresholds must rise' });

export const eventCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('event-create'), definition: z.string().min(2).max(1_000_000) }),
  z.object({ command: z.literal('event-list') }),
  z.object({ command: z.literal('event-end'), slug: z.string().min(1) }),
]);
export type EventCommand = z.infer<typeof eventCommand>;

/**
 * Operators' events: define one from a JSON file (`event create --file`), list them with their
 * players, claims and raffle (`event list`), and end one now (`event end`): the close job then
 * draws its raffle and grants the prizes, and done levels stay claimable for its grace.
 */
export async function runEventCommand(db: Db, cmd: EventCommand, clock?: Clock) {
  switch (cmd.command) {
    case 'event-create': {
      let json: unknown;
      try {
        json = JSON.parse(cmd.definition);
      } catch {
        throw new AdminError('the event file is not JSON');
      }
      const parsed = eventDefinition.safeParse(json);
      if (!parsed.success) throw new AdminError(`bad event file: ${z.prettifyError(parsed.error)}`);
      const d = parsed.data;
      if (await findEventBySlug(db, d.slug)) throw new AdminError(`an event "${d.slug}" already exists`);
      const catalogue = new Catalogue(new Map(), 'generated');
      await catalogue.load(db);
      try {
        const e = await createEvent(db, catalogue, {
          slug: d.slug,
          title: d.title,
          subtitle: d.subtitle,
          fullName: d.full_name,
          startsAt: new Date(d.starts_at),
          endsAt: new Date(d.ends_at),
          claimGraceMs: d.claim_days * 86_400_000,
          tabs: d.tabs,
          coinsPerTicket: d.coins_per_ticket,
          topLeaderboardId: d.top_leaderboard_id,
          levels: d.levels.map((l) => ({ threshold: l.threshold, money: l.money, coins: l.coins, caseSlug: l.case, caseAmount: l.case_amount })),
          tasks: d.tasks.map((t) => ({ ...t, type: t.type as (typeof TASK_TYPES)[number], sectionSlugs: t.sections, caseSlug: t.case })),
          rafflePrizes: d.raffle_prizes,
        });
        return { id: e.id, slug: e.slug, starts_at: e.startsAt.toISOString(), ends_at: e.endsAt.toISOString(), raffle_seed_hash: e.raffleSeedHash };
      } catch (err) {
        if (err instanceof AppError) throw new AdminError(`the event names something the store does not have (${err.code}: ${JSON.stringify(err.params ?? {})})`);
        throw err;
      }
    }
    case 'event-list':
      return listEventsForOperators(db);
    case 'event-end': {
      const e = await findEventBySlug(db, cmd.slug);
      const ended = e ? await endEventNow(db, e.id, clock?.now() ?? new Date()) : null;
      if (!ended) throw new AdminError(`no running event "${cmd.slug}"`);
      return { slug: ended.slug, ends_at: ended.endsAt.toISOString(), claim_until: ended.claimUntil.toISOString() };
    }
  }
}
