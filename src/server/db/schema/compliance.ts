import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What makes a carer compliant, one row; with no row the defaults of shared/compliance.ts apply. */
export const complianceSettings = pgTable(
  'compliance_settings',
  {
    id: text('id').primaryKey().default('default'),
    requiredTrainingMps: text('required_training_mps').array().notNull().default([]),
    requiredTrainingVolunteers: text('required_training_volunteers').array().notNull().default([]),
    publicLiabilityMps: boolean('public_liability_mps').notNull().default(true),
    publicLiabilityVolunteers: boolean('public_liability_volunteers').notNull().default(false),
    dbsRecheckYears: integer('dbs_recheck_years').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('compliance_settings_one_row', sql`${t.id} = 'default'`), check('compliance_settings_dbs_years', sql`${t.dbsRecheckYears} between 1 and 10`)],
);
