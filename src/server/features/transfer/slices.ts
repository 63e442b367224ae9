// A file of hundreds of thousands of rows is read and checked in slices, so the server answers everyone else
// (and /healthz) between them: a slice takes milliseconds; the whole file, seconds.

/** Rows read or records checked between two looks at the event loop: far under a second even on two busy cores. */
export const SLICE = 250;

/** The most rows a file may hold: far more than any charity's records, few enough to read in a minute. */
export const MAX_IMPORT_ROWS = 250_000;

/** Lets the server answer the calls waiting for it before a long piece of work goes on. */
export function letOthersIn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
