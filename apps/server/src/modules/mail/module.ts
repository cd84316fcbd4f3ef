import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { depositReceipts } from './deposit-receipts.ts';
import type { MailOutbox } from './outbox.ts';

/**
 * Mail (decision 069): the outbox's worker sends what is due, retries with backoff, and takes over
 * letters whose sender died; a reader of the activity stream records a receipt for each top-up.
 */
export function mailModule(deps: Pick<Deps, 'activity' | 'env' | 'project'>, { outbox }: { outbox: MailOutbox }): StoreModule {
  // The receipt's link leads to this store: its public address, else where this process listens.
  const base = deps.env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://127.0.0.1:${deps.env.PORT}`;
  deps.activity.register(depositReceipts(outbox, { site: deps.project.title, base }));
  return { jobs: [outbox.worker] };
}
