import { expect, test } from '@playwright/test';
import { apiSession, createPendingCase } from './case-fixtures';
import { prepareShot, SHOTS, shoot } from './screenshots';
import { freshSpecialist, freshVet, openAs } from './support';

// Issue 22 item 5: the specialist's summary is kept as a draft on the server while typing (autosave),
// so a reload restores it; it is the specialist's own until the review is submitted.

test.slow();

test('the summary autosaves as a draft and a reload restores it; the veterinarian never sees it', async ({
  page,
  baseURL,
}) => {
  const vet = await freshVet(baseURL ?? '');
  const specialist = await freshSpecialist(baseURL ?? '', 'Internal Medicine');
  const kase = await createPendingCase(baseURL ?? '', vet, specialist);
  await openAs(page, `/consults/${kase.uuid}`, specialist.username, specialist.password);
  await page.getByRole('button', { name: 'Accept Case' }).click();

  const text = 'Findings support chronic bronchitis; start inhaled fluticasone and recheck in 4 weeks.';
  await page.getByLabel('Summary', { exact: true }).fill(text);
  await expect(page.getByTestId('summary-draft-status')).toHaveText(/Draft saved/, { timeout: 15_000 });

  await page.reload();
  await expect(page.getByLabel('Summary', { exact: true })).toHaveValue(text, { timeout: 20_000 });

  for (const shot of SHOTS) {
    await prepareShot(page, shot);
    await page.goto(`/consults/${kase.uuid}`);
    await expect(page.getByLabel('Summary', { exact: true })).toHaveValue(text, { timeout: 20_000 });
    await shoot(page, 'summary-draft', shot);
  }

  // The veterinarian of the case reads no summary draft.
  const vetApi = await apiSession(baseURL ?? '', vet.username, vet.password);
  const asVet = await vetApi.post('/graphql', {
    data: {
      query: 'query($uuid: String!) { case(uuid: $uuid) { summary summaryDraft } }',
      variables: { uuid: kase.uuid },
    },
  });
  const body = (await asVet.json()) as { data?: { case: { summary: string | null; summaryDraft: string | null } } };
  expect(body.data?.case).toEqual({ summary: null, summaryDraft: null });
  await vetApi.dispose();

  // Submitting the review ends the draft: the summary is the submitted one.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('heading', { name: 'Specialist Summary' })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
});
