import path from 'node:path';

/** Process configuration, read once from the environment. Documented in README.md. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number | undefined;
  /**
   * `NODE_ENV=development` (`npm run dev`): GraphiQL, field suggestions and GraphQL documents
   * from browsers. Anything else is production: `npm start` is safe to expose.
   */
  development: boolean;
  tokenTtlSeconds: number;
  refreshWindowSeconds: number;
  /** Absolute lifetime of a session (a login and every token refreshed from it). */
  sessionMaxAgeSeconds: number;
  /**
   * How long a process may keep a session it has read (server/session/session-cache.ts); changes
   * reach every process at once through NOTIFY, this only bounds a missed one. 0: no cache.
   */
  sessionCacheSeconds: number;
  seedOnEmpty: boolean;
  trustProxy: boolean;
  /** Proxies you run in front of the server: the client address is that many hops from the right of X-Forwarded-For. */
  trustedProxyHops: number;
  /** Origins (scheme://host[:port]) other than the server's own that may call /graphql from a browser. */
  corsOrigins: string[];
  /** Hosts rich text may show remote images from (besides data: images and the server's own paths). */
  richTextImageHosts: string[];
  /** The map tiles of the school pages (Leaflet URL template, https); its origin is allowed as an image source. */
  mapTileUrl: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** Where uploaded files live: in the database (default), in a directory or in an S3-compatible bucket (server/lib/files.ts). */
  fileStore: 'postgres' | 'directory' | 's3';
  /** The bucket of `FILE_STORE=s3` (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_PREFIX, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE). */
  s3: { bucket: string; endpoint: string | undefined; region: string; prefix: string; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean } | undefined;
  /** The directory of the `directory` store (default DATA_DIR/uploads). */
  filesDir: string | undefined;
  /** Bearer token that opens /metrics on the HTTP port; unset: /metrics is not served there. */
  metricsToken: string | undefined;
  /** A second listener, meant for an internal interface, that serves /metrics without a token. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** Server processes `npm start` runs (Node cluster on one port). */
  workers: number;
  /** Database connections of each server process's request pool (docs/operations.md, "The pool"). */
  dbPoolSize: number;
  /** How long a request waits for a free connection before it is answered 503 with Retry-After (ms). */
  dbPoolWaitMs: number;
  /** Cron expression of scheduled backups (`0 3 * * *`); unset: none. */
  backupCron: string | undefined;
  backupDir: string | undefined;
  /** Scheduled backups kept (the newest). */
  backupKeep: number;
  /** Days the operation log and its audit trail keep a row; older rows are purged to daily counts (`npm run oplog:purge`). */
  operationLogRetentionDays: number;
};

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return n;
}

function listEnv(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `https://app.example.com`, no path: what a browser sends as Origin. */
function originList(env: NodeJS.ProcessEnv): string[] {
  return listEnv(env, 'CORS_ORIGINS').map((raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`CORS_ORIGINS: "${raw}" is not an origin such as https://app.example.com`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash || url.username) {
      throw new Error(`CORS_ORIGINS: "${raw}" is not an origin such as https://app.example.com`);
    }
    return url.origin;
  });
}

/** Host names only (`images.example.com`), lower case. */
function hostList(env: NodeJS.ProcessEnv, name: string): string[] {
  return listEnv(env, name).map((raw) => {
    const host = raw.toLowerCase();
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/.test(host)) throw new Error(`${name}: "${raw}" is not a host name such as images.example.com`);
    return host;
  });
}

/** The public OpenStreetMap tiles unless MAP_TILE_URL names another server (docs/schools-ui.md). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
function tileUrl(env: NodeJS.ProcessEnv): string {
  const raw = (env.MAP_TILE_URL ?? '').trim() || DEFAULT_MAP_TILE_URL;
  if (!/^https:\/\/[a-z0-9.{}-]+(:\d{1,5})?\/[^\s"'<>]*$/i.test(raw) || !raw.includes('{z}')) throw new Error(`MAP_TILE_URL: "${raw}" is not an https tile address such as https://tile.example.com/{z}/{x}/{y}.png`);
  return raw;
}

function fileStoreEnv(env: NodeJS.ProcessEnv): Config['fileStore'] {
  const raw = env.FILE_STORE || 'postgres';
  if (raw !== 'postgres' && raw !== 'directory' && raw !== 's3') throw new Error(`FILE_STORE must be "postgres", "directory" or "s3", got "${raw}"`);
  return raw;
}

/** The bucket settings, required when FILE_STORE=s3 (the credentials may come from the SDK's usual chain instead). */
function s3Env(env: NodeJS.ProcessEnv): Config['s3'] {
  if (env.FILE_STORE !== 's3') return undefined;
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL such as https://s3.example.com, got "${endpoint}"`);
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+/, '');
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // Most S3-compatible servers (MinIO, Ceph) want path-style URLs; AWS itself virtual-hosted ones.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : !!endpoint,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = (env.LOG_LEVEL ?? 'info') as Config['logLevel'];
  return {
    port: intEnv(env, 'PORT', 4000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: env.EMBEDDED_PG_PORT ? intEnv(env, 'EMBEDDED_PG_PORT', 0) : undefined,
    development: env.NODE_ENV === 'development',
    tokenTtlSeconds: intEnv(env, 'TOKEN_TTL_SECONDS', 2 * 60 * 60, 1),
    refreshWindowSeconds: intEnv(env, 'TOKEN_REFRESH_WINDOW_SECONDS', 14 * 24 * 60 * 60),
    sessionMaxAgeSeconds: intEnv(env, 'SESSION_MAX_AGE_SECONDS', 30 * 24 * 60 * 60, 60),
    sessionCacheSeconds: intEnv(env, 'SESSION_CACHE_SECONDS', 30),
    seedOnEmpty: env.SEED_ON_EMPTY !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
    trustedProxyHops: intEnv(env, 'TRUSTED_PROXY_HOPS', 1, 1),
    corsOrigins: originList(env),
    richTextImageHosts: hostList(env, 'RICH_TEXT_IMAGE_HOSTS'),
    mapTileUrl: tileUrl(env),
    logLevel: ['debug', 'info', 'warn', 'error'].includes(logLevel) ? logLevel : 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    fileStore: fileStoreEnv(env),
    s3: s3Env(env),
    filesDir: env.FILES_DIR ? path.resolve(env.FILES_DIR) : undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? intEnv(env, 'METRICS_PORT', 0, 1) : undefined,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    workers: intEnv(env, 'WORKERS', 1, 1),
    dbPoolSize: intEnv(env, 'DB_POOL_SIZE', 20, 1),
    dbPoolWaitMs: intEnv(env, 'DB_POOL_WAIT_MS', 5000, 1),
    backupCron: env.BACKUP_CRON || undefined,
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    backupKeep: intEnv(env, 'BACKUP_KEEP', 7, 1),
    operationLogRetentionDays: intEnv(env, 'OPERATION_LOG_RETENTION_DAYS', 1095, 1),
  };
}
