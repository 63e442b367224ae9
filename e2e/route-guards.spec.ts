import type { Page } from '@playwright/test';
import { expect, saveNewPerson, searchList, signInAs, test } from './fixtures';
import { e2eUser } from './users';

/** An address a role may not use shows the No access page at once: no form to fill and lose on save. */
async function expectNoAccess(page: Page, address: string) {
  await page.goto(address);
  await expect(page.getByRole('heading', { name: 'No access' }), address).toBeVisible();
  await expect(page.locator('form'), address).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Create|Update|Renew)/ }), address).toHaveCount(0);
}

test('Finance gets No access on every create, edit and renew address', async ({ browser, page, signIn }) => {
  // Every create, edit and renew address, and a second browser's sign-in (22 s under .ci/run): three times that and more.
  test.setTimeout(270_000);
  // A real client, so the edit address is one that would otherwise load a form.
  const coordinator = await browser.newPage();
  await signInAs(coordinator, e2eUser('Coordinator'));
  await coordinator.goto('/clients/create');
  const name = `Guarded Client ${Math.random().toString(36).slice(2, 7)}`;
  await saveNewPerson(coordinator, 'Client', name, { dateOfBirth: '1941-02-03' });
  // The list is long and sorted by surname: find the new client before opening its menu.
  await searchList(coordinator, name);
  await coordinator.getByRole('button', { name: `Actions for ${name}` }).click();
  await coordinator.getByRole('menuitem', { name: 'Edit' }).click();
  await coordinator.waitForURL(/\/clients\/edit\//);
  const editAddress = new URL(coordinator.url()).pathname;
  await coordinator.close();

  await signIn('Finance');
  for (const address of [
    '/clients/create',
    editAddress,
    '/requests/create',
    '/requests/edit?id=rmissing',
    '/requests/renew?id=rmissing',
    '/packages/create',
    '/packages/edit/pmissing',
    '/packages/renew/pmissing',
    '/volunteers/create',
    '/volunteers/edit/vmissing',
    '/mps/create',
    '/mag/new',
    '/mag/edit/gmissing',
    '/records/create?ownerId=vmissing',
  ]) {
    await expectNoAccess(page, address);
  }
});

test('a Trustee gets No access on create addresses', async ({ page, signIn }) => {
  await signIn('Trustee');
  for (const address of ['/clients/create', '/mps/create', '/packages/create', '/packages/renew/pmissing', '/records/create?ownerId=mmissing']) {
    await expectNoAccess(page, address);
  }
});
