import type { FastifyInstance } from 'fastify';

/** Work a module runs beside the requests: a poller, a reader of the activity stream, a round runner. */
export interface BackgroundJob {
  /** Starting a running job does nothing. */
  start(): void;
  /** Stops it and waits for a pass under way. */
  close(): Promise<void>;
}

/**
 * One module of the store as `buildApp` composes it (`composition/modules.ts` lists them). Its
 * `module.ts` builds what the module runs and registers its handlers with the registries of the
 * modules below it (the fair games, the activity stream, the case shelves); its `routes.ts` is
 * HTTP only.
 */
export interface StoreModule {
  /** Its HTTP routes and websocket channels, registered in the store's one scope. */
  routes?(scope: FastifyInstance): Promise<void>;
  /**
   * Background jobs: started once the app is ready unless `BACKGROUND_JOBS=off`, paused and
   * resumed by the operator command, closed with the app.
   */
  jobs?: readonly BackgroundJob[];
  /** What runs for as long as the app serves, whatever `BACKGROUND_JOBS` says (battle rounds belong to their requests). */
  services?: readonly BackgroundJob[];
  /** Lets go of what it holds beside its jobs (a bus listener, pending timers) when the app closes. */
  close?(): Promise<void>;
}
