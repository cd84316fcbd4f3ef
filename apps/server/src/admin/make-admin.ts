import { AppError } from '../http/errors.ts';
import type { OperatorRole } from '@store/shared/operators';
import type { Db } from '../db/client.ts';
import { setOperatorRole } from '../modules/operators/set-role.ts';
import type { OperatorEvents } from '../modules/operators/operator-events.ts';
import { AdminError } from './admin-error.ts';

/** `role --login X --role admin|support|none`: the console's rights (decision 029), audited like a console change. */
export async function setRoleCommand({
  db,
  login,
  role,
  operator,
  events,
}: {
  db: Db;
  login: string;
  role: OperatorRole | null;
  operator: string;
  events: OperatorEvents;
}) {
  try {
    return await setOperatorRole({ db, login, role, operator: { id: null, name: operator }, events });
  } catch (err) {
    if (err instanceof AppError && err.code === 'userNotFound') throw new AdminError(`no player with login "${login}"`);
    throw err;
  }
}

/** `make-admin --login X`: the admin role, as `role --role admin` gives it. */
export async function makeAdmin(o: { db: Db; login: string; operator: string; events: OperatorEvents }) {
  const { user_id, login } = await setRoleCommand({ ...o, role: 'admin' });
  return { user_id, login, admin: true };
}
