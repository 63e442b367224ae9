import { eq, sql } from 'drizzle-orm';
import type { ComplianceSettings } from '@/shared/compliance';
import { carers } from '@/server/db/schema/people';
import { diffRecords, recordAudit } from '@/server/records/audit-trail';
import { complianceSettingsRow, getComplianceSettings } from '@/server/records/carer-compliance';
import type { ServiceContext } from '@/server/records/service-context';

/** The settings as stored, or the defaults. */
export function getSettings({ db }: ServiceContext): Promise<ComplianceSettings> {
  return getComplianceSettings(db);
}

/**
 * Stores the settings and audits what changed. A new DBS re-check policy moves the re-check date of every
 * carer whose date follows it (not those entered by hand), in the same transaction, so lists, reminders
 * and assignment read one date.
 */
export async function updateComplianceSettings({ db, actor }: ServiceContext, input: ComplianceSettings): Promise<ComplianceSettings> {
  return db.transaction(async (tx) => {
    const before = await getComplianceSettings(tx);
    await complianceSettingsRow.save(tx, input);
    if (input.dbsRecheckYears !== before.dbsRecheckYears) {
      const from = sql`coalesce(case when ${carers.dbsUpdateService} then ${carers.dbsUpdateServiceCheckedOn} end, ${carers.dbsIssueDate})`;
      await tx
        .update(carers)
        .set({ dbsExpiry: sql`(${from} + make_interval(years => ${input.dbsRecheckYears}))::date` })
        .where(eq(carers.dbsExpiryEnteredByHand, false));
    }
    await recordAudit(tx, actor, 'compliance.updateSettings', null, diffRecords(before, input));
    return input;
  });
}
