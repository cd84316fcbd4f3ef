import { z } from 'zod';
import { ANALYTICS_TEXT_MAX, CAMPAIGN_PARAMS, EXPOSURE_QUEUE_CAP, type CampaignParam } from '../analytics.ts';
import { WEB_VITAL_METRICS, WEB_VITALS_PERIODS, type WebVitalsPeriod } from '../web-vitals.ts';

/**
 * The tracking and experiments services' protocol (spec §7: both third-party). The store's
 * sandboxes speak it and the web's ports send it, so a real provider behind the same URLs plugs
 * in (decision 051).
 */

const text = z.string().max(ANALYTICS_TEXT_MAX);
/** An analytics session or experiment subject: letters, digits, `_`, `-` and `:`, as the web makes them. */
const token = z.string().regex(/^[A-Za-z0-9_:-]{8,80}$/);
const at = z.number().int().min(0).max(8.64e15);

const campaign = z
  .object(Object.fromEntries(CAMPAIGN_PARAMS.map((p) => [p, text.optional()])) as Record<CampaignParam, z.ZodOptional<typeof text>>)
  .strict();

export const pageViewHit = z
  .object({
    type: z.literal('page_view'),
    session_id: token,
    /** The page's path, without its query. */
    path: text.regex(/^\//),
    /** The address the visit came from, or "Direct". */
    referrer: text.min(1),
    campaign,
    at,
  })
  .strict();

/** An event's properties: a few flat values (spec §8: withdraw_failed carries item name, price and code). */
const props = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]))
  .refine((p) => Object.keys(p).length <= 20, 'at most 20 properties');

export const eventHit = z
  .object({
    type: z.literal('event'),
    session_id: token,
    name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
    path: text.regex(/^\//),
    props,
    at,
  })
  .strict();

/** One beacon: a page view or an event. Sent as text/plain (a beacon's simple body) or JSON. */
export const analyticsHit = z.discriminatedUnion('type', [pageViewHit, eventHit]);
export type AnalyticsHit = z.infer<typeof analyticsHit>;

export const recordedHit = z.object({ seq: z.number(), received_at: z.string(), hit: analyticsHit });
export const collectResponse = z.object({ recorded: z.literal(true), seq: z.number() });
/** A session's hits: only a browser that holds the session id can read them back. */
export const recordedHitsQuery = z.object({
  session_id: token,
  type: z.enum(['page_view', 'event']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const recordedHitsResponse = z.object({ hits: z.array(recordedHit) });

export const experimentFlagsQuery = z.object({ subject: token });
/** The variant of each experiment for the subject, and how often to ask again. */
export const experimentFlagsResponse = z.object({ flags: z.record(z.string(), z.string()), poll_ms: z.number().int().positive().optional() });
export type ExperimentFlags = z.infer<typeof experimentFlagsResponse>;

export const exposure = z
  .object({ subject: token, experiment: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/), variant: z.string().min(1).max(64), at })
  .strict();
export type Exposure = z.infer<typeof exposure>;
export const exposuresBody = z.object({ exposures: z.array(exposure).min(1).max(EXPOSURE_QUEUE_CAP) }).strict();
export const exposuresResponse = z.object({ recorded: z.number() });
export const recordedExposuresQuery = z.object({ subject: token, limit: z.coerce.number().int().min(1).max(500).default(100) });
export const recordedExposuresResponse = z.object({ exposures: z.array(exposure.extend({ received_at: z.string() })) });

/**
 * A `web_vital` event's properties (decision 066): which metric and its value. The event's path
 * is the route's pattern. A value past an hour (or a score past that) is no page's real figure.
 */
export const webVitalProps = z.object({ metric: z.enum(WEB_VITAL_METRICS), value: z.number().finite().min(0).max(3_600_000) }).strict();
export type WebVitalProps = z.infer<typeof webVitalProps>;

const periods = Object.keys(WEB_VITALS_PERIODS) as [WebVitalsPeriod, ...WebVitalsPeriod[]];
/** GET /api/v1/admin/web-vitals?period=: the last 24 hours, 7 days (the default) or 30 days. */
export const webVitalsQuery = z.object({ period: z.enum(periods).default('7d') });

/** One metric of one page: its 75th percentile over the period and how many readings gave it. */
export const webVitalFigure = z.object({ metric: z.enum(WEB_VITAL_METRICS), p75: z.number(), count: z.number().int() });
export const webVitalsResponse = z.object({
  /**
   * Where the readings are: this store's analytics sandbox (the figures below), a provider named by
   * ANALYTICS_URL (the figures are there, not here), or nowhere (analytics is off).
   */
  source: z.enum(['sandbox', 'provider', 'off']),
  provider_url: z.string().nullable(),
  period: z.enum(periods),
  from: z.string(),
  to: z.string(),
  /** The oldest reading the sandbox still holds: it keeps the newest ones, in this process's memory. */
  kept_since: z.string().nullable(),
  pages: z.array(z.object({ page: z.string(), metrics: z.array(webVitalFigure) })),
});
export type WebVitalsResponse = z.infer<typeof webVitalsResponse>;
