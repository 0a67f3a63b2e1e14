import { createHash } from 'node:crypto';
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

/** Prepared statements a connection may hold at most (the first distinct SQL texts with parameters). */
export const NAMED_STATEMENTS = 200;

/**
 * Names for prepared statements (issue 17). PostgreSQL parses and plans an unnamed statement at every
 * execution: for a case list's statement that was ~1 ms of the database's CPU per request, more than
 * running it. A named one is parsed once per connection, and after five executions planned once if
 * the generic plan is no costlier than the custom ones (plan_cache_mode auto). The name is the hash
 * of the SQL text. Statements without parameters (one-offs, transaction control) stay unnamed, and so
 * does every text after the first `limit` distinct ones, so a connection holds at most `limit`
 * (Prisma's Rust engine kept 100 per connection, PostGraphile keeps 100).
 */
export function statementNamer(limit = NAMED_STATEMENTS): (sql: string, parameters: number) => string | undefined {
  const names = new Map<string, string>();
  return (sql, parameters) => {
    if (parameters === 0) return undefined;
    const known = names.get(sql);
    if (known !== undefined || names.size >= limit) return known;
    const name = createHash('sha1').update(sql).digest('base64url');
    names.set(sql, name);
    return name;
  };
}

/**
 * Prisma's pg adapter over our pool, for as long as the pool lives. Prisma connects on demand, again after
 * `$disconnect` (which ends the pool), and the adapter then opened a new pool from the ended one's options
 * that nothing would close: a statement still to come after shutdown succeeded and kept connections open.
 * It fails instead (test/db-client.test.ts).
 */
class OnePoolAdapter extends PrismaPg {
  readonly #pool: pg.Pool;
  constructor(pool: pg.Pool, options: ConstructorParameters<typeof PrismaPg>[1]) {
    super(pool, options);
    this.#pool = pool;
  }
  override connect(): ReturnType<PrismaPg['connect']> {
    if (this.#pool.ending) return Promise.reject(new Error('The database is closed'));
    return super.connect();
  }
}

/**
 * keepIdle: never close idle connections (the embedded database serves few connections; pg's default
 * 10 s idle close followed by a reconnect can race the socket server's count of open connections).
 * namedStatements: only on a PostgreSQL server. PGlite is one backend behind every connection, so a
 * statement one connection prepared is there for the next, whose client does not know it ("prepared
 * statement already exists").
 */
export function createDbClients(
  connectionString: string,
  poolSize: number,
  options: { keepIdle?: boolean; namedStatements?: boolean } = {},
): DbClients {
  const pool = new pg.Pool({ connectionString, max: poolSize, ...(options.keepIdle ? { idleTimeoutMillis: 0 } : {}) });
  const name = options.namedStatements ? statementNamer() : () => undefined;
  const db = new PrismaClient({
    adapter: new OnePoolAdapter(pool, {
      disposeExternalPool: true,
      // An empty name is an unnamed statement to node-postgres.
      statementNameGenerator: (query) => name(query.sql, query.args.length) ?? '',
    }),
  });
  return { db, reader: createCompiledReader(pool, name) };
}

export function createPrismaClient(connectionString: string, poolSize: number, keepIdle = false): PrismaClient {
  return createDbClients(connectionString, poolSize, { keepIdle }).db;
}

/** Whether `SELECT version()` answered PGlite's (PostgreSQL compiled to WebAssembly: one backend behind every connection). */
export function isPgliteVersion(version: string): boolean {
  return /wasm32|emscripten/i.test(version);
}

/** A unique index refused the row: a duplicate, or the loser of a race the index decides. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
