import { describe, expect, it } from 'vitest';
import { listCsvFileName, listCsvRows } from './list-export';
import type { ListColumn } from './types';

describe('a list’s CSV', () => {
  it('has the columns’ headers, then each row’s values in column order', () => {
    const columns: ListColumn<{ name: string; hours: number | null }>[] = [
      { id: 'name', header: 'Name', value: (row) => row.name },
      { id: 'hours', header: 'Hours', value: (row) => row.hours },
    ];
    expect(listCsvRows([{ name: 'Ann', hours: 7.5 }, { name: 'Bob', hours: null }], columns)).toEqual([
      ['Name', 'Hours'],
      ['Ann', 7.5],
      ['Bob', null],
    ]);
  });

  it('is named after the list in lower case, words joined by hyphens, and the day', () => {
    expect(listCsvFileName('Clients', '2026-11-24')).toBe('clients-2026-11-24.csv');
    expect(listCsvFileName('MAG Logs', '2026-11-24')).toBe('mag-logs-2026-11-24.csv');
    expect(listCsvFileName('Public Liability Volunteers', '2026-11-24')).toBe('public-liability-volunteers-2026-11-24.csv');
    expect(listCsvFileName('Training Records MPs', '2026-11-24')).toBe('training-records-mps-2026-11-24.csv');
  });
});
