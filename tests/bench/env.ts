import type { Config } from '../../server/config.ts';
import type { PrismaClient } from '../../server/generated/prisma/client.ts';

/** What every bench case file gets: one seeded database and the app over it, no network. */
export type BenchEnv = {
  scale: number;
  /** The Prisma client the app uses; its statements are counted per case. */
  db: PrismaClient;
  /** Connection string of the bench database, for raw `pg` comparisons. */
  url: string;
  /** The configuration of the app under test (a case file may build a variant of it). */
  config: Config;
  /** Sends a request to the app (no port) and reads the body. */
  call: (pathName: string, init: RequestInit) => Promise<Response>;
  /** Logs in over REST and answers the token. */
  login: (account: string, password: string) => Promise<string>;
  /** POSTs a GraphQL document with the token; answers the Response (status checked by the runner). */
  gql: (token: string, query: string, variables?: Record<string, unknown>) => Promise<Response>;
  adminToken: string;
  /** Registers a clean-up (closing a pool of the case file's own) run before the server stops. */
  onClose: (fn: () => Promise<unknown>) => void;
};

/**
 * One measured case. `run` answers a Response (must be HTTP 200, and a GraphQL answer must
 * have no `errors`; with `refused`, it must be a refusal: HTTP 4xx, GraphQL `errors` or a
 * legacy `error`) or anything else (a raw SQL baseline, timed as is). `goalMs` is printed
 * beside the p95 (the abuse corpus: refused in under 50 ms).
 */
export type BenchCase = {
  name: string;
  run: () => Promise<unknown>;
  iterations?: number;
  /** The name of a case to compare with: run interleaved with it, the ratio of p50s shown. */
  vs?: string;
  refused?: boolean;
  goalMs?: number;
};
export type BenchCaseFile = (env: BenchEnv) => Promise<BenchCase[]>;
