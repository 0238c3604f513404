import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

export type Db = PrismaClient;
/** The client handed to `$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient;

const connectionStrings = new WeakMap<PrismaClient, string>();

export function createDb(url: string, options: { max?: number } = {}): PrismaClient {
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: options.max ?? 10 }) });
  connectionStrings.set(db, url);
  return db;
}

/** The URL a client was created with, for connections outside its pool (LISTEN/NOTIFY). */
export function connectionStringOf(db: PrismaClient): string | undefined {
  return connectionStrings.get(db);
}
