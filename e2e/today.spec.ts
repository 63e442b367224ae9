import { addDays, formatShortDay, todayIn } from '@/shared/dates';
import { newCarer } from '@/server/test/builders';
import { violationsNow } from './axe';
import { type Api, expect, screenshotsOf, test, withPageToken } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

/** A carer's package planned for every day of the week at 07:00, for a client and carer named for the test. */
async function plannedEveryDay(api: Api) {
  const carerName = unique('Priya Okafor');
  const clientName = unique('Edna Pollard');
  const carer = await api.mps.create.mutate(newCarer({ name: carerName }));
  const client = await api.clients.create.mutate({ dateOfBirth: '1936-04-12', details: { name: clientName, address: { postCode: 'TA4 9ZY' } } });
  const request = await api.requests.create.mutate({ clientId: client.id, startDate: '2025-01-06', details: { weeklyHours: 7 } });
  const pkg = await api.packages.create.mutate({ carerId: carer.id, requestId: request.id, startDate: '2025-01-06', details: { weeklyHours: 7, address: { postCode: 'TA4 2AB' } } });
  await api.visitPlans.set.mutate({ packageId: pkg.id, visits: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '07:00', end: '08:00' })) });
  return { carerName, clientName, pkg };
}

test('the office’s day: each carer’s visits and their states, a visit moved for the week and offered to the carer', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const { carerName, clientName, pkg } = await plannedEveryDay(api);
  const tomorrow = addDays(todayIn(), 1);

  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  const carerDay = page.getByRole('region', { name: carerName });
  await expect(carerDay.getByRole('listitem')).toContainText([`07:00–08:00${clientName}`]);
  await expect(carerDay.getByText('No word from this phone yet')).toBeVisible();

  // Yesterday's visit: nothing came, so it was not recorded.
  await page.getByRole('button', { name: 'The day before' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${addDays(todayIn(), -1)}`));
  await expect(carerDay.getByText('Not recorded')).toBeVisible();
  expect(await violationsNow(page, '/today, yesterday')).toEqual([]);

  // Tomorrow's: planned, then moved to the afternoon by keyboard, and offered to the carer.
  await page.getByRole('button', { name: 'Back to today' }).click();
  await page.getByRole('button', { name: 'The day after' }).click();
  await expect(carerDay.getByText('Planned')).toBeVisible();
  await carerDay.getByRole('button', { name: `Change the visit to ${clientName} at 07:00` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: 'Move it' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'From', exact: true }).fill('14:00');
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill('15:00');
  expect(await violationsNow(page, '/today, change a visit')).toEqual([]);
  await dialog.getByRole('button', { name: 'Offer the change' }).click();
  await expect(dialog).toBeHidden();
  await expect(carerDay.getByRole('listitem')).toContainText([`14:00–15:00${clientName}Moved from ${formatShortDay(tomorrow)} 07:00 · offered to the carer, not yet accepted`]);
  const day = await api.plannedVisits.getDay.query({ date: tomorrow });
  expect(day.visits.find((visit) => visit.packageId === pkg.id)).toMatchObject({ start: '14:00', end: '15:00', change: { kind: 'moved', answer: 'offered' } });

  // Cancelling asks why; the reason is shown with the visit.
  await carerDay.getByRole('button', { name: `Change the visit to ${clientName} at 14:00` }).click();
  await dialog.getByRole('radio', { name: 'Cancel it' }).check();
  await dialog.getByRole('button', { name: 'Offer the change' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say why the visit is cancelled');
  await dialog.getByLabel('Reason').fill('In hospital until Friday');
  await dialog.getByRole('button', { name: 'Offer the change' }).click();
  await expect(carerDay.getByText('Cancelled: In hospital until Friday · offered to the carer, not yet accepted')).toBeVisible();
  await screenshotsOf(page, 'today');
});
