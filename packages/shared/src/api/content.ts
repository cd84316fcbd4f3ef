import { z } from 'zod';

/** A page of this site a FAQ answer points to: a path without the language prefix, and the button's text. */
export const faqLink = z.object({ path: z.string().regex(/^\/(?!\/)/), label: z.string() });

/**
 * One question of the FAQ (spec §7 `GET /v1/page/faq`). The id is the same in every language, so
 * `/faq#<id>` opens the same question in Russian and English; the answer is plain text, one
 * paragraph per entry (no markup crosses the wire).
 */
export const faqQuestion = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  question: z.string(),
  answer: z.array(z.string()).min(1),
  links: z.array(faqLink),
});

export const faqCategory = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string(),
  questions: z.array(faqQuestion).min(1),
});

/** The FAQ in the request's language (X-Client-Language; anything but English is Russian). */
export const faqResponse = z.object({ categories: z.array(faqCategory) });

export type FaqLink = z.infer<typeof faqLink>;
export type FaqQuestion = z.infer<typeof faqQuestion>;
export type FaqCategory = z.infer<typeof faqCategory>;
export type FaqResponse = z.infer<typeof faqResponse>;
