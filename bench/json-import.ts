import { performance } from 'node:perf_hooks';
import { openConfiguredDatabase } from '@/server/db/open';
import { exportAll } from '@/server/features/transfer/export';
import { commitImport } from '@/server/features/transfer/import';
import { type ImportRecords } from '@/server/features/transfer/import-contract';
import { type BenchDatabase, envOf, newPgliteDatabase } from './databases';

const BENCH_IMPORTER = { email: 'bench.import@valecare.test', role: 'Admin' } as const;
const BENCH_OVERRIDE = 'Moved from the old system; the office checks each carer';

/**
 * The data set exported as JSON, then imported into a new, empty PGlite database: the time from the
 * file's text to the committed import (issue 19's budget), in milliseconds.
 */
export async function timeJsonImport(source: BenchDatabase): Promise<number> {
  const from = await openConfiguredDatabase(envOf(source));
  let text: string;
  try {
    text = JSON.stringify(await exportAll(from.db));
  } finally {
    await from.close();
  }
  const target = newPgliteDatabase();
  try {
    const into = await openConfiguredDatabase(envOf(target));
    try {
      const started = performance.now();
      // The generated carers' dates are spread over the years, so some on live care have lapsed, as in a real export.
      await commitImport(into.db, BENCH_IMPORTER, JSON.parse(text) as ImportRecords, { onDuplicate: 'skip', overrideReason: BENCH_OVERRIDE });
      return performance.now() - started;
    } finally {
      await into.close();
    }
  } finally {
    await target.remove();
  }
}
