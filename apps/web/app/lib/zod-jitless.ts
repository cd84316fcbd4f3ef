// Zod builds its object parsers with `new Function` when eval is allowed, and probes for it the
// first time a schema is made; the store's CSP forbids eval, so in the browser the probe would
// only report a violation. root.tsx imports this first, so it runs before the route modules
// that make schemas (e2e/specs/security-headers.spec.ts fails on any violation).
// Zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of the library,
// created by whichever comes first), so the setting is made there without importing zod: the
// players' first scripts then carry none of it (it loads with the pages that parse).
if (!import.meta.env.SSR) {
  const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (shared.__zod_globalConfig ??= {}).jitless = true;
}
