import type { Bus } from '../../realtime/bus.ts';
import { SESSIONS_CHANNEL, type SessionCache } from '../auth/session-cache.ts';
import { announceSwitches } from '../platform/switches.ts';

/**
 * What follows a committed operator change, in one place: the processes' caches learn of it at
 * once. The running store announces on its bus; `npm run admin` on a database of its own
 * announces through Redis (or lets the caches' short lifetimes catch up without it).
 */
export interface OperatorEvents {
  /** An account's role or block changed: every process forgets its cached sessions. */
  accountChanged(userId: number): void | Promise<void>;
  /** A flag or the tech-work mode changed: every process re-reads the switches. */
  switchesChanged(): void | Promise<void>;
}

/** The running store's: this process forgets now, the bus tells the others (like a revoked session). */
export function storeEvents({ bus, sessions }: { bus: Bus; sessions: SessionCache }): OperatorEvents {
  return {
    accountChanged: (userId) => {
      sessions.forgetUser(userId);
      bus.publish(SESSIONS_CHANNEL, 'revoked', { userId });
    },
    switchesChanged: () => announceSwitches(bus),
  };
}
