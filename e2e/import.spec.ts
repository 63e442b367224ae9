import { readFileSync } from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import { expect, searchList, test } from './fixtures';

test('an Admin uploads a CSV, sees the problem, chooses the column, imports and finds the clients; Export all data downloads JSON', async ({ page, signIn }, testInfo) => {
  await signIn('Admin');
  // Mixed case, as a name is written, so tidy capitals leave it as it is.
  const marker = `Q${Math.random().toString(36).slice(2, 7)}`;
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
  await page.getByRole('button', { name: 'Export all data as JSON' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^valecare-export-\d{4}-\d{2}-\d{2}\.json$/);
  const bundle = JSON.parse(readFileSync((await saved.path())!, 'utf8')) as { clients: { details: { name: string } }[] };
  expect(bundle.clients.map((c) => c.details.name)).toContain(`Imogen ${marker}`);

  const workbookDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all data as a workbook (.xlsx)' }).click();
  const workbook = await workbookDownload;
  expect(workbook.suggestedFilename()).toMatch(/^valecare-export-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const clients = await readSheet(readFileSync((await workbook.path())!), 'Clients');
  expect(clients[0]).toContain('Name');
  expect(clients.map((row) => row[clients[0]!.indexOf('Name')])).toContain(`Imogen ${marker}`);
});

for (const width of [1280, 390]) {
  test(`at ${width} px a first file shows its rows as stored and a repeated row, and imports the good rows with the others skipped`, async ({ page, signIn }, testInfo) => {
    if (width === 390) await page.setViewportSize({ width: 390, height: 844 });
    await signIn('Admin');
    const marker = `${width}${Math.random().toString(36).slice(2, 6)}`;
    const surname = `Smith${marker}`;
    const csv = [
      'Client ID,Name,Date of birth,Post code,Attendance allowance',
      `C${marker}1,margaret ${surname},03/04/1950,ta1 1aa,No`,
      `C${marker}2,Beth Evans${marker},12/05/1948,TA2 2BB,Yes`,
      `C${marker}1,margaret ${surname},03/04/1950,ta1 1aa,No`,
    ].join('\r\n');
    const file = testInfo.outputPath('first.csv');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, csv));
    /** A table on a wide screen, its cards on a phone: whichever shows. */
    const shown = (label: string) => page.getByLabel(label, { exact: true }).filter({ visible: true });

    await page.goto('/import');
    await page.getByLabel('File', { exact: true }).setInputFiles(file);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();

    const rows = shown('Rows as they will be stored');
    await expect(rows).toContainText(`Margaret ${surname}`);
    await expect(rows).toContainText('3 Apr 1950');
    await expect(rows).toContainText('TA1 1AA');
    await expect(rows).toContainText('Repeats an earlier row: imported once');
    await expect(shown('Warnings')).toContainText(`Row 4 repeats row 2: Margaret ${surname}, 3 April 1950`);
    await expect(shown('Problems')).toContainText('"Yes" is not one of No, Pending, Low, High');
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    await page.getByLabel('Rows with problems').selectOption({ label: 'Import the good rows and skip the others' });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByText('1 row with problems will be skipped')).toBeVisible();
    await expect(rows).toContainText('Problem: skipped');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Imported: 1 new, 0 updated; 1 row skipped')).toBeVisible();
    await expect(shown('Skipped rows')).toContainText('Attendance allowance');
    const skippedFile = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the skipped rows' }).click();
    const skipped = readFileSync((await (await skippedFile).path())!, 'utf8');
    expect(skipped).toContain('3,Attendance allowance,"""Yes"" is not one of No, Pending, Low, High"');

    const templateFile = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download a template with the headings it reads' }).click();
    const template = await templateFile;
    expect(template.suggestedFilename()).toBe('clients-template.csv');
    expect(readFileSync((await template.path())!, 'utf8')).toContain('Post code');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('a Coordinator has no Import item', async ({ page, signIn }) => {
  await signIn('Coordinator');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Import' })).toHaveCount(0);
});
