import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idsOfKind } from '../ids';
import { addressColumns, deprivationColumns, recordColumns, requiredReference } from './columns';
import { carers, clients } from './people';

/** A request for care by a client. end_date null means open (ongoing). */
export const requests = pgTable(
  'requests',
  {
    id: text('id').primaryKey(),
    clientId: requiredReference('client_id', () => clients.id, 'restrict'),
    ...recordColumns(),
    requestType: text('request_type').notNull().default('paid'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    customId: text('custom_id').notNull().default(''),
    weeklyHours: numeric('weekly_hours', { precision: 6, scale: 2, mode: 'number' }).notNull().default(1),
    ...addressColumns(),
    ...deprivationColumns(),
    status: text('status').notNull().default('pending'),
    services: text('services').array().notNull().default([]),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    check('requests_id_prefix', idsOfKind(t.id, 'request')),
    check('requests_archived', sql`${t.archived} in ('Y', 'N')`),
    check('requests_type', sql`${t.requestType} in ('paid', 'unpaid')`),
    check('requests_status', sql`${t.status} in ('pending', 'urgent')`),
    check('requests_weekly_hours', sql`${t.weeklyHours} between 0 and 168`),
    check('requests_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('requests_client_idx').on(t.clientId),
    index('requests_end_date_idx').on(t.endDate),
  ],
);

/** Who funds care (a grant, a council contract): the list the office keeps, which a package may name. */
export const funders = pgTable(
  'funders',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** No longer offered for new packages; the packages that name it keep it. */
    archived: boolean('archived').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('funders_id_prefix', idsOfKind(t.id, 'funder')), uniqueIndex('funders_name_idx').on(sql`lower(${t.name})`)],
);

/** One carer assigned to one request for some weekly hours. end_date null means open. */
export const packages = pgTable(
  'packages',
  {
    id: text('id').primaryKey(),
    carerId: requiredReference('carer_id', () => carers.id, 'restrict'),
    requestId: requiredReference('request_id', () => requests.id, 'restrict'),
    ...recordColumns(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    name: text('name').notNull().default(''),
    weeklyHours: numeric('weekly_hours', { precision: 6, scale: 2, mode: 'number' }).notNull().default(1),
    ...addressColumns(),
    notes: text('notes').notNull().default(''),
    services: text('services').array().notNull().default([]),
    /** Why a carer who was not compliant was given the package anyway, by whom and when; null when not needed. */
    complianceOverride: text('compliance_override'),
    complianceOverrideBy: text('compliance_override_by'),
    complianceOverrideAt: timestamp('compliance_override_at', { withTimezone: true }),
    /** Who funds it, from the office's list; none said. */
    funderId: text('funder_id').references(() => funders.id, { onDelete: 'restrict' }),
  },
  (t) => [
    check('packages_id_prefix', idsOfKind(t.id, 'package')),
    check('packages_archived', sql`${t.archived} in ('Y', 'N')`),
    check('packages_weekly_hours', sql`${t.weeklyHours} >= 0`),
    check('packages_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('packages_request_idx').on(t.requestId),
    index('packages_carer_idx').on(t.carerId),
    index('packages_end_date_idx').on(t.endDate),
  ],
);
