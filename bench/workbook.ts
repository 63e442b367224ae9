import { performance } from 'node:perf_hooks';
import { todayIn } from '@/shared/dates';
import { IMPORT_TYPES, SPREADSHEET_IMPORT_TYPES } from '@/shared/import-api';
import { exportWorkbook } from '@/server/features/transfer/export-workbook';
import { describeIssue } from '@/server/features/transfer/import-contract';
import { importContent } from '@/server/features/transfer/import-file';
import { type BenchDatabase, withEmptyPglite, withOpened } from './databases';
import { BENCH_IMPORTER } from './json-import';

/**
 * The data set exported as a workbook ("Export all data as a workbook"), then that workbook imported into a new,
 * empty PGlite database a sheet at a time, as the office would: clients, MPs, volunteers, training records. Each
 * time in milliseconds, from the database to the file's bytes and from the bytes to the committed imports.
 */
export async function timeWorkbook(source: BenchDatabase): Promise<{ exportMs: number; importMs: number }> {
  const exported = await withOpened(source, async (db) => {
    const started = performance.now();
    const { workbook } = await exportWorkbook(db);
    return { workbook, exportMs: performance.now() - started };
  });
  const importMs = await withEmptyPglite(async (db) => {
    const started = performance.now();
    for (const type of SPREADSHEET_IMPORT_TYPES) {
      const options = { kind: IMPORT_TYPES[type], onDuplicate: 'skip' as const, dryRun: false, actor: BENCH_IMPORTER, today: todayIn() };
      const answer = await importContent(db, exported.workbook, 'valecare-export.xlsx', options);
      if (!answer.committed) throw new Error(`The workbook's ${type} did not import:\n${answer.problems.slice(0, 5).map(describeIssue).join('\n')}`);
    }
    return performance.now() - started;
  });
  return { exportMs: exported.exportMs, importMs };
}
