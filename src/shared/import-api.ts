import type { TransferKind } from './schemas/transfer';

// The import and export routes: what the Import screen sends and what it is answered. Files go as the request's
// raw body, not through tRPC, whose calls are JSON of at most 1 MiB.

export const IMPORT_PATH = '/api/import';
export const EXPORT_ALL_PATH = '/api/export/all.json';

/** The largest file an upload may be: the benchmark's whole data set as JSON is well under it (a spreadsheet: 50 MB). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** What a file holds, as the command line's --type and the upload's `type` name it. */
export const IMPORT_TYPES = {
  clients: 'clients',
  mps: 'mps',
  volunteers: 'volunteers',
  requests: 'requests',
  packages: 'packages',
  'training-records': 'trainingRecords',
  'mag-logs': 'magLogs',
} as const satisfies Record<string, TransferKind>;
export type ImportType = keyof typeof IMPORT_TYPES;

/** The kinds a spreadsheet may hold (a JSON file may hold any, or a whole export). */
export const SPREADSHEET_IMPORT_TYPES = ['clients', 'mps', 'volunteers', 'training-records'] as const satisfies readonly ImportType[];

export const ON_DUPLICATE = ['skip', 'update'] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];

/**
 * One thing wrong with (or worth knowing about) a record: its kind, its place (a JSON record's 1-based place in
 * its list, a spreadsheet's row number as Excel shows it) and the field (a spreadsheet's column heading).
 */
export interface ImportIssue {
  kind: TransferKind;
  index: number;
  id?: string;
  column: string;
  message: string;
}

export interface KindCounts {
  create: number;
  update: number;
  skip: number;
}
export type ImportCounts = Record<TransferKind, KindCounts>;

export interface ImportPreview {
  problems: ImportIssue[];
  warnings: ImportIssue[];
  counts: ImportCounts;
}

/** A spreadsheet's columns and which field each fills: the person can change the choice and preview again. */
export interface SheetColumns {
  headers: string[];
  fields: { name: string; label: string }[];
  mapping: Record<string, number | null>;
  unusedHeaders: string[];
}

/** The upload's answer: the preview (or, committed, what was done), with a spreadsheet's columns. */
export interface ImportAnswer extends ImportPreview {
  committed: boolean;
  sheet?: SheetColumns;
}
