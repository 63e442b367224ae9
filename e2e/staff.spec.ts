import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, searchList, test } from './fixtures';

/** Screenshots of the screen and its dialog, for looking at by eye (SHOTS_DIR=<folder> to keep them). */
async function shot(page: Page, name: string) {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}.png` });
}

test('an Admin adds a Coordinator, changes their role, disables and enables them, and cannot remove themselves', async ({ page, signIn }) => {
  const admin = await signIn('Admin');
  const marker = Math.random().toString(36).slice(2, 7);
  const email = `cora.${marker}@valecare.test`;
  const name = `Cora ${marker}`;

  await page.getByRole('navigation').getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await shot(page, 'staff-1280');

  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog.getByText('E-mail address is required')).toBeVisible();
  await expect(dialog.getByText('Given name is required')).toBeVisible();
  await shot(page, 'add-dialog-errors-1280');
  await dialog.getByLabel('E-mail address').fill(email);
  // Closing with something typed asks first.
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Stay' }).click();
  await dialog.getByLabel('Given name').fill('Cora');
  await dialog.getByLabel('Family name').fill(marker);
  await dialog.getByLabel('Role').selectOption('Coordinator');
  await shot(page, 'add-dialog-1280');
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByText(`Added ${name} as Coordinator`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // This server has no mail server: the link is the Admin's to pass on, shown once.
  const passOn = page.getByRole('dialog', { name: `Link for ${name}` });
  await expect(passOn.getByText('No mail server is set up: copy this link and pass it on')).toBeVisible();
  await expect(passOn.getByLabel('Link')).toHaveValue(/\/auth\/password\/[A-Za-z0-9_-]{20,}$/);
  await shot(page, 'pass-on-link-1280');
  await passOn.getByRole('button', { name: 'Done' }).click();
  await expect(passOn).toBeHidden();

  await searchList(page, marker);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Coordinator');
  await expect(row).toContainText('Not set up');
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  // The same address again is refused in the dialog.
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await dialog.getByLabel('E-mail address').fill(email.toUpperCase());
  await dialog.getByLabel('Given name').fill('Other');
  await dialog.getByLabel('Family name').fill('Person');
  await dialog.getByLabel('Role').selectOption('Finance');
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog.getByText(`There is already an account with the e-mail ${email}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(dialog).toBeHidden();

  const actions = () => page.getByRole('button', { name: `Actions for ${name}` });
  await actions().click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const roleDialog = page.getByRole('dialog', { name: `Change the role of ${name}` });
  await roleDialog.getByLabel('Role').selectOption('Finance');
  await roleDialog.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText(`${name} is now Finance`)).toBeVisible();
  await expect(row).toContainText('Finance');

  await actions().click();
  await shot(page, 'row-menu-1280');
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await shot(page, 'confirm-disable-1280');
  await page.getByRole('alertdialog', { name: `Disable ${name}?` }).getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`Disabled ${name}`)).toBeVisible();
  await expect(row).toContainText('Disabled');
  await actions().click();
  await page.getByRole('menuitem', { name: 'Enable' }).click();
  await expect(page.getByText(`Enabled ${name}`)).toBeVisible();
  await expect(row).toContainText('Active');

  // Their own row offers no Disable or Remove (the server refuses both too).
  await searchList(page, admin.email);
  const own = `${admin.givenName} ${admin.familyName}`;
  const ownRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: admin.email, exact: true }) });
  await ownRow.getByRole('button', { name: `Actions for ${own}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Change role' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Remove' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Disable' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(ownRow).toContainText('Active');

  // On a phone each account is a card, within the screen's width.
  await searchList(page, '');
  await page.setViewportSize({ width: 390, height: 844 });
  await searchList(page, marker);
  const card = page.getByRole('list', { name: 'Staff' }).getByRole('article', { name });
  await expect(card).toContainText(email);
  await expect(card).toContainText('Finance');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await searchList(page, '');
  await shot(page, 'staff-390');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog).toBeVisible();
  await shot(page, 'add-dialog-390');
});

test('a Coordinator has no Staff item, and /staff says No access', async ({ page, signIn }) => {
  await signIn('Coordinator');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Records' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});
