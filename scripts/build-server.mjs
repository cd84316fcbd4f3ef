// Bundles the server for `npm start`: the store runs as plain JavaScript, with no TypeScript
// compiler loaded in the serving process or its database thread (less memory, faster start).
// Packages stay in node_modules; the workspace's own TypeScript (@store/shared) is bundled in.
// It takes well under a second, so `npm start` rebuilds it every time and never runs a stale copy.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '../apps/server');

/** Leaves every package import to Node, except the workspace's TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@store/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  const dist = path.join(serverRoot, 'dist');
  const result = await build({
    absWorkingDir: serverRoot,
    entryPoints: {
      server: 'src/server.ts',
      'pglite-worker': 'src/db/pglite-worker.ts',
      'prepare-data-folder': 'src/db/prepare-data-folder.main.ts',
      // The operator command as plain JavaScript too: the browser tests run it many times, and
      // compiling the server's TypeScript on every call cost each one seconds of processor.
      admin: 'src/admin/cli.ts',
    },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    // Chunks sit beside the entries: modules read their folder to find the server's files.
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    // The oldest Node the store supports (engines): Node 24 is the runtime, 22.12 the floor.
    target: 'node22.12',
    sourcemap: true,
    sourcesContent: false,
    plugins: [externalPackages],
    logLevel: 'warning',
    metafile: true,
  });
  // Chunk names carry a hash of their content; the ones this build did not write are old.
  const written = new Set(Object.keys(result.metafile.outputs).map((f) => path.basename(f)));
  for (const f of readdirSync(dist)) if (!written.has(f)) rmSync(path.join(dist, f), { force: true });
  return path.join(dist, 'server.mjs');
}

if (process.argv[1] === import.meta.filename) await buildServer();
