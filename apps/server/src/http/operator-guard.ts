import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATOR_PERMISSIONS, operatorRefusal, type OperatorAction } from '@store/shared/operators';
import { AppError } from './errors.ts';
import type { AuthUser } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operator action a console route performs; its roles are `OPERATOR_PERMISSIONS`. */
    operatorAction?: OperatorAction;
  }
}

/**
 * Guards every route of the scope it is installed in: a route must name its operator action (the
 * start stops otherwise), and each request is refused before its body is read unless the caller's
 * role may do that action: a guest signs in, a blocked account is told so, a player is no
 * operator, support is no admin.
 */
export function installOperatorGuard(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    const action = route.config?.operatorAction;
    if (!action || !Object.hasOwn(OPERATOR_PERMISSIONS, action))
      throw new Error(`operator route ${route.method} ${route.url} names no operator action`);
  });
  scope.addHook('onRequest', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const refusal = operatorRefusal(req.authUser, req.routeOptions.config.operatorAction!);
    if (refusal) throw new AppError(refusal);
  });
}

/** The operator a guarded request belongs to (the guard has let only operators through). */
export const operatorUser = (req: FastifyRequest): AuthUser => req.authUser!;
