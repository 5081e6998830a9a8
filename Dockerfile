# Program Portal: one image for every environment (the portal's links are run-time settings).
#   docker build -t program-portal --build-arg BUILD_VERSION=1.0.0 \
#     --build-arg BUILD_COMMIT=$(git rev-parse --short HEAD) --build-arg BUILD_DATE=$(date -u +%FT%TZ) .
# Node is .nvmrc's release (a test holds them equal): raise both together.
ARG NODE_VERSION=24.21.0

# --- build: every dependency, the portal (Vite) and the service (esbuild) --------------------
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# Only where the login service lives is fixed at build time (empty = the same origin).
ARG VITE_API_BASE_URL=
RUN npm run build

# --- runtime: production dependencies of what the bundles import, the built files, no demo data
# The service's bundle compiles the contract in but leaves the contract's own packages
# (intl-messageformat, zod) to node_modules, so both workspaces' dependencies are installed.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    METRICS_PORT=9464
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund -w @portal/server -w @portal/contract \
    && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
ARG BUILD_VERSION=dev
ARG BUILD_COMMIT=unknown
ARG BUILD_DATE=
ENV BUILD_VERSION=${BUILD_VERSION} \
    BUILD_COMMIT=${BUILD_COMMIT}
# What a registry, a scanner or `docker inspect` reads: the build arguments, once.
LABEL org.opencontainers.image.title="Program Portal" \
      org.opencontainers.image.description="Sign-in, registration and recovery portal of association-sponsored insurance and bond programs" \
      org.opencontainers.image.version="${BUILD_VERSION}" \
      org.opencontainers.image.revision="${BUILD_COMMIT}" \
      org.opencontainers.image.created="${BUILD_DATE}"
# The node image's unprivileged user (uid 1000); the service writes nothing to the image.
USER node
EXPOSE 8080 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.METRICS_PORT||process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node runs as PID 1 and handles SIGTERM itself (under npm the signal would be lost); it
# starts no child processes, so it has no zombies to reap.
# Migrations as a release step: the same image with
#   CMD ["node", "apps/server/dist/portal-admin.js", "migrate"]   (needs DATABASE_URL only)
CMD ["node", "--require", "./apps/server/dist/thread-pool.cjs", "apps/server/dist/server.js"]
