import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib, { deflateRawSync } from 'node:zlib';
import { asc, count as count_, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportAnswer, IMPORT_PATH, IMPORT_PROGRESS_PATH, IMPORT_TEMPLATE_PATH, type ImportProgress, MAX_UPLOAD_BYTES } from '@/shared/import-api';
import { clients } from '@/server/db/schema/people';
import { testAppForFile } from '@/server/test/test-app-for-file';
import { importContent } from './import-file';
import { MAX_UNPACKED_BYTES, readSpreadsheet } from './spreadsheet';

// Spreadsheets through the Import screen's upload: all or nothing, rows and columns named, accents kept.

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

const { t } = testAppForFile();
let token: string;
beforeAll(async () => {
  token = await t.idToken('Admin');
});

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

describe("a charity's first file", () => {
  const csv = (...lines: string[]) => Buffer.from(lines.join('\r\n'));
  const firstFile = csv(
    'Client ID,Name,Date of birth,Post code',
    'C901,margaret SMITH,03/04/1950,ta1 1aa',
    'C902,BETH evans,12/05/1948,TA2 2BB',
    ',josé ferreira-jones,01/01/1940,TA3 3CC',
    'C901,margaret SMITH,03/04/1950,TA1 1AA',
    ',JOSÉ FERREIRA-JONES,01/01/1940,TA3 3CC',
  );
  const people = ['Beth Evans', 'José Ferreira-Jones', 'Margaret Smith'];

  it('points out each repeated row, imports each person once with tidy capitals, and changes nothing the second time', async () => {
    const preview = await upload(firstFile, { fileName: 'first.csv', type: 'clients', dryRun: 'true' });
    expect(preview.body.problems).toEqual([]);
    expect(preview.body.counts.clients).toEqual({ create: 3, update: 0, skip: 2 });
    expect(preview.body.warnings.map((w) => [w.index, w.message])).toEqual([
      [5, 'Row 5 repeats row 2: Margaret Smith, 3 April 1950'],
      [6, 'Row 6 repeats row 4: José Ferreira-Jones, 1 January 1940'],
    ]);
    // Each row as it will be stored: capitals tidied, the post code as the charity writes it.
    expect(preview.body.records?.map((r) => [r.index, r.name, r.date, r.postCode, r.outcome])).toEqual([
      [2, 'Margaret Smith', '1950-04-03', 'TA1 1AA', 'create'],
      [3, 'Beth Evans', '1948-05-12', 'TA2 2BB', 'create'],
      [4, 'José Ferreira-Jones', '1940-01-01', 'TA3 3CC', 'create'],
      [5, 'Margaret Smith', '1950-04-03', 'TA1 1AA', 'repeat'],
      [6, 'José Ferreira-Jones', '1940-01-01', 'TA3 3CC', 'repeat'],
    ]);

    expect((await upload(firstFile, { fileName: 'first.csv', type: 'clients' })).status).toBe(200);
    expect((await clientsNamed(people)).map((c) => c.name)).toEqual(people);

    const again = await upload(firstFile, { fileName: 'first.csv', type: 'clients' });
    expect(again.status).toBe(200);
    expect(again.body.counts.clients).toEqual({ create: 0, update: 0, skip: 5 });
    expect(again.body.records?.map((r) => r.outcome)).toEqual(['skip', 'skip', 'skip', 'repeat', 'repeat']);
    expect((await clientsNamed(people)).map((c) => c.name)).toEqual(people);
  });

  it('keeps names as typed when the tidying is turned off', async () => {
    const done = await upload(csv('Name,Post code', 'ZOE lowe,TA4 4DD'), { fileName: 'typed.csv', type: 'clients', tidyCapitals: 'false' });
    expect(done.status).toBe(200);
    expect((await clientsNamed(['ZOE lowe', 'Zoe Lowe'])).map((c) => c.name)).toEqual(['ZOE lowe']);
  });

  it('imports the good rows and skips the others when asked, naming each skipped row and why', async () => {
    const mixed = csv(
      'Name,Date of birth,Post code,Attendance allowance',
      'Gill Good,01/01/1950,TA1 1AA,No',
      'Bert Baddate,31/02/1950,TA1 1AA,No',
      'Gwen Good,02/02/1950,TA1 1AA,Low',
      'Alf Allowance,03/03/1950,TA1 1AA,Yes',
    );
    const names = ['Alf Allowance', 'Bert Baddate', 'Gill Good', 'Gwen Good'];
    expect((await upload(mixed, { fileName: 'mixed.csv', type: 'clients' })).status).toBe(422);
    expect(await clientsNamed(names)).toEqual([]);

    const preview = await upload(mixed, { fileName: 'mixed.csv', type: 'clients', invalidRows: 'skip', dryRun: 'true' });
    expect(preview.body.problems).toEqual([]);
    expect(preview.body.counts.clients).toEqual({ create: 2, update: 0, skip: 0 });
    const skipped = [
      [3, 'Date of birth', '31/02/1950 is not a real date'],
      [5, 'Attendance allowance', '"Yes" is not one of No, Pending, Low, High'],
    ];
    expect(preview.body.skipped?.map((p) => [p.index, p.column, p.message])).toEqual(skipped);
    expect(preview.body.records?.map((r) => [r.index, r.name, r.date, r.outcome])).toEqual([
      [2, 'Gill Good', '1950-01-01', 'create'],
      [3, 'Bert Baddate', '', 'problem'],
      [4, 'Gwen Good', '1950-02-02', 'create'],
      [5, 'Alf Allowance', '1950-03-03', 'problem'],
    ]);

    const done = await upload(mixed, { fileName: 'mixed.csv', type: 'clients', invalidRows: 'skip' });
    expect(done.status).toBe(200);
    expect(done.body.skipped?.map((p) => [p.index, p.column, p.message])).toEqual(skipped);
    expect((await clientsNamed(names)).map((c) => c.name)).toEqual(['Gill Good', 'Gwen Good']);
  });

  it('still refuses a sheet whose headings lack a column, even with invalid rows skipped', async () => {
    const refused = await upload(csv('Name', 'Nell Nopost'), { fileName: 'short.csv', type: 'clients', invalidRows: 'skip' });
    expect(refused.status).toBe(422);
    expect(refused.body.problems.map((p) => p.message)).toEqual(['No column is chosen for Post code']);
  });

  it('says in words what a column accepts', async () => {
    const preview = await upload(csv('Name,Post code,Attendance allowance', 'Ivy Plain,TA1 1AB,Yes'), { fileName: 'aa.csv', type: 'clients', dryRun: 'true' });
    expect(preview.body.problems).toEqual([
      { kind: 'clients', index: 2, column: 'Attendance allowance', message: '"Yes" is not one of No, Pending, Low, High' },
    ]);
  });
});

it('offers a template of each kind whose headings are the ones an import reads, every one of them', async () => {
  const response = await t.app.inject({ method: 'GET', url: `${IMPORT_TEMPLATE_PATH}?type=clients`, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-disposition']).toBe('attachment; filename="clients-template.csv"');
  const headings = response.body.replace(/^\uFEFF/, '').trim().split(',');
  expect(headings).toEqual(expect.arrayContaining(['Name', 'Date of birth', 'Post code', 'Client ID', 'Attendance allowance']));

  const values: Record<string, string> = { Name: 'Tess Template', 'Post code': 'TA1 1AA' };
  const row = headings.map((heading) => values[heading] ?? '');
  const filled = await upload(Buffer.from(`${response.body}${row.join(',')}\r\n`), { fileName: 'clients-template.csv', type: 'clients', dryRun: 'true' });
  expect(filled.body.problems).toEqual([]);
  // Every heading is read, each by a field of its own.
  expect(filled.body.sheet?.unusedHeaders).toEqual([]);
  expect(Object.values(filled.body.sheet!.mapping).filter((column) => column !== null)).toHaveLength(headings.length);
  expect(filled.body.records?.map((r) => r.name)).toEqual(['Tess Template']);

  const unknown = await t.app.inject({ method: 'GET', url: `${IMPORT_TEMPLATE_PATH}?type=requests`, headers: { authorization: `Bearer ${token}` } });
  expect(unknown.statusCode).toBe(400);
  const signedOut = await t.app.inject({ method: 'GET', url: `${IMPORT_TEMPLATE_PATH}?type=clients` });
  expect(signedOut.statusCode).toBe(401);
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

/**
 * How long each /healthz took while `work` ran, asked every 100 ms: from when it was due to its answer. `alsoAsk`
 * is called at each turn too (how far an import has gone).
 */
async function healthzWaitsWhile<T>(work: () => Promise<T>, alsoAsk: () => Promise<void> = async () => undefined): Promise<{ result: T; waits: number[] }> {
  let working = true;
  const waits: number[] = [];
  const poll = (async () => {
    let due = performance.now();
    while (working) {
      const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(answer.statusCode).toBe(200);
      waits.push(performance.now() - due);
      await alsoAsk();
      due = performance.now() + 100;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const result = await work().finally(() => (working = false));
  await poll;
  return { result, waits };
}

/** The files of the tests below, written as a person's would be. */
let files: string;
beforeAll(() => void (files = mkdtempSync(path.join(tmpdir(), 'valecare-import-'))));
afterAll(() => rmSync(files, { recursive: true, force: true }));

it('keeps answering everyone else while it reads and checks a 200,000-row file', async () => {
  const rows = Array.from({ length: 200_000 }, (_, i) => `Person ${i.toString(36)} Fairweather,TA${(i % 20) + 1} ${(i % 9) + 1}AB`);
  const csv = Buffer.from(['Name,Post code', ...rows].join('\r\n'));
  const { result: preview, waits } = await healthzWaitsWhile(() => upload(csv, { fileName: 'everyone.csv', type: 'clients', dryRun: 'true' }));
  expect(preview.status).toBe(200);
  expect(preview.body.counts.clients.create).toBe(200_000);
  expect(preview.body.records).toHaveLength(50);
  expect(waits.length).toBeGreaterThan(10);
  expect(Math.max(...waits)).toBeLessThan(1_000);
}, 300_000);

it('commits a large CSV a batch at a time, answering /healthz within a second throughout and saying how far it has gone', async () => {
  // Enough rows that writing them in one piece keeps the embedded database from everyone else for seconds.
  const count = 10_000;
  const file = path.join(files, 'many-clients.csv');
  const rows = Array.from({ length: count }, (_, i) => `Many ${i.toString(36)} Batchwell,TA${(i % 20) + 1} ${(i % 9) + 1}AB`);
  writeFileSync(file, ['Name,Post code', ...rows].join('\r\n'));
  const id = `import-${Date.now()}`;
  const seen: ImportProgress[] = [];
  const askProgress = async () => {
    const answer = await t.app.inject({ method: 'GET', url: `${IMPORT_PROGRESS_PATH}?id=${id}`, headers: { authorization: `Bearer ${token}` } });
    if (answer.statusCode === 200) seen.push(answer.json() as ImportProgress);
  };
  const { result: done, waits } = await healthzWaitsWhile(() => upload(readFileSync(file), { fileName: 'many-clients.csv', type: 'clients', progress: id }), askProgress);
  expect(done.status).toBe(200);
  expect(done.body.counts.clients.create).toBe(count);
  expect(await t.database.db.select({ stored: count_() }).from(clients).where(like(clients.name, '% Batchwell'))).toEqual([{ stored: count }]);
  // The person waiting is told the records written so far, of how many, as they go.
  const writing = seen.filter((p) => p.stage === 'writing');
  expect(new Set(writing.map((p) => p.written)).size).toBeGreaterThan(1);
  expect(writing.every((p) => p.total === count && p.written <= count)).toBe(true);
  await askProgress();
  expect(seen.at(-1)).toEqual({ stage: 'done', written: count, total: count });
  // Only to the person importing.
  const stranger = await t.idToken('Admin', { sub: 'u-another-admin', email: 'another-admin@valecare.test' });
  expect((await t.app.inject({ method: 'GET', url: `${IMPORT_PROGRESS_PATH}?id=${id}`, headers: { authorization: `Bearer ${stranger}` } })).statusCode).toBe(404);
  expect(Math.max(...waits)).toBeLessThan(1_000);
}, 120_000);

/**
 * A workbook whose one sheet is `megabytes` of zeros, as a zip bomb packs it (a megabyte deflated to a kilobyte, over
 * and over), whose directory says it unpacks to a thousand bytes.
 */
function packedWorkbook(megabytes: number): Buffer {
  const megabyte = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: zlib.Z_FULL_FLUSH });
  const data = Buffer.concat([...Array<Buffer>(megabytes).fill(megabyte), deflateRawSync(Buffer.alloc(0))]);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflated
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(megabytes * 1024 * 1024, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1_000, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

it('refuses a spreadsheet packed into a small file, and one that unpacks past the limit whatever its directory says, answering /healthz within a second', async () => {
  // 300 MB of zeros is within what a workbook may unpack to, so it is read, and is not a workbook; 516 MB is past it.
  const packed = { within: path.join(files, 'packed.xlsx'), past: path.join(files, 'packed-past-the-limit.xlsx') };
  writeFileSync(packed.within, packedWorkbook(300));
  writeFileSync(packed.past, packedWorkbook(MAX_UNPACKED_BYTES / 1024 / 1024 + 16));
  const [within, past] = [readFileSync(packed.within), readFileSync(packed.past)];
  expect(past.length).toBeLessThan(1024 * 1024);
  const before = await t.database.db.select({ stored: count_() }).from(clients);
  const { result, waits } = await healthzWaitsWhile(async () => [
    await upload(within, { fileName: 'clients.xlsx', type: 'clients' }),
    await upload(past, { fileName: 'clients.xlsx', type: 'clients' }),
  ]);
  expect(result.map((r) => [r.status, r.body.error])).toEqual([
    [400, 'This is not a CSV or XLSX file'],
    [400, `The workbook unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB: nothing was imported`],
  ]);
  expect(await t.database.db.select({ stored: count_() }).from(clients)).toEqual(before);
  expect(Math.max(...waits)).toBeLessThan(1_000);
}, 60_000);
