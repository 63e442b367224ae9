import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WellbeingQuestion } from '@/shared/wellbeing';
import { idsOfKind } from '../ids';
import { carers, clients } from './people';

const scoreCheck = (name: string, column: unknown) => check(`wellbeing_answers_${name}`, sql`${column} is null or ${column} between 0 and 10`);

/**
 * One asking of the ONS wellbeing questions (src/shared/wellbeing.ts): at the start of care or at a review. A question
 * the person declined is listed in `declined` and has no score, never a zero. About health: read by Admin and
 * Coordinator alone; the reports give totals.
 */
export const wellbeingAnswers = pgTable(
  'wellbeing_answers',
  {
    /** Made by the office, or by the carer's phone, which sends it exactly once as it does a visit (DESIGN §3's form). */
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    askedOn: date('asked_on', { mode: 'string' }).notNull(),
    lifeSatisfaction: integer('life_satisfaction'),
    worthwhile: integer('worthwhile'),
    happy: integer('happy'),
    anxious: integer('anxious'),
    /** The loneliness answer, one of LONELY_ANSWERS. */
    lonely: text('lonely'),
    /** What matters to the person, in their own words. */
    mattersMost: text('matters_most').notNull().default(''),
    declined: jsonb('declined').$type<WellbeingQuestion[]>().notNull().default([]),
    /** The carer who asked, when from their phone; none when the office recorded it. */
    carerId: text('carer_id').references(() => carers.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('wellbeing_answers_id_prefix', idsOfKind(t.id, 'wellbeing')),
    scoreCheck('life_satisfaction', t.lifeSatisfaction),
    scoreCheck('worthwhile', t.worthwhile),
    scoreCheck('happy', t.happy),
    scoreCheck('anxious', t.anxious),
    check('wellbeing_answers_lonely', sql`${t.lonely} is null or ${t.lonely} in ('oftenOrAlways', 'someOfTheTime', 'occasionally', 'hardlyEver', 'never')`),
    index('wellbeing_answers_client_idx').on(t.clientId, t.askedOn),
  ],
);

/** How often people are asked again, and whether carers may ask from their phones; one row, the defaults without it. */
export const wellbeingSettings = pgTable(
  'wellbeing_settings',
  {
    id: text('id').primaryKey().default('default'),
    reviewWeeks: integer('review_weeks').notNull().default(12),
    carersMayAsk: boolean('carers_may_ask').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wellbeing_settings_one_row', sql`${t.id} = 'default'`), check('wellbeing_settings_review_weeks', sql`${t.reviewWeeks} between 1 and 104`)],
);
