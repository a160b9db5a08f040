# syntax=docker/dockerfile:1
# The shop's image (docs/decisions/081). It is built by the scripts CI and a checkout use — `npm ci`,
# `npm run build` — and runs the built server with production dependencies only, as the unprivileged
# `node` user. docs/operations.md shows it at work in compose.yaml.
#
#   docker build -t taiwan-shop .
#   docker run -e NODE_ENV=production -e JWT_SECRET=… -e DATABASE_URL=… -p 3000:3000 taiwan-shop

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, the storefront and the server bundle ---------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first: a change of source code reuses the installed dependencies' layer.
COPY package.json package-lock.json ./
COPY patches/ patches/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# apps/web/build is a link to the current build (scripts/build-switch.mjs): keep the folder itself.
RUN npm run build \
 && cp -rL apps/web/build /tmp/web-build

# ---- production dependencies: the server's and the storefront's, never the bench's or the tools' ----
FROM build AS production-dependencies
WORKDIR /deps
# --ignore-scripts: the root postinstall is patch-package, a development dependency; it runs after
# from the build stage's install, so drizzle-orm and react-router carry the same patches as in CI.
RUN cp /app/package.json /app/package-lock.json ./ \
 && cp -r /app/patches ./ \
 && for workspace in apps/server apps/web packages/domain bench; do \
      mkdir -p "$workspace" && cp "/app/$workspace/package.json" "$workspace/"; \
    done \
 && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
      --workspace=@shop/server --workspace=@shop/web --include-workspace-root \
 && /app/node_modules/.bin/patch-package

# ---- runtime ------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE}
# pg_dump and pg_restore for `npm run backup` / `npm run restore` against PostgreSQL 15 (bookworm's
# client; it dumps servers up to its own major version).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/*
# SKIP_BUILD: the image holds a finished build, which `npm start` must not try to redo (scripts/start.mjs).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    SKIP_BUILD=1
WORKDIR /app
COPY --from=production-dependencies /deps/ ./
COPY --from=build /app/scripts/ scripts/
COPY --from=build /app/apps/server/dist/ apps/server/dist/
COPY --from=build /app/apps/server/src/db/migrations/ apps/server/src/db/migrations/
COPY --from=build /tmp/web-build/ apps/web/build/
# The embedded database, the pictures on disk (UPLOAD_STORAGE=disk) and the development mail live here.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 3000
# /livez answers while the process runs (app.ts); /healthz also asks the database, for load balancers.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The V8 settings of scripts/server-node-flags.mjs, as `npm start` has them.
CMD ["node", "--max-semi-space-size=32", "--v8-pool-size=0", "scripts/start.mjs"]
