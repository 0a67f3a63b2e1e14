import { randomUUID } from 'node:crypto';
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
// A read made at every request (the session look-up, domain/auth/session-read.ts) cannot afford a
// compilation each time (it costs about what Prisma's read does): `template` compiles it once with
// sentinel strings where its values go and binds the real ones by position afterwards.
// On PGlite (the embedded default) the statements run unnamed, like Prisma's own there (lib/db/client.ts).

/** A statement Prisma compiled: its SQL text and its arguments, ready for node-postgres. */
export interface CompiledStatement {
  sql: string;
  args: unknown[];
}

/**
 * A statement Prisma compiled once for one shape of read (issue 17: the session look-up of every request),
 * whose varying values are bound at each call: compiling costs about what Prisma's own read costs, so a
 * read made thousands of times a second is compiled once per shape and reused.
 */
export interface StatementTemplate {
  /** The statement with `values` in the places of the sentinels they replace, in order. */
  bind(values: readonly string[]): CompiledStatement;
}

export interface CompiledReader {
  /**
   * The statement Prisma sends for `read`; null when its plan is not exactly one statement (a cursor
   * page: Prisma reads the page, then each relation by the page's ids) or has an argument node-postgres
   * would not take as Prisma's adapter sends it (dates, bytes, JSON). The caller then asks Prisma itself.
   */
  compile(read: (prisma: PrismaClient) => Promise<unknown>): Promise<CompiledStatement | null>;
  /**
   * Compiles `read` once, given `count` sentinel strings where its string values go, into a template
   * that binds the real values by position (null as `compile`). Throws when a sentinel is not exactly
   * one of the statement's arguments: Prisma used a value twice, transformed it, wrote it into the SQL
   * text or left it out; then a bound statement would not be the read Prisma makes of those values.
   */
  template(
    count: number,
    read: (prisma: PrismaClient, values: string[]) => Promise<unknown>,
  ): Promise<StatementTemplate | null>;
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

  function compile(read: (prisma: PrismaClient) => Promise<unknown>): Promise<CompiledStatement | null> {
    const compiled = queue.then(() => compileAlone(read));
    queue = compiled.catch(() => undefined);
    return compiled;
  }

  return {
    compile,

    async template(count, read) {
      // Strings no caller's value or Prisma's constant can be: the statement is never run with them.
      const nonce = randomUUID();
      const sentinels = Array.from({ length: count }, (_, i) => `sentinel:${i}:${nonce}`);
      const statement = await compile((prisma) => read(prisma, sentinels));
      if (!statement) return null;
      if (statement.sql.includes(nonce)) throw new Error(`a sentinel is in the SQL text: ${statement.sql}`);
      const places = sentinels.map((sentinel, i) => {
        const at = statement.args.flatMap((arg, index) => (arg === sentinel ? [index] : []));
        if (at.length !== 1) {
          throw new Error(`sentinel ${i} is ${at.length} of the arguments, not one: ${statement.sql}`);
        }
        return at[0] as number;
      });
      const constants = statement.args.filter((_, index) => !places.includes(index));
      if (constants.some((arg) => typeof arg === 'string' && arg.includes(nonce))) {
        throw new Error(`an argument is made from a sentinel: ${statement.sql}`);
      }
      return {
        bind(values) {
          if (values.length !== count) throw new Error(`${values.length} values for a template of ${count}`);
          const args = [...statement.args];
          places.forEach((place, i) => {
            args[place] = values[i];
          });
          return { sql: statement.sql, args };
        },
      };
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
