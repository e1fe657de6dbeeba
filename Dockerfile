# The production server: the same `npm ci && npm run build` as CI, then `node dist/server/main.js`.
# Node 20 as in CI (package.json: node >= 20.19).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# The compiled server keeps its packages as imports of node_modules (scripts/buildServer.ts), so the
# runtime stage installs the production dependencies, and takes only dist/ from the build.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
# No demo data in production: the first start seeds the reference data only, no account (make the
# first with `node dist/server/create-admin.js --email … --role ADMIN`), and PUBLIC_ORIGIN must be given.
ENV DEMO_DATA=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
# pg_dump and pg_restore for `node dist/server/backup.js backup|restore <folder>` (server/backup/).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/dist ./dist
# DATA_DIR (.data): uploaded files and, without SMTP_URL, mails written as files; PGlite too when DATABASE_URL is unset.
RUN mkdir .data && chown node:node .data
USER node
EXPOSE 8080
# Ready once the database answers with every migration applied (GET /readyz, server/http/health.ts);
# the image has no curl, so Node's fetch asks. /livez says only that the process runs.
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://localhost:8080/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (SHUTDOWN_GRACE_S): node runs as PID 1 and handles it itself.
CMD ["node", "dist/server/main.js"]
