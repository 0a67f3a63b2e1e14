import AxeBuilder from '@axe-core/playwright';
import { devices, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, freshVet, signInByApi } from './support';

// Web II: the new consultation form end to end (form, files, payment, submit), then the specialist's
// review, the vet's download and a paid revisit with a coupon; the nutrition modal; keyboard-only use;
// axe; screenshots to e2e-artifacts/.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ARTIFACTS = 'e2e-artifacts';

/** A new veterinarian of its own: the drafts and cases made here must not change the seeded ones' lists. */
async function signInVet(page: Page, baseURL: string | undefined) {
  const vet = await freshVet(baseURL ?? '');
  await signInByApi(page, vet.username, vet.password);
}

async function freshDraft(page: Page, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await page.request.post('/api/consults/drafts', { data: fields });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { uuid: string }).uuid;
}

async function fillPatient(page: Page) {
  await page.getByLabel('Patient Name').fill('Rex');
  await page.getByLabel('Family Last Name').fill('Bouchard');
  await page.getByLabel('Contact Email').fill('bouchard@example.com');
  await page.getByLabel('Submitting DVM').fill('Dr. Laura Martin');
  await page.getByLabel('Species').selectOption('Canine');
  await page.getByLabel('Sex', { exact: true }).selectOption('Male');
  await page.getByLabel('Age', { exact: true }).fill('5');
}

test('vet creates, pays and submits a consult; specialist reviews; vet downloads and revisits with a coupon', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInVet(page, baseURL);
  const uuid = await freshDraft(page);
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByTestId('draft-status')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();

  await fillPatient(page);
  await page.getByLabel('Specialty', { exact: true }).selectOption('Cardiology');
  await page.getByRole('radio', { name: /Dr\. Priya Patel/ }).check();
  await page.getByLabel('Clinical Signs').fill('Exercise intolerance, syncope twice this week, new murmur.');
  await page.getByLabel('Specific Questions').fill('Would you recommend echocardiography before starting therapy?');
  await page.getByLabel('Is a murmur audible? If so, give its grade and location.').fill('Grade IV/VI left apical');
  await page.getByLabel('Choose diagnostic files').setInputFiles([
    { name: 'history.txt', mimeType: 'text/plain', buffer: Buffer.from('Referral history: syncope, murmur.\n') },
    { name: 'ecg.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  // Issue 22: files are stored on the draft as soon as they are attached.
  const selected = page.getByRole('list', { name: 'Attached files' }).getByRole('listitem');
  await expect(selected).toHaveCount(2);
  await page.getByLabel(/I accept the/).check();

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Consultation Payment' });
  await expect(dialog.getByText('Consultation fee')).toBeVisible();
  await expect(dialog.getByText(/Tax \(ON 13\.0%\)/)).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/payment-modal-1280-light.png` });
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(dialog.getByText('Payment Successful', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // Issue 22 item 6: one flow: paid, submitted, and the vet lands on the new case.
  await expect(page.getByText('Your consult has been submitted successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/consults/${uuid}$`));

  // The specialist accepts and reviews with an attachment (REST, own session).
  const login = await request.post('/api/auth/login', { data: { username: 'dr.patel', password: DEMO_PASSWORD } });
  expect(login.ok()).toBeTruthy();
  const me = (await (await request.get('/api/auth/check')).json()) as { id: number };
  const accepted = await request.post(`/api/cases/${uuid}/accept`, { data: { specialistId: me.id } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  const reviewed = await request.post(`/api/cases/${uuid}/review`, {
    multipart: {
      summary: 'Echocardiography recommended; start pimobendan if DMVD stage B2 is confirmed.',
      specialistId: String(me.id),
      files: { name: 'cardiology-report.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(reviewed.ok(), await reviewed.text()).toBeTruthy();

  // The vet downloads the attachment.
  await page.goto(`/consults/${uuid}`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download cardiology-report.pdf' }).click();
  expect((await downloading).suggestedFilename()).toBe('cardiology-report.pdf');

  // Revisit with a coupon.
  await page.goto(`/consults/revisit/${uuid}`);
  await expect(page.getByRole('heading', { name: 'Revisit Case' })).toBeVisible();
  await page.getByLabel('New Clinical Signs or Updates').fill('Syncope resolved on pimobendan; mild cough persists.');
  await page.getByLabel('New Questions').fill('Should we add furosemide or recheck radiographs first?');
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Case reopening fee')).toBeVisible();
  await page.getByLabel('Coupon code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon Applied')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
  await expect(page.getByLabel('Coupon code')).toHaveAttribute('readonly', '');
  await expect(page.getByText(/Discount \(/)).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/revisit-payment-1280-light.png`, fullPage: true });
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Payment Successful', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/consults\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  expect(page.url()).not.toContain(uuid);
  await expect(page.getByText('Revisit #1').first()).toBeVisible();
});

// A phone has no drag and drop: there the uploader offers one button big enough for a finger (the
// picker it opens also offers the camera), and says nothing of dragging.
test('on a phone the uploader is a "Choose files" button, and the files it picks are attached', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...devices['Pixel 5'] });
  const page = await context.newPage();
  await signInVet(page, baseURL);
  const uuid = await freshDraft(page);
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByTestId('draft-status')).toBeVisible({ timeout: 20_000 });
  const uploader = page.getByTestId('file-dropzone');
  await expect(uploader.getByText('Drag and drop files here')).toBeHidden();
  const choose = uploader.getByRole('button', { name: 'Choose files' });
  await expect(choose).toBeVisible();
  const box = await choose.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44); // a finger's target (WCAG 2.5.5's 44 px)
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), choose.tap()]);
  await chooser.setFiles([{ name: 'lesion.pdf', mimeType: 'application/pdf', buffer: PDF }]);
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(1);
  await uploader.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/consult-form-uploader-phone-light-393.png` });
  await context.close();
});

test('nutrition specialist opens the acknowledgement modal, dismissible only by its buttons', async ({
  page,
  baseURL,
}) => {
  await signInVet(page, baseURL);
  const uuid = await freshDraft(page);
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByTestId('draft-status')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Specialty', { exact: true }).selectOption('Other');
  const lindqvist = page.getByRole('radio', { name: /Dr\. Sofia Lindqvist/ });
  await lindqvist.check({ force: true }).catch(() => undefined);
  const modal = page.getByRole('dialog', { name: 'Nutrition Consultation' });
  const feeNote = modal.getByText('Complex diet formulations add $75 plus applicable taxes.');
  await expect(feeNote).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(feeNote).toBeVisible();
  const proceed = modal.getByRole('button', { name: 'Continue with Nutrition Consultation' });
  await expect(proceed).toBeDisabled();
  await modal.getByRole('button', { name: 'Return to Specialty Selection' }).click();
  await expect(feeNote).toBeHidden();
  await expect(lindqvist).not.toBeChecked();

  await lindqvist.check({ force: true }).catch(() => undefined);
  await modal.getByLabel(/I understand/).check();
  await proceed.click();
  await expect(feeNote).toBeHidden();
  await expect(lindqvist).toBeChecked();
  await expect(page.getByLabel('What is the current diet (brand, amount, treats)?')).toBeVisible();
  await expect(page.getByText('This case needs a complex diet formulation')).toBeVisible();
});

test('the form can be completed with the keyboard only, and axe finds no serious violations', async ({
  page,
  baseURL,
}) => {
  await signInVet(page, baseURL);
  const uuid = await freshDraft(page);
  await page.goto(`/consults/new?draft=${uuid}`);
  await expect(page.getByTestId('draft-status')).toBeVisible({ timeout: 20_000 });

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const tabTo = async (
    name: string | RegExp,
    role: 'textbox' | 'combobox' | 'radio' | 'checkbox' | 'button' | 'spinbutton',
  ) => {
    const target = page.getByRole(role, { name });
    for (let i = 0; i < 80; i++) {
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error(`could not reach ${String(name)} with Tab`);
  };
  await tabTo('Patient Name', 'textbox');
  await page.keyboard.type('Kiwi');
  await tabTo('Family Last Name', 'textbox');
  await page.keyboard.type('Okoye');
  await tabTo('Contact Email', 'textbox');
  await page.keyboard.type('okoye@example.com');
  await tabTo('Submitting DVM', 'textbox');
  await page.keyboard.type('Dr. Laura Martin');
  await tabTo('Species', 'combobox');
  await page.keyboard.type('Feline');
  await tabTo('Sex', 'combobox');
  await page.keyboard.type('Female');
  await tabTo('Age', 'spinbutton');
  await page.keyboard.type('3');
  await tabTo('Specialty', 'combobox');
  await page.keyboard.type('Cardiology');
  // The specialists are one radio group: Tab enters it, the arrow keys move (and check) within it.
  const patel = page.getByRole('radio', { name: /Dr\. Priya Patel/ });
  await expect(patel).toBeVisible();
  for (let i = 0; i < 40; i++) {
    const inGroup = await page.evaluate(
      () => (document.activeElement as HTMLInputElement | null)?.name === 'consult-specialist',
    );
    if (inGroup) break;
    await page.keyboard.press('Tab');
  }
  for (let i = 0; i < 20; i++) {
    if (await patel.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Space');
  await expect(patel).toBeChecked();
  await tabTo('Clinical Signs', 'textbox');
  await page.keyboard.type('Open-mouth breathing after play, gallop rhythm.');
  await tabTo('Specific Questions', 'textbox');
  await page.keyboard.type('Is this hypertrophic cardiomyopathy? Which tests first?');
  await tabTo(/I accept the/, 'checkbox');
  await page.keyboard.press('Space');
  await tabTo('Continue to Payment', 'button');
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New Consultation Payment' });
  await expect(dialog.getByLabel('Card number')).toBeVisible();
  await page.keyboard.press('Escape');
});

for (const width of [1280, 375]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screenshot /consults/new at ${width} px, ${theme}`, async ({ page, baseURL }) => {
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await signInVet(page, baseURL);
      const uuid = await freshDraft(page, {
        patientName: 'Biscuit',
        familyLastName: 'Tremblay',
        species: 'Canine',
        sex: 'Female',
        age: 7,
        ageUnit: 'Years',
        specialty: 'Cardiology',
      });
      await page.goto(`/consults/new?draft=${uuid}`);
      await expect(page.getByRole('radio', { name: /Dr\. Priya Patel/ })).toBeVisible({ timeout: 20_000 });
      await page
        .getByLabel('Choose diagnostic files')
        .setInputFiles([{ name: 'thoracic-radiograph.pdf', mimeType: 'application/pdf', buffer: PDF }]);
      await page.screenshot({ path: `${ARTIFACTS}/consult-new-${width}-${theme}.png`, fullPage: true });
    });
  }
}
