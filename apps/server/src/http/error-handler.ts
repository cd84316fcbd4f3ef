import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalogue, errorMessage, pickLang, type ErrorCode } from '@store/shared/errors';
import { AppError } from './errors.ts';

function send(reply: FastifyReply, req: FastifyRequest, code: ErrorCode, params: Record<string, unknown> = {}, status?: number) {
  const lang = pickLang(req.headers['x-client-language'] as string | undefined);
  return reply
    .code(status ?? errorCatalogue[code].status)
    .send({ status: false, code, message: errorMessage(code, lang, params), params });
}

/**
 * Every failure leaves as the envelope of DESIGN with a catalogue code: a player's mistake
 * keeps its code, anything unexpected becomes `unpredicted` and is logged, never shown.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return send(reply, req, err.code, err.params, err.statusOverride);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||  'body');
      return send(reply, req, 'validation', { fields: [...new Set(fields)] });
    }
    if (err.statusCode === 429) return send(reply, req, 'too_many_requests');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, no details leak.
      return send(reply, req, 'validation', {}, err.statusCode === 413 ? 413 : 400);
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, req, 'unpredicted');
  });

  app.setNotFoundHandler((req, reply) => send(reply, req, 'not_found', { path: req.url.split('?')[0] }));
}
