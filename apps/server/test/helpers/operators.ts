import { runAdminCommand } from '../../src/admin/commands.ts';
import { registerPlayer, type Player } from './factories.ts';
import type { TestStore } from './test-app.ts';

/** Two new accounts of the store's console: an admin and a support operator, as the role command makes them. */
export async function consoleOperators(store: TestStore): Promise<{ admin: Player; support: Player }> {
  const admin = await registerPlayer(store.app);
  const support = await registerPlayer(store.app);
  await runAdminCommand(store.database.db, { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
  await runAdminCommand(store.database.db, { command: 'role', login: support.login, role: 'support', operator: 'test' });
  return { admin, support };
}
