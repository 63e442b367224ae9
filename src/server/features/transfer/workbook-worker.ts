// An XLSX workbook is read in a worker thread (decision 305): inflating its parts and reading its XML are each one
// piece of work of seconds for a large or hostile workbook, which on the server's thread would keep every other call
// (and /healthz) waiting. Node runs this file on its own, so it imports packages only.
import { parentPort, workerData } from 'node:worker_threads';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { readSheet, type SheetData, SheetNotFoundError } from 'read-excel-file/node';

/** What the worker is given, under this key of its workerData. */
export const WORKBOOK_JOB = 'valecareWorkbook';
export interface WorkbookJob {
  file: Uint8Array;
  sheetName?: string;
  /** What the workbook may unpack to at most. */
  limit: number;
}

/** Each message of the worker: rows as text (a slice at a time), then the end, or why the workbook is refused. */
export type WorkbookMessage = { rows: string[][] } | { done: true } | { refused: string };

/** Rows a message carries: each is read by the server's thread between other calls. */
const ROWS_PER_MESSAGE = 1_000;

export const NOT_A_SPREADSHEET = 'This is not a CSV or XLSX file';

/** A workbook refused, in words for the person who chose it. */
export class WorkbookRefused extends Error {}

/** Reads only the zip's directory, so a small archive that would unpack to gigabytes is refused unread. */
function checkUnpackedSize(file: Uint8Array, limit: number): void {
  let unpacked = 0;
  try {
    unzipSync(file, {
      filter: (entry) => {
        unpacked += entry.originalSize;
        return false;
      },
    });
  } catch {
    throw new WorkbookRefused(NOT_A_SPREADSHEET);
  }
  if (unpacked > limit) throw new WorkbookRefused('The workbook is too large once unpacked');
}

/** Inflates the workbook once, counting what its parts really unpack to (a zip's directory may say less), stopping at the limit. */
export function checkInflatedSize(file: Uint8Array, limit: number): void {
  let inflated = 0;
  let broken = false;
  const unzip = new Unzip((entry) => {
    entry.ondata = (error, chunk) => {
      if (error) broken = true;
      else if ((inflated += chunk.length) > limit) entry.terminate();
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  // A quarter of a megabyte at a time, so that a bomb is stopped soon after the limit.
  const slice = 256 * 1024;
  try {
    for (let at = 0; at < file.length && !broken && inflated <= limit; at += slice) unzip.push(file.subarray(at, at + slice), at + slice >= file.length);
  } catch {
    broken = true;
  }
  if (inflated > limit) throw new WorkbookRefused(`The workbook unpacks to more than ${limit / 1024 / 1024} MB: nothing was imported`);
  if (broken) throw new WorkbookRefused(NOT_A_SPREADSHEET);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Excel's dates carry no time zone: the reader gives them at midnight UTC.
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/**
 * The sheet of a workbook with the given name, else its first, each cell as text: dates as YYYY-MM-DD, numbers as
 * written in the file.
 */
export async function workbookRows({ file, sheetName, limit }: WorkbookJob): Promise<string[][]> {
  checkUnpackedSize(file, limit);
  checkInflatedSize(file, limit);
  const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const options = { parseNumber: (written: string) => written };
  let data: SheetData<string>;
  try {
    data = sheetName
      ? await readSheet<string>(buffer, sheetName, options).catch((error: unknown) => {
          if (error instanceof SheetNotFoundError) return readSheet<string>(buffer, options);
          throw error;
        })
      : await readSheet<string>(buffer, options);
  } catch {
    throw new WorkbookRefused(NOT_A_SPREADSHEET);
  }
  return data.map((row) => row.map(cellText));
}

const job = (workerData as Record<string, WorkbookJob> | null)?.[WORKBOOK_JOB];
if (parentPort && job) {
  const port = parentPort;
  const send = (message: WorkbookMessage) => port.postMessage(message);
  try {
    const rows = await workbookRows(job);
    for (let at = 0; at < rows.length; at += ROWS_PER_MESSAGE) send({ rows: rows.slice(at, at + ROWS_PER_MESSAGE) });
    send({ done: true });
  } catch (error) {
    send({ refused: error instanceof WorkbookRefused ? error.message : NOT_A_SPREADSHEET });
  }
}
