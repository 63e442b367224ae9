import { CSV_BOM, type CsvCell, toCsv } from '@/shared/csv';

/** Hands the browser a file to save, as a download link would. */
export function downloadFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Hands the browser rows as a CSV file: UTF-8 with a byte-order mark, so Excel shows accents right. */
export function downloadCsv(fileName: string, rows: readonly (readonly CsvCell[])[]): void {
  downloadFile(fileName, new Blob([CSV_BOM, toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
}
