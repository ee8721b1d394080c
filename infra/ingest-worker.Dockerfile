# The ingest worker: relays Postgres changes through BullMQ into Elasticsearch.
# Built to plain JavaScript (npm run build), run by node without a TypeScript loader: less memory, faster start.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY shared ./shared
COPY services ./services
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY shared ./shared
COPY services ./services
COPY bin ./bin
COPY --from=build /app/dist ./dist
USER node
EXPOSE 9464
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:9464/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=8", "dist/services/ingest-worker/main.js"]
