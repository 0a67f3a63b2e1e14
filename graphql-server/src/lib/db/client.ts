import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { Prisma, PrismaClient } from '../../generated/prisma/client';
import { type CompiledReader, createCompiledReader } from './compiled-read';

export type Db = PrismaClient;

/** The app's database clients over one pool: Prisma, and the reader of statements Prisma compiled. */
export interface DbClients {
  db: Db;
  reader: CompiledReader;
}

/**
 * keepIdle: never close idle connections (the embedded database serves few connections; pg's default
 * 10 s idle close followed by a reconnect can race the socket server's count of open connections).
 */
export function createDbClients(connectionString: string, poolSize: number, keepIdle = false): DbClients {
  const pool = new pg.Pool({ connectionString, max: poolSize, ...(keepIdle ? { idleTimeoutMillis: 0 } : {}) });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  return { db, reader: createCompiledReader(pool, () => undefined) };
}

export function createPrismaClient(connectionString: string, poolSize: number, keepIdle = false): PrismaClient {
  return createDbClients(connectionString, poolSize, keepIdle).db;
}

/** A unique index refused the row: a duplicate, or the loser of a race the index decides. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
