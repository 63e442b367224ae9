import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { todayIn } from '@/shared/dates';
import { newClient } from '@/server/test/builders';
import { expect, searchList, test, withPageToken } from './fixtures';

const CLIENT_HEADERS = ['Client ID', 'Name', 'Date of Birth', 'Post Code', 'Services', 'Has AA?', 'Deprivation'];

/** Presses Export CSV and reads the file the browser saved: its name, whether it starts with the UTF-8 byte-order mark, and its rows. */
async function exportCsv(page: Page) {
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await saved;
  const bytes = await readFile(await download.path());
  const startsWithBom = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
  return { name: download.suggestedFilename(), startsWithBom, rows: parse(bytes, { bom: true }) as string[][] };
}

test('Export CSV on the clients list downloads the searched and filtered rows, formula-like text kept as text', async ({ page, signIn }) => {
  const api = await withPageToken(page, () => signIn('Coordinator'));
  const tag = Math.random().toString(36).slice(2, 7);
  // A custom ID may be any text, so it may start with "=".
  const zoeInput = newClient({ name: `Zoë Exportwell ${tag}`, services: ['Personal Care', 'Domestic'] });
  const zoe = await api.clients.create.mutate({ ...zoeInput, details: { ...zoeInput.details, customId: '=1+1' } });
  await api.clients.create.mutate(newClient({ name: `Zachary Exportwell ${tag}` }));

  await page.goto('/clients');
  await searchList(page, `Zoë Exportwell ${tag}`);
  await expect(page.getByText('Total: 1')).toBeVisible();
  const searched = await exportCsv(page);
  expect(searched.name).toBe(`clients-${todayIn()}.csv`);
  expect(searched.startsWithBom).toBe(true);
  expect(searched.rows).toHaveLength(2);
  expect(searched.rows[0]).toEqual(CLIENT_HEADERS);
  expect(searched.rows[1]!.slice(0, 2)).toEqual(["'=1+1", zoe.details.name]);
  expect(searched.rows[1]![4]).toBe('Personal Care, Domestic');

  // Both clients by the search, then one of them by the Name column's filter.
  await searchList(page, `Exportwell ${tag}`);
  await expect(page.getByText('Total: 2')).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter Name' }).fill('Zachary');
  await expect(page.getByText('Total: 1')).toBeVisible();
  const filtered = await exportCsv(page);
  expect(filtered.rows.map((row) => row[1])).toEqual(['Name', `Zachary Exportwell ${tag}`]);
});
