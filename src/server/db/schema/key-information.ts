import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './people';

/** The app secret the key safe codes are sealed under (src/server/records/sealed-text.ts). */
export const KEY_SAFE_KEY_NAME = 'key-safe-key';

/**
 * What a carer needs at a client's door, kept as fields: how to get in, the key safe code (sealed at rest, and never
 * in a list, an export, the audit trail or a log), allergies and risks, and whom to call in an emergency. Apart from
 * the client's record, so no list or export of clients carries it.
 */
export const clientKeyInformation = pgTable('client_key_information', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  accessNotes: text('access_notes').notNull().default(''),
  /** Sealed with AES-256-GCM under KEY_SAFE_KEY_NAME, bound to the client's id; null for none. */
  keySafeCode: text('key_safe_code'),
  allergiesAndRisks: text('allergies_and_risks').notNull().default(''),
  emergencyContact: text('emergency_contact').notNull().default(''),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
