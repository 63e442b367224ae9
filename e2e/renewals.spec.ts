import { todayIn } from '@/shared/dates';
import { newCarer } from '@/server/test/builders';
import { type Api, expect, test, withPageToken } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

/** An MP who may be given care, a client and an open request for the client. */
async function aRequestWithCarer(api: Api) {
  const carerName = unique('Priya Okafor');
  const carer = await api.mps.create.mutate(newCarer({ name: carerName }));
  const client = await api.clients.create.mutate({ dateOfBirth: '1936-04-12', details: { name: unique('Edna Pollard'), address: { postCode: 'TA4 9ZY' } } });
  const request = await api.requests.create.mutate({ clientId: client.id, startDate: '2025-01-06', details: { weeklyHours: 10 } });
  return { carer, carerName, client, request };
}

function aPackage(api: Api, carerId: string, requestId: string, name: string, fields: { weeklyHours: number; endDate?: string }) {
  const { weeklyHours, endDate } = fields;
  return api.packages.create.mutate({ carerId, requestId, startDate: '2025-01-06', endDate, details: { name, weeklyHours, address: { postCode: 'TA4 2AB' } } });
}

test("the Packages list and the renew screen name the carer, and searching the carer's name finds the package", async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const { carer, carerName, request } = await aRequestWithCarer(api);
  const packageName = unique('Tuesday visits');
  await aPackage(api, carer.id, request.id, packageName, { weeklyHours: 4 });

  await page.goto('/packages');
  await page.getByRole('searchbox', { name: 'Search packages' }).fill(carerName);
  const row = page.getByRole('row').filter({ hasText: packageName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`MP · ${carer.id}`);
  const link = row.getByRole('link', { name: carerName });
  await expect(link).toHaveAttribute('href', `/mps/edit/${carer.id}`);

  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Renew' }).click();
  await expect(page.getByRole('heading', { name: 'Renew Package' })).toBeVisible();
  const current = page.getByRole('region', { name: 'Current package' });
  await expect(current.getByRole('link', { name: carerName })).toBeVisible();
  await expect(current).toContainText(`MP · ${carer.id}`);

  // The link leads to the carer's record.
  await current.getByRole('link', { name: carerName }).click();
  await page.waitForURL(`**/mps/edit/${carer.id}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(carerName);
});

test('renewing a request offers, checked, to carry its open packages over, and does', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const { carer, carerName, request } = await aRequestWithCarer(api);
  const [morning, evening] = [unique('Morning visits'), unique('Evening visits')];
  const open = await aPackage(api, carer.id, request.id, morning, { weeklyHours: 3 });
  const later = await aPackage(api, carer.id, request.id, evening, { weeklyHours: 2, endDate: '2099-12-31' });
  const ended = await aPackage(api, carer.id, request.id, unique('Ended visits'), { weeklyHours: 9, endDate: '2025-02-01' });

  await page.goto(`/requests/renew?id=${request.id}`);
  await expect(page.getByRole('heading', { name: 'Renew Request' })).toBeVisible();
  const carryOver = page.getByRole('checkbox', { name: 'Carry over 2 open packages to the new request' });
  await expect(carryOver).toBeChecked();
  const listed = page.getByRole('list', { name: 'Open packages' }).getByRole('listitem');
  await expect(listed).toHaveCount(2);
  await expect(listed.filter({ hasText: morning })).toContainText(carerName);
  await expect(listed.filter({ hasText: evening })).toContainText('2 h/week');
  await page.getByRole('button', { name: 'Renew' }).click();
  await page.waitForURL((url) => url.pathname === '/requests');

  const renewed = (await api.requests.getAll.query()).find((r) => r.clientId === request.clientId && r.id !== request.id)!;
  expect(renewed).toMatchObject({ startDate: todayIn(), endDate: 'open' });
  const carried = (await api.requests.getById.query({ id: renewed.id })).packages!;
  expect(carried.map((p) => [p.details.name, p.carerId, p.startDate, p.endDate]).sort()).toEqual([
    [evening, carer.id, todayIn(), '2099-12-31'],
    [morning, carer.id, todayIn(), 'open'],
  ]);
  for (const id of [open.id, later.id]) expect(await api.packages.getById.query({ id })).toMatchObject({ requestId: request.id, endDate: todayIn() });
  expect(await api.packages.getById.query({ id: ended.id })).toMatchObject({ endDate: '2025-02-01' });

  // The renewed request has no open packages left to offer.
  await page.goto(`/requests/renew?id=${request.id}`);
  await expect(page.getByText(`This request has no open packages to carry over.`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Carry over/ })).toHaveCount(0);
});

test('unticking the offer renews the request alone', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const { carer, request } = await aRequestWithCarer(api);
  const pkg = await aPackage(api, carer.id, request.id, unique('Weekend visits'), { weeklyHours: 5 });

  await page.goto(`/requests/renew?id=${request.id}`);
  const carryOver = page.getByRole('checkbox', { name: 'Carry over 1 open package to the new request' });
  await carryOver.uncheck();
  await expect(page.getByText('They stay on this request and count no hours on the new one.')).toBeVisible();
  await page.getByRole('button', { name: 'Renew' }).click();
  await page.waitForURL((url) => url.pathname === '/requests');

  const renewed = (await api.requests.getAll.query()).find((r) => r.clientId === request.clientId && r.id !== request.id)!;
  expect((await api.requests.getById.query({ id: renewed.id })).packages).toEqual([]);
  expect(await api.packages.getById.query({ id: pkg.id })).toMatchObject({ requestId: request.id, endDate: 'open', version: 1 });
});

test('carrying a package over for a carer no longer compliant is refused with why, and done with a reason', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const { request } = await aRequestWithCarer(api);
  const lapsedName = unique('Lapsed Lena');
  const lapsed = await api.mps.create.mutate(newCarer({ name: lapsedName, dbsExpiry: '2024-03-03' }));
  const packageName = unique('Friday visits');
  const pkg = await api.packages.create.mutate({
    carerId: lapsed.id,
    requestId: request.id,
    startDate: '2025-01-06',
    details: { name: packageName, weeklyHours: 3, address: { postCode: 'TA4 2AB' } },
    override: { reason: 'Assigned before the re-check was due' },
  });

  await page.goto(`/requests/renew?id=${request.id}`);
  await expect(page.getByRole('checkbox', { name: 'Carry over 1 open package to the new request' })).toBeChecked();
  await page.getByRole('button', { name: 'Renew' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${lapsedName} is not compliant` })).toContainText('DBS re-check was due on 3 March 2024');
  await expect(page).toHaveURL(/\/requests\/renew/);
  expect(await api.packages.getById.query({ id: pkg.id })).toMatchObject({ endDate: 'open', version: 1 });

  const reason = 'Re-check booked for Friday, agreed with the family';
  await page.getByRole('textbox', { name: 'Reason to carry over anyway' }).fill(reason);
  await page.getByRole('button', { name: 'Renew' }).click();
  await page.waitForURL((url) => url.pathname === '/requests');
  const renewed = (await api.requests.getAll.query()).find((r) => r.clientId === request.clientId && r.id !== request.id)!;
  const [carried] = (await api.requests.getById.query({ id: renewed.id })).packages!;
  expect(await api.packages.getById.query({ id: carried!.id })).toMatchObject({ carerId: lapsed.id, complianceOverride: { reason } });
});
