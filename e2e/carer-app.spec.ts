import { newCarer } from '@/server/test/builders';
import { expect, test, withPageToken } from './fixtures';

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

for (const width of [1280, 390]) {
  test(`at ${width} px a Coordinator invites a volunteer to the carer app from their view, passes the link on, and ends their access`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height: 800 });
    const api = await withPageToken(page, () => signIn('Coordinator'));
    const name = unique('Valerie Phone');
    const email = `${name.split(' ').at(-1)}@carers.example`;
    const base = newCarer({ name });
    const carer = await api.volunteers.create.mutate({ ...base, details: { ...base.details, email } });

    await page.goto(`/volunteers?view=${carer.id}`);
    const view = page.getByRole('dialog', { name });
    const item = view.getByRole('definition').filter({ has: page.getByRole('button', { name: 'Invite to the carer app' }) });
    await expect(item).toContainText('Not invited');
    await item.getByRole('button', { name: 'Invite to the carer app' }).click();

    // No mail server here: the link is shown once, to pass on.
    const link = page.getByRole('dialog', { name: `Link for ${name}` });
    await expect(link.getByText(`Give it to ${email} alone`)).toBeVisible();
    await expect(link.getByLabel('Link')).toHaveValue(/^https?:\/\/.+/);
    await link.getByRole('button', { name: 'Done' }).click();
    await expect(view.getByText('Invited — not signed in yet')).toBeVisible();

    await view.getByRole('button', { name: 'End access to the carer app' }).click();
    await page.getByRole('alertdialog', { name: `End ${name}'s access to the carer app?` }).getByRole('button', { name: 'End access' }).click();
    await expect(view.getByText('Access ended')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Invite to the carer app' })).toBeVisible();
    expect((await api.carerApp.getStatus.query({ carerId: carer.id })).state).toBe('ended');
  });
}

test('an Admin invites an MP to the carer app from the MP’s edit form, without losing what was typed there', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Admin'));
  const name = unique('Morgan Phone');
  const email = `${name.split(' ').at(-1)}@carers.example`;
  const base = newCarer({ name });
  const carer = await api.mps.create.mutate({ ...base, details: { ...base.details, email } });

  await page.goto(`/mps/edit/${carer.id}`);
  await page.getByLabel('Capacity').fill('Occasional');
  await expect(page.getByRole('heading', { name: 'Carer app', level: 2 })).toBeVisible();
  // The status and its buttons: the definition of "On their phone".
  const section = page.getByRole('definition').filter({ hasText: /Not invited|Invited/ });
  await expect(section.getByText('Not invited')).toBeVisible();
  await section.getByRole('button', { name: 'Invite to the carer app' }).click();
  const link = page.getByRole('dialog', { name: `Link for ${name}` });
  await expect(link.getByText(`Give it to ${email} alone`)).toBeVisible();
  await link.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText('Invited — not signed in yet')).toBeVisible();
  // The form still holds what was typed, unsaved.
  await expect(page.getByLabel('Capacity')).toHaveValue('Occasional');
  expect((await api.carerApp.getStatus.query({ carerId: carer.id })).state).toBe('invited');
});
