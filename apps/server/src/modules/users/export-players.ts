import { sql } from 'drizzle-orm';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { CsvExportSource } from '../../platform/csv.ts';

interface PlayerRow {
  id: number;
  login: string;
  nickname: string;
  email: string | null;
  country: string | null;
  language: string;
  role: string | null;
  blocked_at: Date | string | null;
  cases_opened: number;
  spent: number | string;
  created_at: Date | string;
}

/** The accounts made in a period, for the console's export: keyset pages by id. */
export const playersExport = (db: Executor): CsvExportSource => ({
  columns: ['id', 'login', 'nickname', 'email', 'country', 'language', 'role', 'blocked_at', 'cases_opened', 'spent', 'registered_at'],
  async page({ from, to, after, limit }) {
    const list = await rows<PlayerRow>(
      db,
      sql`select id, login, nickname, email, country, language, role, blocked_at, cases_opened, spent, created_at from users
           where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz and id > ${Number(after ?? 0)}
           order by id limit ${limit}`,
    );
    return {
      cells: list.map((r) => [r.id, r.login, r.nickname, r.email, r.country, r.language, r.role, r.blocked_at && new Date(r.blocked_at), r.cases_opened, toUnits(Number(r.spent)), new Date(r.created_at)]),
      after: list.length ? String(list[list.length - 1]!.id) : null,
    };
  },
});
