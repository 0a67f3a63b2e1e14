import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiSession, createPendingCase } from './case-fixtures';
import { freshSpecialist, freshVet, openAs } from './support';

// Issue 16: the consultation report downloaded from the case page after review; thumbnails in the file
// list; the DICOM viewer (its own lazy chunk) opened from a .dcm, with window/level and frames changed.

test.slow();

const fixture = (name: string) =>
  readFileSync(new URL(`../../graphql-server/test/fixtures/dicom/${name}`, import.meta.url));

test('a reviewed case offers its PDF report, thumbnails and the DICOM viewer', async ({ page, baseURL }, testInfo) => {
  const base = baseURL ?? '';
  const vet = await freshVet(base, { name: 'Dr. Zoë Dvořák', clinicName: 'Clinique Vétérinaire Müller' });
  const specialist = await freshSpecialist(base, 'Internal Medicine');
  const kase = await createPendingCase(base, vet, specialist);

  const vetApi = await apiSession(base, vet.username, vet.password);
  for (const name of ['CT_small.dcm', 'rtdose.dcm']) {
    const upload = await vetApi.post(`/api/cases/${kase.uuid}/files`, {
      multipart: { category: 'input', files: { name, mimeType: 'application/dicom', buffer: fixture(name) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
  }
  await vetApi.dispose();
  const specialistApi = await apiSession(base, specialist.username, specialist.password);
  expect((await specialistApi.post(`/api/cases/${kase.uuid}/accept`)).ok()).toBe(true);
  const review = await specialistApi.post(`/api/cases/${kase.uuid}/review`, {
    multipart: { summary: 'Findings consistent with early cardiomyopathy — recheck in 3 months.' },
  });
  expect(review.ok(), await review.text()).toBe(true);
  await specialistApi.dispose();

  const viewerRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/dicom-viewer-[^/]+\.js$/.test(request.url())) viewerRequests.push(request.url());
  });
  await openAs(page, `/consults/${kase.uuid}`, vet.username, vet.password);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(kase.patientName) })).toBeVisible({
    timeout: 20_000,
  });

  // The report, downloaded from the case page.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`consultation-report-${kase.uuid.slice(0, 8)}.pdf`);
  const pdfPath = testInfo.outputPath('report.pdf');
  await download.saveAs(pdfPath);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain('Clinique Vétérinaire Müller');
  expect(text).toContain('Dr. Zoë Dvořák');
  expect(text).toContain('Findings consistent with early cardiomyopathy — recheck in 3 months.');
  expect(text).toContain('rtdose.dcm');

  // Thumbnails (made in the background after the upload) in the file list.
  const thumbnails = 'query($uuid: String!) { case(uuid: $uuid) { files { originalName thumbnailUrl } } }';
  await expect
    .poll(
      async () => {
        const response = await page.request.post('/graphql', {
          data: { query: thumbnails, variables: { uuid: kase.uuid } },
        });
        const files = (await response.json()).data.case.files as Array<{ thumbnailUrl: string | null }>;
        return files.filter((file) => file.thumbnailUrl).length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  await page.reload();
  await expect(page.getByRole('button', { name: 'View CT_small.dcm' }).locator('img')).toBeVisible({ timeout: 20_000 });

  // The viewer is not loaded with the case page, only when a .dcm is opened.
  expect(viewerRequests).toEqual([]);
  await page.getByRole('button', { name: 'View rtdose.dcm' }).click();
  const dialog = page.getByRole('dialog', { name: 'rtdose.dcm' });
  await expect(dialog.getByTestId('dicom-frame')).toHaveText('Frame 1 of 15');
  expect(viewerRequests).toHaveLength(1);
  await expect(dialog.getByLabel('Study tags')).toContainText('RTDOSE');
  await expect(dialog.getByLabel('Study tags')).toContainText('2003-08-05');

  const windowText = dialog.getByTestId('dicom-window');
  const before = await windowText.textContent();
  const canvas = dialog.locator('canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 + 60, { steps: 5 });
  await page.mouse.up();
  await expect(windowText).not.toHaveText(before ?? '');
  await dialog.getByRole('slider', { name: 'Frame' }).fill('8');
  await expect(dialog.getByTestId('dicom-frame')).toHaveText('Frame 8 of 15');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('dicom-viewer-rtdose.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The CT with a CT preset.
  await page.getByRole('button', { name: 'View CT_small.dcm' }).click();
  const ct = page.getByRole('dialog', { name: 'CT_small.dcm' });
  await expect(ct.getByLabel('Study tags')).toContainText('CT1 CompressedSamples');
  await ct.getByLabel('Preset').selectOption('Bone');
  await expect(ct.getByTestId('dicom-window')).toHaveText('W 1500 / L 300');
  await ct.getByRole('button', { name: 'Zoom in' }).click();
  await page.screenshot({ path: testInfo.outputPath('dicom-viewer-ct.png') });
});
