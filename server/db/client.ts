import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';

export type Db = PrismaClient;
/** The client handed to `$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient;

export function createDb(url: string, options: { max?: number } = {}): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: options.max ?? 10 }) });
}
