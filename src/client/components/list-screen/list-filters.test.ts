import { describe, expect, it } from 'vitest';
import { searchKey } from '@/shared/search-key';
import { filterRows, nextSort, prepareRowTexts, searchableText, sortRows } from './list-filters';
import type { ListColumn } from './types';

interface Person {
  name: string;
  age: number | null;
  details?: { address: { postCode: string; lines: string[] } };
  joined?: Date;
  active?: boolean;
}

const columns: ListColumn<Person>[] = [
  { id: 'name', header: 'Name', value: (p) => p.name },
  { id: 'age', header: 'Age', value: (p) => p.age },
];

const people: Person[] = [
  { name: 'Ann', age: 30 },
  { name: 'Bob', age: 31 },
  { name: 'Annabel', age: 40 },
];

/** Whether the global search finds the row: whether filterRows keeps it. */
const matchesSearch = <T,>(row: T, columns: readonly ListColumn<T>[], search: string) => filterRows([row], columns, search, {}).length === 1;

/** Whether a column filter lets a cell's value through: whether filterRows keeps a row of that value. */
const matchesColumnFilter = (value: string | number | null | undefined, filter: string) =>
  filterRows([{ value }], [{ id: 'value', header: 'Value', value: (row) => row.value }], '', { value: filter }).length === 1;

/** How sortRows orders two values going up: below zero when `a` comes first, above when `b` does, zero for a tie (kept as given). */
function compareValues(a: string | number, b: string | number): number {
  const byValue: ListColumn<{ value: string | number }>[] = [{ id: 'value', header: 'Value', value: (row) => row.value }];
  const [rowA, rowB] = [{ value: a }, { value: b }];
  const firstOf = (rows: (typeof rowA)[]) => sortRows(rows, byValue, { columnId: 'value', direction: 'asc' })[0];
  const [first, firstReversed] = [firstOf([rowA, rowB]), firstOf([rowB, rowA])];
  if (first === firstReversed) return first === rowA ? -1 : 1;
  return 0;
}

describe('searchableText', () => {
  it('includes values nested in objects and arrays, as a search compares them', () => {
    const text = searchableText({ name: "Renée O'Connor", details: { address: { postCode: 'TA4 2AB', lines: ['Mill Lane'] } } });
    expect(text).toContain('ta42ab');
    expect(text).toContain('milllane');
    expect(text).toContain('reneeoconnor');
  });

  it('includes numbers and dates but not booleans', () => {
    const text = searchableText({ age: 87, joined: new Date('2024-03-12T00:00:00Z'), active: true });
    expect(text).toContain('87');
    expect(text).toContain(searchKey('2024-03-12'));
    expect(text).not.toContain('true');
  });

  it('survives cyclic data', () => {
    const parent: Record<string, unknown> = { name: 'Parent' };
    parent.child = { name: 'Child', parent };
    expect(searchableText(parent)).toBe('parent\nchild');
  });

  it('is computed once per row object', () => {
    const row = { name: 'Ann' };
    expect(searchableText(row)).toBe('ann');
    // Rows are immutable by contract, so a mutated row keeps its first text.
    row.name = 'Bob';
    expect(searchableText(row)).toBe('ann');
    expect(searchableText({ ...row })).toBe('bob');
  });
});

describe('matchesSearch', () => {
  const ann: Person = { name: 'Ann', age: 87, details: { address: { postCode: 'TA4 2AB', lines: [] } } };

  it('finds nested values case-insensitively', () => {
    expect(matchesSearch(ann, columns, 'ta4')).toBe(true);
    expect(matchesSearch(ann, columns, '  TA4 2a ')).toBe(true);
    expect(matchesSearch(ann, columns, 'ta5')).toBe(false);
  });

  it('does not match across two fields', () => {
    expect(matchesSearch({ name: 'Ann', age: 1 }, columns, 'ann1')).toBe(false);
  });

  it('also matches derived column text that is not in the data', () => {
    const derived: ListColumn<Person>[] = [{ id: 'band', header: 'Band', value: (p) => ((p.age ?? 0) >= 80 ? 'Over eighty' : 'Under eighty') }];
    expect(matchesSearch(ann, derived, 'over eighty')).toBe(true);
  });

  it('matches everything when the search is blank', () => {
    expect(matchesSearch(ann, columns, '   ')).toBe(true);
  });
});

describe('matchesColumnFilter', () => {
  it('is a case-insensitive substring match on the displayed value', () => {
    expect(matchesColumnFilter('Ann Smith', 'SMI')).toBe(true);
    expect(matchesColumnFilter('Ann Smith', 'smyth')).toBe(false);
    expect(matchesColumnFilter(1234, '23')).toBe(true);
  });

  it('lets everything through an empty filter, but not blanks through a real one', () => {
    expect(matchesColumnFilter(null, '')).toBe(true);
    expect(matchesColumnFilter(undefined, 'a')).toBe(false);
  });
});

describe('filterRows', () => {
  const rows = people;

  it('returns the same array when nothing is filtered', () => {
    expect(filterRows(rows, columns, ' ', { name: '' })).toBe(rows);
  });

  it('applies each column filter to its own column only', () => {
    expect(filterRows(rows, columns, '', { age: '3' }).map((r) => r.name)).toEqual(['Ann', 'Bob']);
    // "3" appears in no name, so filtering the name column by it finds nothing.
    expect(filterRows(rows, columns, '', { name: '3' })).toEqual([]);
  });

  it('combines column filters and the search', () => {
    expect(filterRows(rows, columns, 'ann', { age: '4' }).map((r) => r.name)).toEqual(['Annabel']);
  });

  it('finds a name however it is typed, in the search and in a column filter', () => {
    const named = [{ name: "Renée O'Connor", age: 80 }, { name: 'José Ferreira-Jones', age: 81 }, { name: 'Ann Lee', age: 82 }];
    for (const typed of ['renee oconnor', "o'connor", 'RENÉE']) {
      expect(filterRows(named, columns, typed, {}).map((r) => r.name), typed).toEqual(["Renée O'Connor"]);
      expect(filterRows(named, columns, '', { name: typed }).map((r) => r.name), typed).toEqual(["Renée O'Connor"]);
    }
    for (const typed of ['Jose Ferreira Jones', 'jose']) expect(filterRows(named, columns, typed, {}).map((r) => r.name), typed).toEqual(['José Ferreira-Jones']);
  });
});

describe('prepareRowTexts', () => {
  const rows = people.map((person) => ({ ...person }));

  it('does at least one row per call, then carries on while there is time', () => {
    expect(prepareRowTexts(rows, columns, 0, () => false)).toBe(1);
    expect(prepareRowTexts(rows, columns, 1, () => true)).toBe(3);
    expect(prepareRowTexts(rows, columns, 3, () => true)).toBe(3);
  });

  it('leaves filtering as it was', () => {
    prepareRowTexts(rows, columns, 0, () => true);
    expect(filterRows(rows, columns, 'bo', {}).map((r) => r.name)).toEqual(['Bob']);
    expect(filterRows(rows, columns, '', { age: '3' }).map((r) => r.name)).toEqual(['Ann', 'Bob']);
  });

  it("keeps each column set's texts apart", () => {
    const withYears: ListColumn<Person>[] = [columns[0]!, { id: 'age', header: 'Age', value: (p) => `${p.age} years` }];
    prepareRowTexts(rows, columns, 0, () => true);
    expect(filterRows(rows, columns, 'years', {})).toEqual([]);
    expect(filterRows(rows, withYears, '40 years', {}).map((r) => r.name)).toEqual(['Annabel']);
  });
});

describe('compareValues', () => {
  it('orders numbers numerically and text naturally, ignoring case', () => {
    expect(compareValues(9, 10)).toBeLessThan(0);
    expect(compareValues('Room 9', 'Room 10')).toBeLessThan(0);
    expect(compareValues('apple', 'Banana')).toBeLessThan(0);
    expect(compareValues('ann', 'ANN')).toBe(0);
  });
});

describe('sortRows', () => {
  const rows: Person[] = [
    { name: 'Cara', age: null },
    { name: 'ann', age: 9 },
    { name: 'Bob', age: 10 },
    { name: 'Dan', age: 9 },
  ];

  it('leaves rows alone when unsorted', () => {
    expect(sortRows(rows, columns, null)).toBe(rows);
  });

  it('sorts ascending and descending', () => {
    expect(sortRows(rows, columns, { columnId: 'name', direction: 'asc' }).map((r) => r.name)).toEqual(['ann', 'Bob', 'Cara', 'Dan']);
    expect(sortRows(rows, columns, { columnId: 'name', direction: 'desc' }).map((r) => r.name)).toEqual(['Dan', 'Cara', 'Bob', 'ann']);
  });

  it('is stable and keeps blanks last in both directions', () => {
    expect(sortRows(rows, columns, { columnId: 'age', direction: 'asc' }).map((r) => r.name)).toEqual(['ann', 'Dan', 'Bob', 'Cara']);
    expect(sortRows(rows, columns, { columnId: 'age', direction: 'desc' }).map((r) => r.name)).toEqual(['Bob', 'ann', 'Dan', 'Cara']);
  });

  it('sorts by a column’s sort value when it has one, filtering still by the shown text', () => {
    const dates = [{ shown: '1 Apr 2025', iso: '2025-04-01' }, { shown: '1 Mar 2025', iso: '2025-03-01' }];
    const dateColumn = [{ id: 'date', header: 'Date', value: (d: (typeof dates)[number]) => d.shown, sortValue: (d: (typeof dates)[number]) => d.iso }];
    expect(sortRows(dates, dateColumn, { columnId: 'date', direction: 'asc' }).map((d) => d.shown)).toEqual(['1 Mar 2025', '1 Apr 2025']);
    expect(filterRows(dates, dateColumn, '', { date: 'mar' }).map((d) => d.shown)).toEqual(['1 Mar 2025']);
  });

  it('does not modify its input', () => {
    const before = [...rows];
    sortRows(rows, columns, { columnId: 'name', direction: 'asc' });
    expect(rows).toEqual(before);
  });
});

describe('nextSort', () => {
  it('cycles a column through ascending, descending and unsorted', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ columnId: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ columnId: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
  });

  it('starts ascending on a different column', () => {
    expect(nextSort({ columnId: 'name', direction: 'desc' }, 'age')).toEqual({ columnId: 'age', direction: 'asc' });
  });
});
