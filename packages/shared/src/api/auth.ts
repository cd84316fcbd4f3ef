import { z } from 'zod';

export const quickRegistrationBody = z.object({ language: z.enum(['ru', 'en']).optional() }).strict().optional();
export const quickRegistrationResponse = z.object({
  login: z.string(),
  password: z.string(),
  access_token: z.string(),
  user_id: z.number(),
});
export type QuickRegistrationResponse = z.infer<typeof quickRegistrationResponse>;

export const loginBody = z.union([
  z.object({ login: z.string().trim().min(1).max(64), password: z.string().min(1).max(256) }).strict(),
  z.object({ token: z.string().min(16).max(256) }).strict(),
]);
export type LoginBody = z.infer<typeof loginBody>;
export const loginResponse = z.object({ access_token: z.string(), user_id: z.number() });

export const revokeResponse = z.object({ revoked: z.boolean() });

/** POST /api/v1/auth/revoke/all: "sign out everywhere" ends every session of the player. */
export const revokeAllResponse = z.object({ revoked: z.number().int().nonnegative() });
export type RevokeAllResponse = z.infer<typeof revokeAllResponse>;

export { SIGNIN_PROVIDERS, type SigninProvider } from '../account.ts';
import { SIGNIN_PROVIDERS } from '../account.ts';

export const providerParams = z.object({ provider: z.enum(SIGNIN_PROVIDERS) });

/**
 * GET /api/v1/auth/{provider} (spec §7): where the sign-in starts. `return_to` is the page to come
 * back to (spec §4: the OAuth start stores it); `link=1` links the provider to the signed-in
 * account instead of signing in. The answer redirects to the provider and names it as `target`.
 */
export const providerStartQuery = z
  .object({
    return_to: z.string().max(500).optional(),
    link: z.enum(['1']).optional(),
  })
  .strict();
export const providerStartResponse = z.object({ target: z.string() });

/**
 * How the callback reports back on the page it returns to, in the query (the page shows the
 * notice, then drops the parameter): `signin=ok|new|linked`, or `signin_error=<error code>`.
 */
export const SIGNIN_RESULT_PARAM = 'signin';
export const SIGNIN_ERROR_PARAM = 'signin_error';
export type SigninResult = 'ok' | 'new' | 'linked';

/** GET /api/v1/auth/sessions: the player's open sessions, for the profile's session list. */
export const sessionInfo = z.object({
  id: z.string(),
  created_at: z.string(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export const sessionsResponse = z.object({ sessions: z.array(sessionInfo) });
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) });

/** POST /nitro-api/login (spec §7): no body; the external token comes as a Bearer header. It answers as a sign-in does. */
export const nitroLoginResponse = loginResponse;
