// `npm start`: builds the web app when it has not been built yet (build-web.mjs: a build that
// warns stops the start), bundles the server (a fraction of a second, so it is never stale), then
// runs the store in this process (API, websocket and server rendering), so signals reach the server directly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';
import { buildWeb } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');
// WEB_BUILD_DIR (read by the web build and the server too) moves the build.
const webServerEntry = path.join(process.env.WEB_BUILD_DIR ? path.resolve(process.env.WEB_BUILD_DIR) : path.join(root, 'apps/web/build'), 'server/index.js');

if (!existsSync(webServerEntry)) {
  const started = Date.now();
  console.log('Building the web app (first start)…');
  await buildWeb({ echo: false }).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
  console.log(`Built the web app in ${Math.round((Date.now() - started) / 1000)} s.`);
}
const serverEntry = await buildServer();
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(serverEntry).href);
