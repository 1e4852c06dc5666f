# syntax=docker/dockerfile:1
# One image for every process of a shop: the shop itself and its migration step (see "Running on several machines"
# in the README, decisions 063 and 064). Built once; a process started from it never builds.
ARG NODE_VERSION=20

# The build needs the development tools (React Router, Vite, Tailwind).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# What the running shop needs, without the development tools.
FROM node:${NODE_VERSION}-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
# MALLOC_ARENA_MAX: glibc keeps fewer per-thread memory pools, which image work (sharp) otherwise leaves behind
# (about 100 MB; BENCHMARKS.md, Memory).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The shop runs from build/start.js; the commands (npm run migrate, staff…) run from source through tsx (a
# dependency); migrations and sample artwork are read from their folders.
COPY package.json tsconfig.json server.ts ./
COPY app ./app
COPY scripts ./scripts
COPY drizzle ./drizzle
COPY seed ./seed
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm: a SIGTERM from the container runtime reaches the shop, which drains and exits (decision 064).
# The same command as `npm start` (decision 065).
CMD ["node", "--max-semi-space-size=4", "scripts/start.mjs"]
