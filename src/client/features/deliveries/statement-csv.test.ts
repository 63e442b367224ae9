import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from '@/shared/csv';
import { entryText, STATEMENT_COLUMNS, statementCsvRows } from './statement-csv';

const entry = (date: string, fields: { status: 'delivered' | 'missed'; hours: number; reason: null | 'client-in-hospital'; note: string }) => ({
  id: `d${date.replaceAll('-', '')}`,
  version: 1,
  packageId: 'pone',
  carerId: 'mone',
  date,
  source: 'office' as const,
  ...fields,
});

const STATEMENT = {
  carer: { id: 'mone', name: 'Marta Price', kind: 'MP' as const },
  month: '2025-03',
  closed: false,
  plannedHours: 11,
  deliveredHours: 3.5,
  missedVisits: 1,
  packages: [
    {
      id: 'pone',
      carerId: 'mone',
      carerName: 'Marta Price',
      givenToAnother: false,
      clientName: 'Edna Pollard',
      packageName: 'Mornings',
      startDate: '2025-03-10',
      endDate: null,
      plannedTo: null,
      weeklyHours: 7,
      plannedHours: 11,
      deliveredHours: 3.5,
      missedVisits: 1,
      entries: [
        entry('2025-03-10', { status: 'delivered', hours: 1.5, reason: null, note: 'Bath, then "breakfast"' }),
        entry('2025-03-11', { status: 'missed', hours: 0, reason: 'client-in-hospital', note: '' }),
        entry('2025-03-12', { status: 'delivered', hours: 2, reason: null, note: '=HYPERLINK("x")' }),
      ],
      visits: [],
    },
  ],
  driving: { minutes: 40, miles: 12, days: 2, source: 'estimate' as const, unmapped: [] },
  mileage: null,
};

describe('a statement as CSV', () => {
  it('has a row per entry naming its carer, month and package, the reason in words, and formula-like notes made harmless', () => {
    const rows = parse(toCsv(statementCsvRows(STATEMENT)), { relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual(STATEMENT_COLUMNS);
    expect(rows.slice(1)).toEqual([
      ['Marta Price', 'mone', 'MP', '2025-03', 'Edna Pollard', 'Mornings', 'pone', '2025-03-10', 'Delivered', '1.50', '', 'Bath, then "breakfast"'],
      ['Marta Price', 'mone', 'MP', '2025-03', 'Edna Pollard', 'Mornings', 'pone', '2025-03-11', 'Missed', '0.00', 'Client in hospital or away', ''],
      ['Marta Price', 'mone', 'MP', '2025-03', 'Edna Pollard', 'Mornings', 'pone', '2025-03-12', 'Delivered', '2.00', '', `'=HYPERLINK("x")`],
    ]);
  });

  it('shows a missed visit by its reason, and hours to 2 decimals', () => {
    expect(entryText({ status: 'missed', hours: 0, reason: 'client-in-hospital' })).toBe('Missed — Client in hospital or away');
    expect(entryText({ status: 'delivered', hours: 1.25, reason: null })).toBe('1.25');
  });
});
