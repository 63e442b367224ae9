import { expect, test } from './fixtures';

test('an Admin reads a client’s history in its dialog and finds the change on the audit screen', async ({ page, signIn }) => {
  await signIn('Admin');
  const name = `Audited ${Math.random().toString(36).slice(2, 7)}`;
  await page.goto('/clients/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Date of birth').fill('1936-02-11');
  await page.getByLabel('Post code').fill('TA4 2AB');
  await page.getByRole('button', { name: 'Create Client' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('tab', { name: 'History' }).click();
  const history = dialog.getByRole('list', { name: 'History' });
  await expect(history).toContainText('clients.create by admin@valecare.test');
  await expect(history).toContainText(`details.name: (empty) → ${name}`);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  await page.getByLabel('Procedure').fill('clients.create');
  await page.getByLabel('User e-mail').fill('admin@valecare.test');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) }).first()).toBeVisible();
});

test('a Coordinator has no audit trail: no menu item, and the screen says No access', async ({ page, signIn }) => {
  await signIn('Coordinator');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});
