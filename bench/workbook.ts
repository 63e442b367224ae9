import { performance } from 'node:perf_hooks';
import { todayIn } from '@/shared/dates';
import { IMPORT_TYPES, SPREADSHEET_IMPORT_TYPES } from '@/shared/import-api';
import { openConfiguredDatabase } from '@/server/db/open';
import { exportWorkbook } from '@/server/features/transfer/export-workbook';
import { describeIssue } from '@/server/features/transfer/import-contract';
import { importContent } from '@/server/features/transfer/import-file';
import { type BenchDatabase, envOf, newPgliteDatabase } from './databases';

const BENCH_IMPORTER = { email: 'bench.import@valecare.test', role: 'Admin' } as const;

/**
 * The data set exported as a workbook ("Export all data (.xlsx)"), then that workbook imported into a new, empty
 * PGlite database a sheet at a time, as the office would: clients, MPs, volunteers, training records. Each time in
 * milliseconds, from the database to the file's bytes and from the bytes to the committed imports.
 */
export async function timeWorkbook(source: BenchDatabase): Promise<{ exportMs: number; importMs: number }> {
  const from = await openConfiguredDatabase(envOf(source));
  let workbook: Buffer;
  let exportMs: number;
  try {
    const started = performance.now();
    ({ workbook } = await exportWorkbook(from.db));
    exportMs = performance.now() - started;
  } finally {
    await from.close();
  }
  const target = newPgliteDatabase();
  try {
    const into = await openConfiguredDatabase(envOf(target));
    try {
      const started = performance.now();
      for (const type of SPREADSHEET_IMPORT_TYPES) {
        const options = { kind: IMPORT_TYPES[type], onDuplicate: 'skip' as const, dryRun: false, actor: BENCH_IMPORTER, today: todayIn() };
        const answer = await importContent(into.db, workbook, 'valecare-export.xlsx', options);
        if (!answer.committed) throw new Error(`The workbook's ${type} did not import:\n${answer.problems.slice(0, 5).map(describeIssue).join('\n')}`);
      }
      return { exportMs, importMs: performance.now() - started };
    } finally {
      await into.close();
    }
  } finally {
    await target.remove();
  }
}
