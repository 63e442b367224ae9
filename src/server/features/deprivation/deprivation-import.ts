import { sql } from 'drizzle-orm';
import { normalisePostCode } from '@/shared/schemas/common';
import type { Database } from '@/server/db/client';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';
import { CsvError, readCsv, readCsvHeader } from './csv';

const INCOME = 'Income Decile (where 1 is most deprived 10% of LSOAs)';
const HEALTH = 'Health Deprivation and Disability Decile (where 1 is most deprived 10% of LSOAs)';

/** The two editions of the English Indices of Deprivation the import understands, and their area codes. */
const EDITIONS = [
  { edition: 'IoD2025', iodColumn: 'LSOA code (2021)', postcodeColumn: 'lsoa21' },
  { edition: 'IoD2019', iodColumn: 'LSOA code (2011)', postcodeColumn: 'lsoa11' },
] as const;

export interface ImportSummary {
  edition: string;
  loaded: number;
  terminated: number;
  outsideAreas: number;
  withoutArea: number;
  /** Loaded with no coordinates: the directory gives none (no grid reference), so travel to them is not estimated. */
  withoutPlace: number;
}

function decile(value: string, where: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10) throw new CsvError(`${where}: "${value}" is not a decile from 1 to 10`);
  return n;
}

/** The directory's coordinates, or null where it has none (99.999999, 0.000000: no grid reference). */
function placeOf(lat: string, long: string): { latitude: number; longitude: number } | null {
  const [latitude, longitude] = [Number(lat), Number(long)];
  if (!lat || !long || !Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) >= 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The letters that start a post code ("TA" of "TA4 2AB"). */
function postCodeArea(postCode: string): string {
  return /^[A-Z]+/.exec(postCode)?.[0] ?? '';
}

/**
 * Loads post code → deprivation deciles and coordinates from the ONS Postcode Directory and an IoD "File 7" (DESIGN §3).
 * Both files are streamed; only the IoD file's ~35,000 areas are held in memory. Terminated post codes
 * are skipped; `areas` (e.g. ["TA", "EX"]) keeps only post codes in those areas.
 */
export async function importDeprivation(
  db: Database,
  { postcodesFile, iodFile, areas = [] }: { postcodesFile: string; iodFile: string; areas?: string[] },
): Promise<ImportSummary> {
  const header = await readCsvHeader(iodFile);
  const edition = EDITIONS.find((e) => header.includes(e.iodColumn));
  if (!edition) throw new CsvError(`${iodFile} has neither "LSOA code (2021)" (IoD2025) nor "LSOA code (2011)" (IoD2019)`);

  const deciles = new Map<string, { income: number; health: number }>();
  let line = 1;
  for await (const row of readCsv(iodFile, [edition.iodColumn, INCOME, HEALTH])) {
    line++;
    deciles.set(row[edition.iodColumn], { income: decile(row[INCOME], `${iodFile} line ${line}`), health: decile(row[HEALTH], `${iodFile} line ${line}`) });
  }

  const wanted = new Set(areas.map((a) => a.trim().toUpperCase()).filter(Boolean));
  const summary: ImportSummary = { edition: edition.edition, loaded: 0, terminated: 0, outsideAreas: 0, withoutArea: 0, withoutPlace: 0 };
  let batch: (typeof postcodeDeprivation.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db
      .insert(postcodeDeprivation)
      .values(batch)
      .onConflictDoUpdate({
        target: postcodeDeprivation.postCode,
        set: {
          lsoaCode: sql`excluded.lsoa_code`,
          incomeDecile: sql`excluded.income_decile`,
          healthDecile: sql`excluded.health_decile`,
          edition: sql`excluded.edition`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
          isDemo: false,
        },
      });
    summary.loaded += batch.length;
    batch = [];
  };

  for await (const row of readCsv(postcodesFile, ['pcds', 'doterm', 'lat', 'long', edition.postcodeColumn])) {
    if (row.doterm) {
      summary.terminated++;
      continue;
    }
    const postCode = normalisePostCode(row.pcds);
    if (wanted.size > 0 && !wanted.has(postCodeArea(postCode))) {
      summary.outsideAreas++;
      continue;
    }
    const lsoa = row[edition.postcodeColumn];
    const area = deciles.get(lsoa);
    if (!area) {
      summary.withoutArea++;
      continue;
    }
    const place = placeOf(row.lat, row.long);
    if (!place) summary.withoutPlace++;
    batch.push({ postCode, lsoaCode: lsoa, incomeDecile: area.income, healthDecile: area.health, edition: edition.edition, latitude: place?.latitude ?? null, longitude: place?.longitude ?? null, isDemo: false });
    if (batch.length === 1000) await flush();
  }
  await flush();
  return summary;
}
