import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from '../../generated/prisma/client';

export type Db = PrismaClient;

/**
 * keepIdle: never close idle connections (the embedded database serves few connections; pg's default
 * 10 s idle close followed by a reconnect can race the socket server's count of open connections).
 */
export function createPrismaClient(connectionString: string, poolSize: number, keepIdle = false): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString, max: poolSize, ...(keepIdle ? { idleTimeoutMillis: 0 } : {}) }),
  });
}

/** A unique index refused the row: a duplicate, or the loser of a race the index decides. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
