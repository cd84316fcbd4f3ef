import { z } from 'zod';
import { eventDefinition } from '@store/shared/api/operator-events';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { Catalogue } from '../modules/catalogue/catalogue.ts';
import { findEventBySlug } from '../modules/events/events.ts';
import { createEventByOperator, endEvent, listEvents } from '../modules/operators/promotion-events.ts';
import type { Clock } from '../platform/clock.ts';
import { AdminError } from './admin-error.ts';

export const eventCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('event-create'), definition: z.string().min(2).max(1_000_000), operator: z.string().min(1).optional() }),
  z.object({ command: z.literal('event-list') }),
  z.object({ command: z.literal('event-end'), slug: z.string().min(1), operator: z.string().min(1).optional() }),
]);
export type EventCommand = z.infer<typeof eventCommand>;

/** The console's refusal as the command line says it: its code and what it names. */
const refused = (err: unknown, what: string) => {
  if (err instanceof AppError) return new AdminError(`${what} (${err.code}: ${JSON.stringify(err.params ?? {})})`);
  return err;
};

/**
 * Operators' events, through the console's own operations (decision 035): define one from a
 * JSON file (`event create --file`, the document the console's form sends), list them with their
 * players, claims and raffle (`event list`), and end one now (`event end`): the close job then
 * draws its raffle and grants the prizes, and done levels stay claimable for its grace. Each
 * change writes its audit row naming `--operator`.
 */
export async function runEventCommand(db: Db, cmd: EventCommand, clock?: Clock) {
  const now = clock?.now() ?? new Date();
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
      const catalogue = new Catalogue(new Map(), 'generated');
      await catalogue.load(db);
      const e = await createEventByOperator({ db, catalogue, body: parsed.data, operator: { id: null, name: cmd.operator ?? 'operator' }, now }).catch((err: unknown) => {
        throw refused(err, 'the event was refused');
      });
      return { id: e.id, slug: e.slug, starts_at: e.starts_at, ends_at: e.ends_at, raffle_seed_hash: e.raffle_seed_hash };
    }
    case 'event-list':
      return (await listEvents(db, now)).items;
    case 'event-end': {
      const e = await findEventBySlug(db, cmd.slug);
      if (!e) throw new AdminError(`no running event "${cmd.slug}"`);
      const ended = await endEvent({ db, id: e.id, operator: { id: null, name: cmd.operator ?? 'operator' }, now }).catch((err: unknown) => {
        throw refused(err, `no running event "${cmd.slug}"`);
      });
      return { slug: ended.slug, ends_at: ended.ends_at, claim_until: ended.claim_until };
    }
  }
}
