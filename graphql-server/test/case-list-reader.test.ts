import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/domain/actor';
import { createCasesService } from '../src/domain/cases/cases.service';
import type { User } from '../src/generated/prisma/client';
import type { CompiledReader } from '../src/lib/db/compiled-read';
import { createEventBus } from '../src/lib/events';
import { toCaseView } from '../src/rest/views/case.view';
import { countingReader } from './helpers/counting-reader';
import { createSpecialist, createUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 17: REST's case lists run the statement Prisma compiles for them and read its rows with
// node-postgres (lib/db/compiled-read.ts, domain/cases/case-queries.ts caseDetails). Every list must
// give what Prisma itself gives for the same arguments, value for value, and the same REST answer byte
// for byte: over cases with every column set and with every nullable column null, unicode and JSON
// (the specialist's answers), files of every category, declines (one of a deleted specialist).

let server: TestServer;
let counting: ReturnType<typeof countingReader>;

beforeAll(async () => {
  server = await startTestServer();
  counting = countingReader(server.database.reader);
});
afterAll(async () => {
  await server.close();
});

/** The cases service with the given reader (none: Prisma reads the lists itself). */
function casesWith(reader: CompiledReader | undefined) {
  return createCasesService({
    db: server.database.db,
    reader,
    storage: undefined as never,
    events: createEventBus(),
    logger: server.logger,
    fees: server.config.prices,
  });
}

const actorOf = (user: User): Actor =>
  ({ id: user.id, role: user.role, approved: user.approved, specialty: user.specialty, sessionId: 'reader' }) as Actor;

const hour = 3600_000;

async function seed() {
  const db = server.database.db;
  // A specialty of its own: Available Cases offers every first-available case of the specialty in the database.
  const specialty = `Cardiology ${randomUUID().slice(0, 8)}`;
  const vet = await createUser(db, {
    role: 'VETERINARIAN',
    name: 'Dr. Zoë Ñandú-Łukasz 🐾',
    clinicName: 'Clínica "Les Érables" \\ Montréal',
    clinicAddress: '1 Rue Saint-Denis\nMontréal, QC',
  });
  const specialist = await createSpecialist(db, { availableNow: true, specialty });
  const other = await createSpecialist(db, { availableNow: true, specialty });
  const leaving = await createUser(db, { role: 'SPECIALIST', approved: true, specialty });
  const past = new Date(Date.now() - 30 * hour);

  const original = await db.case.create({
    data: { vetId: vet.id, status: 'reviewed', isPaid: true, specialty, patientName: 'Rex' },
  });
  const full = await db.case.create({
    data: {
      vetId: vet.id,
      specialistId: specialist.id,
      baseUuid: original.uuid,
      revisionNumber: 2,
      originalCaseId: original.id,
      revisitNumber: 2,
      specialty,
      patientName: 'Bïscuit "the brave"',
      familyLastName: 'Tremblay-Ødegård',
      contactEmail: 'owner+tag@example.com',
      submittingDvm: 'Dr. 王 Wei',
      dateOfBirth: '2019-02-29?',
      species: 'Canine',
      sex: 'Male',
      breed: 'Beagle / Basset',
      spayNeuterStatus: 'Neutered',
      age: 4.5,
      ageUnit: 'Years',
      clinicalSigns: 'Cough\tfor 3 weeks;\r\nworse at night. \u2028 \u001f "quoted" \\ back',
      questions: 'Mitral valve disease? 🫀',
      specialistResponses: [
        { questionId: 1, questionText: 'Murmur grade?', answer: 'III/VI' },
        { questionId: 2, questionText: 'Échocardiographie ?', answer: { done: true, at: '2025-01-02', notes: null } },
      ],
      nutritionComplex: true,
      termsAccepted: true,
      status: 'accepted',
      summary: 'Summary — ünïcödé',
      summaryDraft: 'never shown in a list',
      isPaid: true,
      stripePaymentIntentId: 'pi_123',
      paymentAmount: 34_500,
      acceptedAt: new Date(past.getTime() + 123),
      reviewedAt: new Date(past.getTime() + 7),
      urgency: 'stat',
      routing: 'named',
      activatedAt: past,
      dueAt: new Date(past.getTime() + 4 * hour + 999),
      cancelledAt: new Date(past.getTime() + 1),
      cancelReason: 'Owner’s choice',
    },
  });
  await db.caseFile.createMany({
    data: [
      { caseId: full.id, filename: 'scan é.png', fileType: 'image/png', fileSize: 10, s3Key: `r/${full.uuid}/1` },
      {
        caseId: full.id,
        filename: 'report.pdf',
        fileType: 'application/pdf',
        fileSize: 2_000_000,
        fileCategory: 'summary',
        uploadedById: specialist.id,
        s3Key: `r/${full.uuid}/2`,
        thumbnailKey: `r/${full.uuid}/2.webp`,
        createdAt: new Date(past.getTime() + 5),
      },
    ],
  });
  // Pending, sent to the first available specialist, declined twice (once by an account deleted since).
  const offered = await db.case.create({
    data: {
      vetId: vet.id,
      specialty,
      status: 'pending',
      isPaid: true,
      routing: 'first_available',
      activatedAt: past,
      dueAt: new Date(past.getTime() + 24 * hour),
    },
  });
  await db.caseDecline.create({
    data: { caseId: offered.id, specialistId: leaving.id, reason: 'Away', createdAt: past },
  });
  await db.caseDecline.create({ data: { caseId: offered.id, specialistId: specialist.id, reason: 'Full «week»' } });
  await db.user.delete({ where: { id: leaving.id } });
  await db.caseFile.create({
    data: {
      caseId: offered.id,
      filename: 'msg.txt',
      fileType: 'text/plain',
      fileSize: 1,
      fileCategory: 'message',
      s3Key: `r/${offered.uuid}/m`,
    },
  });
  // Every nullable column null, no files, no specialist.
  await db.case.create({ data: { vetId: vet.id, status: 'pending', isPaid: true } });
  await db.case.create({ data: { vetId: vet.id, status: 'draft' } });
  const admin = await createUser(db, { role: 'ADMIN' });
  return { vet, specialist, other, admin, full };
}

/** The same list read by Prisma and through the reader: the same rows, and the same REST answer. */
async function expectSameList(
  viewer: Actor,
  list: (
    cases: ReturnType<typeof casesWith>,
  ) => Promise<Awaited<ReturnType<ReturnType<typeof casesWith>['listCases']>>>,
) {
  const byPrisma = await list(casesWith(undefined));
  const read = counting.statements;
  const byReader = await list(casesWith(counting.reader));
  expect(byReader).toEqual(byPrisma);
  const answer = (rows: typeof byPrisma) => JSON.stringify(rows.map((row) => toCaseView(row, viewer)));
  expect(answer(byReader)).toBe(answer(byPrisma));
  return { rows: byReader, statements: counting.statements - read };
}

describe('case lists read through the compiled reader', () => {
  it('give what Prisma gives, for every list and filter, and use one statement each', async () => {
    const { vet, specialist, other, admin, full } = await seed();
    const asVet = actorOf(vet);

    const all = await expectSameList(asVet, (cases) => cases.listCases(asVet, {}));
    expect(all.rows).toHaveLength(4);
    expect(all.statements).toBe(1);
    const row = all.rows.find((r) => r.id === full.id);
    expect(row?.files.map((f) => f.fileCategory)).toEqual(['summary', 'input']); // oldest first
    expect(row?.acceptedAt?.getTime()).toBe(full.acceptedAt?.getTime());
    expect(all.rows.flatMap((r) => r.declines.map((d) => d.specialist?.name ?? null))).toContain(null);

    for (const filter of [
      { status: 'draft' },
      { status: 'pending' },
      { search: 'bïsc' },
      { search: full.uuid.slice(0, 6) },
    ]) {
      const listed = await expectSameList(asVet, (cases) => cases.listCases(asVet, filter));
      expect(listed.statements).toBe(1);
      expect(listed.rows.length).toBeGreaterThan(0);
    }
    // An administrator's list of one user; a specialist's open cases in due order.
    const asAdmin = actorOf(admin);
    expect((await expectSameList(asAdmin, (cases) => cases.listCases(asAdmin, {}, vet.id))).rows).toHaveLength(4);
    const asSpecialist = actorOf(specialist);
    expect(
      (await expectSameList(asSpecialist, (cases) => cases.listCases(asSpecialist, { status: 'accepted' }))).rows,
    ).toHaveLength(1);
    expect(
      (await expectSameList(asSpecialist, (cases) => cases.specialistCases(asSpecialist, specialist.id))).rows,
    ).toHaveLength(1);
    // Available cases: the first-available case is offered to a specialist who did not decline it.
    const asOther = actorOf(other);
    const available = await expectSameList(asOther, (cases) => cases.availableCases(asOther));
    expect(available.rows.map((r) => r.routing)).toEqual(['first_available']);
    expect(available.statements).toBe(1);
  });

  it('leave a cursor page to Prisma (its plan is several statements) with the same answer', async () => {
    const { vet } = await seed();
    const asVet = actorOf(vet);
    const [first] = await casesWith(undefined).listCases(asVet, { first: 1 });
    const next = await expectSameList(asVet, (cases) => cases.listCases(asVet, { first: 2, after: first?.uuid }));
    expect(next.rows).toHaveLength(2);
    expect(next.statements).toBe(0);
  });
});
