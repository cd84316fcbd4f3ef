import { and, eq, gt, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { SigninProvider } from '@store/shared/account';
import type { Executor } from '../../../db/client.ts';
import { signinFlows } from '../schema.ts';
import type { FlowSecrets } from './port.ts';

/** A sign-in has this long from its start to its callback. */
const FLOW_TTL_MS = 10 * 60_000;

export interface Flow {
  secrets: FlowSecrets;
  returnPath: string;
  linkUserId: number | null;
}

/**
 * Starts a sign-in: a fresh one-time state, nonce and PKCE verifier kept server-side, with the
 * page to return to (spec §4) and, when linking, the account to link to.
 */
export async function beginFlow(
  db: Executor,
  o: { provider: SigninProvider; returnPath: string; linkUserId: number | null; callbackUrl: string; now: Date },
): Promise<FlowSecrets> {
  const secrets: FlowSecrets = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier(), callbackUrl: o.callbackUrl };
  // Old abandoned flows go as new ones come: the table holds minutes of sign-ins, not history.
  await db.delete(signinFlows).where(lt(signinFlows.expiresAt, o.now));
  await db.insert(signinFlows).values({
    state: secrets.state,
    provider: o.provider,
    codeVerifier: secrets.codeVerifier,
    nonce: secrets.nonce,
    returnPath: o.returnPath,
    linkUserId: o.linkUserId,
    expiresAt: new Date(o.now.getTime() + FLOW_TTL_MS),
    // The callback address is rebuilt from the same origin, so it is not stored.
  });
  return secrets;
}

/** The page a pending flow returns to, read without taking the flow (for the sandbox screen's language); null when unknown or expired. */
export async function pendingReturnPath(db: Executor, state: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ returnPath: signinFlows.returnPath })
    .from(signinFlows)
    .where(and(eq(signinFlows.state, state), gt(signinFlows.expiresAt, now)));
  return row?.returnPath ?? null;
}

/** Takes a flow by its state, once: a delete, so a replayed callback finds nothing. */
export async function takeFlow(db: Executor, o: { state: string; provider: SigninProvider; callbackUrl: string; now: Date }): Promise<Flow | null> {
  const [row] = await db
    .delete(signinFlows)
    .where(and(eq(signinFlows.state, o.state), eq(signinFlows.provider, o.provider), gt(signinFlows.expiresAt, o.now)))
    .returning();
  if (!row) return null;
  return {
    secrets: { state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier, callbackUrl: o.callbackUrl },
    returnPath: row.returnPath,
    linkUserId: row.linkUserId,
  };
}
