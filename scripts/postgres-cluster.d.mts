/** The folder of initdb, pg_ctl and pg_basebackup: PG_BIN, else the newest Debian install ('' when none). */
export function pgBin(): string;
/** Whether this machine has the binaries a cluster of our own needs. */
export function havePgBinaries(): boolean;
/** Runs one of PostgreSQL's binaries, as the `postgres` user when this is root; throws with what it printed. */
export function runPg(
  tool: string,
  args: string[],
  opts?: { timeoutMs?: number; env?: Record<string, string> },
): Promise<{ stdout: string; stderr: string }>;
/** Runs a plain command as the user that owns the clusters' folders. */
export function runAsOwner(cmd: string, args: string[], opts?: { timeoutMs?: number }): Promise<{ stdout: string; stderr: string }>;
/** A new temporary folder the cluster's user owns. */
export function pgFolder(prefix?: string): Promise<string>;
/** A port nothing listens on now, on the loopback. */
export function freePort(): Promise<number>;
/** Starts the cluster in `dataDir` on 127.0.0.1:`port` and waits until it takes connections. */
export function startCluster(
  dataDir: string,
  port: number,
  opts?: { settings?: Record<string, string>; logFile?: string; timeoutS?: number },
): Promise<void>;
/** Stops the cluster in `dataDir`. */
export function stopCluster(dataDir: string, mode?: 'fast' | 'immediate'): Promise<void>;
/** Whether a cluster runs in `dataDir` now. */
export function clusterRuns(dataDir: string): Promise<boolean>;
/** Stops whatever still runs in `dataDir` and removes `folder` (the data folder's parent by default). */
export function removeCluster(dataDir: string, folder?: string): Promise<void>;
