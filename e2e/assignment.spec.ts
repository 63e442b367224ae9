import type { Page } from '@playwright/test';
import { MAX_WEEKLY_HOURS } from '@/shared/constants';
import { newCarer, newClient } from '@/server/test/builders';
import { type Api, expect, searchList, test, withPageToken } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

const LAPSED_DBS = '2024-03-03';

/**
 * A client's open request for Domestic help, an MP who may be given it (offering Domestic, and when `ranked`
 * with every hour of the week free, so suggested first), and an MP whose DBS re-check is past.
 */
async function aRequestAndTwoCarers(api: Api, ranked = false) {
  const client = await api.clients.create.mutate(newClient({ name: unique('Edna Pollard'), services: ['Domestic'] }));
  const request = await api.requests.create.mutate({ clientId: client.id, startDate: '2025-01-06', details: { weeklyHours: 6, services: ['Domestic'] } });
  const compliantName = unique('Priya Okafor');
  const compliant = newCarer({ name: compliantName });
  const ready = await api.mps.create.mutate({ ...compliant, details: { ...compliant.details, services: ['Domestic'], weeklyHoursAvailable: ranked ? MAX_WEEKLY_HOURS : null } });
  const lapsedName = unique('Larry Lapsed');
  const lapsed = await api.mps.create.mutate(newCarer({ name: lapsedName, dbsExpiry: LAPSED_DBS }));
  return { clientName: client.details.name, request, ready, compliantName, lapsed, lapsedName };
}

async function chooseRequest(page: Page, clientName: string) {
  await page.getByRole('combobox', { name: 'Request', exact: true }).fill(clientName);
  await page.getByRole('listbox').getByRole('option').filter({ hasText: clientName }).click();
}

test('a carer who is not compliant is shown as such, refused without a reason, and assigned with one that the package keeps', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const { clientName, lapsed, lapsedName } = await aRequestAndTwoCarers(api);
  const packageName = unique('Tuesday visits');

  await page.goto('/packages/create');
  await expect(page.getByRole('heading', { name: 'Add Package' })).toBeVisible();
  await chooseRequest(page, clientName);
  await page.getByLabel('Package name').fill(packageName);

  // The picker's option carries the badge.
  await page.getByRole('combobox', { name: 'Carer', exact: true }).fill(lapsedName);
  const option = page.getByRole('listbox').getByRole('option').filter({ hasText: lapsedName });
  await expect(option).toContainText('Not compliant');
  await option.click();

  // Under the field: the badge, why, and the reason asked for.
  await expect(page.getByText('DBS re-check was due on 3 March 2024', { exact: true })).toBeVisible();
  const reason = page.getByRole('textbox', { name: 'Reason to assign anyway' });
  await expect(reason).toBeVisible();

  // Without a reason the field asks for one before anything is sent, once (no toast besides), and nothing typed is lost.
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/packages.create')) saves.push(request.url());
  });
  await page.getByRole('button', { name: 'Create Package' }).click();
  await expect(page.getByText('Give a reason to assign this carer anyway, or choose another carer')).toBeVisible();
  await expect(reason).toBeFocused();
  expect(saves).toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: /^Error/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/packages\/create$/);
  await expect(page.getByLabel('Package name')).toHaveValue(packageName);

  // A reason too short is refused on its field.
  await reason.fill('Needed');
  await page.getByRole('button', { name: 'Create Package' }).click();
  await expect(page.getByText(/^Give a reason of at least 3 words/)).toBeVisible();
  await expect(page).toHaveURL(/\/packages\/create$/);

  const why = 'Only carer near by; re-check applied for on 1 March';
  await reason.fill(why);
  await page.getByRole('button', { name: 'Create Package' }).click();
  await page.waitForURL((url) => url.pathname === '/packages');

  const saved = (await api.packages.getAll.query()).find((p) => p.details.name === packageName);
  expect(saved?.carerId).toBe(lapsed.id);
  await searchList(page, packageName);
  const row = page.getByRole('row').filter({ hasText: packageName });
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  const view = page.getByRole('dialog', { name: `Package: ${packageName}` });
  await expect(view).toContainText(`Assigned despite: ${why}`);
});

test('the MPs list shows compliance; suggested carers put the compliant carer first, and choosing one sets the carer with no reason asked', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const { clientName, compliantName, lapsedName } = await aRequestAndTwoCarers(api, true);

  // The MPs list shows each carer's compliance.
  await page.goto('/mps');
  await searchList(page, lapsedName);
  const row = page.getByRole('row').filter({ hasText: lapsedName });
  await expect(row).toContainText('Not compliant');

  await page.goto('/packages/create');
  await chooseRequest(page, clientName);
  const suggestions = page.getByRole('region', { name: 'Suggested carers' });
  const first = suggestions.getByRole('listitem').first();
  await expect(first).toContainText(compliantName);
  await expect(first).toContainText('Compliant');

  await first.getByRole('button', { name: `Choose ${compliantName}` }).click();
  // The picker shows the chosen carer's label.
  await expect(page.getByText(`${compliantName} · MP · Wiveliscombe`, { exact: false })).toBeVisible();
  await expect(first.getByRole('button', { name: `Choose ${compliantName}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Reason to assign anyway' })).toHaveCount(0);

});

for (const width of [1280, 390]) {
  test(`at ${width} px a carer not compliant on live care is listed on the Dashboard with whose care, and their package is marked`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height: 900 });
    const api = await withPageToken(page, () => signIn('Coordinator'));
    const { clientName, request, lapsed, lapsedName } = await aRequestAndTwoCarers(api);
    const packageName = unique('Lapsed mornings');
    await api.packages.create.mutate({
      carerId: lapsed.id,
      requestId: request.id,
      startDate: '2025-01-06',
      details: { name: packageName, weeklyHours: 3, address: { postCode: 'TA4 2AB' } },
      override: { reason: 'Only carer near by; re-check applied for' },
    });

    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Carers not compliant on live care' });
    const entry = panel.getByRole('listitem').filter({ hasText: lapsedName });
    await expect(entry).toContainText('DBS re-check was due on 3 March 2024');
    await expect(entry.getByRole('link', { name: clientName })).toBeVisible();
    await entry.getByRole('link', { name: lapsedName }).click();
    await expect(page.getByRole('dialog', { name: lapsedName })).toBeVisible();

    await page.goto('/packages');
    await searchList(page, packageName);
    const shown = page.getByText(packageName).filter({ visible: true });
    await expect(shown).toHaveCount(1);
    const row = width === 1280 ? page.getByRole('row').filter({ hasText: packageName }) : page.getByRole('listitem').filter({ hasText: packageName });
    await expect(row.getByText('Not compliant')).toBeVisible();
    // Searching the words finds it.
    await searchList(page, 'not compliant');
    await expect(page.getByText(packageName).filter({ visible: true })).toHaveCount(1);
  });
}
