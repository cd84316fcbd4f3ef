import { config } from 'zod';

// Zod builds its object parsers with `new Function` when eval is allowed, and probes for it the
// first time a schema is made; the store's CSP forbids eval, so in the browser the probe would
// only report a violation. root.tsx imports this first, so it runs before the route modules
// that make schemas (e2e/specs/security-headers.spec.ts fails on any violation).
if (!import.meta.env.SSR) config({ jitless: true });
