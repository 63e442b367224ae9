import { expect, saveNewPerson, searchList, signInAs, test } from './fixtures';
import { e2eUser } from './users';

test('two people edit the same client: the second is told, and keeps what they typed', async ({ browser, page, signIn }) => {
  await signIn('Admin');
  const name = `Shared Record ${Math.random().toString(36).slice(2, 7)}`;
  await page.goto('/clients/create');
  await saveNewPerson(page, 'Client', name, { dateOfBirth: '1939-05-01' });

  // A colleague opens the same client in another browser.
  const other = await browser.newContext();
  const colleague = await other.newPage();
  await signInAs(colleague, e2eUser('Coordinator'));

  const openEdit = async (p: typeof page) => {
    await p.goto('/clients');
    await searchList(p, name);
    await p.getByRole('button', { name: `Actions for ${name}` }).click();
    await p.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(p.getByRole('heading', { name: 'Edit Client' })).toBeVisible();
  };
  await openEdit(page);
  await openEdit(colleague);

  await page.getByLabel('Phone').fill('01984 111111');
  await page.getByRole('button', { name: 'Update Client' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');
  await searchList(page, name);

  await colleague.getByLabel('Phone').fill('01984 222222');
  await colleague.getByLabel('Referred by').fill('GP surgery');
  await colleague.getByRole('button', { name: 'Update Client' }).click();
  await expect(colleague.getByText('Error: This record was changed by someone else. Reload to see the latest version.')).toBeVisible();
  await expect(colleague).toHaveURL(/\/clients\/edit\//);
  await expect(colleague.getByLabel('Phone')).toHaveValue('01984 222222');
  await expect(colleague.getByLabel('Referred by')).toHaveValue('GP surgery');
  await other.close();

  // The first change stands.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page.getByRole('dialog', { name }).getByText('01984 111111')).toBeVisible();
});
