import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { storeMeta } from './schema.ts';

/** Store-wide facts kept by key (the catalogue's hash, shared secrets): one small JSON value each. */
export async function readMeta<T>(db: Executor, key: string): Promise<T | null> {
  const rows = await db.select().from(storeMeta).where(eq(storeMeta.key, key));
  return (rows[0]?.value as T | undefined) ?? null;
}

export async function writeMeta(db: Executor, key: string, value: unknown): Promise<void> {
  await db.insert(storeMeta).values({ key, value }).onConflictDoUpdate({ target: storeMeta.key, set: { value } });
}

/** Keeps the first value ever written under `key` and returns it, whichever process wrote it. */
export async function keepFirstMeta<T>(db: Executor, key: string, value: T): Promise<T> {
  await db.insert(storeMeta).values({ key, value }).onConflictDoNothing();
  return (await readMeta<T>(db, key))!;
}
