import { existsSync } from 'node:fs';
import { readCommandLine } from '@/server/db/command-line';
import { loadEnv } from '@/server/env';

const USAGE = `Load post code deprivation from the public files.

  npm run import:deprivation -- --postcodes ONSPD.csv --iod File_7.csv [--areas TA,EX]

--postcodes  the ONS Postcode Directory CSV (columns pcds, doterm, lat, long, lsoa21, lsoa11)
--iod        an English Indices of Deprivation "File 7" CSV: IoD2025 (LSOA 2021) or IoD2019 (LSOA 2011)
--areas      keep only post codes in these areas (the letters they start with)`;

async function main(argv: string[]): Promise<number> {
  const parsed = readCommandLine(
    { args: argv, options: { postcodes: { type: 'string' }, iod: { type: 'string' }, areas: { type: 'string' }, help: { type: 'boolean', short: 'h' } } },
    USAGE,
    ({ values }) => [
      !values.postcodes && '--postcodes is required',
      !values.iod && '--iod is required',
      values.postcodes && !existsSync(values.postcodes) && `No file ${values.postcodes}`,
      values.iod && !existsSync(values.iod) && `No file ${values.iod}`,
    ],
  );
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;

  const { runOnDatabase } = await import('@/server/db/cli-database');
  const { CsvError } = await import('./csv');
  const { importDeprivation } = await import('./deprivation-import');
  return runOnDatabase(
    loadEnv(),
    async (db) => {
      const summary = await importDeprivation(db, {
        postcodesFile: values.postcodes!,
        iodFile: values.iod!,
        areas: values.areas?.split(',') ?? [],
      });
      return (
        `Loaded ${summary.loaded} post codes (${summary.edition}); skipped ${summary.terminated} terminated, ` +
        `${summary.outsideAreas} outside the chosen areas, ${summary.withoutArea} with no deprivation data; ` +
        `${summary.withoutPlace} loaded have no coordinates, so travel to them is not estimated.`
      );
    },
    [CsvError],
  );
}

process.exitCode = await main(process.argv.slice(2));
