import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { CsvError as ParseError, parse } from 'csv-parse';

export class CsvError extends Error {
  override name = 'CsvError';
}

/** The file's records as arrays of fields (RFC 4180, quoted line breaks included), blank lines skipped. */
async function* csvRecords(file: string): AsyncGenerator<string[]> {
  // Rows may be shorter than the header; a missing field reads as blank.
  const records = pipeline(createReadStream(file), parse({ bom: true, relax_column_count: true }), () => {});
  try {
    for await (const fields of records as AsyncIterable<string[]>) {
      if (fields.some((f) => f.trim())) yield fields;
    }
  } catch (error) {
    if (error instanceof ParseError) throw new CsvError(`${file}: ${error.message}`);
    throw error;
  } finally {
    records.destroy();
  }
}

/**
 * Streams a large CSV file as records keyed by the named columns only, so files of millions of rows
 * never sit in memory. Throws CsvError naming any column the header lacks.
 */
export async function* readCsv<K extends string>(file: string, columns: readonly K[]): AsyncGenerator<Record<K, string>> {
  let index: Map<K, number> | undefined;
  for await (const fields of csvRecords(file)) {
    if (!index) {
      const header = fields.map((f) => f.trim());
      const missing = columns.filter((c) => !header.includes(c));
      if (missing.length) throw new CsvError(`${file} has no column ${missing.map((m) => `"${m}"`).join(', ')}`);
      index = new Map(columns.map((c) => [c, header.indexOf(c)]));
      continue;
    }
    const record = {} as Record<K, string>;
    for (const [column, at] of index) record[column] = (fields[at] ?? '').trim();
    yield record;
  }
}

/** The header row of a CSV file. */
export async function readCsvHeader(file: string): Promise<string[]> {
  for await (const fields of csvRecords(file)) return fields.map((f) => f.trim());
  throw new CsvError(`${file} is empty`);
}
