import { verify } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import { findCredentials } from '../users/accounts.ts';
import { AppError } from '../../http/errors.ts';
import type { LoginBody } from '@store/shared/api/auth';
import { issueSession, takeUpSession } from './sessions.ts';

// Verifying against a real hash when the login is unknown keeps the timing the same either way.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$1rZ5QF1kq1kV8qXl5x3k8d8rB0Xh2Vx0mJqP3bWcQyE';

export async function login({ db, body }: { db: Db; body: LoginBody }) {
  if ('token' in body) {
    // External token sign-in: an open session is taken up as it is. Minting a new one would
    // give the holder a session that outlives the revocation of the first.
    const user = await takeUpSession(db, body.token);
    return { access_token: body.token, user_id: user.id };
  }
  const user = await findCredentials(db, body.login);
  const okPassword = await verify(user?.passwordHash ?? DUMMY_HASH, body.password).catch(() => false);
  if (!user || !okPassword) throw new AppError('invalid_credentials');
  return { access_token: await issueSession(db, user.id), user_id: user.id };
}
