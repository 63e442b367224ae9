import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { carers, clients } from './people';

/** A carer not to be matched with a client, and why: seen from the client, and from the carer. */
export const carerExclusions = pgTable(
  'carer_exclusions',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    carerId: text('carer_id')
      .notNull()
      .references(() => carers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The email of the staff member who added it. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.carerId] }), index('carer_exclusions_carer_idx').on(t.carerId)],
);
