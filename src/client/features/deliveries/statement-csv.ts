import type { RouterOutputs } from '@/browser/api-types';
import type { CsvCell } from '@/shared/csv';
import { MISSED_REASON_LABELS, type MissedReason } from '@/shared/deliveries';

type Statement = RouterOutputs['deliveries']['getStatement'];
type Entry = Statement['packages'][number]['entries'][number];

/** "1.50" for hours given; "Missed — Client in hospital" for a missed visit. */
export function entryText(entry: Pick<Entry, 'status' | 'hours' | 'reason'>): string {
  return entry.status === 'missed' ? `Missed — ${MISSED_REASON_LABELS[entry.reason as MissedReason] ?? 'no reason given'}` : entry.hours.toFixed(2);
}

export const STATEMENT_COLUMNS = ['Carer', 'Carer Id', 'Kind', 'Month', 'Client', 'Package', 'Package Id', 'Date', 'Status', 'Hours', 'Missed Reason', 'Note'];

/**
 * The statement as one tidy table for payroll: one row per entry, each naming its carer, month and package,
 * so statements can be put together in a spreadsheet and summed there.
 */
export function statementCsvRows(statement: Statement): CsvCell[][] {
  const { carer, month } = statement;
  const rows = statement.packages.flatMap((pkg) =>
    pkg.entries.map((entry) => [
      carer.name,
      carer.id,
      carer.kind,
      month,
      pkg.clientName,
      pkg.packageName,
      pkg.id,
      entry.date,
      entry.status === 'missed' ? 'Missed' : 'Delivered',
      entry.hours.toFixed(2),
      entry.reason ? MISSED_REASON_LABELS[entry.reason as MissedReason] : '',
      entry.note,
    ]),
  );
  return [STATEMENT_COLUMNS, ...rows];
}
