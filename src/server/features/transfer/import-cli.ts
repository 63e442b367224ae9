import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { todayIn } from '@/shared/dates';
import { readCommandLine } from '@/server/db/command-line';
import { loadEnv } from '@/server/env';
import { IMPORT_TYPES } from '@/shared/import-api';
import { OVERRIDE_TOO_SHORT, overrideReason } from '@/shared/schemas/care';
import { isImportType } from './import-file';

const USAGE = `Import records: a whole export, or one list of records.

  npm run import -- FILE [--type ${Object.keys(IMPORT_TYPES).join('|')}] [--dry-run] [--on-duplicate skip|update]
                 [--skip-invalid-rows] [--keep-capitals] [--override-reason TEXT]

FILE                 a .json export (one object of lists), or one list as the current system's getAll gave it
--type               the kind of records a single list holds (otherwise its file name or its ids say)
--dry-run            check every record and count what would happen; nothing is written
--on-duplicate       a record already stored (same id, or likely the same person): skip it (default) or update it
--skip-invalid-rows  import the records without problems and list the others, instead of importing nothing
--override-reason    why packages not yet ended go to carers who are not compliant (kept on each package, with
                     who imported it and when); without it such packages are problems. A reason written in the
                     file is never kept
--keep-capitals      a spreadsheet's names as typed ("margaret SMITH"); otherwise with tidy capitals ("Margaret Smith")

Unless --skip-invalid-rows is given, nothing is written unless every record is right: the problems are listed,
with exit code 2.
With the embedded database, stop the server first.`;

async function main(argv: string[]): Promise<number> {
  const parsed = readCommandLine(
    {
      args: argv,
      allowPositionals: true,
      options: {
        type: { type: 'string' },
        'dry-run': { type: 'boolean' },
        'on-duplicate': { type: 'string' },
        'skip-invalid-rows': { type: 'boolean' },
        'keep-capitals': { type: 'boolean' },
        'override-reason': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    },
    USAGE,
    ({ values, positionals: [file, ...extra] }) => {
      const onDuplicate = values['on-duplicate'] ?? 'skip';
      return [
        !file && 'Say which file to import',
        extra.length > 0 && `One file at a time (also given: ${extra.join(' ')})`,
        file && !existsSync(file) && `No file ${file}`,
        values.type !== undefined && !isImportType(values.type) && `Unknown --type ${values.type}`,
        onDuplicate !== 'skip' && onDuplicate !== 'update' && `--on-duplicate is skip or update, not ${onDuplicate}`,
        values['override-reason'] !== undefined && !overrideReason.safeParse(values['override-reason']).success && `--override-reason: ${OVERRIDE_TOO_SHORT}`,
      ];
    },
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [file] = positionals;
  const onDuplicate = values['on-duplicate'] ?? 'skip';

  const { runOnDatabase } = await import('@/server/db/cli-database');
  const { importFile } = await import('./import-file');
  const { describeIssue, describeRowIssue, ImportFileError, ImportRefusedError } = await import('./import-contract');
  const dryRun = values['dry-run'] ?? false;
  const env = loadEnv();
  return runOnDatabase(
    env,
    async (db) => {
      const result = await importFile(db, file!, {
        kind: values.type ? IMPORT_TYPES[values.type as keyof typeof IMPORT_TYPES] : undefined,
        dryRun,
        onDuplicate: onDuplicate as 'skip' | 'update',
        invalidRows: values['skip-invalid-rows'] ? 'skip' : 'refuse',
        tidyCapitals: !(values['keep-capitals'] ?? false),
        overrideReason: values['override-reason']?.trim(),
        actor: { email: `npm run import (${userInfo().username})`, role: '' },
        today: todayIn(env.timeZone),
      });
      const describe = result.sheet ? describeRowIssue : describeIssue;
      if (result.problems.length) throw new ImportRefusedError(result.problems, describe);
      const counts = Object.entries(result.counts)
        .filter(([, c]) => c.create + c.update + c.skip > 0)
        .map(([kind, c]) => `  ${kind}: ${c.create} to create, ${c.update} to update, ${c.skip} unchanged`);
      return [
        dryRun ? 'Dry run: nothing was written. Importing would give:' : 'Imported:',
        ...(counts.length ? counts : ['  no records']),
        ...result.warnings.map((warning) => `Warning: ${describe(warning)}`),
        ...(result.skipped ?? []).map((skipped) => `Skipped: ${describe(skipped)}`),
      ].join('\n');
    },
    [ImportFileError, ImportRefusedError],
  );
}

process.exitCode = await main(process.argv.slice(2));
