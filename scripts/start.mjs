// `npm start`: builds the web app when it has not been built yet, then runs the store in this
// process (API, websocket and server rendering), so signals reach the server directly.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'apps/web/build/server/index.js');

if (!existsSync(serverEntry)) {
  console.log('Building the web app (first start)…');
  const res = spawnSync('npm', ['run', 'build', '-w', '@store/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../apps/server/src/server.ts');
