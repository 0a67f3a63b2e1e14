import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInZone } from '../src/domain/reports/report-document';
import type { Case, User } from '../src/generated/prisma/client';
import { createCase, multipart, PDF, PNG } from './cases.fixtures';
import { CARDIOLOGY_CONSULT, UNICODE_PATIENT } from './fixtures/unicode-patient';
import type { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 16: the consultation report PDF. Rendered after the review commits (background runner) and on
// demand, read back with pdftotext (poppler-utils), and served under the read rule of case files.

let server: TestServer;
let vet: User;
let specialist: User;
let vetClient: TestClient;
let specialistClient: TestClient;
let folder: string;

const LONG_SUMMARY = Array.from(
  { length: 45 },
  (_, i) =>
    `Paragraph ${i + 1}: the echocardiogram shows mild left atrial enlargement; continue pimobendan — recheck in ${i + 2} weeks.`,
).join('\n\n');

async function fetchBytes(client: TestClient | null, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, {
    headers: { ...headers, ...(client ? { cookie: client.cookieHeader } : {}) },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const path = join(folder, `report-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(path, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

/** A case accepted by `specialist`, with Unicode names, a diagnostic file, then reviewed over REST. */
async function reviewedCase(): Promise<Case> {
  const db = server.database.db;
  const row = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'accepted' });
  await db.case.update({
    where: { id: row.id },
    data: {
      ...UNICODE_PATIENT,
      ...CARDIOLOGY_CONSULT,
      specialistResponses: [{ questionId: 1, questionText: 'Murmur grade?', answer: 'II/VI, parasternal' }],
      acceptedAt: new Date('2026-11-20T15:30:00Z'),
    },
  });
  const upload = await vetClient.post(
    `/api/cases/${row.uuid}/files`,
    multipart({ category: 'input' }, [{ name: 'röntgen-thorax.png', bytes: PNG }]),
  );
  expect(upload.status).toBe(201);
  const review = await specialistClient.post(
    `/api/cases/${row.uuid}/review`,
    multipart({ summary: LONG_SUMMARY, specialistId: String(specialist.id) }, [{ name: 'befund-ř.pdf', bytes: PDF }]),
  );
  expect(review.status).toBe(200);
  return db.case.findUniqueOrThrow({ where: { id: row.id } });
}

beforeAll(async () => {
  server = await startTestServer();
  folder = await mkdtemp(join(tmpdir(), 'vetconsult-report-'));
  const db = server.database.db;
  vet = await createUser(db, {
    role: 'VETERINARIAN',
    name: 'Dr. Renée Søgaard',
    clinicName: 'Clinique Vétérinaire Müller — Brno',
    clinicAddress: '12 Rue Saint-Éloi, Montréal, QC H2X 1Y4',
    timezone: 'America/Toronto',
  });
  specialist = await createUser(db, {
    role: 'SPECIALIST',
    approved: true,
    name: 'Dr. Jiří Dvořák',
    timezone: 'Europe/Paris',
  });
  vetClient = await signedInClient(server.url, vet);
  specialistClient = await signedInClient(server.url, specialist);
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

describe('consultation report', () => {
  it('is generated after the review, off the request path, and shows every section in Unicode', async () => {
    const kase = await reviewedCase();
    await server.services.reports.runner.idle();
    const row = await server.database.db.caseReport.findUniqueOrThrow({ where: { caseId: kase.id } });
    expect(row.status).toBe('ready');
    expect(row.storageKey).toMatch(new RegExp(`^reports/${kase.uuid}/[0-9a-f]{20}\\.pdf$`));

    const response = await fetchBytes(vetClient, `/api/cases/${kase.uuid}/report.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`consultation-report-${kase.uuid.slice(0, 8)}.pdf`);
    expect(response.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.bytes);

    // Clinic and veterinarian, patient (every SPEC §3 field), specialty and specialist.
    for (const expected of [
      'Clinique Vétérinaire Müller — Brno',
      '12 Rue Saint-Éloi, Montréal, QC H2X 1Y4',
      'Dr. Renée Søgaard',
      vet.email,
      'Čestmír',
      'Øster-Müller',
      'owner@příklad.example',
      'Dr. Zoë Dvořák',
      '2019-03-14',
      'Feline',
      'Male',
      'Maine Coon',
      'Neutered',
      '6 Years',
      'Cardiology',
      'Dr. Jiří Dvořák',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Clinical signs, questions and the answers to the specialist's extra questions, the summary.
    expect(text).toContain('Tachypnoea at rest — 48 breaths/min, gallop rhythm.');
    expect(text).toContain('Is this hypertrophic cardiomyopathy?');
    expect(text).toContain('Murmur grade?');
    expect(text).toContain('II/VI, parasternal');
    expect(text).toContain('Paragraph 1: the echocardiogram');
    expect(text).toContain('Paragraph 45: the echocardiogram');
    // Files of both kinds.
    expect(text).toContain('röntgen-thorax.png');
    expect(text).toContain('befund-ř.pdf');
    // Dates in the reader's (the veterinarian's) time zone.
    const reviewed = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(text).toContain(formatInZone(reviewed.createdAt, 'America/Toronto'));
    expect(text).toContain(formatInZone(reviewed.acceptedAt, 'America/Toronto'));
    expect(text).toContain(formatInZone(reviewed.reviewedAt, 'America/Toronto'));
    // Every section heading, the header on every page and "Page X of Y".
    for (const heading of [
      'Clinic and Veterinarian',
      'Patient Information',
      'Specialty and Specialist',
      'Dates',
      'Clinical Signs',
      'Questions for the Specialist',
      'Specialist Summary',
      'Diagnostic Files',
      'Summary Attachments',
      'Revisit History',
    ]) {
      expect(text, heading).toContain(heading);
    }
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain('Consultation Report');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
  });

  it('shows dates in the time zone of whoever reads it, and the revisit history', async () => {
    const kase = await reviewedCase();
    const db = server.database.db;
    const revisit = await db.case.create({
      data: {
        vetId: vet.id,
        specialistId: specialist.id,
        status: 'pending',
        baseUuid: kase.uuid,
        originalCaseId: kase.id,
        revisitNumber: 1,
        revisionNumber: 1,
        isPaid: true,
        patientName: 'Čestmír',
      },
    });
    const response = await fetchBytes(specialistClient, `/api/cases/${kase.uuid}/report.pdf`);
    expect(response.status).toBe(200);
    const text = await pdfText(response.bytes);
    expect(text).toContain(formatInZone(kase.reviewedAt, 'Europe/Paris'));
    expect(text).not.toContain(formatInZone(kase.reviewedAt, 'America/Toronto'));
    expect(text).toContain('Revisit #1');
    expect(text).toContain(`#${revisit.uuid.slice(0, 8)}-R1`);
    expect(text).toContain(`#${kase.uuid.slice(0, 8)}`);
  });

  it('is readable by the case readers only: 401 signed out, 403 for another vet and an unassigned specialist', async () => {
    const kase = await reviewedCase();
    const db = server.database.db;
    const otherVet = await signedInClient(server.url, await createUser(db, { role: 'VETERINARIAN' }));
    const otherSpecialist = await signedInClient(
      server.url,
      await createUser(db, { role: 'SPECIALIST', approved: true }),
    );
    const admin = await signedInClient(server.url, await createUser(db, { role: 'ADMIN' }));
    const path = `/api/cases/${kase.uuid}/report.pdf`;
    expect((await fetchBytes(null, path)).status).toBe(401);
    expect((await fetchBytes(otherVet, path)).status).toBe(403);
    expect((await fetchBytes(otherSpecialist, path)).status).toBe(403);
    expect((await fetchBytes(admin, path)).status).toBe(200);
    expect((await fetchBytes(specialistClient, path)).status).toBe(200);
    const missing = await fetchBytes(vetClient, '/api/cases/00000000-0000-4000-8000-000000000000/report.pdf');
    expect(missing.status).toBe(404);
  });

  it('exists only once the case is reviewed: 409 before, reportUrl null before and the path after', async () => {
    const db = server.database.db;
    const pending = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'accepted' });
    const response = await vetClient.get(`/api/cases/${pending.uuid}/report.pdf`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('The consultation report is available once the case is reviewed');
    const query = 'query($uuid: String!) { case(uuid: $uuid) { reportUrl } }';
    expect((await vetClient.gql(query, { uuid: pending.uuid })).data.case.reportUrl).toBeNull();
    const reviewed = await reviewedCase();
    expect((await vetClient.gql(query, { uuid: reviewed.uuid })).data.case.reportUrl).toBe(
      `/api/cases/${reviewed.uuid}/report.pdf`,
    );
  });

  it('is rendered on demand when the background run never happened (a crash between review and render)', async () => {
    const kase = await reviewedCase();
    await server.services.reports.runner.idle();
    const db = server.database.db;
    // As if the process had died after the review: the row pending, the stored PDF gone.
    const row = await db.caseReport.findUniqueOrThrow({ where: { caseId: kase.id } });
    if (row.storageKey) await rm(join(server.config.uploadsDir, row.storageKey));
    await db.caseReport.update({ where: { caseId: kase.id }, data: { status: 'pending', storageKey: null } });
    const response = await fetchBytes(vetClient, `/api/cases/${kase.uuid}/report.pdf`);
    expect(response.status).toBe(200);
    expect(await pdfText(response.bytes)).toContain('Čestmír');
    // And a new process picks the pending row up again.
    await server.services.reports.runner.resumePending();
    await server.services.reports.runner.idle();
    expect((await db.caseReport.findUniqueOrThrow({ where: { caseId: kase.id } })).status).toBe('ready');
  });
});
