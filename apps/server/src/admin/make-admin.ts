import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AdminError } from './admin-error.ts';

export async function makeAdmin({ db, login }: { db: Db; login: string }) {
  const rows = await db.update(users).set({ isAdmin: true }).where(eq(users.login, login)).returning({ id: users.id });
  if (!rows[0]) throw new AdminError(`no player with login "${login}"`);
  return { user_id: rows[0].id, login, admin: true };
}
