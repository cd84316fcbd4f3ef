import { data } from 'react-router';
import type { Me } from '@store/shared/api/users';
import { isOperatorRole, type OperatorRole } from '@store/shared/operators';
import { ApiError, type ApiCaller } from '#app/lib/api.ts';

/** What tells the console that whoever asks is no operator: the server's refusals of a guest, a player and a blocked account. */
const NOT_AN_OPERATOR = new Set(['authentication', 'operator_only', 'account_blocked']);

/** The not-found page: the console does not tell a guest or a player that it exists (decision 029, Web). */
const notFound = () => data(null, { status: 404 });

/**
 * A console page's loader call: a refusal for not being an operator becomes the not-found page;
 * any other failure (support on an admin call, a bad id) is the page's to show.
 */
export async function asOperator<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (e instanceof ApiError && NOT_AN_OPERATOR.has(e.code)) throw notFound();
    throw e;
  }
}

/** GET /api/v1/users/me, for its role: the console's layout lets in only an operator. */
export async function requireOperator(call: ApiCaller, token: string | null): Promise<OperatorRole> {
  if (!token) throw notFound();
  const me = await asOperator(() => call<Me>('/api/v1/users/me'));
  if (!isOperatorRole(me.role)) throw notFound();
  return me.role;
}
