import { readFileSync } from 'node:fs';
import { expect, searchList, test } from './fixtures';

test('an Admin uploads a CSV, sees the problem, chooses the column, imports and finds the clients; Export all data downloads JSON', async ({ page, signIn }, testInfo) => {
  await signIn('Admin');
  const marker = Math.random().toString(36).slice(2, 7);
  const csv = `Name,Born,Where (post code)\r\nImogen ${marker},02/03/1941,TA4 2AB\r\nIvor ${marker},1938-11-30,TA21 9QQ\r\n`;
  const file = testInfo.outputPath('people.csv');
  await import('node:fs/promises').then((fs) => fs.writeFile(file, csv));

  await page.getByRole('navigation').getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await expect(page.getByLabel('What it holds')).toHaveValue('clients');
  await page.getByRole('button', { name: 'Preview' }).click();

  // The post code's column has a heading the importer does not know: a problem, and nothing can be imported.
  const problems = page.getByRole('table', { name: 'Problems' });
  await expect(problems).toContainText('No column is chosen for Post code');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  await page.getByLabel('Post code', { exact: true }).selectOption('Where (post code)');
  await page.getByRole('button', { name: 'Preview again' }).click();
  await expect(problems).toBeHidden();
  await expect(page.getByRole('table', { name: 'What would be imported' })).toContainText('clients');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported: 2 new, 0 updated')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
  await searchList(page, marker);
  await expect(page.getByRole('row').filter({ hasText: `Imogen ${marker}` })).toContainText('TA4 2AB');
  await expect(page.getByRole('row').filter({ hasText: `Ivor ${marker}` })).toContainText('TA21 9QQ');

  await page.getByRole('navigation').getByRole('link', { name: 'Import' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all data' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^valecare-export-\d{4}-\d{2}-\d{2}\.json$/);
  const bundle = JSON.parse(readFileSync((await saved.path())!, 'utf8')) as { clients: { details: { name: string } }[] };
  expect(bundle.clients.map((c) => c.details.name)).toContain(`Imogen ${marker}`);
});

test('a Coordinator has no Import item', async ({ page, signIn }) => {
  await signIn('Coordinator');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Import' })).toHaveCount(0);
});
