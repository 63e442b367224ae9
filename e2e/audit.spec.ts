import type { Page } from '@playwright/test';
import { expect, saveNewPerson, searchList, test } from './fixtures';

test('an Admin reads a client’s history in its dialog and finds the change on the audit screen', async ({ page, signIn }) => {
  const admin = await signIn('Admin');
  const name = `Audited ${Math.random().toString(36).slice(2, 7)}`;
  await page.goto('/clients/create');
  await saveNewPerson(page, 'Client', name, { dateOfBirth: '1936-02-11' });
  await searchList(page, name);

  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('tab', { name: 'History' }).click();
  const history = dialog.getByRole('list', { name: 'History' });
  // In words, the record's name beside what was done, by the name of who did it.
  await expect(history).toContainText(`Created client ${name} by ${admin.givenName} ${admin.familyName}`);
  await expect(history).toContainText(`Name: (empty) → ${name}`);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  // Found by the record's name however typed, and by the name of who acted.
  await page.getByLabel('Record name').fill(name.toUpperCase());
  await page.getByLabel('Who (name or e-mail)').fill(`${admin.givenName} ${admin.familyName}`.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('row').filter({ hasText: `Created client ${name}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(admin.email);
});

test('a Coordinator has no audit trail: no menu item, and the screen says No access', async ({ page, signIn }) => {
  await signIn('Coordinator');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});

/** A phone number no other test uses. */
const uniquePhone = () => `01984 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

async function createClientWithPhone(page: Page, name: string, phone: string) {
  await page.goto('/clients/create');
  await saveNewPerson(page, 'Client', name, { dateOfBirth: '1936-02-11', fill: { Phone: phone } });
  await searchList(page, name);
}

test('a changed phone reads "Phone: old → new" on the audit screen, with no JSON, at 1280 and 390 px', async ({ page, signIn }) => {
  await signIn('Admin');
  const name = `Rephoned ${Math.random().toString(36).slice(2, 7)}`;
  const [before, after] = [uniquePhone(), uniquePhone()];
  await createClientWithPhone(page, name, before);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Client' })).toBeVisible();
  await page.getByLabel('Phone').fill(after);
  await page.getByRole('button', { name: 'Update Client' }).click();
  await page.waitForURL((url) => url.pathname === '/clients');

  const line = `Phone: ${before} → ${after}`;
  await page.goto('/audit');
  await page.getByLabel('Procedure').fill('clients.update');
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByRole('row').filter({ hasText: line });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Updated client ${name}`);
  await expect(row.getByRole('listitem').filter({ hasText: after })).toHaveText(line);
  // The stored changes are read as words, not shown as the JSON they are kept in.
  await expect(row).not.toContainText('{');
  await expect(row).not.toContainText('"');
  await expect(page.getByRole('table')).not.toContainText('{"');

  // On a phone each entry is a card, its lines wrapped within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').filter({ hasText: `Updated client ${name} by` }).filter({ hasText: line });
  await expect(card).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: after })).toHaveText(line);
  await expect(card).not.toContainText('{');
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
