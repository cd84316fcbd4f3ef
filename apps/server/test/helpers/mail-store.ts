import { eq } from 'drizzle-orm';
import { users } from '../../src/modules/users/schema.ts';
import { registerPlayer, type Player } from './factories.ts';
import { startSmtpServer } from './smtp-server.ts';
import { createTestStore, type TestStore } from './test-app.ts';

/** A store whose letters go over SMTP to a local server the test reads, at https://store.test. */
export async function storeWithSmtp(): Promise<{ store: TestStore; smtp: Awaited<ReturnType<typeof startSmtpServer>>; close(): Promise<void> }> {
  const smtp = await startSmtpServer();
  const store = await createTestStore({ MAIL_PROVIDER: 'smtp', SMTP_URL: smtp.url, MAIL_FROM: 'Case Store <noreply@store.test>', PUBLIC_URL: 'https://store.test' });
  return {
    store,
    smtp,
    close: async () => {
      await store.close();
      await smtp.close();
    },
  };
}

/** A new player with an address of their own, confirmed unless told otherwise, speaking `lang`. */
export async function playerWithAddress(store: TestStore, lang: 'ru' | 'en', confirmed = true): Promise<Player & { email: string }> {
  const p = await registerPlayer(store.app);
  const email = `reader-${p.userId}@players.test`;
  await store.database.db.update(users).set({ email, language: lang, emailConfirmedAt: confirmed ? new Date() : null }).where(eq(users.id, p.userId));
  return { ...p, email };
}
