import type { TransferKind } from './schemas/transfer';

// The import and export routes: what the Import screen sends and what it is answered. Files go as the request's
// raw body, not through tRPC, whose calls are JSON of at most 1 MiB.

export const IMPORT_PATH = '/api/import';
/** How far the caller's upload `?progress=<id>` has gone: `?id=<id>` (an ImportProgress). */
export const IMPORT_PROGRESS_PATH = '/api/import/progress';
/** A spreadsheet of one kind with the accepted headings and no rows: `?type=clients`. */
export const IMPORT_TEMPLATE_PATH = '/api/import/template.csv';
export const EXPORT_ALL_PATH = '/api/export/all.json';
/** Everything as a workbook, a sheet a kind. */
export const EXPORT_ALL_WORKBOOK_PATH = '/api/export/all.xlsx';

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

/**
 * The sheet of a workbook each kind is exported to and read from: a workbook of "Export all data" imports back a
 * kind at a time. A workbook without the kind's sheet is read from its first.
 */
export const WORKBOOK_SHEETS: Record<(typeof SPREADSHEET_IMPORT_TYPES)[number], string> = {
  clients: 'Clients',
  mps: 'MPs',
  volunteers: 'Volunteers',
  'training-records': 'Training records',
};

export const ON_DUPLICATE = ['skip', 'update'] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];

/** A file with problems: nothing imported (`refuse`), or the good records imported and the others skipped. */
export const INVALID_ROWS = ['refuse', 'skip'] as const;
export type InvalidRows = (typeof INVALID_ROWS)[number];

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

/** What an import does with a record: creates it, updates the one recorded, leaves it, takes it as a repeat of an earlier one, or cannot (a problem). */
export type RecordOutcome = 'create' | 'update' | 'skip' | 'repeat' | 'problem';

/** One record of the file as it will be stored (as read, where it has a problem), and what the import does with it. */
export interface PreviewRecord {
  kind: TransferKind;
  /** As an issue's: a spreadsheet's row as Excel shows it, else the record's place in its list. */
  index: number;
  name: string;
  /** The date that tells records apart: a person's date of birth, a training record's expiry, a request's or package's start. */
  date: string;
  postCode: string;
  outcome: RecordOutcome;
}

/** How many records a preview shows. */
export const PREVIEW_RECORDS = 50;

export interface ImportPreview {
  problems: ImportIssue[];
  warnings: ImportIssue[];
  counts: ImportCounts;
  /** With invalid rows skipped: the records left out, each with its problems (it then has no `problems`). */
  skipped?: ImportIssue[];
  /** The first PREVIEW_RECORDS records of the file, in its order. */
  records?: PreviewRecord[];
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

/**
 * How far an import is, which the Import screen asks while it waits for the answer: the file read, its records
 * checked, then written a batch at a time (`written` of `total`), and done.
 */
export interface ImportProgress {
  stage: 'reading' | 'checking' | 'writing' | 'done';
  written: number;
  total: number;
}
