import { z } from 'zod';
import { okEnvelope } from '@store/shared/api/common';

/** Response schema map for a route whose success body is `{status: true, data}`. */
export const okResponse = <T extends z.ZodType>(data: T) => ({ 200: okEnvelope(data) });

export const ok = <T>(data: T) => ({ status: true as const, data });

/**
 * The body of an action that takes none: nothing at all (a plain POST), or `{}`; anything else is
 * a validation error. Fastify hands a bodiless request over as null, which `.optional()` refuses.
 */
export const noBody = z.object({}).strict().nullish();
