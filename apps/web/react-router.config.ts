import type { Config } from '@react-router/dev/config';

// Server rendering on: the store's Fastify process serves the build (apps/server/src/http/ssr.ts).
// WEB_BUILD_DIR puts a build elsewhere (the server reads the same variable), so parallel work
// can build and test without replacing the build another run is serving.
export default { appDirectory: 'app', buildDirectory: process.env.WEB_BUILD_DIR ?? 'build', ssr: true } satisfies Config;
