import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { isAdminRole, isOperatorRole, type OperatorRole } from '@store/shared/operators';
import type { Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { users } from './schema.ts';

/**
 * What the operators module may ask of and change on an account (decision 029): its role, its
 * block, and the player records the console searches and shows. Each change locks the row and
 * returns the state before and after, for the caller's audit row in the same transaction.
 */

export interface Standing {
  role: OperatorRole | null;
  blocked: boolean;
  blockedAt: string | null;
  blockedReason: string | null;
}

const standingOf = (row: { role: string | null; blockedAt: Date | null; blockedReason: string | null }): Standing => ({
  role: isOperatorRole(row.role) ? row.role : null,
  blocked: row.blockedAt !== null,
  blockedAt: row.blockedAt?.toISOString() ?? null,
  blockedReason: row.blockedReason,
});

const standingColumns = {
  id: users.id,
  login: users.login,
  role: users.role,
  blockedAt: users.blockedAt,
  blockedReason: users.blockedReason,
};

async function lockStanding(tx: Tx, where: SQL) {
  const [row] = await tx.select(standingColumns).from(users).where(where).for('update');
  if (!row) throw new AppError('userNotFound');
  return row;
}

/**
 * Locks the acting admins (the admin role, not blocked), in id order, and counts them: a change
 * that may take one away takes this lock first, so two such changes at once (two admins blocked or
 * demoted together) run one after the other, and the second counts what the first left.
 */
export async function lockActingAdmins(tx: Tx): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.blockedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.length;
}

/** The operator roles of accounts by id (an unknown id is absent): who may act on whom. */
export async function rolesOf(db: Executor, ids: number[]): Promise<Map<number, OperatorRole | null>> {
  const rows = await db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, isOperatorRole(r.role) ? r.role : null]));
}

/** Sets an account's operator role (null: a player again); the spec's `admin` flag follows the role. */
export async function setRole(
  tx: Tx,
  login: string,
  role: OperatorRole | null,
): Promise<{ userId: number; before: Standing; after: Standing }> {
  const row = await lockStanding(tx, eq(users.login, login));
  const [after] = await tx
    .update(users)
    .set({ role, isAdmin: isAdminRole(role) })
    .where(eq(users.id, row.id))
    .returning(standingColumns);
  return { userId: row.id, before: standingOf(row), after: standingOf(after!) };
}

/** Blocks (with the operator's reason) or unblocks an account; blocking a blocked one keeps its first time and reason. */
export async function setBlocked(
  tx: Tx,
  userId: number,
  block: { reason: string; at: Date } | null,
): Promise<{ before: Standing; after: Standing }> {
  const row = await lockStanding(tx, eq(users.id, userId));
  const values = block
    ? row.blockedAt
      ? {}
      : { blockedAt: block.at, blockedReason: block.reason }
    : { blockedAt: null, blockedReason: null };
  const [after] = Object.keys(values).length
    ? await tx.update(users).set(values).where(eq(users.id, userId)).returning(standingColumns)
    : [row];
  return { before: standingOf(row), after: standingOf(after!) };
}

export interface PlayerRecord extends Standing {
  id: number;
  login: string;
  nickname: string;
  isAdmin: boolean;
  language: string;
  email: string | null;
  regType: string;
  steamLink: string | null;
  steamLogin: string | null;
  casesOpened: number;
  spent: number;
  createdAt: Date;
}

const recordColumns = {
  ...standingColumns,
  nickname: users.nickname,
  isAdmin: users.isAdmin,
  language: users.language,
  email: users.email,
  regType: users.regType,
  steamLink: users.steamLink,
  steamLogin: users.steamLogin,
  casesOpened: users.casesOpened,
  spent: users.spent,
  createdAt: users.createdAt,
};

type RecordRow = Omit<PlayerRecord, keyof Standing> & { role: string | null; blockedAt: Date | null; blockedReason: string | null };
const toRecord = ({ role, blockedAt, blockedReason, ...rest }: RecordRow): PlayerRecord => ({
  ...rest,
  ...standingOf({ role, blockedAt, blockedReason }),
});

/** A player's record as the console shows it, or null. */
export async function findPlayerRecord(db: Executor, userId: number): Promise<PlayerRecord | null> {
  const [row] = await db.select(recordColumns).from(users).where(eq(users.id, userId));
  return row ? toRecord(row) : null;
}

/** `%`, `_` and `\` typed by an operator are searched for as themselves. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Players whose id is `q`, whose login or nickname contains it, or whose id is among `alsoIds`
 * (the caller's other matches, such as a Steam id's owner); exact id matches first, at most `limit`.
 */
export async function searchPlayerRecords(db: Executor, q: string, alsoIds: number[], limit: number): Promise<PlayerRecord[]> {
  const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const ids = [...alsoIds, ...(id === null ? [] : [id])];
  const rows = await db
    .select(recordColumns)
    .from(users)
    .where(
      or(
        ilike(users.login, likeText(q)),
        ilike(users.nickname, likeText(q)),
        ilike(users.steamLogin, likeText(q)),
        ...ids.map((i) => eq(users.id, i)),
      ),
    )
    .orderBy(
      sql`${users.id} in (${sql.join(
        [...ids, -1].map((i) => sql`${i}`),
        sql`, `,
      )}) desc`,
      users.id,
    )
    .limit(limit);
  return rows.map(toRecord);
}
