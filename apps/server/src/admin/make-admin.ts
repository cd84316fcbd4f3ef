import type { Db } from '../db/client.ts';
import { grantAdmin } from '../modules/users/accounts.ts';
import { AdminError } from './admin-error.ts';

export async function makeAdmin({ db, login }: { db: Db; login: string }) {
  const userId = await grantAdmin(db, login);
  if (!userId) throw new AdminError(`no player with login "${login}"`);
  return { user_id: userId, login, admin: true };
}
