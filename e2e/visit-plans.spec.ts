import { newCarer } from '@/server/test/builders';
import { violationsNow } from './axe';
import { type Api, expect, screenshotsOf, test, withPageToken } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

/** A package of three hours a week for an MP, named for the test. */
async function aPackage(api: Api, name: string) {
  const carer = await api.mps.create.mutate(newCarer({ name: unique('Priya Okafor') }));
  const client = await api.clients.create.mutate({ dateOfBirth: '1936-04-12', details: { name: unique('Edna Pollard'), address: { postCode: 'TA4 9ZY' } } });
  const request = await api.requests.create.mutate({ clientId: client.id, startDate: '2025-01-06', details: { weeklyHours: 3 } });
  return api.packages.create.mutate({ carerId: carer.id, requestId: request.id, startDate: '2025-01-06', details: { name, weeklyHours: 3, address: { postCode: 'TA4 2AB' } } });
}

test('a coordinator plans a package’s week by keyboard alone, sees its hours against the package’s, and moves a visit', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const name = unique('Weekday mornings');
  const pkg = await aPackage(api, name);

  await page.goto('/packages');
  await page.getByRole('searchbox', { name: 'Search packages' }).fill(name);
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Plan Visits' }).click();
  await expect(page.getByRole('heading', { name: 'Plan Visits' })).toBeVisible();
  await expect(page.getByText('No visits at set times.')).toBeVisible();

  // Three visits, each added and set from the keyboard: Monday, then the days after it, at the first one's times.
  const add = page.getByRole('button', { name: 'Add a visit' });
  await add.focus();
  await page.keyboard.press('Enter');
  const first = page.getByRole('listitem', { name: 'Visit 1' });
  await expect(first.getByLabel('Day')).toBeFocused();
  await first.getByLabel('From').focus();
  await page.keyboard.type('0930');
  await first.getByLabel('To').focus();
  await page.keyboard.type('1030');
  // Each visit added takes the focus to its day; back to Add a visit for the next.
  for (const visit of ['Visit 2', 'Visit 3']) {
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listitem', { name: visit }).getByLabel('Day')).toBeFocused();
  }
  const status = page.getByRole('status').filter({ hasText: 'hours a week' });
  await expect(status).toHaveText("The plan gives the package's 3 hours a week.");
  await expect(page.getByRole('listitem', { name: 'Visit 3' }).getByLabel('Day')).toHaveValue('3');

  // Two hours more at any time than the package has: said, but it may be saved.
  await page.getByLabel('Hours at any time').fill('2');
  await expect(status).toHaveText('The plan gives 5 hours a week; the package has 3.');
  await page.getByLabel('Hours at any time').fill('');
  expect(await violationsNow(page, '/packages/plan, three visits')).toEqual([]);
  await page.getByRole('button', { name: 'Save Plan' }).click();
  await page.waitForURL('**/packages');
  expect((await api.visitPlans.get.query({ packageId: pkg.id })).visits).toEqual([
    { weekday: 1, start: '09:30', end: '10:30' },
    { weekday: 2, start: '09:30', end: '10:30' },
    { weekday: 3, start: '09:30', end: '10:30' },
  ]);

  // Wednesday's visit moves to Friday afternoon; an overlap is refused in words first.
  await page.goto(`/packages/plan/${pkg.id}`);
  const third = page.getByRole('listitem', { name: 'Visit 3' });
  await third.getByLabel('Day').selectOption('Tuesday');
  await page.getByRole('button', { name: 'Save Plan' }).click();
  await expect(third.getByRole('alert')).toHaveText('Tuesday 09:30–10:30 overlaps Tuesday 09:30–10:30. Change the times of one of them.');
  await third.getByLabel('Day').selectOption('Friday');
  await third.getByLabel('From').fill('14:00');
  await third.getByLabel('To').fill('15:00');
  await page.getByRole('button', { name: 'Save Plan' }).click();
  await page.waitForURL('**/packages');

  await page.getByRole('searchbox', { name: 'Search packages' }).fill(name);
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Visit Plan' }).click();
  await expect(dialog.getByRole('listitem')).toHaveText(['Monday 09:30–10:30', 'Tuesday 09:30–10:30', 'Friday 14:00–15:00']);
});

test('on a phone the plan’s visits stand as cards, each within the screen', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await withPageToken(page, () => signIn('Admin'));
  const name = unique('Evening visits');
  const pkg = await aPackage(api, name);
  await api.visitPlans.set.mutate({ packageId: pkg.id, visits: [{ weekday: 2, start: '18:00', end: '19:00' }], anyTime: { hours: 2 } });

  await page.goto(`/packages/plan/${pkg.id}`);
  const visit = page.getByRole('listitem', { name: 'Visit 1' });
  await expect(visit.getByLabel('Day')).toHaveValue('2');
  await expect(page.getByRole('status').filter({ hasText: 'hours a week' })).toHaveText("The plan gives the package's 3 hours a week.");
  const box = await visit.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(await violationsNow(page, '/packages/plan at 390 px')).toEqual([]);
});

test('a coordinator records when a carer can work, and the plan says which visits fall outside it', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const name = unique('Afternoons');
  const pkg = await aPackage(api, name);

  await page.goto(`/mps?view=${pkg.carerId}`);
  const view = page.getByRole('dialog');
  await view.getByRole('tab', { name: 'Availability' }).click();
  await expect(view.getByText('Not said yet: any time is taken as possible.')).toBeVisible();
  await view.getByRole('button', { name: 'Edit availability' }).click();
  await view.getByRole('button', { name: 'Add a time' }).click();
  const time = view.getByRole('group', { name: 'Time 1' });
  await time.getByRole('textbox', { name: 'From', exact: true }).fill('08:00');
  await time.getByRole('textbox', { name: 'To', exact: true }).fill('12:00');
  await view.getByRole('button', { name: 'Add time off' }).click();
  const off = view.getByRole('group', { name: 'Time off 1' });
  await off.getByRole('textbox', { name: 'From', exact: true }).fill('2030-08-01');
  await off.getByRole('textbox', { name: 'To', exact: true }).fill('2030-08-14');
  await off.getByLabel('Why (optional)').fill('Holiday');
  expect(await violationsNow(page, 'a carer’s availability, being edited')).toEqual([]);
  await view.getByRole('button', { name: 'Save availability' }).click();
  await expect(view.getByRole('region', { name: 'Can work' })).toContainText('Monday 08:00–12:00');
  await expect(view.getByRole('region', { name: 'Time off' })).toContainText('1 Aug 2030 to 14 Aug 2030: Holiday');
  await screenshotsOf(page, 'carer-availability');

  await page.setViewportSize({ width: 1280, height: 900 });
  const plan = await api.visitPlans.set.mutate({ packageId: pkg.id, visits: [{ weekday: 1, start: '09:00', end: '10:00' }, { weekday: 1, start: '14:00', end: '15:00' }] });
  expect(plan.warnings).toHaveLength(1);
  await page.goto(`/packages/plan/${pkg.id}`);
  await expect(page.getByRole('list', { name: 'Outside the carer’s times' })).toHaveText(/^Monday 14:00–15:00 is outside the times .+ said they can work$/);
});
