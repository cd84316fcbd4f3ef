/** Bundles the server into apps/server/dist and returns the path of its entry (server.mjs). */
export function buildServer(): Promise<string>;
