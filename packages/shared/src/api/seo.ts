import { z } from 'zod';

/** The longest address the SEO lookup reads: longer ones are no page of this store. */
export const SEO_URL_MAX = 2048;

/**
 * `POST /api/v1/seo/get` (spec §7): the page's address, a path (`/en/battles`) or a whole URL of
 * this store, as a form field or in JSON.
 */
export const seoGetBody = z.object({ url: z.string().trim().min(1).max(SEO_URL_MAX) });

/** Spec §3 SEO response: the page's title and description in its language. */
export const seoResponse = z.object({ title: z.string(), description: z.string() });

export type SeoGetBody = z.infer<typeof seoGetBody>;
export type SeoResponse = z.infer<typeof seoResponse>;
