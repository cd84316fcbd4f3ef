import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.ts';
import { missingMailSettings, servesAnalyticsSandbox, StartRefused } from '../config/deployment.ts';
import type { Database } from '../db/client.ts';
import { inProcessFetch } from '../http/in-process-fetch.ts';
import { experimentsOverHttp, noExperiments, type Experiments } from '../modules/analytics/experiments.ts';
import { SANDBOX_EXPERIMENTS_URL } from '../modules/analytics/sandbox/routes.ts';
import { SandboxMailer } from '../modules/mail/mailer.ts';
import { MailOutbox } from '../modules/mail/outbox.ts';
import { SmtpMailer } from '../modules/mail/smtp-mailer.ts';
import { NetworkCommunityChecker } from '../modules/missions/community-checker.ts';
import type { PushSender } from '../modules/push/push-port.ts';
import { openPushSender } from '../modules/push/push-service.ts';
import { systemClock } from '../platform/clock.ts';
import { sharedSecret } from './shared-parts.ts';

/** The outside services each used by one module, as the environment configures them. */
export interface OutsideServices {
  /** Letters go through the outbox, which hands them to the configured mail service (decision 069). */
  mailer: MailOutbox;
  push: PushSender;
  community: NetworkCommunityChecker;
  /** The key of the community networks' sandbox this store serves; null when it asks the real networks. */
  communitySandboxKey: string | null;
  experiments: Experiments;
  /** Whether this store serves the tracking and experiments sandbox itself. */
  analyticsSandbox: boolean;
}

export async function buildOutsideServices(app: FastifyInstance, { env, database }: { env: Env; database: Database }): Promise<OutsideServices> {
  // Identities from the sandbox sign-in are checked with the sandbox networks this store serves
  // (reached in-process, like the sandbox identity provider), real ones with the real networks.
  const communityKey = await sharedSecret(database, 'community_sandbox_key');
  const realNetworks = env.SIGNIN_PROVIDER === 'real';
  const sandboxNetworks = 'http://store.local/sandbox/signin';
  const community = new NetworkCommunityChecker({
    fetch: realNetworks ? (url, init) => fetch(url, init) : inProcessFetch(app),
    steam: {
      apiBase: () => (realNetworks ? 'https://api.steampowered.com' : `${sandboxNetworks}/steam/api`),
      key: () => (realNetworks ? (env.STEAM_API_KEY ?? '') : communityKey),
      groupId: env.STEAM_GROUP_ID,
    },
    vk: {
      apiBase: () => (realNetworks ? 'https://api.vk.com' : `${sandboxNetworks}/vk`),
      token: () => (realNetworks ? (env.VK_SERVICE_TOKEN ?? '') : communityKey),
      groupId: env.VK_GROUP_ID,
    },
  });
  // The experiments service over its protocol: the configured provider, this store's sandbox
  // in-process, or none (every rule keeps its unchanged variant, as the web does).
  const analyticsSandbox = servesAnalyticsSandbox(env);
  const experiments = env.EXPERIMENTS_URL
    ? experimentsOverHttp({ base: env.EXPERIMENTS_URL.replace(/\/+$/, ''), fetch: (url, init) => fetch(url, init) })
    : analyticsSandbox
      ? experimentsOverHttp({ base: `http://store.local${SANDBOX_EXPERIMENTS_URL}`, fetch: inProcessFetch(app) })
      : noExperiments;
  const mail = missingMailSettings(env);
  if (mail.length) throw new StartRefused(`Refusing to start: MAIL_PROVIDER=smtp needs ${mail.join(', ')}.`);
  const mailService = env.MAIL_PROVIDER === 'smtp' ? new SmtpMailer({ url: env.SMTP_URL!, from: env.MAIL_FROM! }) : new SandboxMailer(database.db);
  return {
    mailer: new MailOutbox({ db: database.db, provider: mailService, clock: systemClock, log: app.log }),
    push: await openPushSender(env, database.db),
    community,
    communitySandboxKey: realNetworks ? null : communityKey,
    experiments,
    analyticsSandbox,
  };
}
