import type { FooterStats } from '@store/shared/api/live';
import type { Executor } from '../../db/client.ts';
import type { CounterBuffer } from '../platform/counter-buffer.ts';
import { readCounters } from '../platform/counters.ts';

/** Store-wide numbers for the footer; `online` is the sockets open on every process (`Hub.online`). */
export async function footerStats(db: Executor, buffer: CounterBuffer, online: number): Promise<FooterStats> {
  const c = await readCounters(db);
  const count = (name: string) => (c[name] ?? 0) + buffer.pendingOf(name);
  return { opened: count('opened'), users: count('users'), online, battles: count('battles'), upgrades: count('upgrades'), arcanes: count('arcanes') };
}
