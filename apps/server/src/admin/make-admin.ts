import { AppError } from '../http/errors.ts';
import { errorMessage } from '@store/shared/errors';
import { roleRank, type OperatorRole } from '@store/shared/operators';
import type { Db } from '../db/client.ts';
import { setOperatorRole } from '../modules/operators/set-role.ts';
import { findUserIdByLogin } from '../modules/users/accounts.ts';
import { findPlayerRecord } from '../modules/users/operator-standing.ts';
import type { OperatorEvents } from '../modules/operators/operator-events.ts';
import { AdminError } from './admin-error.ts';

/**
 * `role --login X --role admin|support|none`: the console's rights (decision 029), audited like a
 * console change. A blocked account is given no role (it would still be locked out), though one
 * may be taken from it, and the last acting admin keeps its role (decision 059).
 */
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
  const userId = await findUserIdByLogin(db, login);
  const standing = userId === null ? null : await findPlayerRecord(db, userId);
  if (!standing) throw new AdminError(`no player with login "${login}"`);
  // A role does not let a blocked account in: say so rather than seem to restore it (taking rights away is fine).
  if (role !== null && standing.blocked && roleRank(role) >= roleRank(standing.role))
    throw new AdminError(`${login} is blocked (${standing.blockedReason ?? 'no reason'}), so a role would not let it in: unblock it first with \`npm run admin -- unblock --login ${login}\``);
  try {
    return await setOperatorRole({ db, login, role, operator: { id: null, name: operator }, events });
  } catch (err) {
    if (err instanceof AppError && err.code === 'userNotFound') throw new AdminError(`no player with login "${login}"`);
    if (err instanceof AppError && err.code === 'last_admin') throw new AdminError(`${login}: ${errorMessage('last_admin', 'en')}; make another admin first`);
    throw err;
  }
}

/** `make-admin --login X`: the admin role, as `role --role admin` gives it. */
export async function makeAdmin(o: { db: Db; login: string; operator: string; events: OperatorEvents }) {
  const { user_id, login } = await setRoleCommand({ ...o, role: 'admin' });
  return { user_id, login, admin: true };
}
