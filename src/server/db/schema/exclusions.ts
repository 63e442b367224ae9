import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { requiredReference } from './columns';
import { carers, clients } from './people';

/** A carer not to be matched with a client, and why: seen from the client, and from the carer. */
export const carerExclusions = pgTable(
  'carer_exclusions',
  {
    clientId: requiredReference('client_id', () => clients.id, 'cascade'),
    carerId: requiredReference('carer_id', () => carers.id, 'cascade'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The email of the staff member who added it. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.carerId] }), index('carer_exclusions_carer_idx').on(t.carerId)],
);
