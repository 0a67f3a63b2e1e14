import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { freshVet, signInByApi } from './support';

// Issue 22, the consult journeys as a clinic lives them: files stored when attached (item 1), an
// abandoned payment that stays payable and discardable (item 2), New Consult starts a new draft
// (item 4), one submit flow that lands on the case (item 6), validation before the click (item 8).

// Several sign-ins, uploads and payments per test on a shared 2-core machine.
test.slow();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function signInFreshVet(page: Page, baseURL: string | undefined) {
  const vet = await freshVet(baseURL ?? '');
  await signInByApi(page, vet.username, vet.password);
  return vet;
}

/** A complete draft (every field of the new-consult rules), made through the API as the form would. */
async function completeDraft(request: APIRequestContext, patientName: string): Promise<string> {
  const specialists = (await (await request.get('/api/user/specialists?specialty=Cardiology')).json()) as Array<{
    id: number;
    name: string;
  }>;
  const patel = specialists.find((s) => s.name === 'Dr. Priya Patel');
  const response = await request.post('/api/consults/drafts', {
    data: {
      patientName,
      familyLastName: 'Gagnon',
      contactEmail: 'gagnon@example.com',
      submittingDvm: 'Dr. Laura Martin',
      species: 'Canine',
      sex: 'Female',
      age: 4,
      ageUnit: 'Years',
      specialty: 'Cardiology',
      specificSpecialistId: patel?.id,
      clinicalSigns: 'Cough at night for two weeks, heart murmur grade III.',
      questions: 'Is this left-sided congestive heart failure?',
      termsAccepted: true,
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { uuid: string }).uuid;
}

async function caseFiles(request: APIRequestContext, uuid: string): Promise<string[]> {
  const response = await request.get(`/api/cases/${uuid}/files`);
  if (!response.ok()) return [];
  return ((await response.json()) as Array<{ filename?: string; originalName?: string }>)
    .map((f) => f.originalName ?? f.filename ?? '')
    .sort();
}

/** The case as the API sees it, and its payments (the vet may read both). */
async function caseState(request: APIRequestContext, uuid: string) {
  const response = await request.post('/graphql', {
    data: {
      query: `query($uuid: String!) { case(uuid: $uuid) { id status isPaid } }`,
      variables: { uuid },
    },
  });
  const kase = ((await response.json()) as { data: { case: { id: number; status: string; isPaid: boolean } } }).data
    .case;
  const payments = await request.post('/graphql', {
    data: {
      query: `query($id: ID!) { casePayments(caseId: $id) { status activatedAt } }`,
      variables: { id: String(kase.id) },
    },
  });
  const list = ((await payments.json()) as { data: { casePayments: Array<{ status: string; activatedAt: string }> } })
    .data.casePayments;
  return { ...kase, paid: list.filter((p) => p.status === 'succeeded' && p.activatedAt).length };
}

async function payWithCard(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'New Consultation Payment' });
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
}

test('item 1 + 6: attach files -> pay -> leave: files are on the case, paid once, and the vet lands on the case', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInFreshVet(page, baseURL);
  const uuid = await completeDraft(page.request, 'Pixel');
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByLabel('Patient Name')).toHaveValue('Pixel', { timeout: 20_000 });

  await page.getByLabel('Choose diagnostic files').setInputFiles([
    { name: 'thorax.png', mimeType: 'image/png', buffer: PNG },
    { name: 'ecg.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  // Stored on the draft as soon as they are attached.
  await expect.poll(() => caseFiles(page.request, uuid), { timeout: 15_000 }).toEqual(['ecg.pdf', 'thorax.png']);
  const attached = page.getByRole('list', { name: 'Attached files' }).getByRole('listitem');
  await expect(attached).toHaveCount(2);

  // Kept across a reload like the other draft fields, and removable while a draft. (Save Now first, so
  // the reload does not cut an autosave in flight.)
  await page.getByRole('button', { name: 'Save Now' }).click();
  await expect(page.getByText('Draft saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(2, {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Remove ecg.pdf' }).click();
  await expect.poll(() => caseFiles(page.request, uuid)).toEqual(['thorax.png']);

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await payWithCard(page);
  // One flow: paid -> submitted -> the new case, with the confirmation toast; no second click.
  await expect(page).toHaveURL(new RegExp(`/consults/${uuid}$`), { timeout: 20_000 });
  await expect(page.getByText('Your consult has been submitted successfully')).toBeVisible();
  await expect(page.getByText('thorax.png')).toBeVisible();

  // Leave at once: nothing is lost.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const state = await caseState(page.request, uuid);
  expect(state).toMatchObject({ status: 'pending', isPaid: true, paid: 1 });
  expect(await caseFiles(page.request, uuid)).toEqual(['thorax.png']);
});

test('item 2: open payment -> cancel -> leave -> come back -> edit -> pay: payable from the dashboard, paid once', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInFreshVet(page, baseURL);
  const uuid = await completeDraft(page.request, 'Comet');
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByLabel('Patient Name')).toHaveValue('Comet', { timeout: 20_000 });
  await page
    .getByLabel('Choose diagnostic files')
    .setInputFiles([{ name: 'echo.png', mimeType: 'image/png', buffer: PNG }]);
  await expect.poll(() => caseFiles(page.request, uuid), { timeout: 15_000 }).toEqual(['echo.png']);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Consultation Payment' });
  await expect(dialog.getByLabel('Card number')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Labelled and payable wherever it is listed.
  const drafts = page.getByRole('region', { name: 'Draft Cases' });
  await expect(drafts.getByText('Awaiting payment')).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent Consults' });
  await expect(recent.getByText('Awaiting payment')).toBeVisible();
  await expect(page.getByText('pending_payment')).toHaveCount(0);
  for (const shot of SHOTS) {
    await prepareShot(page, shot);
    await page.reload();
    await expect(drafts.getByText('Awaiting payment')).toBeVisible();
    await shoot(page, 'journeys-dashboard-awaiting-payment', shot);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await drafts.getByRole('link', { name: /Complete payment/ }).click();
  await expect(page).toHaveURL(new RegExp(`/consults/new\\?draft=${uuid}`));
  await expect(page.getByLabel('Patient Name')).toHaveValue('Comet', { timeout: 20_000 });
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(1);

  // An edit after the intent was created: the next payment uses a fresh intent.
  await page.getByLabel('Breed (optional)').fill('Whippet');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await payWithCard(page);
  await expect(page).toHaveURL(new RegExp(`/consults/${uuid}$`), { timeout: 20_000 });
  const state = await caseState(page.request, uuid);
  expect(state).toMatchObject({ status: 'pending', isPaid: true, paid: 1 });
  expect(await caseFiles(page.request, uuid)).toEqual(['echo.png']);
});

test('item 2: an unpaid case is listed as Awaiting payment and can be discarded with the confirmation dialog', async ({
  page,
  baseURL,
}) => {
  await signInFreshVet(page, baseURL);
  const uuid = await completeDraft(page.request, 'Nova');
  expect((await page.request.post(`/api/consults/drafts/${uuid}/start-payment`)).ok()).toBe(true);
  expect(
    (
      await page.request.post('/api/payment/create-payment-intent', { data: { type: 'consultation', caseId: uuid } })
    ).ok(),
  ).toBe(true);
  await page.goto('/consults');
  const card = page.getByRole('link', { name: /Nova/ });
  await expect(card.getByText('Awaiting payment')).toBeVisible();
  await page.goto('/dashboard');
  const drafts = page.getByRole('region', { name: 'Draft Cases' });
  await drafts.getByRole('button', { name: /Delete .*Nova/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this draft? This action cannot be undone.');
  await confirm.getByRole('button', { name: /Delete/ }).click();
  await expect(page.getByText('The draft consultation has been deleted successfully.')).toBeVisible();
  expect((await page.request.get(`/api/cases/${uuid}`)).status()).toBe(404);
});

test('item 4: New Consult starts a new draft and offers to resume the newest one', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await signInFreshVet(page, baseURL);
  const older = await completeDraft(page.request, 'Biscuit');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'New Consult' }).first().click();
  await expect(page).toHaveURL(/\/consults\/new$/);
  const prompt = page.getByRole('region', { name: 'Resume your draft for Biscuit?' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Patient Name')).toHaveValue('');
  for (const shot of SHOTS) {
    await prepareShot(page, shot);
    await page.goto('/consults/new');
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await shoot(page, 'journeys-resume-prompt', shot);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // Start new: a new draft, the old one untouched.
  await prompt.getByRole('button', { name: 'Start a new consult' }).click();
  await page.getByLabel('Patient Name').fill('Waffles');
  await page.getByRole('button', { name: 'Save Now' }).click();
  await expect(page).toHaveURL(/draft=/);
  expect(page.url()).not.toContain(older);
  // Resume: the old draft is loaded.
  await page.goto('/consults/new');
  await expect(page.getByRole('region', { name: /Resume your draft for/ })).toBeVisible({ timeout: 20_000 });
  await page
    .getByRole('region', { name: /Resume your draft for/ })
    .getByRole('button', { name: 'Resume' })
    .click();
  await expect(page.getByLabel('Patient Name')).not.toHaveValue('');
  await expect(page).toHaveURL(/draft=/);
});

test('item 6: a free coupon submits at once and lands on the case with the confirmation toast', async ({
  page,
  baseURL,
}) => {
  await signInFreshVet(page, baseURL);
  const uuid = await completeDraft(page.request, 'Freebie');
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByLabel('Patient Name')).toHaveValue('Freebie', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Consultation Payment' });
  await dialog.getByLabel('Coupon code').fill('FREECONSULT');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.getByRole('button', { name: 'Submit Case' }).click();
  await expect(page).toHaveURL(new RegExp(`/consults/${uuid}$`), { timeout: 20_000 });
  await expect(page.getByText('Your consult has been submitted successfully')).toBeVisible();
  expect(await caseState(page.request, uuid)).toMatchObject({ status: 'pending', paid: 1 });
});

test('item 8: fields validate on blur, required fields are marked, the disabled button says what is missing', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signInFreshVet(page, baseURL);
  await page.goto('/consults/new');
  const patient = page.getByLabel('Patient Name');
  await expect(patient).toBeVisible({ timeout: 20_000 });
  await expect(patient).toHaveAttribute('aria-required', 'true');
  await expect(page.getByLabel('Breed (optional)')).not.toHaveAttribute('aria-required', 'true');
  // The asterisk is drawn by CSS: the labels still read exactly as the spec names the fields.
  await expect(page.getByLabel('Sex', { exact: true })).toHaveAttribute('aria-required', 'true');
  await patient.focus();
  await page.getByLabel('Family Last Name').focus();
  await expect(page.getByText('Patient name is required')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Continue to Payment' });
  await expect(submit).toBeDisabled();
  const missing = page.getByTestId('missing-fields');
  await expect(missing).toContainText('Please complete: Patient Name, Family Last Name');
  await expect(submit).toHaveAttribute('aria-describedby', /.+/);
  await patient.fill('Rex');
  await expect(page.getByText('Patient name is required')).toHaveCount(0);
  await expect(missing).not.toContainText('Patient Name');
  for (const shot of SHOTS) {
    await prepareShot(page, shot);
    await page.goto('/consults/new');
    await expect(page.getByLabel('Patient Name')).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Patient Name').focus();
    await page.getByLabel('Family Last Name').focus();
    await shoot(page, 'journeys-validation', shot);
  }
});

test('item 1: the vet adds files to their own case from the case page while it is not completed', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signInFreshVet(page, baseURL);
  const uuid = await completeDraft(page.request, 'Later');
  expect((await page.request.post(`/api/consults/drafts/${uuid}/start-payment`)).ok()).toBe(true);
  await page.goto(`/consults/${uuid}`);
  await page
    .getByLabel('Add diagnostic files')
    .setInputFiles([{ name: 'late-lab.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await expect.poll(() => caseFiles(page.request, uuid), { timeout: 15_000 }).toEqual(['late-lab.pdf']);
  await expect(page.getByText('late-lab.pdf')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete payment' })).toBeVisible();
  for (const shot of SHOTS) {
    await prepareShot(page, shot);
    await page.goto(`/consults/${uuid}`);
    await expect(page.getByText('late-lab.pdf')).toBeVisible({ timeout: 20_000 });
    await shoot(page, 'journeys-case-add-files', shot);
  }
});
