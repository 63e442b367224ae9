import { performance } from 'node:perf_hooks';
import { exportAll } from '@/server/features/transfer/export';
import { commitImport } from '@/server/features/transfer/import';
import { type ImportRecords } from '@/server/features/transfer/import-contract';
import { type BenchDatabase, withEmptyPglite, withOpened } from './databases';

/** Who the benchmark's imports are audited as. */
export const BENCH_IMPORTER = { email: 'bench.import@valecare.test', role: 'Admin' } as const;
const BENCH_OVERRIDE = 'Moved from the old system; the office checks each carer';

/**
 * The data set exported as JSON, then imported into a new, empty PGlite database: the time from the
 * file's text to the committed import (issue 19's budget), in milliseconds.
 */
export async function timeJsonImport(source: BenchDatabase): Promise<number> {
  const text = await withOpened(source, async (db) => JSON.stringify(await exportAll(db)));
  return withEmptyPglite(async (db) => {
    const started = performance.now();
    // The generated carers' dates are spread over the years, so some on live care have lapsed, as in a real export.
    await commitImport(db, BENCH_IMPORTER, JSON.parse(text) as ImportRecords, { onDuplicate: 'skip', overrideReason: BENCH_OVERRIDE });
    return performance.now() - started;
  });
}
