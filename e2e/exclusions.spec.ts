import { MAX_WEEKLY_HOURS } from '@/shared/constants';
import { newCarer, newClient } from '@/server/test/builders';
import { expect, test, withPageToken } from './fixtures';

/** A name no other test (running in parallel on the same server) uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

test('a Coordinator marks a carer not to match a client, sees it on both views and last in the suggestions, then removes it', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const clientName = unique('Edna Pollard');
  const client = await api.clients.create.mutate(newClient({ name: clientName, services: ['Domestic'] }));
  const request = await api.requests.create.mutate({ clientId: client.id, startDate: '2025-01-06', details: { weeklyHours: 6, services: ['Domestic'] } });
  // Two carers who would both be suggested near the top: the same locality, the service, every hour free.
  const ideal = (name: string) => {
    const carer = newCarer({ name });
    return { ...carer, details: { ...carer.details, services: ['Domestic' as const], weeklyHoursAvailable: MAX_WEEKLY_HOURS } };
  };
  const mpName = unique('Martin Avery');
  const mp = await api.mps.create.mutate(ideal(mpName));
  const volunteerName = unique('Vera Lane');
  await api.volunteers.create.mutate(ideal(volunteerName));
  const reason = 'Former neighbour; the family asked';

  // The client's view: the Do not match tab, empty, then a carer added with a reason.
  await page.goto(`/clients?view=${client.id}`);
  const clientView = page.getByRole('dialog', { name: clientName });
  await clientView.getByRole('tab', { name: 'Do not match' }).click();
  await expect(clientView.getByText('No carers are marked not to match with this client')).toBeVisible();
  const add = clientView.getByRole('form', { name: 'Add a carer not to match' });
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('Choose a carer')).toBeVisible();
  await expect(add.getByText('Give a reason')).toBeVisible();
  // By keyboard: type to narrow, Enter to choose, Tab on to the reason (the dialog must not take the focus).
  await add.getByRole('combobox', { name: 'Carer', exact: true }).fill(mpName);
  await expect(page.getByRole('listbox').getByRole('option').filter({ hasText: mpName })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(add.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await page.keyboard.type(reason);
  await page.keyboard.press('Enter');
  const listed = clientView.getByRole('region', { name: 'Do not match' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(mpName);
  await expect(listed).toContainText('MP');
  await expect(listed).toContainText(reason);
  await expect(add.getByRole('textbox', { name: 'Reason' })).toHaveValue('');

  // The MP's view lists the client and why.
  await page.goto(`/mps?view=${mp.id}`);
  const mpView = page.getByRole('dialog', { name: mpName });
  await mpView.getByRole('tab', { name: 'Does not work with' }).click();
  await expect(mpView.getByRole('listitem')).toContainText(clientName);
  await expect(mpView.getByRole('listitem')).toContainText(reason);

  // The request's suggestions put the MP last, marked and with the reason; the volunteer is not marked.
  await page.goto(`/requests?view=${request.id}`);
  const requestView = page.getByRole('dialog');
  await requestView.getByRole('tab', { name: 'Suggested carers' }).click();
  const suggestions = requestView.getByRole('region', { name: 'Suggested carers' });
  await expect(suggestions.getByRole('listitem').first()).toBeVisible();
  const showAll = suggestions.getByRole('button', { name: /^Show all/ });
  if (await showAll.isVisible()) await showAll.click();
  const last = suggestions.getByRole('listitem').last();
  await expect(last).toContainText(mpName);
  await expect(last).toContainText('Do not match');
  await expect(last).toContainText(`Not to be matched with this client: ${reason}`);
  const volunteerRow = suggestions.getByRole('listitem').filter({ hasText: volunteerName });
  await expect(volunteerRow).not.toContainText('Do not match');

  // Start package opens the form with the request and that carer chosen.
  await volunteerRow.getByRole('button', { name: `Start a package with ${volunteerName}` }).click();
  await expect(page.getByRole('heading', { name: 'Add Package' })).toBeVisible();
  await expect(page.getByText(`${volunteerName} · Volunteer · Wiveliscombe`, { exact: false })).toBeVisible();
  await expect(page.getByText(clientName, { exact: false }).first()).toBeVisible();

  // Removing asks first, then the list is empty again.
  await page.goto(`/clients?view=${client.id}`);
  await clientView.getByRole('tab', { name: 'Do not match' }).click();
  await clientView.getByRole('button', { name: `Remove ${mpName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${mpName} from the do-not-match list?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(listed).toHaveCount(1);
  await clientView.getByRole('button', { name: `Remove ${mpName}` }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(clientView.getByText('No carers are marked not to match with this client')).toBeVisible();
  expect((await api.clients.getById.query({ id: client.id })).exclusions).toEqual([]);
});
