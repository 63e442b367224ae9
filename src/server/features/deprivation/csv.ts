import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** Splits one CSV line (RFC 4180 quoting, no line breaks inside fields, as in the ONS and IoD files). */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else {
      field += c;
    }
  }
  fields.push(field);
  return fields;
}

export class CsvError extends Error {
  override name = 'CsvError';
}

/**
 * Streams a large CSV file as records keyed by the named columns only, so files of millions of rows
 * never sit in memory. Throws CsvError naming any column the header lacks.
 */
export async function* readCsv<K extends string>(file: string, columns: readonly K[]): AsyncGenerator<Record<K, string>> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let index: Map<K, number> | undefined;
  for await (const raw of lines) {
    const line = index ? raw : raw.replace(/^\uFEFF/, '');
    if (!line.trim()) continue;
    const fields = parseCsvLine(line);
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
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return parseCsvLine(line.replace(/^\uFEFF/, '')).map((f) => f.trim());
  }
  throw new CsvError(`${file} is empty`);
}
