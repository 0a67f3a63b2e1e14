import { expect, type Page, test } from '@playwright/test';
import { CARD_ERROR_MESSAGES, COUPON_MESSAGES } from '@vetconsult/schema/payment';
import { freshVet, signInByApi } from './support';

// Web II: the payment modal — a declined card, coupons (invalid, empty, 100% off with Submit Case).

async function completeDraft(page: Page, patientName: string): Promise<string> {
  const specialists = (await (await page.request.get('/api/user/specialists?specialty=Cardiology')).json()) as Array<{
    id: number;
    name: string;
  }>;
  const patel = specialists.find((s) => s.name === 'Dr. Priya Patel');
  const response = await page.request.post('/api/consults/drafts', {
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

async function openPayment(page: Page, baseURL: string | undefined, patientName: string) {
  // A veterinarian of its own: the submitted case must not change the seeded veterinarians' lists.
  const vet = await freshVet(baseURL ?? '');
  await signInByApi(page, vet.username, vet.password);
  const uuid = await completeDraft(page, patientName);
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByLabel('Patient Name')).toHaveValue(patientName, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Consultation Payment' });
  await expect(dialog.getByLabel('Card number')).toBeVisible();
  return dialog;
}

test('a declined card shows the declined message and the Payment Failed toast', async ({ page, baseURL }) => {
  const dialog = await openPayment(page, baseURL, 'Declined Daisy');
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: CARD_ERROR_MESSAGES.card_declined })).toBeVisible();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  // The modal stays open for another card.
  await expect(dialog.getByLabel('Card number')).toBeEnabled();
});

test('coupons: empty, invalid, then a 100% coupon shows the free consultation card and Submit Case', async ({
  page,
  baseURL,
}) => {
  const dialog = await openPayment(page, baseURL, 'Free Fern');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText(COUPON_MESSAGES.empty)).toBeVisible();
  await dialog.getByLabel('Coupon code').fill('NOT-A-CODE');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(COUPON_MESSAGES.invalidTitle)).toBeVisible();

  await dialog.getByLabel('Coupon code').fill('FREECONSULT');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(COUPON_MESSAGES.appliedTitle)).toBeVisible();
  await expect(dialog.getByText('Your coupon covers the full amount. No card is needed.')).toBeVisible();
  await expect(dialog.getByTestId('payment-total')).toContainText('$0.00');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(COUPON_MESSAGES.removedTitle)).toBeVisible();
  await expect(dialog.getByLabel('Card number')).toBeVisible();

  await dialog.getByLabel('Coupon code').fill('FREECONSULT');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.getByRole('button', { name: 'Submit Case' }).click();
  await expect(page.getByText('Your consult has been submitted successfully')).toBeVisible();
  // Issue 22 item 6: a free coupon lands on the new case too.
  await expect(page).toHaveURL(/\/consults\/[0-9a-f-]{36}$/);
});
