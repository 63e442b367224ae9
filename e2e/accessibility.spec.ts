import type { Page } from '@playwright/test';
import { newCarer, newClient } from '@/server/test/builders';
import { violationsNow } from './axe';
import { expect, test, withPageToken } from './fixtures';

// Every screen of the app, each list, form, view dialog and admin screen, checked by axe at both widths: a serious
// or critical violation fails the suite. label-content-name-mismatch (an accessible name that does not contain the
// text on screen, which speech users say to press a control) is on, though axe marks it experimental.

async function violationsOn(page: Page, address: string): Promise<string[]> {
  await page.goto(address);
  await expect(page.getByRole('main'), address).toBeVisible();
  return violationsNow(page, address);
}

for (const width of [1280, 390]) {
  test(`at ${width} px no screen has a serious or critical accessibility violation`, async ({ page, signIn }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width, height: 900 });
    const api = await withPageToken(page, () => signIn('Admin'));
    const tag = Math.random().toString(36).slice(2, 7);
    const client = await api.clients.create.mutate(newClient({ name: `Axel Checked ${tag}` }));
    const mp = await api.mps.create.mutate(newCarer({ name: `Mina Checked ${tag}` }));
    const volunteer = await api.volunteers.create.mutate(newCarer({ name: `Vic Checked ${tag}` }));
    const request = await api.requests.create.mutate({ clientId: client.id, startDate: '2026-01-05', details: { weeklyHours: 4, services: ['Domestic'] } });
    const pkg = await api.packages.create.mutate({ carerId: mp.id, requestId: request.id, startDate: '2026-01-05', details: { weeklyHours: 2, address: { postCode: 'TA4 2AB' } } });
    const record = await api.trainingRecords.create.mutate({ ownerId: mp.id, expiryDate: '2030-01-01', details: { recordName: 'First Aid' } });
    const log = await api.mag.create.mutate({ date: '2026-01-07', details: { totalClients: 4 } });
    // A visit every day at 09:00, so the office's Today and the plan have a visit to show.
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '10:00' }));
    await api.visitPlans.set.mutate({ packageId: pkg.id, visits: everyDay, version: 0 });

    const screens = [
      '/dashboard',
      '/today',
      '/requests',
      '/packages',
      '/deliveries',
      '/clients',
      '/mps',
      '/volunteers',
      '/dbs',
      '/public-liability',
      '/records',
      '/mag',
      '/compliance',
      '/audit',
      '/data-protection',
      '/reminders',
      '/import',
      '/staff',
      '/account',
      '/clients/create',
      '/mps/create',
      '/volunteers/create',
      '/requests/create',
      '/packages/create',
      '/mag/create',
      `/records/create?ownerId=${mp.id}`,
      `/clients/edit/${client.id}`,
      `/packages/renew/${pkg.id}`,
      `/packages/plan/${pkg.id}`,
      `/clients?view=${client.id}`,
      `/mps?view=${mp.id}`,
      `/volunteers?view=${volunteer.id}`,
      `/requests?view=${request.id}`,
      `/packages?view=${pkg.id}`,
      `/records?view=${record.id}`,
      `/mag?view=${log.id}`,
    ];
    const found: string[] = [];
    for (const address of screens) found.push(...(await violationsOn(page, address)));

    // Tabs of a record's view: the client's key information, and when the carer can work.
    for (const [address, tab] of [
      [`/clients?view=${client.id}`, 'Key information'],
      [`/mps?view=${mp.id}`, 'Availability'],
    ] as const) {
      await page.goto(address);
      await page.getByRole('dialog').getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('dialog').getByRole('tabpanel', { name: tab })).toBeVisible();
      found.push(...(await violationsNow(page, `${address}, ${tab}`)));
    }

    // Dialogs opened from a screen: the months of delivered care, and a generated Delivered Care Report.
    await page.goto('/deliveries');
    await page.getByRole('button', { name: 'Months' }).click();
    await expect(page.getByRole('dialog', { name: 'Months of delivered care' }).getByRole('button', { name: 'Save' })).toBeVisible();
    found.push(...(await violationsNow(page, '/deliveries, Months of delivered care')));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByLabel('Report Type').selectOption('Delivered Care Report');
    await page.getByRole('dialog').getByRole('button', { name: 'Generate Report' }).click();
    await page.getByRole('dialog').getByRole('tab', { name: /^\d{4}$/ }).last().click();
    await expect(page.getByRole('dialog').getByRole('table', { name: 'Month by month' })).toBeVisible();
    found.push(...(await violationsNow(page, '/dashboard, Delivered Care Report')));
    expect(found).toEqual([]);
  });
}
