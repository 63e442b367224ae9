import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { openConfiguredDatabase } from '@/server/db/open';
import { loadEnv } from '@/server/env';
import { runCommand } from '@/server/test/command-line';
import { databaseFingerprint } from '@/server/test/procedure-calls';

// npm run import and npm run export, run as a person would, on an embedded database of their own.

const FIXTURE = path.join(import.meta.dirname, 'fixtures/current-system.json');
const work = mkdtempSync(path.join(tmpdir(), 'valecare-transfer-'));
const dataDir = path.join(work, 'data');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(script: 'import-cli' | 'export-cli', ...args: string[]) {
  return runCommand(script === 'import-cli' ? 'transfer-import' : 'transfer-export', args, { DATA_DIR: dataDir, DATABASE_URL: '' });
}

async function withDatabase<T>(task: (db: Database) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase(loadEnv({ DATA_DIR: dataDir, DATABASE_URL: '' }));
  try {
    return await task(database.db);
  } finally {
    await database.close();
  }
}

const SLOW = 120_000;

describe('npm run import and npm run export', () => {
  it(
    'writes nothing on a dry run, refuses a bad file with exit code 2 and its problems, then imports and exports',
    async () => {
      const dry = run('import-cli', FIXTURE, '--dry-run');
      expect(dry.err).toBe('');
      expect(dry.code).toBe(0);
      expect(dry.out).toContain('Dry run: nothing was written');
      expect(dry.out).toContain('clients: 2 to create, 0 to update, 0 unchanged');
      expect(dry.out).toContain('Warning: clients record 2 (c8fixturewalt), details.address.locality: Locality "Langley Marsh" is not in the list');
      const empty = await withDatabase(databaseFingerprint);
      expect(empty.clients).toBe('0:d41d8cd98f00b204e9800998ecf8427e');

      const bad = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { packages: { details: { weeklyHours: number } }[] };
      bad.packages[0]!.details.weeklyHours = -2;
      const badFile = path.join(work, 'bad.json');
      writeFileSync(badFile, JSON.stringify(bad));
      const refused = run('import-cli', badFile);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('packages record 1 (p8fixturemary), details.weeklyHours: Weekly hours cannot be negative');
      expect(await withDatabase(databaseFingerprint)).toEqual(empty);
      const skipping = run('import-cli', badFile, '--skip-invalid-rows', '--dry-run');
      expect(skipping.code).toBe(0);
      expect(skipping.out).toContain('packages: 1 to create, 0 to update, 0 unchanged');
      expect(skipping.out).toContain('Skipped: packages record 1 (p8fixturemary), details.weeklyHours: Weekly hours cannot be negative');
      expect(await withDatabase(databaseFingerprint)).toEqual(empty);

      const emptyFile = path.join(work, 'clients.json');
      writeFileSync(emptyFile, '');
      expect(run('import-cli', emptyFile)).toMatchObject({ code: 2, err: 'clients.json is empty.\n' });
      expect(run('import-cli', FIXTURE, '--type', 'carers').code).toBe(2);

      const imported = run('import-cli', FIXTURE);
      expect(imported.code).toBe(0);
      expect(imported.out).toContain('Imported:');

      const exportFile = path.join(work, 'export.json');
      const exported = run('export-cli', exportFile);
      expect(exported.err).toBe('');
      expect(exported.out).toMatch(/^Exported 11 records \(2 clients, 1 mps, 1 volunteers, 2 requests, 2 packages, 2 trainingRecords, 1 magLogs\)/);
      expect(run('export-cli', exportFile)).toMatchObject({ code: 2 });
      const workbookFile = path.join(work, 'export.xlsx');
      const workbook = run('export-cli', workbookFile);
      expect(workbook.err).toBe('');
      expect(workbook.out).toMatch(/^Exported 11 records \(2 Clients, 1 MPs, 1 Volunteers, 2 Requests, 2 Packages, 2 Training records, 1 MAG logs, 0 Delivered care, 0 Mileage\)/);
      expect((await readXlsxFile(readFileSync(workbookFile))).map((sheet) => sheet.sheet)).toContain('Training records');
      // One list of the export, as a getAll gave it, is known by its file name.
      const list = path.join(work, 'training-records.json');
      writeFileSync(list, JSON.stringify((JSON.parse(readFileSync(exportFile, 'utf8')) as { trainingRecords: unknown[] }).trainingRecords));
      expect(run('import-cli', list, '--on-duplicate', 'update').out).toContain('trainingRecords: 0 to create, 0 to update, 2 unchanged');
    },
    SLOW,
  );
});
