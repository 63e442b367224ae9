import { useQueryClient } from '@tanstack/react-query';
import { Download, FileUp, Upload } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { todayIn } from '@/shared/dates';
import {
  EXPORT_ALL_PATH,
  EXPORT_ALL_WORKBOOK_PATH,
  type ImportAnswer,
  type ImportIssue,
  IMPORT_PATH,
  IMPORT_PROGRESS_PATH,
  IMPORT_TEMPLATE_PATH,
  type ImportProgress,
  type InvalidRows,
  MAX_UPLOAD_BYTES,
  type KindCounts,
  type OnDuplicate,
  PREVIEW_RECORDS,
  type PreviewRecord,
  type RecordOutcome,
  type SPREADSHEET_IMPORT_TYPES,
} from '@/shared/import-api';
import { type DataColumn, DataTable } from '@/client/components/data-table';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormSection, PageHeader } from '@/client/components/form/form-layout';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { useUnsavedChanges } from '@/client/components/unsaved-changes';
import { useAuth } from '@/client/lib/auth';
import { downloadCsv, downloadFile } from '@/client/lib/download-file';
import { formatDate } from '@/client/lib/format';
import { sendFile } from '@/client/lib/send-file';

/** What a file holds: the current system's JSON (whatever it holds, it says), or a spreadsheet of one kind. */
type FileType = 'json' | (typeof SPREADSHEET_IMPORT_TYPES)[number];

const FILE_TYPE_LABELS: Record<FileType, string> = {
  json: 'Records from the current system (JSON)',
  clients: 'Clients (spreadsheet)',
  mps: 'MPs (spreadsheet)',
  volunteers: 'Volunteers (spreadsheet)',
  'training-records': 'Training records (spreadsheet)',
};

/** Everything out: as a workbook for the office, or as JSON that imports back whole. */
const EXPORTS = {
  xlsx: { path: EXPORT_ALL_WORKBOOK_PATH, label: 'as a workbook (.xlsx)' },
  json: { path: EXPORT_ALL_PATH, label: 'as JSON' },
} as const;
type ExportFormat = keyof typeof EXPORTS;

/** The type a file most likely holds, from its name: the person can change it. */
function typeOfFile(name: string, current: FileType): FileType {
  if (/\.json$/i.test(name)) return 'json';
  return current === 'json' ? 'clients' : current;
}

const serverMessage = (body: unknown, fallback: string) =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : fallback;

const isAnswer = (body: unknown): body is ImportAnswer => typeof body === 'object' && body !== null && 'problems' in body;

/** A spreadsheet's findings name its rows and headings; a JSON file's, the record's list, place and id. */
const issueColumns = (spreadsheet: boolean): DataColumn<ImportIssue>[] => [
  {
    header: spreadsheet ? 'Row' : 'Record',
    cell: (issue) => (spreadsheet ? issue.index : `${issue.kind} ${issue.index}${issue.id ? ` (${issue.id})` : ''}`),
    card: 'title',
  },
  { header: spreadsheet ? 'Column' : 'Field', cell: (issue) => issue.column || '(whole row)' },
  { header: 'Message', cell: (issue) => issue.message },
];

const issueKey = (issue: ImportIssue) => `${issue.kind}-${issue.index}-${issue.column}-${issue.message}`;

/** Skipped rows as a file the office can fix and import again: where each is, and why. */
function downloadSkipped(skipped: readonly ImportIssue[], spreadsheet: boolean) {
  const place = (issue: ImportIssue) => (spreadsheet ? issue.index : `${issue.kind} ${issue.index}${issue.id ? ` (${issue.id})` : ''}`);
  downloadCsv(`skipped-rows-${todayIn()}.csv`, [
    [spreadsheet ? 'Row' : 'Record', spreadsheet ? 'Column' : 'Field', 'Problem'],
    ...skipped.map((issue) => [place(issue), issue.column, issue.message]),
  ]);
}

/** How many rows (a JSON file's: records) have findings, however many findings each has. */
const rowsOf = (issues: readonly ImportIssue[]) => new Set(issues.map((issue) => `${issue.kind} ${issue.index}`)).size;

/** "1 row" or "3 rows" (a JSON file's: records) with findings. */
function rowsWith(issues: readonly ImportIssue[], spreadsheet: boolean): string {
  const count = rowsOf(issues);
  return `${count} ${spreadsheet ? 'row' : 'record'}${count === 1 ? '' : 's'}`;
}

const OUTCOME_WORDS: Record<RecordOutcome, string> = {
  create: 'New',
  update: 'Will update',
  skip: 'Already recorded: skipped',
  repeat: 'Repeats an earlier row: imported once',
  problem: 'Problem',
};

/** The records as they will be stored, and what happens to each; a problem is skipped when the person chose so. */
const recordColumns = (spreadsheet: boolean, skipping: boolean): DataColumn<PreviewRecord>[] => [
  { header: spreadsheet ? 'Row' : 'Record', cell: (record) => (spreadsheet ? record.index : `${record.kind} ${record.index}`), card: 'title' },
  { header: 'Name', cell: (record) => record.name },
  { header: 'Date', cell: (record) => formatDate(record.date) },
  { header: 'Post code', cell: (record) => record.postCode },
  {
    header: 'What happens',
    cell: (record) =>
      record.outcome === 'problem' ? (
        <span className="text-destructive">{skipping ? 'Problem: skipped' : OUTCOME_WORDS.problem}</span>
      ) : (
        OUTCOME_WORDS[record.outcome]
      ),
  },
];

const COUNT_COLUMNS: readonly DataColumn<[string, KindCounts]>[] = [
  { header: 'Records', cell: ([list]) => list, card: 'title' },
  { header: 'New', cell: ([, count]) => count.create },
  { header: 'Updated', cell: ([, count]) => count.update },
  { header: 'Skipped', cell: ([, count]) => count.skip },
];

/**
 * What the person chooses: the file, what it holds, what to do with records already kept and with rows that have
 * problems, whether names get tidy capitals, a spreadsheet's columns.
 */
interface ImportChoice {
  file: File | null;
  type: FileType;
  onDuplicate: OnDuplicate;
  invalidRows: InvalidRows;
  tidyCapitals: boolean;
  /** Why packages not yet ended go to carers who are not compliant, if any do (a file of packages only). */
  overrideReason: string;
  mapping: Record<string, number | null> | null;
}

/** How often the screen asks how far an import has gone once its file is sent. */
const PROGRESS_POLL_MS = 1_000;

const STAGE_WORDS: Record<ImportProgress['stage'], string> = {
  reading: 'Reading the file…',
  checking: 'Checking the records…',
  writing: 'Importing…',
  done: 'Finishing…',
};

/**
 * What the person waiting is shown: the file going up, then what the server says it is doing (a large file's records
 * are written a batch at a time, for minutes), with the records written so far.
 */
function ImportStatus({ sent, working }: { sent: number; working: ImportProgress | null }) {
  if (sent < 1 || !working) {
    return (
      <progress className="w-full" value={sent} max={1} aria-label="Sending the file">
        {Math.round(sent * 100)}%
      </progress>
    );
  }
  const writing = working.stage === 'writing' && working.total > 0;
  return (
    <div className="flex flex-col gap-1" role="status">
      <progress className="w-full" aria-label="Importing" {...(writing ? { value: working.written, max: working.total } : {})} />
      <p className="text-sm text-muted-foreground">
        {writing ? `Importing: ${working.written.toLocaleString('en-GB')} of ${working.total.toLocaleString('en-GB')} records written` : STAGE_WORDS[working.stage]}
      </p>
    </div>
  );
}

const NO_FILE: ImportChoice = { file: null, type: 'clients', onDuplicate: 'skip', invalidRows: 'refuse', tidyCapitals: true, overrideReason: '', mapping: null };

/** /import: bring records in from the current system or a spreadsheet, previewed first; and export everything. */
export default function ImportScreen() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const { register, setValue, watch } = useForm<ImportChoice>({ defaultValues: NO_FILE });
  const [file, type, onDuplicate, invalidRows, tidyCapitals, overrideReason, mapping] = watch([
    'file',
    'type',
    'onDuplicate',
    'invalidRows',
    'tidyCapitals',
    'overrideReason',
    'mapping',
  ]);
  const setMapping = (next: ImportChoice['mapping']) => setValue('mapping', next);
  // What the server last answered, how far a file has gone up, and why it was refused: the screen's state, not the form's.
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // What the server last said of the file it is working on, once sent.
  const [working, setWorking] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  // An import that skipped rows: they stay on screen, to be fixed and imported again.
  const [imported, setImported] = useState<ImportAnswer | null>(null);
  const { guard } = useUnsavedChanges(file !== null);

  const send = async (dryRun: boolean) => {
    if (!file) return null;
    const query = new URLSearchParams({ fileName: file.name, onDuplicate, invalidRows, dryRun: String(dryRun) });
    if (type !== 'json') query.set('type', type);
    if (type !== 'json') query.set('tidyCapitals', String(tidyCapitals));
    if (type === 'json' && overrideReason.trim()) query.set('overrideReason', overrideReason.trim());
    if (mapping && type !== 'json') query.set('mapping', JSON.stringify(mapping));
    // getRandomValues, not randomUUID: the latter is missing from pages served over plain HTTP on the office network.
    const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
    query.set('progress', id);
    setError(null);
    setImported(null);
    setProgress(0);
    const token = await client.getIdToken();
    let sent = false;
    const ask = async () => {
      if (!sent) return;
      const answer = await fetch(`${IMPORT_PROGRESS_PATH}?id=${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => null);
      if (answer?.ok) setWorking((await answer.json()) as ImportProgress);
    };
    const polling = setInterval(() => void ask(), PROGRESS_POLL_MS);
    try {
      return await sendFile(`${IMPORT_PATH}?${query}`, file, {
        token,
        onProgress: (fraction) => {
          sent = fraction >= 1;
          setProgress(fraction);
        },
      });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      return null;
    } finally {
      clearInterval(polling);
      setProgress(null);
      setWorking(null);
    }
  };

  const previewFile = async (event?: FormEvent) => {
    event?.preventDefault();
    const answer = await send(true);
    if (!answer) return;
    if (answer.status !== 200 || !isAnswer(answer.body)) {
      setPreview(null);
      setError(serverMessage(answer.body, 'The file could not be read.'));
      return;
    }
    setPreview(answer.body);
    if (answer.body.sheet) setMapping(answer.body.sheet.mapping);
  };

  const commit = async () => {
    const answer = await send(false);
    if (!answer) return;
    if (answer.status !== 200 || !isAnswer(answer.body)) {
      // Refused as a whole (the records changed since the preview): show why, nothing was written.
      if (isAnswer(answer.body)) setPreview(answer.body);
      setError(serverMessage(answer.body, 'Nothing was imported: see the problems below.'));
      return;
    }
    const counts = Object.values(answer.body.counts);
    const created = counts.reduce((sum, count) => sum + count.create, 0);
    const updated = counts.reduce((sum, count) => sum + count.update, 0);
    const skipped = answer.body.skipped?.length ? `; ${rowsWith(answer.body.skipped, answer.body.sheet !== undefined)} skipped` : '';
    toast.success(`Imported: ${created} new, ${updated} updated${skipped}`);
    await queryClient.invalidateQueries();
    setValue('file', null);
    setPreview(null);
    setMapping(null);
    if (skipped) setImported(answer.body);
  };

  /** A file the server makes for the signed-in person (a template, the export), saved as `fileName`. */
  const download = async (path: string, fileName: string, failed: string) => {
    const token = await client.getIdToken();
    const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw new Error(serverMessage(await response.json().catch(() => null), failed));
    downloadFile(fileName, await response.blob());
  };

  const exportAll = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await download(EXPORTS[format].path, `valecare-export-${todayIn()}.${format}`, 'The export failed.');
    } catch (cause) {
      toast.error(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setExporting(null);
    }
  };

  const downloadTemplate = (kind: Exclude<FileType, 'json'>) =>
    download(`${IMPORT_TEMPLATE_PATH}?type=${kind}`, `${kind}-template.csv`, 'The template could not be made.').catch((cause: unknown) =>
      toast.error(cause instanceof Error ? cause.message : String(cause)),
    );

  const ready = preview !== null && preview.problems.length === 0;

  return (
    <div className="flex max-w-5xl flex-col gap-6 p-4 md:p-6">
      {guard}
      <PageHeader title="Import">
        <div className="flex flex-wrap gap-2">
          {(Object.keys(EXPORTS) as ExportFormat[]).map((format) => (
            <Button key={format} variant="outline" disabled={exporting !== null} onClick={() => void exportAll(format)}>
              <Download aria-hidden /> {exporting === format ? 'Exporting...' : `Export all data ${EXPORTS[format].label}`}
            </Button>
          ))}
        </div>
      </PageHeader>
      <form onSubmit={(event) => void previewFile(event)} aria-label="Choose a file to import" noValidate>
        <FormSection title="1. Choose a file">
          <Field label="File" hint="JSON from the current system, or a CSV or Excel (.xlsx) spreadsheet, up to 50 MB" className="sm:col-span-2">
            <Input
              type="file"
              accept=".json,.csv,.xlsx,application/json,text/csv"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setValue('file', chosen, { shouldDirty: true });
                setPreview(null);
                setMapping(null);
                setError(chosen && chosen.size > MAX_UPLOAD_BYTES ? `${chosen.name} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: it cannot be imported` : null);
                if (chosen) setValue('type', typeOfFile(chosen.name, type));
              }}
            />
          </Field>
          <Field label="What it holds">
            <NativeSelect
              {...register('type', {
                onChange: () => {
                  setPreview(null);
                  setMapping(null);
                },
              })}
            >
              {(Object.keys(FILE_TYPE_LABELS) as FileType[]).map((value) => (
                <option key={value} value={value}>
                  {FILE_TYPE_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {type !== 'json' && (
            <Button type="button" variant="link" className="h-auto min-w-0 justify-self-start px-0 text-left whitespace-normal sm:col-span-2" onClick={() => void downloadTemplate(type)}>
              <Download aria-hidden /> Download a template with the headings it reads
            </Button>
          )}
          <Field label="Records already kept" hint="The same id, custom ID, or name and date of birth">
            <NativeSelect {...register('onDuplicate')}>
              <option value="skip">Skip them</option>
              <option value="update">Update them from the file</option>
            </NativeSelect>
          </Field>
          <Field label="Rows with problems">
            <NativeSelect {...register('invalidRows', { onChange: () => setPreview(null) })}>
              <option value="refuse">Import nothing until every row is right</option>
              <option value="skip">Import the good rows and skip the others</option>
            </NativeSelect>
          </Field>
          {type !== 'json' && <CheckboxField label="Tidy capitals in names" className="sm:col-span-2" {...register('tidyCapitals', { onChange: () => setPreview(null) })} />}
          {type === 'json' && (
            <Field
              label="Reason for care given to carers who are not compliant"
              hint="Only if the file gives care not yet ended to such carers: kept on each of those packages with your name, as the package form keeps it. A reason written in the file is not kept."
              className="sm:col-span-2"
            >
              <Input {...register('overrideReason', { onChange: () => setPreview(null) })} />
            </Field>
          )}
          <div className="flex flex-col gap-2 sm:col-span-2">
            {progress !== null && !preview && <ImportStatus sent={progress} working={working} />}
            {error && (
              <p className="text-sm text-destructive" role="alert">
                {error}
              </p>
            )}
            <Button type="submit" className="self-end" disabled={!file || file.size > MAX_UPLOAD_BYTES || progress !== null}>
              <FileUp aria-hidden /> Preview
            </Button>
          </div>
        </FormSection>
      </form>
      {imported?.skipped && (
        <SkippedRows
          skipped={imported.skipped}
          spreadsheet={imported.sheet !== undefined}
          title={`${rowsWith(imported.skipped, imported.sheet !== undefined)} skipped: ${rowsOf(imported.skipped) === 1 ? 'fix it and import it' : 'fix them and import them'} again`}
        />
      )}
      {preview && (
        <PreviewSection
          preview={preview}
          skipping={invalidRows === 'skip'}
          mapping={mapping}
          onMappingChange={setMapping}
          onPreviewAgain={() => void previewFile()}
          onCommit={() => void commit()}
          status={progress !== null && <ImportStatus sent={progress} working={working} />}
          busy={progress !== null}
          ready={ready}
        />
      )}
    </div>
  );
}

/** Rows an import skips (or skipped), with why, and the same as a file to fix. */
function SkippedRows({ skipped, spreadsheet, title }: { skipped: readonly ImportIssue[]; spreadsheet: boolean; title: string }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{title}</h3>
        <Button type="button" variant="outline" onClick={() => downloadSkipped(skipped, spreadsheet)}>
          <Download aria-hidden /> Download the skipped rows
        </Button>
      </div>
      <DataTable label="Skipped rows" rows={skipped} columns={issueColumns(spreadsheet)} rowKey={issueKey} emptyText="" />
    </div>
  );
}

function PreviewSection({
  preview,
  skipping,
  mapping,
  onMappingChange,
  onPreviewAgain,
  onCommit,
  status,
  busy,
  ready,
}: {
  preview: ImportAnswer;
  skipping: boolean;
  mapping: Record<string, number | null> | null;
  onMappingChange: (mapping: Record<string, number | null>) => void;
  onPreviewAgain: () => void;
  onCommit: () => void;
  /** How far the file sent is, while it is. */
  status: ReactNode;
  busy: boolean;
  ready: boolean;
}) {
  const { sheet } = preview;
  const columns = issueColumns(sheet !== undefined);
  // The fields in use or named by a problem come first; the rest wait behind "Other fields".
  const inView = (field: { name: string; label: string }) =>
    (mapping?.[field.name] ?? null) !== null || preview.problems.some((p) => p.message.includes(field.label) || p.column === field.label);
  const fieldChoice = (field: { name: string; label: string }) =>
    mapping && (
      <Field key={field.name} label={field.label}>
        <NativeSelect
          value={mapping[field.name] ?? ''}
          onChange={(event) => onMappingChange({ ...mapping, [field.name]: event.target.value === '' ? null : Number(event.target.value) })}
        >
          <option value="">(none)</option>
          {sheet?.headers.map((header, index) => (
            <option key={`${header}-${index}`} value={index}>
              {header}
            </option>
          ))}
        </NativeSelect>
      </Field>
    );
  return (
    <section aria-labelledby="preview-title" className="flex flex-col gap-4">
      <h2 id="preview-title" className="text-lg font-semibold">
        2. Check the preview
      </h2>
      {sheet && mapping && (
        <FormSection title="Columns">
          <p className="text-sm text-muted-foreground sm:col-span-2">
            Each field is filled from the column chosen for it. Change a choice and preview again.
            {sheet.unusedHeaders.length > 0 && ` Not used: ${sheet.unusedHeaders.join(', ')}.`}
          </p>
          {sheet.fields.filter(inView).map(fieldChoice)}
          <details className="sm:col-span-2">
            <summary className="cursor-pointer text-sm font-medium">Other fields ({sheet.fields.filter((f) => !inView(f)).length})</summary>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">{sheet.fields.filter((f) => !inView(f)).map(fieldChoice)}</div>
          </details>
          <Button type="button" variant="outline" className="self-end sm:col-span-2 sm:justify-self-end" disabled={busy} onClick={onPreviewAgain}>
            Preview again
          </Button>
        </FormSection>
      )}
      <DataTable label="What would be imported" rows={Object.entries(preview.counts).filter(([, count]) => count.create + count.update + count.skip > 0)} columns={COUNT_COLUMNS} rowKey={([list]) => list} emptyText="Nothing to import" />
      {preview.records && preview.records.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">
            {preview.records.length === PREVIEW_RECORDS ? `The first ${PREVIEW_RECORDS} rows` : 'The rows'} as they will be stored
          </h3>
          <DataTable
            label="Rows as they will be stored"
            rows={preview.records}
            columns={recordColumns(sheet !== undefined, skipping)}
            rowKey={(record) => `${record.kind}-${record.index}`}
            emptyText=""
          />
        </div>
      )}
      {preview.skipped && preview.skipped.length > 0 && (
        <SkippedRows skipped={preview.skipped} spreadsheet={sheet !== undefined} title={`${rowsWith(preview.skipped, sheet !== undefined)} with problems will be skipped`} />
      )}
      {preview.problems.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium text-destructive">
            {preview.problems.length} problem{preview.problems.length === 1 ? '' : 's'}: nothing is imported until they are fixed
          </h3>
          <DataTable label="Problems" rows={preview.problems} columns={columns} rowKey={issueKey} emptyText="" />
        </div>
      )}
      {preview.warnings.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Warnings, and records like ones already kept</h3>
          <DataTable label="Warnings" rows={preview.warnings} columns={columns} rowKey={issueKey} emptyText="" />
        </div>
      )}
      {status}
      <Button className="self-end" disabled={!ready || busy} onClick={onCommit}>
        <Upload aria-hidden /> Import
      </Button>
    </section>
  );
}
