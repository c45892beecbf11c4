# syntax=docker/dockerfile:1
# The portal in three stages: dependencies, one build, and a runtime with production packages only.
# The runtime is the Node 24 of the lockfile's `node` package (node_modules/.bin/node), the same one
# development and CI run; the base image's Node only runs npm.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV APP_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV PORT=3000 DATA_DIR=/app/data METRICS_PORT=9464
EXPOSE 3000 9464
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["/app/node_modules/.bin/node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# one image for every instance (compose.yaml runs it as its web and worker services)
CMD ["/app/node_modules/.bin/node", "dist/server/main.js"]
