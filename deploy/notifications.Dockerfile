# syntax=docker/dockerfile:1
# The notifications service (servers; rules, templates and delivery next): no HTTP port, NATS and PostgreSQL
# (schema `notifications`); needs SECRETS_KEY (base64 of 32 bytes) for the servers' passwords and keys.
# Build from the repository root:  docker build -f deploy/notifications.Dockerfile -t kanban/notifications .
#
# Same build stage as gateway.Dockerfile (shared build cache). A new service `x` is a copy of this file
# with its CMD set to dist/apps/x/src/main.js.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: npm ci refuses this lockfile on the registry in use; install keeps it as is.
RUN npm install --no-audit --no-fund
# Only the sources the build reads (the host's node_modules/ and dist/ must not be copied over).
COPY tsconfig.base.json tsconfig.json ./
COPY tools ./tools
COPY libs ./libs
COPY apps ./apps
# Server code to dist/apps/<app>/src/main.js (SWC); the web app to dist/web (Vite), by `npm run build`
# or, while that builds the server code only, by the separate `build:web` script when there is one.
RUN npm run build \
 && if [ ! -f dist/web/index.html ]; then npm run --if-present build:web; fi \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production LOG_FORMAT=json
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node

CMD ["node", "--enable-source-maps", "dist/apps/notifications/src/main.js"]
