/**
 * What a sandbox service received, newest last, in this process's memory: at most `cap` entries,
 * the oldest forgotten first. A sandbox's record is for tests and operators looking at it now,
 * not for keeping (decision 051).
 */
export class SandboxRecorder<T> {
  private entries: (T & { seq: number })[] = [];
  private nextSeq = 1;

  constructor(readonly cap: number) {}

  record(entry: T): number {
    const seq = this.nextSeq++;
    this.entries.push({ ...entry, seq });
    if (this.entries.length > this.cap) this.entries.splice(0, this.entries.length - this.cap);
    return seq;
  }

  /** The oldest entry still kept, if any. */
  oldest(): (T & { seq: number }) | undefined {
    return this.entries[0];
  }

  /** The newest `limit` entries that pass `keep`, oldest first. */
  list(keep: (entry: T) => boolean, limit: number): (T & { seq: number })[] {
    return this.entries.filter(keep).slice(-limit);
  }
}
