import { dbsRecheckDate } from '@/shared/compliance';
import { newCarer } from '@/server/test/builders';
import { expect, openRowView, searchList, signInAs, test, withPageToken } from './fixtures';
import type { RunningServer } from './server';
import { startSeededServer } from './seeded-server';
import { addE2eUser, e2eUser } from './users';

/**
 * Requiring training of every MP would make the MPs of tests running beside these not compliant, so this
 * file starts its own server.
 */
const PORT = Number(process.env.E2E_COMPLIANCE_PORT ?? 3242);
const ADMIN = e2eUser('Admin');

let server: RunningServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(360_000);
  server = await startSeededServer(PORT, (db) => addE2eUser(db, ADMIN));
});

test.afterAll(async () => {
  await server?.stop();
});

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

test('an Admin requires First Aid of MPs, and an MP without it is then Not compliant, saying why', async ({ page }) => {
  const api = await withPageToken(page, () => signInAs(page, ADMIN, server.url));
  const name = unique('Fran Aidless');
  await api.mps.create.mutate(newCarer({ name }));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compliance' }).click();
  await expect(page.getByRole('heading', { name: 'Compliance', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Compliance settings' });
  await form.getByRole('group', { name: 'Training required of MPs' }).getByLabel('First Aid').check();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Compliance settings saved')).toBeVisible();
  await page.reload();
  await expect(form.getByRole('group', { name: 'Training required of MPs' }).getByLabel('First Aid')).toBeChecked();
  await expect(form.getByRole('group', { name: 'Training required of volunteers' }).getByLabel('First Aid')).not.toBeChecked();

  await page.goto(`${server.url}/mps`);
  await searchList(page, name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Not compliant');
  const view = await openRowView(page, name);
  await expect(view).toContainText('Not compliant');
  await expect(view).toContainText('No First Aid training on record');
});

test('an Admin enters an MP’s DBS certificate: the re-check date follows the policy, and the number comes back masked', async ({ page }) => {
  const api = await withPageToken(page, () => signInAs(page, ADMIN, server.url));
  const name = unique('Dora Checked');
  const mp = await api.mps.create.mutate(newCarer({ name }));
  const { dbsRecheckYears } = await api.compliance.getSettings.query();
  const policy = (issueDate: string, updateServiceCheckedOn = '') =>
    dbsRecheckDate({ issueDate, updateService: updateServiceCheckedOn !== '', updateServiceCheckedOn }, dbsRecheckYears);

  await page.goto(`${server.url}/mps/edit/${mp.id}`);
  await expect(page.getByRole('heading', { name: 'Edit MP' })).toBeVisible();
  // Recorded before the details: the date was typed in.
  await expect(page.getByLabel('Enter the re-check date by hand')).toBeChecked();
  await page.getByLabel('Enter the re-check date by hand').uncheck();

  await page.getByLabel('DBS certificate number').fill('0012 3456 789');
  await page.getByLabel('DBS issue date').fill('2024-05-10');
  await page.getByLabel('DBS level').selectOption({ label: 'Enhanced with barred list' });
  await expect(page.getByLabel('DBS expiry')).toHaveValue(policy('2024-05-10'));
  await expect(page.getByText(`Follows the policy: ${dbsRecheckYears} years after the issue date.`)).toBeVisible();
  await page.getByLabel('Subscribes to the DBS Update Service').check();
  await page.getByLabel('Last Update Service check').fill('2025-02-01');
  const recheck = policy('2024-05-10', '2025-02-01');
  await expect(page.getByLabel('DBS expiry')).toHaveValue(recheck);

  // Eleven digits are refused on the field; twelve are taken.
  await page.getByRole('button', { name: 'Update MP' }).click();
  await expect(page.getByText('A DBS certificate number is 12 digits')).toBeVisible();
  await page.getByLabel('DBS certificate number').fill('0012 3456 7890');
  await page.getByRole('button', { name: 'Update MP' }).click();
  await page.waitForURL((url) => url.pathname === '/mps');

  await page.goto(`${server.url}/mps/edit/${mp.id}`);
  await expect(page.getByRole('heading', { name: 'Edit MP' })).toBeVisible();
  await expect(page.getByLabel('DBS certificate number')).toHaveValue('••••••••7890');
  await expect(page.getByLabel('DBS issue date')).toHaveValue('2024-05-10');
  await expect(page.getByLabel('DBS level')).toHaveValue('enhanced-barred');
  await expect(page.getByLabel('Subscribes to the DBS Update Service')).toBeChecked();
  await expect(page.getByLabel('Last Update Service check')).toHaveValue('2025-02-01');
  await expect(page.getByLabel('DBS expiry')).toHaveValue(recheck);
  await expect(page.getByLabel('Enter the re-check date by hand')).not.toBeChecked();

  // Saved again unchanged, the masked number keeps the stored one; the API never gives it in full.
  await page.getByLabel('Weekly hours available').fill('12.5');
  await page.getByRole('button', { name: 'Update MP' }).click();
  await page.waitForURL((url) => url.pathname === '/mps');
  const stored = await api.mps.getById.query({ id: mp.id });
  expect(stored.dbs).toMatchObject({ certificateNumber: '••••••••7890', level: 'enhanced-barred', expiryEnteredByHand: false });
  expect(stored.dbsExpiry).toBe(recheck);
  expect(stored.details.weeklyHoursAvailable).toBe(12.5);

  await searchList(page, name);
  const view = await openRowView(page, name);
  await expect(view).toContainText('••••••••7890');
  await expect(view).toContainText('Enhanced with barred list');
  await expect(view).toContainText('10 May 2024');
  await expect(view).toContainText('Subscribed, last checked 1 Feb 2025');
  await expect(view).toContainText('12.5 h/week');
});
