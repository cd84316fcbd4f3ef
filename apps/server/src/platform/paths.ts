import path from 'node:path';

/**
 * Where the server's files are. The same code runs from its sources (src/<folder>/, under tsx in
 * tests and tools) and from the production bundle (dist/, what `npm start` runs), so every path
 * is taken from the server's root rather than from the calling module's own folder.
 */
export const bundled = path.basename(import.meta.dirname) === 'dist';
export const serverRoot = path.resolve(import.meta.dirname, bundled ? '..' : '../..');
export const repoRoot = path.resolve(serverRoot, '../..');
