import type { FastifyRequest } from 'fastify';
import { pickLang, type Lang } from '@store/shared/errors';

export const langOf = (req: FastifyRequest): Lang => pickLang(req.headers['x-client-language'] as string | undefined);
