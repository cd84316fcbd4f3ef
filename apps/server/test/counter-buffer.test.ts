import { describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { CounterBuffer } from '../src/modules/platform/counter-buffer.ts';

/** A database whose counter writes wait until the test lets them land, or fail when told. */
function heldDatabase() {
  const landed = new Map<string, number>();
  const held: { release: () => void; fail: () => void }[] = [];
  const db = {
    insert: () => ({
      values: (row: { name: string; value: number }) => ({
        onConflictDoUpdate: () =>
          new Promise<void>((resolve, reject) =>
            held.push({
              release: () => (landed.set(row.name, (landed.get(row.name) ?? 0) + row.value), resolve()),
              fail: () => reject(new Error('connection lost')),
            }),
          ),
      }),
    }),
  } as unknown as Executor;
  return { db, landed, held };
}

describe('the store-wide counters gathered in memory', () => {
  it('still counts what a flush is writing, so the footer never dips while a write is on its way', async () => {
    const { db, landed, held } = heldDatabase();
    const buffer = new CounterBuffer(db);
    buffer.add('opened', 5);
    const flushing = buffer.flush();
    expect(held).toHaveLength(1);
    // Taken out of memory, not yet in the database: the reader adds both and must see all five.
    expect(buffer.pendingOf('opened') + (landed.get('opened') ?? 0)).toBe(5);
    buffer.add('opened', 1);
    expect(buffer.pendingOf('opened')).toBe(6);
    held[0]!.release();
    await flushing;
    expect(landed.get('opened')).toBe(5);
    expect(buffer.pendingOf('opened')).toBe(1);
    const closing = buffer.close();
    held[1]!.release();
    await closing;
    expect(landed.get('opened')).toBe(6);
  });

  it('keeps a batch whose write failed for the next flush, counted once', async () => {
    const { db, landed, held } = heldDatabase();
    const buffer = new CounterBuffer(db);
    buffer.add('users', 2);
    const flushing = buffer.flush();
    held[0]!.fail();
    await flushing;
    expect(buffer.pendingOf('users')).toBe(2);
    const again = buffer.flush();
    held[1]!.release();
    await again;
    expect(landed.get('users')).toBe(2);
    expect(buffer.pendingOf('users')).toBe(0);
    await buffer.close();
  });
});
