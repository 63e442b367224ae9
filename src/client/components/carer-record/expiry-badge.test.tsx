import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterRows, sortRows } from '@/client/components/list-screen/list-filters';
import { expiryColumn } from './expiry-badge';
import { addDays } from '@/shared/dates';
import { expiryBadge, expiryListValue } from './expiry-display';

const TODAY = '2025-06-15';

/** An expiry column's cell, as an expiry list shows the date. */
function ExpiryDate({ date, today, missingText }: { date: string; today: string; missingText: string }) {
  return expiryColumn<{ date: string }>({ id: 'expiry', header: 'Expiry', date: (row) => row.date, missingText, today }).cell!({ date });
}

describe('expiryBadge', () => {
  it.each([
    ['2025-06-14', { text: 'Expired', variant: 'destructive' }],
    ['2025-06-15', { text: 'Expires today', variant: 'warning' }],
    ['2025-06-16', { text: 'Expires in 1 day', variant: 'warning' }],
    ['2025-07-15', { text: 'Expires in 30 days', variant: 'warning' }],
    ['2025-07-16', { text: 'Within 90 days', variant: 'secondary' }],
    ['2025-09-13', { text: 'Within 90 days', variant: 'secondary' }],
    ['2025-09-14', null],
    ['', null],
  ])('%s → %o', (date, badge) => {
    expect(expiryBadge(date, TODAY)).toEqual(badge);
  });
});

describe('expiry list values', () => {
  interface Row {
    name: string;
    dbs: string;
  }
  const column = expiryColumn<Row>({ id: 'dbs', header: 'DBS Expiry', date: (r) => r.dbs, missingText: 'No DBS', today: TODAY });
  const rows: Row[] = [
    { name: 'far', dbs: '2027-01-01' },
    { name: 'none', dbs: '' },
    { name: 'soon', dbs: '2025-06-20' },
    { name: 'long expired', dbs: '2024-12-01' },
    { name: 'just expired', dbs: '2025-06-01' },
    { name: 'later this year', dbs: '2025-11-30' },
  ];

  it('sorts ascending as expired (longest overdue first), then soonest, with no date last', () => {
    const sorted = sortRows(rows, [column], { columnId: 'dbs', direction: 'asc' });
    expect(sorted.map((r) => r.name)).toEqual(['long expired', 'just expired', 'soon', 'later this year', 'far', 'none']);
  });

  it('lets a column filter find the words shown: the date, the badge and the missing text', () => {
    const names = (filter: string) => filterRows(rows, [column], '', { dbs: filter }).map((r) => r.name);
    expect(names('expired')).toEqual(['long expired', 'just expired']);
    expect(names('20 jun 2025')).toEqual(['soon']);
    expect(names('expires in 5 days')).toEqual(['soon']);
    expect(names('no dbs')).toEqual(['none']);
  });

  it('is the missing text alone when there is no date', () => {
    expect(expiryListValue('', TODAY, 'No Public Liability')).toBe('No Public Liability');
  });
});

describe('ExpiryDate', () => {
  it('shows the date with its badge', () => {
    render(<ExpiryDate date="2025-06-01" today={TODAY} missingText="No DBS" />);
    expect(screen.getByText('1 Jun 2025')).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
  });

  it('shows only the date when it is more than 90 days away', () => {
    const { container } = render(<ExpiryDate date="2026-06-01" today={TODAY} missingText="No DBS" />);
    expect(container).toHaveTextContent(/^1 Jun 2026$/);
  });

  it('shows the missing text when there is no date', () => {
    render(<ExpiryDate date="" today={TODAY} missingText="No DBS" />);
    expect(screen.getByText('No DBS')).toBeInTheDocument();
  });
});

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2025-06-15', 90)).toBe('2025-09-13');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
