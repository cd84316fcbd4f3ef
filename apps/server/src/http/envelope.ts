import type { z } from 'zod';
import { okEnvelope } from '@store/shared/api/common';

/** Response schema map for a route whose success body is `{status: true, data}`. */
export const okResponse = <T extends z.ZodType>(data: T) => ({ 200: okEnvelope(data) });

export const ok = <T>(data: T) => ({ status: true as const, data });
