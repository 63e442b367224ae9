import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { idsOfKind } from '../ids';
import { deprivationColumns, personColumns, recordColumns } from './columns';

export const clients = pgTable(
  'clients',
  {
    id: text('id').primaryKey(),
    ...recordColumns(),
    ...personColumns(),
    ...deprivationColumns(),
    /** Where the deprivation flags came from, so past reports can be reproduced (DESIGN §3). */
    deprivationLsoa: text('deprivation_lsoa'),
    deprivationEdition: text('deprivation_edition'),
    customId: text('custom_id').notNull().default(''),
    donationScheme: boolean('donation_scheme').notNull().default(false),
    donationAmount: numeric('donation_amount', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    referredBy: text('referred_by').notNull().default(''),
    clientAgreementDate: date('client_agreement_date', { mode: 'string' }),
    clientAgreementComments: text('client_agreement_comments').notNull().default(''),
    riskAssessmentDate: date('risk_assessment_date', { mode: 'string' }),
    riskAssessmentComments: text('risk_assessment_comments').notNull().default(''),
    endDate: date('end_date', { mode: 'string' }),
    attendanceAllowance: text('attendance_allowance').notNull().default('pending'),
  },
  (t) => [
    check('clients_id_prefix', idsOfKind(t.id, 'client')),
    check('clients_archived', sql`${t.archived} in ('Y', 'N')`),
    check('clients_attendance_allowance', sql`${t.attendanceAllowance} in ('no', 'pending', 'Low', 'High')`),
  ],
);

/** MPs and volunteers share one shape; the id's first letter (m or v) says which. */
export const carers = pgTable(
  'carers',
  {
    id: text('id').primaryKey(),
    ...recordColumns(),
    ...personColumns(),
    /** The DBS re-check date: by policy from the details below, unless entered by hand. */
    dbsExpiry: date('dbs_expiry', { mode: 'string' }),
    /** Rows from before the DBS details were kept had their date typed in, so by hand is the default. */
    dbsExpiryEnteredByHand: boolean('dbs_expiry_entered_by_hand').notNull().default(true),
    /** Stored in full, answered masked (docs/decisions/198-certificate-number-never-answered-full.md). */
    dbsCertificateNumber: text('dbs_certificate_number'),
    dbsIssueDate: date('dbs_issue_date', { mode: 'string' }),
    dbsLevel: text('dbs_level'),
    dbsUpdateService: boolean('dbs_update_service').notNull().default(false),
    dbsUpdateServiceCheckedOn: date('dbs_update_service_checked_on', { mode: 'string' }),
    publicLiabilityExpiry: date('public_liability_expiry', { mode: 'string' }),
    capacity: text('capacity').notNull().default(''),
    /** Hours a week the carer can give, for matching; null when not recorded. */
    weeklyHoursAvailable: numeric('weekly_hours_available', { precision: 6, scale: 2, mode: 'number' }),
  },
  (t) => [
    check('carers_dbs_level', sql`${t.dbsLevel} in ('basic', 'standard', 'enhanced', 'enhanced-barred')`),
    check('carers_weekly_hours_available', sql`${t.weeklyHoursAvailable} between 0 and 168`),
    check('carers_id_prefix', sql`${idsOfKind(t.id, 'mp')} or ${idsOfKind(t.id, 'volunteer')}`),
    check('carers_archived', sql`${t.archived} in ('Y', 'N')`),
    index('carers_dbs_expiry_idx').on(t.dbsExpiry),
    index('carers_public_liability_expiry_idx').on(t.publicLiabilityExpiry),
  ],
);

/** Dated notes of a client or a carer; they go with their owner. */
export const notes = pgTable(
  'notes',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    carerId: text('carer_id').references(() => carers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull(),
    source: text('source').notNull().default('Phone'),
    minutesTaken: numeric('minutes_taken', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('notes_one_owner', sql`(${t.clientId} is null) <> (${t.carerId} is null)`),
    check('notes_source', sql`${t.source} in ('Phone', 'Email', 'In Person')`),
    check('notes_minutes_taken', sql`${t.minutesTaken} >= 0`),
    index('notes_client_idx').on(t.clientId),
    index('notes_carer_idx').on(t.carerId),
  ],
);
