import { expect, test } from '@playwright/test';
import { apiSession, prepareCase } from './case-fixtures';
import { freshSpecialist, freshVet, openAs, unique } from './support';

// Several sign-ins and API-built cases per test on a shared 2-core machine: triple the timeout.
test.slow();

// Live updates over the GraphQL WebSocket (no reload, no polling while connected): two browsers, a
// specialist watching Available Cases and the veterinarian watching their consult list.

test('a newly activated case reaches the specialist, and the accept reaches the vet, each within 1 s', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  // Own accounts: the seeded ones keep their cases as seeded for the other specs.
  const vetAccount = await freshVet(base);
  const specialistAccount = await freshSpecialist(base, 'Internal Medicine');
  const vetApi = await apiSession(base, vetAccount.username, vetAccount.password);
  const prepared = await prepareCase(
    vetApi,
    { id: specialistAccount.id, specialty: specialistAccount.specialty },
    unique('Live'),
  );

  const specialistContext = await browser.newContext();
  const vetContext = await browser.newContext();
  const specialist = await specialistContext.newPage();
  const vet = await vetContext.newPage();

  await openAs(specialist, '/consults', specialistAccount.username, specialistAccount.password);
  const available = specialist.getByRole('region', { name: 'Available Cases' });
  await expect(available.getByRole('heading', { name: 'Available Cases' })).toBeVisible();
  await expect(specialist.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  await openAs(vet, '/consults', vetAccount.username, vetAccount.password);
  await expect(vet.getByRole('heading', { name: 'Your Consults' })).toBeVisible();
  await expect(vet.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  const shortId = prepared.uuid.slice(0, 8);
  await expect(available.getByText(`#${shortId}`)).toHaveCount(0);

  await prepared.activate();
  await expect(available.getByText(`#${shortId}`)).toBeVisible({ timeout: 1000 });
  const vetCard = vet.getByRole('link', { name: new RegExp(prepared.patientName) });
  await expect(vetCard).toContainText('Pending', { timeout: 1000 });

  const accepted = specialist.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('AcceptAvailableCase'),
  );
  // The event carries the accepted case: the vet's list updates from it, without asking for the list again.
  const vetListRequests: string[] = [];
  vet.on('request', (request) => {
    if ((request.postData() ?? '').includes('"operationName":"MyConsults"')) vetListRequests.push(request.url());
  });
  await available.getByRole('button', { name: `Accept case ${shortId}` }).click();
  expect((await accepted).ok()).toBe(true);
  await expect(vetCard).toContainText('In Progress', { timeout: 1000 });
  await vet.waitForTimeout(500);
  expect(vetListRequests).toEqual([]);
  await expect(available.getByText(`#${shortId}`)).toHaveCount(0, { timeout: 1000 });

  await vetApi.dispose();
  await specialistContext.close();
  await vetContext.close();
});
