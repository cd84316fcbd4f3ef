import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsHit,
  collectResponse,
  experimentFlagsQuery,
  experimentFlagsResponse,
  exposuresBody,
  exposuresResponse,
  recordedExposuresQuery,
  recordedExposuresResponse,
  recordedHitsQuery,
  recordedHitsResponse,
  webVitalProps,
  type AnalyticsHit,
  type Exposure,
} from '@store/shared/api/analytics';
import { CHANGE_MIN_SUM, EXPERIMENTS_POLL_MS } from '@store/shared/analytics';
import { isRoutePattern, WEB_VITAL_EVENT } from '@store/shared/web-vitals';
import { ok, okResponse } from '../../../http/envelope.ts';
import type { WebVitalReadings } from '../web-vitals.ts';
import { SandboxRecorder } from './recorder.ts';

/** Where the sandboxes answer; the web's default service URLs (decision 051). */
export const SANDBOX_ANALYTICS_URL = '/api/sandbox/analytics/collect';
export const SANDBOX_EXPERIMENTS_URL = '/api/sandbox/experiments';

/** Hits and exposures each sandbox keeps (per process). */
export const SANDBOX_RECORD_CAP = 5000;
/** A beacon is a few hundred bytes; 16 KB leaves room for long addresses and refuses the rest. */
const BEACON_BODY_LIMIT = 16 * 1024;

export interface AnalyticsSandboxOptions {
  /** The variants every subject is given (the EXPERIMENT_* settings). */
  variants: Record<string, string>;
  /** Where a `web_vital` event's reading is kept for the console's page figures (decision 066). */
  webVitals: WebVitalReadings;
}

/**
 * The tracking and experiments services of spec §7, served by the store itself when no provider
 * is configured: beacons are parsed by the protocol's schema and recorded, flags answer the
 * configured variants, exposures are recorded. Tests and operators read back a session's hits or
 * a subject's exposures; a bad beacon is refused with the envelope and records nothing. A
 * `web_vital` event's reading is also kept for the console's page figures (web-vitals.ts).
 */
export async function analyticsSandboxRoutes(app: FastifyInstance, opts: AnalyticsSandboxOptions) {
  const tags = ['sandbox'];
  const hits = new SandboxRecorder<{ received_at: string; hit: AnalyticsHit }>(SANDBOX_RECORD_CAP);
  const exposures = new SandboxRecorder<Exposure & { received_at: string }>(SANDBOX_RECORD_CAP);

  await app.register(async (scope) => {
    // A beacon's body is text/plain (a simple request, no preflight); it carries the JSON. What
    // does not parse stays a string, which the schema refuses.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, body);
      }
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      SANDBOX_ANALYTICS_URL,
      { bodyLimit: BEACON_BODY_LIMIT, schema: { tags, summary: 'Sandbox tracking service: record a page view or an event beacon (text/plain or JSON)', body: analyticsHit, response: okResponse(collectResponse) } },
      async (req) => {
        const hit = req.body;
        const vital = hit.type === 'event' && hit.name === WEB_VITAL_EVENT ? webVitalProps.safeParse(hit.props) : null;
        // The event's path is the route's pattern (the web sends no address with it); anything else is no page.
        if (vital?.success && isRoutePattern(hit.path)) opts.webVitals.record({ at: app.deps.clock.now().getTime(), page: hit.path, ...vital.data });
        return ok({ recorded: true as const, seq: hits.record({ received_at: new Date().toISOString(), hit }) });
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/sandbox/analytics/hits',
    { schema: { tags, summary: "Sandbox tracking service: the hits it recorded for one analytics session, oldest first", querystring: recordedHitsQuery, response: okResponse(recordedHitsResponse) } },
    async (req) => {
      const { session_id, type, limit } = req.query;
      const list = hits.list((e) => e.hit.session_id === session_id && (!type || e.hit.type === type), limit);
      return ok({ hits: list.map(({ seq, received_at, hit }) => ({ seq, received_at, hit })) });
    },
  );

  r.get(
    `${SANDBOX_EXPERIMENTS_URL}/flags`,
    { schema: { tags, summary: 'Sandbox experiments service: the variant of each experiment for a subject, and how often to ask again', querystring: experimentFlagsQuery, response: okResponse(experimentFlagsResponse) } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ flags: { ...opts.variants }, poll_ms: EXPERIMENTS_POLL_MS });
    },
  );

  r.post(
    `${SANDBOX_EXPERIMENTS_URL}/exposures`,
    { bodyLimit: 128 * 1024, schema: { tags, summary: 'Sandbox experiments service: record the experiments a subject was shown', body: exposuresBody, response: okResponse(exposuresResponse) } },
    async (req) => {
      const received_at = new Date().toISOString();
      for (const e of req.body.exposures) exposures.record({ ...e, received_at });
      return ok({ recorded: req.body.exposures.length });
    },
  );

  r.get(
    `${SANDBOX_EXPERIMENTS_URL}/exposures`,
    { schema: { tags, summary: 'Sandbox experiments service: the exposures it recorded for one subject, oldest first', querystring: recordedExposuresQuery, response: okResponse(recordedExposuresResponse) } },
    async (req) => ok({ exposures: exposures.list((e) => e.subject === req.query.subject, req.query.limit).map(({ seq: _seq, ...e }) => e) }),
  );
}

/** The sandbox's variants from the settings; change-min-sum's default is the unchanged minimum. */
export const sandboxVariants = (env: { EXPERIMENT_CHANGE_MIN_SUM: string }): Record<string, string> => ({ [CHANGE_MIN_SUM]: env.EXPERIMENT_CHANGE_MIN_SUM });
