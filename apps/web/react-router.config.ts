import type { Config } from '@react-router/dev/config';

// Server rendering on: the store's Fastify process serves the build (apps/server/src/http/ssr.ts).
// WEB_BUILD_DIR puts a build elsewhere (the server reads the same variable), so parallel work
// can build and test without replacing the build another run is serving.
export default {
  appDirectory: 'app',
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: true,
  // React Router 8's behaviour, taken early (decision 085): loaders read the server's hand-over from a
  // RouterContextProvider (lib/load-context.ts), the client route exports load apart from the page,
  // the build runs on Vite's environments, loaders get the request as it came (the page's address
  // is their `url`), and a data request keeps its page's trailing slash (`/_.data` for the root).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
