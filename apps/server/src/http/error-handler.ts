import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalogue, errorMessage, pickLang, type ErrorCode } from '@store/shared/errors';
import { AppError } from './errors.ts';
import { refuseUnsafeText } from './safe-text.ts';

/** The refusals that mean "sign in first" (the battles have their own); a blocked session gets `account_blocked`. */
const SIGN_IN_REFUSALS: ReadonlySet<ErrorCode> = new Set(['authentication', 'error_battle_authorize']);

function send(reply: FastifyReply, req: FastifyRequest, code: ErrorCode, params: Record<string, unknown> = {}, status?: number) {
  const lang = pickLang(req.headers['x-client-language'] as string | undefined);
  return reply
    .code(status ?? errorCatalogue[code].status)
    .type('application/json; charset=utf-8')
    .send({ status: false, code, message: errorMessage(code, lang, params), params });
}

// Fastify's own 4xx (bad JSON, wrong content type, body too large...) keep their status; the
// body is always ours, and no detail of the parser leaks.
const KEPT_STATUSES = new Set([400, 404, 405, 406, 411, 413, 414, 415, 431]);

/**
 * Every failure leaves as the envelope of DESIGN with a catalogue code: a player's mistake
 * keeps its code, anything unexpected becomes `unpredicted` and is logged with the request id,
 * never shown.
 */
export function installErrorHandling(app: FastifyInstance) {
  refuseUnsafeText(app);
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // Asking a blocked account's session to sign in would only loop: it is told why instead.
      if (req.blockedSession && SIGN_IN_REFUSALS.has(err.code)) return send(reply, req, 'account_blocked');
      return send(reply, req, err.code, err.params, err.statusOverride);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body');
      return send(reply, req, 'validation', { fields: [...new Set(fields)] });
    }
    if (err.statusCode === 429) return send(reply, req, 'too_many_requests');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, req, 'validation', {}, KEPT_STATUSES.has(err.statusCode) ? err.statusCode : 400);
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, req, 'unpredicted');
  });

  app.setNotFoundHandler((req, reply) => send(reply, req, 'not_found', { path: req.url.split('?')[0] }));
}

/**
 * Errors Fastify raises before any route runs (a URL that does not decode, `%zz`): the same
 * envelope, through the options of the Fastify constructor.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (_err, req, reply) => {
  // A websocket upgrade's socket has left Node's HTTP handling and no hook of the websocket
  // plugin has run yet: end it after the answer, or it stays open for ever and blocks shutdown.
  if (req.headers.upgrade) reply.raw.once('finish', () => req.raw.socket.destroy());
  req.server.securityHeaders(req as FastifyRequest, reply as FastifyReply);
  return send(reply as FastifyReply, req as FastifyRequest, 'validation', { fields: ['url'] });
};

/** A request Node's HTTP parser cannot read at all: answered 400 in the envelope, then closed. */
export const clientErrorHandler = (err: NodeJS.ErrnoException, socket: Socket) => {
  if (!socket.writable) return socket.destroy();
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ status: false, code: 'validation', message: errorMessage('validation', 'ru'), params: {} });
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
};
