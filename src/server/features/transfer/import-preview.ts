import { PREVIEW_RECORDS, type PreviewRecord } from '@/shared/import-api';
import { TRANSFER_KINDS } from '@/shared/schemas/transfer';
import { type ImportIssue, type ImportRecords, isObject } from './import-contract';
import { type PlannedAll, recordKey } from './import-plan';

// The records an import preview shows: the first of the file, as they will be stored, with what happens to each.

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * What the preview shows of a record: its name, the date that tells it apart and its post code, from the
 * record as checked (so as stored: a post code in capitals, a name with tidy capitals) or, where it has a
 * problem, as read.
 */
export function shownFields(record: unknown): Pick<PreviewRecord, 'name' | 'date' | 'postCode'> {
  const value = isObject(record) ? record : {};
  const details = isObject(value.details) ? value.details : {};
  const address = isObject(details.address) ? details.address : {};
  return {
    name: text(details.name) || text(details.recordName),
    date: text(value.dateOfBirth) || text(value.expiryDate) || text(value.startDate),
    postCode: text(address.postCode),
  };
}

/** The first PREVIEW_RECORDS records, each marked a problem when a finding (or a skip) names it. */
export function previewRecords(records: ImportRecords, planned: PlannedAll, withProblems: readonly ImportIssue[]): PreviewRecord[] {
  const problem = new Set(withProblems.map((issue) => recordKey(issue.kind, issue.index)));
  const shown: PreviewRecord[] = [];
  for (const kind of TRANSFER_KINDS) {
    const byIndex = new Map(planned[kind].map((p) => [p.index, p]));
    for (const [i, raw] of (records[kind] ?? []).entries()) {
      if (shown.length === PREVIEW_RECORDS) return shown;
      const index = i + 1;
      const plan = byIndex.get(index);
      const outcome = !plan || problem.has(recordKey(kind, index)) ? 'problem' : plan.repeatOf !== undefined ? 'repeat' : plan.action;
      shown.push({ kind, index, ...shownFields(plan?.data ?? raw), outcome });
    }
  }
  return shown;
}
