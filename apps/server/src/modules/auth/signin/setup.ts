import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inProcessFetch } from '../../../http/in-process-fetch.ts';
import { keepFirstMeta } from '../../platform/meta.ts';
import { sandboxIdentityRoutes, type SandboxIdpSecrets } from '../sandbox/identity-provider.ts';
import { SigninAdapters } from './adapters.ts';
import { signinRoutes } from '../signin-routes.ts';

/**
 * Sign-in providers as configured: the real ones with their client settings, or the sandbox
 * identity provider served here (its secrets made once and kept in the database, so every
 * process and every restart agrees on them).
 */
export async function registerSignin(app: FastifyInstance): Promise<void> {
  const { env, db } = app.deps;
  let adapters: SigninAdapters;
  if (env.SIGNIN_PROVIDER === 'real') {
    adapters = new SigninAdapters({
      kind: 'real',
      steamApiKey: env.STEAM_API_KEY!,
      google: { clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET! },
      vkClientId: env.VK_CLIENT_ID!,
    });
  } else {
    const fresh = () => randomBytes(24).toString('base64url');
    const secrets = await keepFirstMeta<SandboxIdpSecrets>(db, 'signin_sandbox_secrets', { openidKey: fresh(), steamApiKey: fresh(), googleSecret: fresh() });
    await app.register(async (scope) => sandboxIdentityRoutes(scope, secrets));
    adapters = new SigninAdapters({ kind: 'sandbox', secrets, fetch: inProcessFetch(app) });
  }
  await signinRoutes(app, adapters);
}
