import { sql } from 'drizzle-orm';
import { check, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PlannedWeeklyVisit } from '@/shared/visit-plans';
import { packages } from './care';

/**
 * A package's plan of visits in a week (src/shared/visit-plans.ts): one to a package, the whole of it replaced when it
 * changes, carried on to the package that renews it. A package with none has no plan yet.
 */
export const visitPlans = pgTable(
  'visit_plans',
  {
    packageId: text('package_id')
      .primaryKey()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** The visits at set times, in the order the week runs: [{ weekday: 1–7, start: 'HH:MM', end: 'HH:MM' }]. */
    visits: jsonb('visits').$type<PlannedWeeklyVisit[]>().notNull().default([]),
    /** Hours given at no set time in the week (befriending, shopping); null for none. */
    anyTimeHours: numeric('any_time_hours', { precision: 6, scale: 2, mode: 'number' }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('visit_plans_any_time', sql`${t.anyTimeHours} is null or ${t.anyTimeHours} > 0`)],
);
