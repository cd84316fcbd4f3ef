import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `server.json` in the data folder says which process serves it, on which port, and the token
 * the operator command uses to reach it. PGlite lets one process open a data folder, so this
 * is also how a second server, or the operator command, learns the folder is taken.
 */
export interface ServerFile {
  pid: number;
  port: number;
  adminToken: string;
}

export const serverFilePath = (dataDir: string) => path.join(dataDir, 'server.json');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The running server of this data folder, or null when none is (a stale file is ignored). */
export function readRunningServer(dataDir: string): ServerFile | null {
  const file = serverFilePath(dataDir);
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as ServerFile;
    return info.pid !== process.pid && alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export function writeServerFile(dataDir: string, info: ServerFile) {
  // Written aside and renamed into place: a reader (the operator command, a test) never sees half a file.
  const file = serverFilePath(dataDir);
  writeFileSync(`${file}.tmp`, JSON.stringify(info), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

export function removeServerFile(dataDir: string) {
  rmSync(serverFilePath(dataDir), { force: true });
}
