import type { StoreModule } from '../../platform/store-module.ts';
import type { MailOutbox } from './outbox.ts';

/** Mail (decision 069): the outbox's worker sends what is due, retries with backoff, and takes over letters whose sender died. */
export function mailModule({ outbox }: { outbox: MailOutbox }): StoreModule {
  return { jobs: [outbox.worker] };
}
