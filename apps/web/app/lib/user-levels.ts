/**
 * Many players' levels in few calls: every id asked for in the same moment (the seats of a battle
 * list rendering together) goes out in one GET /api/v1/users/levels?userIds=..., at most 100 ids
 * a call. A failed lookup is level 0, unknown (spec §8: level lookups fail silently).
 */
export type LevelsFetcher = (ids: number[]) => Promise<{ userId: number; level: number }[]>;

const MAX_IDS = 100;

export function levelBatcher(fetchLevels: LevelsFetcher, schedule: (run: () => void) => void = (run) => void setTimeout(run, 0)) {
  let waiting = new Map<number, ((level: number) => void)[]>();

  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += MAX_IDS) {
      const chunk = ids.slice(i, i + MAX_IDS);
      fetchLevels(chunk)
        .catch(() => [])
        .then((rows) => {
          const found = new Map(rows.map((r) => [r.userId, r.level]));
          for (const id of chunk) for (const resolve of batch.get(id) ?? []) resolve(found.get(id) ?? 0);
        });
    }
  };

  return (userId: number): Promise<number> =>
    new Promise((resolve) => {
      if (waiting.size === 0) schedule(flush);
      const list = waiting.get(userId);
      if (list) list.push(resolve);
      else waiting.set(userId, [resolve]);
    });
}
