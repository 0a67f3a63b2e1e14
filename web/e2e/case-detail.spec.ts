import { expect, test } from '@playwright/test';
import { createPendingCase } from './case-fixtures';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { freshSpecialist, freshVet, openAs, VET } from './support';

// Several sign-ins and API-built cases per test on a shared 2-core machine: triple the timeout.
test.slow();

// SPEC §2 /consults/:uuid: fields, clinic, accept, the final summary with an attachment, downloads,
// and Revisit Case for the owning veterinarian.

test('the assigned specialist accepts, then submits the final summary with an attachment', async ({
  page,
  browser,
  baseURL,
}) => {
  // Own accounts: the seeded specialists' and veterinarians' cases stay as seeded for the other specs.
  const vet = await freshVet(baseURL ?? '', { clinicName: 'Bayside Referral Clinic' });
  const specialist = await freshSpecialist(baseURL ?? '', 'Internal Medicine');
  const kase = await createPendingCase(baseURL ?? '', vet, specialist);
  await openAs(page, `/consults/${kase.uuid}`, specialist.username, specialist.password);

  await expect(page.getByRole('link', { name: 'Back to Consults' })).toHaveAttribute('href', '/consults');
  await expect(
    page.getByRole('heading', { level: 1, name: `${kase.patientName} Live - Internal Medicine` }),
  ).toBeVisible();
  await expect(page.getByText(`Case #${kase.uuid.slice(0, 8)}`)).toBeVisible();
  await expect(page.getByText('Intermittent coughing at night for two weeks, worse after exercise.')).toBeVisible();
  await expect(page.getByText(vet.clinicName)).toBeVisible();
  await expect(page.locator('[data-status]').first()).toHaveText('Pending');

  await page.getByRole('button', { name: 'Accept Case' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Case Accepted' })).toContainText(
    'You have successfully accepted this consultation case.',
  );
  await expect(page.locator('[data-status]').first()).toHaveText('In Progress');
  await expect(page.getByRole('button', { name: 'Accept Case' })).toHaveCount(0);

  const submit = page.getByRole('button', { name: 'Submit Review' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Summary', { exact: true }).fill('   ');
  await expect(submit).toBeDisabled();
  await page
    .getByLabel('Summary', { exact: true })
    .fill('Findings support chronic bronchitis; start inhaled fluticasone.');
  await expect(submit).toBeEnabled();
  await page.getByLabel('Attachments (optional)').setInputFiles({
    name: 'specialist-report.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Specialist report\nChronic bronchitis.\n'),
  });
  await expect(page.getByRole('list', { name: 'Selected attachments' })).toContainText('specialist-report.txt');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Review submitted' })).toContainText(
    'Your review has been submitted successfully',
  );
  await expect(page.locator('[data-status]').first()).toHaveText('Completed');
  await expect(page.getByRole('heading', { name: 'Specialist Summary' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Final Summary' })).toHaveCount(0);
  const attachments = page.getByRole('list', { name: 'Specialist attachments' });
  await expect(attachments).toContainText('specialist-report.txt');

  // The attachment downloads under its original name.
  const download = page.waitForEvent('download');
  await attachments.getByRole('button', { name: 'Download specialist-report.txt' }).click();
  expect((await download).suggestedFilename()).toBe('specialist-report.txt');

  // The owning veterinarian may revisit the reviewed case.
  const vetContext = await browser.newContext();
  const vetPage = await vetContext.newPage();
  await openAs(vetPage, `/consults/${kase.uuid}`, vet.username, vet.password);
  await expect(vetPage.getByText('Findings support chronic bronchitis; start inhaled fluticasone.')).toBeVisible();
  await expect(vetPage.getByRole('link', { name: 'Revisit Case' })).toHaveAttribute(
    'href',
    `/consults/revisit/${kase.uuid}`,
  );
  await vetContext.close();
});

test('an empty summary cannot be submitted', async ({ page, baseURL }) => {
  const vet = await freshVet(baseURL ?? '');
  const specialist = await freshSpecialist(baseURL ?? '', 'Internal Medicine');
  const kase = await createPendingCase(baseURL ?? '', vet, specialist);
  await openAs(page, `/consults/${kase.uuid}`, specialist.username, specialist.password);
  await page.getByRole('button', { name: 'Accept Case' }).click();
  const summary = page.getByLabel('Summary', { exact: true });
  await summary.fill('x');
  await summary.fill('');
  await expect(page.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  // Submitting by keyboard with only spaces shows the spec's toast.
  await summary.fill('   ');
  await summary.evaluate((textarea) => (textarea as HTMLTextAreaElement).form?.requestSubmit());
  await expect(page.getByRole('alert').filter({ hasText: 'Please provide a summary before submitting' })).toBeVisible();
});

test('a case that cannot be read shows the load error', async ({ page }) => {
  await openAs(page, '/consults/00000000-0000-4000-8000-000000000000', VET.username);
  await expect(page.getByText('Error loading case details')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Consults' })).toBeVisible();
});

test.describe('screenshots', () => {
  for (const shot of SHOTS) {
    test(`case detail, ${shot.theme} ${shot.width}px`, async ({ page }) => {
      await prepareShot(page, shot);
      await openAs(page, '/consults?status=reviewed', VET.username);
      await page.getByRole('link', { name: /Pepper Tremblay/ }).click();
      await expect(page.getByRole('heading', { name: 'Specialist Summary' })).toBeVisible();
      await shoot(page, 'case-detail-vet', shot);
    });
  }
});
