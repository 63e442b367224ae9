import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { idsOfKind } from '../ids';
import { recordColumns, requiredReference } from './columns';
import { carers } from './people';

export const trainingRecords = pgTable(
  'training_records',
  {
    id: text('id').primaryKey(),
    ownerId: requiredReference('owner_id', () => carers.id, 'cascade'),
    ...recordColumns(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    /** Copied from the owner's name. */
    name: text('name').notNull(),
    recordName: text('record_name').notNull(),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    check('training_records_id_prefix', idsOfKind(t.id, 'trainingRecord')),
    check('training_records_archived', sql`${t.archived} in ('Y', 'N')`),
    index('training_records_owner_idx').on(t.ownerId),
    index('training_records_expiry_idx').on(t.expiryDate),
  ],
);
