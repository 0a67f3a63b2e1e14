import { readdir } from 'node:fs/promises';
import { CONSULT_FILE_MAX_BYTES } from '@vetconsult/schema/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileType, sanitizeFilename } from '../src/domain/cases/files';
import type { User } from '../src/generated/prisma/client';
import { consultFields, createCase, EXE, multipart, PDF, PNG } from './cases.fixtures';
import type { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

let server: TestServer;
let vet: User;
let specialist: User;
let vetClient: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
  specialist = await createUser(server.database.db, { role: 'SPECIALIST', approved: true });
  vetClient = await signedInClient(server.url, vet);
});
afterAll(() => server.close());

async function storedObjects(): Promise<number> {
  try {
    return (await readdir(server.config.uploadsDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
      .length;
  } catch {
    return 0;
  }
}

/** Submits a consult with the given files and checks that nothing at all was kept. */
async function expectRefusedWithNothingStored(files: Parameters<typeof multipart>[1], status: number, message: RegExp) {
  const db = server.database.db;
  const casesBefore = await db.case.count({ where: { vetId: vet.id } });
  const filesBefore = await db.caseFile.count();
  const objectsBefore = await storedObjects();
  const response = await vetClient.post('/api/cases', multipart(consultFields(specialist.id), files));
  expect(response.status).toBe(status);
  expect(response.body.message).toMatch(message);
  expect(await db.case.count({ where: { vetId: vet.id } })).toBe(casesBefore);
  expect(await db.caseFile.count()).toBe(filesBefore);
  expect(await storedObjects()).toBe(objectsBefore);
}

describe('upload intake', () => {
  it('refuses 11 files', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `scan-${i}.png`, bytes: PNG }));
    await expectRefusedWithNothingStored(files, 400, /^Too many files\. You can upload at most 10 files\.$/);
  });

  it('refuses a file over the consult limit of 50 MB', async () => {
    const big = Buffer.alloc(CONSULT_FILE_MAX_BYTES + 1);
    PNG.copy(big);
    await expectRefusedWithNothingStored(
      [
        { name: 'ok.png', bytes: PNG },
        { name: 'huge.png', bytes: big },
      ],
      413,
      /^File huge\.png is too large\. The maximum size is 50 MB\.$/,
    );
  });

  it('refuses a renamed executable, sniffed by content', async () => {
    await expectRefusedWithNothingStored(
      [
        { name: 'ok.pdf', bytes: PDF },
        { name: 'cute-dog.png', bytes: EXE, type: 'image/png' },
      ],
      415,
      /^File cute-dog\.png has a type that is not allowed/,
    );
  });

  it('refuses an extension outside the list even with harmless content', async () => {
    await expectRefusedWithNothingStored([{ name: 'run.sh', bytes: Buffer.from('echo hello\n') }], 415, /run\.sh/);
  });

  it('accepts ten files at once and stores them under sanitised names', async () => {
    const files = Array.from({ length: 9 }, (_, i) => ({ name: `scan-${i}.png`, bytes: PNG }));
    files.push({ name: '../../etc/pass<wd>.txt', bytes: Buffer.from('plain notes, UTF-8 é\n') });
    const response = await vetClient.post('/api/cases', multipart(consultFields(specialist.id), files));
    expect(response.status).toBe(201);
    expect(response.body.files).toHaveLength(10);
    const text = response.body.files.find((f: { fileType: string }) => f.fileType === 'text/plain');
    expect(text.filename).toBe('pass_wd_.txt');
    const row = await server.database.db.caseFile.findUniqueOrThrow({ where: { id: text.id } });
    expect(row.s3Key).toMatch(new RegExp(`^cases/${response.body.uuid}/input/[0-9a-f-]{36}-pass_wd_\\.txt$`));
  });

  it('adds diagnostic files later; summary files only come from the assigned specialist', async () => {
    const kase = await createCase(server.database.db, {
      vetId: vet.id,
      specialistId: specialist.id,
      status: 'pending',
    });
    const added = await vetClient.post(
      `/api/cases/${kase.uuid}/files`,
      multipart({ category: 'input' }, [{ name: 'a.pdf', bytes: PDF }]),
    );
    expect(added.status).toBe(201);
    expect(added.body[0]).toMatchObject({ filename: 'a.pdf', fileCategory: 'input' });
    const summaryByVet = await vetClient.post(
      `/api/cases/${kase.uuid}/files`,
      multipart({ category: 'summary' }, [{ name: 'b.pdf', bytes: PDF }]),
    );
    expect(summaryByVet.status).toBe(403);
  });
});

describe('content sniffing and names', () => {
  it('detects by bytes, not by name', async () => {
    expect(await detectFileType(PNG, 'x.png')).toBe('image/png');
    expect(await detectFileType(PNG, 'x.jpg')).toBe('image/png');
    expect(await detectFileType(EXE, 'x.png')).toBeNull();
    expect(await detectFileType(PDF, 'x.exe')).toBeNull();
    expect(await detectFileType(Buffer.from('hello\n'), 'notes.txt')).toBe('text/plain');
    expect(await detectFileType(Buffer.from([0, 1, 2, 0xff]), 'notes.txt')).toBeNull();
    const dicomNoPreamble = Buffer.from([0x08, 0x00, 0x05, 0x00, 0x43, 0x53, 0x0a, 0x00, 0x49, 0x53]);
    expect(await detectFileType(dicomNoPreamble, 'study.dcm')).toBe('application/dicom');
    const dicom = Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), Buffer.alloc(64)]);
    expect(await detectFileType(dicom, 'study.dcm')).toBe('application/dicom');
  });

  it('sanitises file names', () => {
    expect(sanitizeFilename('C:\\Users\\me\\x-ray 1.png')).toBe('x-ray 1.png');
    expect(sanitizeFilename('..\u0000/..hidden;rm -rf.pdf')).toBe('hidden_rm -rf.pdf');
    expect(sanitizeFilename('Röntgen (2).jpg')).toBe('Röntgen (2).jpg');
    expect(sanitizeFilename('')).toBe('file');
    expect(sanitizeFilename(`${'a'.repeat(300)}.pdf`)).toHaveLength(150);
  });
});
