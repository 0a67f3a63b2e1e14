import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createVet, openAs } from './support';

// /profile (SPEC §2, §5, §7): photo crop and upload (multipart PUT /api/profile), removal, and the
// form; the frame shows the new photo afterwards.

const ARTIFACTS = resolve(import.meta.dirname, '../e2e-artifacts');

// The machine is shared and slow; sign-in alone can take seconds.
test.describe.configure({ timeout: 90_000 });
const PASSWORD = 'profile-pass-123';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small RGB PNG: four coloured quadrants, so a rotation visibly changes the crop. */
function quadrantPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const top = y < height / 2;
      const left = x < width / 2;
      const [r, g, b] = top ? (left ? [13, 148, 136] : [245, 158, 11]) : left ? [59, 130, 246] : [236, 72, 153];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A toast's text. Not by role: while a modal dialog is open the rest of the page is hidden from the tree. */
function toastWith(page: Page, text: string) {
  return page.locator('section[aria-label^="Notifications"]').getByText(text, { exact: true });
}

async function openProfileAsFreshVet(page: Page, request: Parameters<typeof createVet>[0]) {
  const vet = await createVet(request, PASSWORD);
  await openAs(page, '/dashboard', vet.username, PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  return vet;
}

test('a photo is cropped, previewed, uploaded with the form, shown in the frame, and removed', async ({
  page,
  request,
}) => {
  await openProfileAsFreshVet(page, request);
  const avatar = page.getByTestId('frame-avatar');
  await expect(avatar.locator('img')).toHaveCount(0);

  // A wrong type is refused with the spec's message.
  await page.getByLabel('Choose profile photo').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText('Invalid file type. Please select a valid image file.')).toBeVisible();

  await page.getByLabel('Choose profile photo').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: quadrantPng(240, 160),
  });
  const dialog = page.getByRole('dialog', { name: 'Crop your photo' });
  await expect(dialog.getByRole('heading', { name: 'Crop your photo' })).toBeVisible();
  await expect(page.getByText('Invalid file type. Please select a valid image file.')).toHaveCount(0);
  const zoom = dialog.getByLabel('Zoom');
  await expect(zoom).toHaveValue('1');
  await expect(zoom).toHaveAttribute('min', '0.5');
  await expect(zoom).toHaveAttribute('max', '3');
  await expect(zoom).toHaveAttribute('step', '0.1');
  await zoom.fill('1.5');
  await dialog.getByRole('button', { name: 'Rotate right' }).click();
  await expect(dialog.getByText('90°')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Photo' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'New profile photo preview' })).toBeVisible();
  await expect(page.getByText('Unsaved', { exact: true })).toBeVisible();

  // The photo travels with the form as profile-photo.jpg.
  const upload = page.waitForRequest((req) => req.url().endsWith('/api/profile') && req.method() === 'PUT');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  expect((await upload).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  await expect(toastWith(page, 'Profile updated successfully')).toBeVisible();

  // The frame shows the stored photo, served by the server.
  const framePhoto = avatar.locator('img');
  await expect(framePhoto).toHaveAttribute('src', /\/api\/users\/\d+\/photo\?v=\d+/);
  const photoUrl = (await framePhoto.getAttribute('src')) ?? '';
  const photo = await page.request.get(photoUrl);
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('frame-avatar').locator('img')).toHaveAttribute('src', photoUrl);

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(toastWith(page, 'Profile photo removed successfully')).toBeVisible();
  await expect(page.getByTestId('frame-avatar').locator('img')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose photo' })).toBeVisible();
});

test('the profile form saves name, time zone and clinic; the frame follows', async ({ page, request }) => {
  await openProfileAsFreshVet(page, request);
  await expect(page.getByLabel('Full Name')).toHaveValue('Dr. Reset Tester');
  await expect(page.getByLabel('Time Zone')).toHaveValue('America/Toronto');
  await expect(page.getByLabel('Clinic Name')).toHaveValue('E2E Clinic');
  await expect(page.getByLabel('Street Address')).toHaveValue('1 King St W');

  await page.getByLabel('Full Name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Full Name').fill('Dr. Priya Renamed');
  await page.getByLabel('Time Zone').selectOption('America/Vancouver');
  await page.getByLabel('Clinic Name').fill('Harbour Animal Hospital');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Profile updated successfully')).toBeVisible();
  await expect(page.getByTestId('frame-avatar')).toHaveAttribute('title', 'Dr. Priya Renamed');
  await expect(page.getByTestId('frame-avatar')).toHaveText('DPR');

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Dr. Priya Renamed');
  await expect(page.getByLabel('Time Zone')).toHaveValue('America/Vancouver');
  await expect(page.getByLabel('Clinic Name')).toHaveValue('Harbour Animal Hospital');
});

test('a specialist has no clinic fields', async ({ page }) => {
  await openAs(page, '/profile', 'dr.okafor');
  await expect(page.getByLabel('Full Name')).toBeVisible();
  await expect(page.getByLabel('Clinic Name')).toHaveCount(0);
});

test('/profile has no serious accessibility violations; screenshots', async ({ page, request }) => {
  test.setTimeout(300_000);
  await mkdir(ARTIFACTS, { recursive: true });
  await openProfileAsFreshVet(page, request);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await page.goto('/profile');
      await expect(page.getByLabel('Full Name')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, `${theme} ${width}`).toEqual([]);
      await page.screenshot({ path: `${ARTIFACTS}/profile-${theme}-${width}.png`, fullPage: true });
    }
  }
  await page.getByLabel('Choose profile photo').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: quadrantPng(240, 160),
  });
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Crop your photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo being cropped' })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/profile-crop-dark-375.png` });
});
