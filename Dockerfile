# syntax=docker/dockerfile:1
# VetConsult: one image with the API server and the built web client.
#   docker build -t vetconsult .
#   docker compose up        (two API replicas behind Caddy, PostgreSQL, Redis, MinIO, Mailpit)

# --- deps: the exact lockfile; the postinstall step generates the Prisma client -------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV npm_config_update_notifier=false
COPY package.json package-lock.json prisma.config.ts ./
COPY schema/package.json schema/
COPY graphql-server/package.json graphql-server/
COPY web/package.json web/
COPY prisma prisma
COPY graphql-server/src/scripts/prisma-generate.ts graphql-server/src/scripts/
RUN npm ci --no-audit --no-fund

# --- web: codegen + vite build -> web/dist -----------------------------------------------------------
FROM deps AS web
COPY . .
RUN npm run build -w web

# --- runtime: the server runs its TypeScript through tsx (the generated Prisma client is TS) ---------
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000 DATA_DIR=/data
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/graphql-server/src/generated graphql-server/src/generated
COPY package.json tsconfig.json tsconfig.base.json ./
COPY schema schema
COPY prisma prisma
COPY graphql-server/package.json graphql-server/tsconfig.json graphql-server/
COPY graphql-server/src graphql-server/src
COPY --from=web /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM -> App.close(): stop accepting, drain in-flight requests, close WebSockets (1001), then the DB.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "graphql-server/src/server.ts"]
