import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Gives each web build an id: baked into the browser's scripts as `import.meta.env.VITE_STORE_BUILD_ID`
 * and written to `builds/latest.json` and `builds/{id}.json` in the client folder, which open tabs poll (lib/build-check.ts).
 * `STORE_BUILD_ID` sets it (a release's commit); otherwise it is the build time plus a few random bytes.
 */
export function buildIdPlugin(id = process.env.STORE_BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`): Plugin {
  return {
    name: 'store-build-id',
    config: () => ({ define: { 'import.meta.env.VITE_STORE_BUILD_ID': JSON.stringify(id) } }),
    generateBundle() {
      // The server bundle needs no manifest: only the client folder is served.
      if (this.environment.config.consumer !== 'client') return;
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: JSON.stringify({ id }) });
      // The manifest by build id (spec §7): what a tab asks before believing `latest.json` (build-check.ts).
      this.emitFile({ type: 'asset', fileName: `builds/${id}.json`, source: JSON.stringify({ id }) });
    },
  };
}
