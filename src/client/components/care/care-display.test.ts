import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { filterRows, sortRows } from '@/client/components/list-screen/list-filters';
import { dateColumn, loadErrorText, periodText } from './care-display';

describe('date columns of the requests and packages lists', () => {
  const rows = [{ end: 'open' }, { end: '2025-10-01' }, { end: '2025-03-02' }];
  const columns = [dateColumn<(typeof rows)[number]>('end', 'End', (r) => r.end)];

  it('show dates as staff read them and an open end as Ongoing', () => {
    expect(rows.map((r) => columns[0]!.value(r))).toEqual(['Ongoing', '1 Oct 2025', '2 Mar 2025']);
  });

  it('sort by date, with Ongoing after every date', () => {
    expect(sortRows(rows, columns, { columnId: 'end', direction: 'asc' }).map((r) => r.end)).toEqual(['2025-03-02', '2025-10-01', 'open']);
  });

  it('filter on the words shown', () => {
    expect(filterRows(rows, columns, '', { end: 'ongo' })).toEqual([{ end: 'open' }]);
    expect(filterRows(rows, columns, '', { end: 'mar' })).toEqual([{ end: '2025-03-02' }]);
  });
});

describe('periodText', () => {
  it('reads from start to end', () => {
    expect(periodText({ startDate: '2025-03-02', endDate: 'open' })).toBe('2 Mar 2025 – Ongoing');
  });
});

describe('loadErrorText', () => {
  const words = { notFound: 'Request not found', failed: 'Error loading request' };
  const answered = (code: string) => TRPCClientError.from({ error: { message: 'x', code: -1, data: { code } } });

  it('says not found when the server finds no such record, or the id is not one', () => {
    expect(loadErrorText(answered('NOT_FOUND'), words)).toBe('Request not found');
    expect(loadErrorText(answered('BAD_REQUEST'), words)).toBe('Request not found');
  });

  it('says the load failed otherwise', () => {
    expect(loadErrorText(answered('INTERNAL_SERVER_ERROR'), words)).toBe('Error loading request');
    expect(loadErrorText(new TypeError('fetch failed'), words)).toBe('Error loading request');
  });
});
