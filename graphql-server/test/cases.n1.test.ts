import { PrismaPg } from '@prisma/adapter-pg';
import { execute, parse } from 'graphql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../src/context';
import { createCasesService } from '../src/domain/cases/cases.service';
import { PrismaClient, type User } from '../src/generated/prisma/client';
import { schema } from '../src/graphql/schema';
import { createCompiledReader } from '../src/lib/db/compiled-read';
import { createEventBus } from '../src/lib/events';
import { createCase } from './cases.fixtures';
import { createUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// N+1 guard: SQL statements are counted where they leave for the database, in the pg client under the
// Prisma adapter, while the real schema and the real service list cases with their vet, specialist and
// files. The count must not grow with the number of cases: the list and its relations are one statement
// (Prisma's relationJoins: the relations are joined in the same SELECT), so a request costs that statement
// and its session lookup.

let server: TestServer;
let pool: pg.Pool;
let countingDb: PrismaClient;
let statements: string[] = [];

class CountingClient extends pg.Client {
  override query(...args: any[]): any {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String(first?.text ?? ''));
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  pool = new pg.Pool({ connectionString: server.database.connectionString, max: 1, Client: CountingClient });
  countingDb = new PrismaClient({ adapter: new PrismaPg(pool) });
});
afterAll(async () => {
  await countingDb.$disconnect();
  await pool.end();
  await server.close();
});

async function vetWithCases(count: number) {
  const db = server.database.db;
  const vet = await createUser(db, { role: 'VETERINARIAN' });
  const specialist = await createUser(db, { role: 'SPECIALIST', approved: true });
  for (let i = 0; i < count; i++) {
    const kase = await createCase(db, {
      vetId: vet.id,
      specialistId: specialist.id,
      status: 'accepted',
      patientName: `Pet ${i}`,
    });
    await db.caseFile.createMany({
      data: [0, 1].map((n) => ({
        caseId: kase.id,
        filename: `scan-${n}.png`,
        fileType: 'image/png',
        fileSize: 10,
        s3Key: `cases/${kase.uuid}/input/${n}-scan.png`,
      })),
    });
  }
  return vet;
}

const MY_CASES = parse(`{
  myCases(first: 100) { uuid label title vet { name clinicName clinicAddress } specialist { name } files { filename fileType url } }
}`);

/** The cases service over the counting client and pool, so its own reads are counted too. */
function countingCases() {
  return createCasesService({
    ...server.services,
    db: countingDb,
    // REST's lists run the statement Prisma compiles on the pool (lib/db/compiled-read.ts): counted too.
    reader: createCompiledReader(pool, () => undefined),
    storage: undefined as never,
    events: createEventBus(),
    logger: server.logger,
    fees: server.config.prices,
  });
}

function contextFor(vet: User) {
  return {
    db: countingDb,
    services: { ...server.services, cases: countingCases() },
    actor: { id: vet.id, role: vet.role, approved: vet.approved, specialty: vet.specialty, sessionId: 'n1-test' },
    request: { ip: '127.0.0.1', userAgent: 'n1-test' },
    cookies: null,
    sessionToken: null,
  } as unknown as Context;
}

async function graphqlStatements(vet: User) {
  const contextValue = contextFor(vet);
  await countingDb.$queryRaw`SELECT 1`; // connect outside the measurement
  statements = [];
  const result = await execute({ schema, document: MY_CASES, contextValue });
  expect(result.errors).toBeUndefined();
  return { count: statements.length, cases: ((result.data?.myCases ?? []) as unknown[]).length };
}

async function restStatements(vet: User) {
  const cases = countingCases();
  await countingDb.$queryRaw`SELECT 1`;
  statements = [];
  const rows = await cases.listCases(
    { id: vet.id, role: vet.role, approved: true, specialty: null, sessionId: 'n1' },
    {},
  );
  return { count: statements.length, cases: rows.length };
}

describe('listing cases with vet, specialist and files', () => {
  it('costs the same small number of SQL statements for 5 and for 50 cases, over GraphQL and REST', async () => {
    const few = await vetWithCases(5);
    const many = await vetWithCases(50);

    const gqlFew = await graphqlStatements(few);
    const gqlMany = await graphqlStatements(many);
    expect(gqlFew.cases).toBe(5);
    expect(gqlMany.cases).toBe(50);
    // One statement for the page with its vet, specialist and files, for 5 cases as for 50.
    expect(gqlFew.count).toBe(1);
    expect(gqlMany.count).toBe(1);

    const restFew = await restStatements(few);
    const restMany = await restStatements(many);
    expect(restMany.cases).toBe(50);
    expect(restFew.count).toBe(1);
    expect(restMany.count).toBe(1);
  });
});

describe('one case over GraphQL', () => {
  it('is read once: the read rule is checked on the row read with the selection', async () => {
    const vet = await vetWithCases(1);
    const kase = await server.database.db.case.findFirstOrThrow({ where: { vetId: vet.id } });
    const contextValue = contextFor(vet);
    await countingDb.$queryRaw`SELECT 1`;
    statements = [];
    const result = await execute({
      schema,
      document: parse(`query ($uuid: String!) {
        case(uuid: $uuid) { uuid label vet { name } specialist { name } files { filename url } }
      }`),
      contextValue,
      variableValues: { uuid: kase.uuid },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.case).toMatchObject({ uuid: kase.uuid, files: [{ url: expect.any(String) }, {}] });
    expect(statements).toHaveLength(1);
  });
});
