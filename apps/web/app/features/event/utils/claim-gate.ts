/**
 * Claims under way, by level: a second click on a level whose claim is still in flight is
 * ignored (spec §4), while another level may be claimed meanwhile.
 */
export class InFlight<K> {
  private readonly keys = new Set<K>();

  /** Marks `key` in flight; false (do nothing) when it already is. */
  begin(key: K): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }

  end(key: K): void {
    this.keys.delete(key);
  }

  has(key: K): boolean {
    return this.keys.has(key);
  }

  /** Runs `task` for `key` unless one already runs; resolves to null when ignored. */
  async run<T>(key: K, task: () => Promise<T>): Promise<T | null> {
    if (!this.begin(key)) return null;
    try {
      return await task();
    } finally {
      this.end(key);
    }
  }
}
