import path from 'node:path';

/** Process configuration, read once from the environment. Documented in README.md. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number | undefined;
  production: boolean;
  tokenTtlSeconds: number;
  refreshWindowSeconds: number;
  seedOnEmpty: boolean;
  trustProxy: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
};

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = (env.LOG_LEVEL ?? 'info') as Config['logLevel'];
  return {
    port: intEnv('PORT', 4000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: env.EMBEDDED_PG_PORT ? intEnv('EMBEDDED_PG_PORT', 0) : undefined,
    production: env.NODE_ENV === 'production',
    tokenTtlSeconds: intEnv('TOKEN_TTL_SECONDS', 2 * 60 * 60),
    refreshWindowSeconds: intEnv('TOKEN_REFRESH_WINDOW_SECONDS', 14 * 24 * 60 * 60),
    seedOnEmpty: env.SEED_ON_EMPTY !== 'false',
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: ['debug', 'info', 'warn', 'error'].includes(logLevel) ? logLevel : 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
  };
}
