import type { Config } from '@react-router/dev/config';

// Server rendering on: the store's Fastify process serves the build (apps/server/src/http/ssr.ts).
export default { appDirectory: 'app', buildDirectory: 'build', ssr: true } satisfies Config;
