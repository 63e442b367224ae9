import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_PENCE_PER_MILE } from '@/shared/deliveries';
import { mileageRateInput, month } from '@/shared/schemas/deliveries';
import type { Executor } from '@/server/db/client';
import { deliveryMonths, deliverySettings } from '@/server/db/schema/deliveries';
import { settingsRow } from './settings-row';

// When the charity began recording delivered care: the timesheet's settings and the Delivered Care Report both read it;
// and the mileage rate the statements pay volunteers at.

export const recordingRow = settingsRow(deliverySettings, z.object({ recordedFrom: month.nullable() }), { recordedFrom: null as string | null });

/** What the charity pays volunteers a mile, in pence (decision 337). */
export const mileageRow = settingsRow(deliverySettings, mileageRateInput, { pencePerMile: DEFAULT_PENCE_PER_MILE });

export interface RecordingStart {
  /** The first month the Delivered Care Report counts (YYYY-MM); null while nothing is recorded and no Admin has set one. */
  from: string | null;
  /** The month an Admin set, or null while the first entry's month stands. */
  set: string | null;
  /** The month of the earliest entry on any timesheet. */
  firstEntry: string | null;
}

/** When recording delivered care began: as an Admin set it, or else the month of the first entry. */
export async function getRecordingStart(db: Executor): Promise<RecordingStart> {
  const [{ recordedFrom }, [first]] = await Promise.all([
    recordingRow.read(db),
    db
      .select({ month: sql<string | null>`to_char(min(${deliveryMonths.month}), 'YYYY-MM')` })
      .from(deliveryMonths)
      .where(sql`${deliveryMonths.entries} > 0`),
  ]);
  const firstEntry = first?.month ?? null;
  return { from: recordedFrom ?? firstEntry, set: recordedFrom, firstEntry };
}

