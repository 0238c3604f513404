# The back office on the official Node image (docs/operations.md#in-a-container).
FROM node:20-bookworm-slim

ENV NODE_ENV=production \
    PORT=4000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    CLIENT_BUILD=skip

WORKDIR /app
RUN mkdir -p /data && chown node:node /app /data
USER node

# Dependencies first (the client build and tsx need the dev dependencies too).
COPY --chown=node:node package.json package-lock.json ./
COPY --chown=node:node scripts ./scripts
COPY --chown=node:node prisma ./prisma
COPY --chown=node:node prisma.config.ts ./
RUN npm ci --no-audit --no-fund --include=dev

COPY --chown=node:node . .
RUN npm run build:client

VOLUME ["/data"]
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# npm would not pass SIGTERM on reliably: node runs the server itself (graceful stop on SIGTERM).
CMD ["node", "--import", "tsx", "server/main.ts"]
