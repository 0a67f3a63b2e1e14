import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../src/domain/files/thumbnails';
import type { Case, User } from '../src/generated/prisma/client';
import { createCase, multipart, PDF, type UploadFile } from './cases.fixtures';
import type { TestClient } from './helpers/client';
import { createUser, signedInClient } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// Issue 16: thumbnails made after an upload commits (never blocking or failing it), served under the
// read rule of case files; and HTTP range requests on the download route (video seeking).

let server: TestServer;
let vet: User;
let vetClient: TestClient;
let kase: Case;

async function fetchBytes(client: TestClient | null, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, {
    headers: { ...headers, ...(client ? { cookie: client.cookieHeader } : {}) },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } });

/** Uploads diagnostic files to the case, waits for the thumbnails, returns the files by name. */
async function upload(files: UploadFile[]) {
  const response = await vetClient.post(`/api/cases/${kase.uuid}/files`, multipart({ category: 'input' }, files));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  await server.services.thumbnails.idle();
  const rows = await server.database.db.caseFile.findMany({ where: { caseId: kase.id } });
  return new Map(rows.map((row) => [row.filename, row]));
}

async function thumbnailSize(fileId: number) {
  const response = await fetchBytes(vetClient, `/api/files/${fileId}/thumbnail`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  const meta = await sharp(response.bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

beforeAll(async () => {
  server = await startTestServer();
  vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
  vetClient = await signedInClient(server.url, vet);
  kase = await createCase(server.database.db, { vetId: vet.id, status: 'pending' });
});
afterAll(() => server.close());

describe('thumbnails', () => {
  it('are made for an EXIF-rotated JPEG (rotated), a PNG, a GIF and a DICOM image; none for a PDF', async () => {
    // Stored 40 x 20, EXIF orientation 6: shown rotated 90°, 20 wide and 40 high.
    const rotated = await solid(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const png = await solid(600, 300).png().toBuffer();
    const gif = await solid(30, 12).gif().toBuffer();
    const dicom = await readFile(new URL('./fixtures/dicom/CT_small.dcm', import.meta.url));
    const files = await upload([
      { name: 'rotated.jpg', bytes: rotated },
      { name: 'wide.png', bytes: png },
      { name: 'small.gif', bytes: gif },
      { name: 'ct.dcm', bytes: dicom },
      { name: 'report.pdf', bytes: PDF },
    ]);
    const id = (name: string) => files.get(name)?.id ?? 0;
    expect(await thumbnailSize(id('rotated.jpg'))).toEqual({ format: 'webp', width: 20, height: 40 });
    expect(await thumbnailSize(id('wide.png'))).toEqual({ format: 'webp', width: 256, height: 128 });
    expect(await thumbnailSize(id('small.gif'))).toEqual({ format: 'webp', width: 30, height: 12 });
    expect(await thumbnailSize(id('ct.dcm'))).toEqual({ format: 'webp', width: 128, height: 128 });
    // Stored beside the file.
    expect(files.get('wide.png')?.thumbnailKey).toBe(`${files.get('wide.png')?.s3Key}.thumb.webp`);
    // A PDF has none: the client shows its type icon.
    expect(files.get('report.pdf')?.thumbnailKey).toBeNull();
    expect((await fetchBytes(vetClient, `/api/files/${id('report.pdf')}/thumbnail`)).status).toBe(404);
    const query = 'query($uuid: String!) { case(uuid: $uuid) { files { originalName thumbnailUrl } } }';
    const listed = (await vetClient.gql(query, { uuid: kase.uuid })).data.case.files as Array<{
      originalName: string;
      thumbnailUrl: string | null;
    }>;
    expect(listed.find((f) => f.originalName === 'ct.dcm')?.thumbnailUrl).toBe(`/api/files/${id('ct.dcm')}/thumbnail`);
    expect(listed.find((f) => f.originalName === 'report.pdf')?.thumbnailUrl).toBeNull();
  });

  it('a corrupt image still uploads and keeps its type icon', async () => {
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x42)]);
    const files = await upload([{ name: 'broken.jpg', bytes: corrupt }]);
    const row = files.get('broken.jpg');
    expect(row?.fileType).toBe('image/jpeg');
    expect(row?.thumbnailKey).toBeNull();
  });

  it('a video gets its first frame when ffmpeg is on the PATH', async (context) => {
    const ffmpeg = await findFfmpeg();
    // Without ffmpeg videos keep their type icon (as the PDF case shows): reported as skipped, not passed.
    if (!ffmpeg) return context.skip('ffmpeg is not on the PATH');
    const folder = await mkdtemp(join(tmpdir(), 'vetconsult-mp4-'));
    try {
      const path = join(folder, 'clip.mp4');
      execFileSync(ffmpeg, [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=64x48:rate=5',
        '-t',
        '1',
        '-pix_fmt',
        'yuv420p',
        path,
      ]);
      const files = await upload([{ name: 'clip.mp4', bytes: await readFile(path) }]);
      expect(await thumbnailSize(files.get('clip.mp4')?.id ?? 0)).toEqual({ format: 'webp', width: 64, height: 48 });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('are served under the read rule of case files: 401 signed out, 403 for another veterinarian', async () => {
    const files = await upload([{ name: 'again.png', bytes: await solid(10, 10).png().toBuffer() }]);
    const path = `/api/files/${files.get('again.png')?.id}/thumbnail`;
    expect((await fetchBytes(null, path)).status).toBe(401);
    const other = await signedInClient(server.url, await createUser(server.database.db, { role: 'VETERINARIAN' }));
    expect((await fetchBytes(other, path)).status).toBe(403);
    expect((await fetchBytes(vetClient, '/api/files/abc/thumbnail')).status).toBe(404);
  });
});

describe('range requests on the download route', () => {
  it('answers 206 with Content-Range for a range, 416 past the end, 200 without a Range header', async () => {
    const bytes = await solid(50, 50).png().toBuffer();
    const files = await upload([{ name: 'seek.png', bytes }]);
    const path = `/api/files/${files.get('seek.png')?.id}/download`;
    const size = bytes.length;

    const whole = await fetchBytes(vetClient, path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.equals(bytes)).toBe(true);

    const first = await fetchBytes(vetClient, path, { range: 'bytes=0-9' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${size}`);
    expect(first.headers.get('content-length')).toBe('10');
    expect(first.bytes.equals(bytes.subarray(0, 10))).toBe(true);

    const open = await fetchBytes(vetClient, path, { range: 'bytes=100-' });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 100-${size - 1}/${size}`);
    expect(open.bytes.equals(bytes.subarray(100))).toBe(true);

    const suffix = await fetchBytes(vetClient, path, { range: 'bytes=-4' });
    expect(suffix.status).toBe(206);
    expect(suffix.bytes.equals(bytes.subarray(size - 4))).toBe(true);

    const past = await fetchBytes(vetClient, path, { range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
  });
});

describe('DICOM intake', () => {
  it('accepts a Part 10 file with its 128-byte preamble (file-type does not detect DICOM)', async () => {
    const { detectFileType } = await import('../src/domain/cases/files');
    const ct = await readFile(new URL('./fixtures/dicom/CT_small.dcm', import.meta.url));
    expect(await detectFileType(ct.subarray(0, 4100), 'ct.dcm')).toBe('application/dicom');
    expect(await detectFileType(ct.subarray(0, 4100), 'ct.dicom')).toBe('application/dicom');
    expect(await detectFileType(ct.subarray(0, 4100), 'ct.png')).toBeNull();
  });
});
