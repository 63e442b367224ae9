import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportAnswer, IMPORT_PATH, MAX_UPLOAD_BYTES } from '@/shared/import-api';
import { clients } from '@/server/db/schema/people';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { importContent } from './import-file';
import { readSpreadsheet } from './spreadsheet';

// Spreadsheets through the Import screen's upload: all or nothing, rows and columns named, accents kept.

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.idToken('Admin');
});
afterAll(() => t.close());

async function upload(content: Buffer, query: Record<string, string>) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${IMPORT_PATH}?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: content,
  });
  return { status: response.statusCode, body: response.json() as ImportAnswer & { error?: string } };
}

const clientsNamed = (names: string[]) =>
  t.database.db.select({ name: clients.name, postCode: clients.postCode }).from(clients).where(inArray(clients.name, names)).orderBy(asc(clients.name));

describe('a CSV of clients', () => {
  it('with one bad row imports nothing and names the row and column; fixed, every row is in', async () => {
    const bad = fixture('clients-bad-date.csv');
    const names = ['Ann Smith', 'Bob Jones', 'Cara Lee'];

    const preview = await upload(bad, { fileName: 'clients.csv', type: 'clients', dryRun: 'true' });
    expect(preview.status).toBe(200);
    expect(preview.body.problems).toEqual([{ kind: 'clients', index: 3, column: 'Date of birth', message: '31/02/2024 is not a real date' }]);
    expect(preview.body.sheet?.headers).toEqual(['Name', 'Date of birth', 'Post code']);

    const refused = await upload(bad, { fileName: 'clients.csv', type: 'clients' });
    expect(refused.status).toBe(422);
    expect(refused.body.problems.map((p) => [p.index, p.column])).toEqual([[3, 'Date of birth']]);
    expect(await clientsNamed(names)).toEqual([]);

    const fixed = Buffer.from(bad.toString('utf8').replace('31/02/2024', '28/02/1944'));
    const done = await upload(fixed, { fileName: 'clients.csv', type: 'clients' });
    expect(done.status).toBe(200);
    expect(done.body.counts.clients).toEqual({ create: 3, update: 0, skip: 0 });
    expect((await clientsNamed(names)).map((c) => c.name)).toEqual(names);

    // Again: every row is a likely duplicate of its client, skipped, and named in the warnings.
    const again = await upload(fixed, { fileName: 'clients.csv', type: 'clients', dryRun: 'true' });
    expect(again.body.counts.clients).toEqual({ create: 0, update: 0, skip: 3 });
    expect(again.body.warnings.map((w) => w.index)).toEqual([2, 3, 4]);
  });

  it('with a column its headings do not name, is refused until the person chooses the column', async () => {
    const csv = Buffer.from('Name,Where (post code)\r\nDora Mapped,TA4 2AE\r\n');
    const first = await upload(csv, { fileName: 'people.csv', type: 'clients', dryRun: 'true' });
    expect(first.body.problems.map((p) => p.message)).toEqual(['No column is chosen for Post code']);
    const mapping = { ...first.body.sheet!.mapping, postCode: 1 };
    const chosen = await upload(csv, { fileName: 'people.csv', type: 'clients', mapping: JSON.stringify(mapping) });
    expect(chosen.status).toBe(200);
    expect(await clientsNamed(['Dora Mapped'])).toEqual([{ name: 'Dora Mapped', postCode: 'TA4 2AE' }]);
  });

  it('as Excel writes it (Windows-1252), and an XLSX workbook, import with accents intact', async () => {
    const excel = await upload(fixture('clients-windows-1252.csv'), { fileName: 'clients-windows-1252.csv', type: 'clients' });
    expect(excel.status).toBe(200);
    expect((await clientsNamed(['Renée Dubois', 'Günther Brück'])).map((c) => c.name)).toEqual(['Günther Brück', 'Renée Dubois']);

    const workbook = await upload(fixture('clients.xlsx'), { fileName: 'clients.xlsx', type: 'clients', onDuplicate: 'skip' });
    expect(workbook.status, JSON.stringify(workbook.body).slice(0, 500)).toBe(200);
    const created = workbook.body.counts.clients.create + workbook.body.counts.clients.skip;
    expect(created).toBeGreaterThan(0);
    // The workbook's names, as its cells hold them, are stored letter for letter.
    const sheet = await readSpreadsheet(fixture('clients.xlsx'), 'clients.xlsx');
    const accented = sheet.rows.map((row) => row.cells[0]!).filter((name) => /[À-ž]/.test(name));
    expect(accented.length).toBeGreaterThan(0);
    expect((await clientsNamed(accented)).map((c) => c.name).sort()).toEqual([...accented].sort());
  });

  it('refuses a file that is not a spreadsheet with a clear message and writes nothing', async () => {
    const picture = await upload(fixture('picture.csv'), { fileName: 'picture.csv', type: 'clients' });
    expect(picture.status).toBe(400);
    expect(picture.body.error).toBe('This is not a CSV or XLSX file');
    const noType = await upload(fixture('clients-bad-date.csv'), { fileName: 'clients.csv' });
    expect(noType.status).toBe(400);
    expect(noType.body.error).toMatch(/say which/);
  });
});

it('a file over the upload limit is refused in words, before it is read', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: `${IMPORT_PATH}?fileName=huge.json`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20),
  });
  expect(response.statusCode).toBe(413);
  expect(response.json()).toEqual({ error: 'The file is larger than 100 MB: nothing was imported' });
});

it('npm run import reads a spreadsheet of the kind it is told', async () => {
  const options = { onDuplicate: 'skip' as const, dryRun: false, actor: { email: 'importer@valecare.test', role: 'Admin' as const }, today: '2026-11-24' };
  const csv = Buffer.from('Name,Post code\r\nEdie Commandline,TA4 2AF\r\n');
  await expect(importContent(t.database.db, csv, 'people.csv', options)).rejects.toThrow(/say which/);
  const done = await importContent(t.database.db, csv, 'people.csv', { ...options, kind: 'clients' });
  expect(done.counts.clients.create).toBe(1);
  expect(await clientsNamed(['Edie Commandline'])).toEqual([{ name: 'Edie Commandline', postCode: 'TA4 2AF' }]);
});
