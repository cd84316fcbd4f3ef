# syntax=docker/dockerfile:1
# The store as an image: `docker build -t casestore .`, then compose.yaml runs it behind nginx.
# Two stages: the first installs everything and builds the pages and the server bundle; the
# second carries only what runs (the bundle, production packages, the built pages, migrations
# and the catalogue data), as the unprivileged `node` user.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so a change of code does not re-install the packages.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && node -e "import('./scripts/build-server.mjs').then((m) => m.buildServer())" \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# MALLOC_ARENA_MAX: the start script's setting (decision 091).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/server/sql ./apps/server/sql
COPY --from=build /app/apps/server/data ./apps/server/data
COPY --from=build /app/apps/web/build ./apps/web/build
# DATA_DIR holds server.json (and the embedded database when no DATABASE_URL is set).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Alive, not ready: a process waiting for its database is restarted by nobody; /api/ready is for the balancer.
HEALTHCHECK --interval=10s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the process answers 503 to new requests, finishes what it has and closes websockets with 1012.
STOPSIGNAL SIGTERM
# The node flags npm start gives it, as its ENV above has the C library's setting (decisions 088
# and 091; start-flags.test.ts keeps them alike).
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=30", "apps/server/dist/server.mjs"]
