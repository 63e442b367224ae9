import { readFile } from 'node:fs/promises';
import { expect, saveNewPerson, searchList, test } from './fixtures';

test('export a client, then anonymise them: gone by name everywhere, shown only as anonymised', async ({ page, signIn }) => {
  await signIn('Admin');
  const first = `Ezra${Math.random().toString(36).slice(2, 7)}`;
  const name = `${first} Erasable`;
  // Someone else's record names them by first name only: anonymising cannot tell, so it asks.
  const referrer = `Referred ${Math.random().toString(36).slice(2, 7)}`;
  await page.goto('/clients/create');
  await saveNewPerson(page, 'Client', referrer, { dateOfBirth: '1940-01-01', fill: { 'Referred by': `${first} at church` } });

  await page.goto('/clients/create');
  await saveNewPerson(page, 'Client', name, { dateOfBirth: '1933-08-19', fill: { Phone: '01984 909090' } });
  await searchList(page, name);

  const openDataProtection = async () => {
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('tab', { name: 'Data protection' }).click();
    return dialog;
  };

  // Subject access: the file downloads and holds the person's details.
  const dialog = await openDataProtection();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download JSON' }).click()]);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(exported.person.details.name).toBe(name);
  expect(exported.person.details.phone).toBe('01984 909090');

  // Erasure: the confirmation names the person; it cannot be dismissed by clicking outside.
  await dialog.getByRole('button', { name: 'Anonymise' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Anonymise ${name}?` });
  await expect(confirm).toContainText('This cannot be undone.');
  await page.mouse.click(5, 5);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Anonymise' }).click();
  await expect(confirm).toBeHidden();

  // The dialog stays on what is left to check, with a link to the other record.
  const anonymised = page.getByRole('dialog', { name: /Anonymised client/ });
  await expect(anonymised.getByText('This person has been anonymised.')).toBeVisible();
  const check = anonymised.getByRole('status').filter({ hasText: 'Check this record' });
  await expect(check).toContainText(`referred by: “${first}”`);
  await expect(check.getByRole('link', { name: /^Client c/ })).toHaveAttribute('href', /^\/clients\?view=c/);
  await page.keyboard.press('Escape');
  await expect(anonymised).toBeHidden();

  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show Archived' }).click();
  await page.getByLabel('Search clients').fill(name);
  await expect(page.getByText('Total: 0')).toBeVisible();
  await page.getByLabel('Search clients').fill('Anonymised client');
  await expect(page.getByRole('row', { name: /Anonymised client .*Anonymised/ }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: /Anonymised client/ }).first()).toContainText('1933');

  // Nor does the audit trail name them any more.
  await page.goto('/audit');
  await page.getByLabel('Procedure').fill('clients.create');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});
