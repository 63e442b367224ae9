import type { ReactNode } from 'react';
import { surnameFirst } from '@/client/lib/format';
import type { ListColumn } from './types';

/** A person's Name column: shown as written, sorted by surname ("Ann Smith" under S), and a card's title. */
export function nameColumn<T extends { details: { name: string } }>(cell: (row: T) => ReactNode): ListColumn<T> {
  return {
    id: 'name',
    header: 'Name',
    value: (row) => row.details.name,
    sortValue: (row) => surnameFirst(row.details.name),
    className: 'min-w-40',
    card: 'title',
    cell,
  };
}
