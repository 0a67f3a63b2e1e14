import type {
  ArgScalarType,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
} from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaClient } from '../../generated/prisma/client';

// Prisma writes the statement, node-postgres reads its rows (issue 17). Prisma answers a list with its
// relations in one statement (relations joined as JSON), then turns the rows into its result in three
// passes over every value (rows to objects, tagged values, a deep copy): for REST's 100-case page, ~5,000
// values, that was ~1.3 ms of CPU per request, about a quarter of the request, and more than
// node-postgres' own reading of the rows. For such a read the statement still comes from Prisma, built
// from the same arguments (so who sees what, the filters, the order and the page stay in one place), by
// a PrismaClient whose adapter connects nowhere: it records the statements it is asked to run and
// answers them with no rows. The caller then runs that one statement on the app's pool.

/** A statement Prisma compiled: its SQL text and its arguments, ready for node-postgres. */
export interface CompiledStatement {
  sql: string;
  args: unknown[];
}

export interface CompiledReader {
  /**
   * The statement Prisma sends for `read`; null when its plan is not exactly one statement (a cursor
   * page: Prisma reads the page, then each relation by the page's ids) or has an argument node-postgres
   * would not take as Prisma's adapter sends it (dates, bytes, JSON). The caller then asks Prisma itself.
   */
  compile(read: (prisma: PrismaClient) => Promise<unknown>): Promise<CompiledStatement | null>;
  /** Runs a compiled statement on the pool: rows keyed by column name (timestamps as UTC dates, JSON parsed). */
  rows(statement: CompiledStatement): Promise<{ columns: string[]; rows: Record<string, unknown>[] }>;
}

/** The arguments node-postgres sends as Prisma's adapter does (adapter-pg converts only dates and bytes). */
const PLAIN_ARGUMENTS = new Set<ArgScalarType>(['string', 'int', 'bigint', 'float', 'boolean', 'enum', 'uuid']);

/** The result columns this reader converts, by PostgreSQL type OID (a case's columns and relations). */
const OID = {
  bool: 16,
  int2: 21,
  int4: 23,
  text: 25,
  json: 114,
  float4: 700,
  float8: 701,
  varchar: 1043,
  timestamp: 1114,
  uuid: 2950,
  jsonb: 3802,
} as const;
const READABLE = new Set<number>(Object.values(OID));

/**
 * A `timestamp` column as PostgreSQL writes it ("2025-01-01 09:30:00.123"); Prisma's columns hold UTC.
 * Inside JSON (a joined relation) PostgreSQL writes it with a T ("2025-01-01T09:30:00.123"): the same.
 */
export function utcTimestamp(text: string): Date {
  const date = new Date(`${text.length > 10 && text[10] === ' ' ? `${text.slice(0, 10)}T${text.slice(11)}` : text}Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`not a timestamp: ${text}`);
  return date;
}

const parsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === OID.timestamp
      ? utcTimestamp
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** The adapter of the compiling client: no connection; each statement is handed to `sink` and answered with no rows. */
function recordingAdapter(sink: (query: SqlQuery) => void): SqlDriverAdapterFactory {
  const noRows: SqlResultSet = { columnNames: [], columnTypes: [], rows: [] };
  const refuse = async (): Promise<never> => {
    throw new Error('the compiling Prisma client only reads');
  };
  const adapter: SqlDriverAdapter = {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async queryRaw(query) {
      sink(query);
      return noRows;
    },
    executeRaw: refuse,
    executeScript: refuse,
    startTransaction: refuse,
    getConnectionInfo: () => ({ schemaName: 'public', supportsRelationJoins: true }),
    async dispose() {},
  };
  return { provider: 'postgres', adapterName: '@prisma/adapter-pg', connect: async () => adapter };
}

/** `statementName`: the name to prepare a statement under (lib/db/client.ts statementNamer), or undefined. */
export function createCompiledReader(
  pool: pg.Pool,
  statementName: (sql: string, parameters: number) => string | undefined,
): CompiledReader {
  let recorded: SqlQuery[] | null = null;
  let compiler: PrismaClient | undefined; // made at the first compilation (scripts that never list make none)
  // One compilation at a time (a fraction of a millisecond each): the statements recorded meanwhile are its own.
  let queue: Promise<unknown> = Promise.resolve();

  async function compileAlone(read: (prisma: PrismaClient) => Promise<unknown>): Promise<CompiledStatement | null> {
    compiler ??= new PrismaClient({
      adapter: recordingAdapter((query) => {
        if (!recorded) throw new Error('a statement outside compile()');
        recorded.push(query);
      }),
    });
    recorded = [];
    try {
      await read(compiler);
      const [only, ...more] = recorded;
      if (!only || more.length > 0) return null;
      const plain = only.argTypes.every((type) => type.arity === 'scalar' && PLAIN_ARGUMENTS.has(type.scalarType));
      return plain ? { sql: only.sql, args: only.args } : null;
    } finally {
      recorded = null;
    }
  }

  return {
    compile(read) {
      const compiled = queue.then(() => compileAlone(read));
      queue = compiled.catch(() => undefined);
      return compiled;
    },

    async rows(statement) {
      const result = await pool.query<Record<string, unknown>>({
        name: statementName(statement.sql, statement.args.length),
        text: statement.sql,
        values: statement.args,
        types: parsers,
      });
      for (const field of result.fields) {
        if (!READABLE.has(field.dataTypeID)) {
          throw new Error(
            `column ${field.name}: PostgreSQL type ${field.dataTypeID} is not read by the compiled reader`,
          );
        }
      }
      return { columns: result.fields.map((field) => field.name), rows: result.rows };
    },
  };
}
