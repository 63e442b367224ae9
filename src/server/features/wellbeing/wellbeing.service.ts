import { desc, eq } from 'drizzle-orm';
import type { WellbeingSettings } from '@/shared/schemas/wellbeing';
import { clients } from '@/server/db/schema/people';
import { wellbeingAnswers } from '@/server/db/schema/wellbeing';
import { diffRecords, recordAudit } from '@/server/records/audit-trail';
import { notFound } from '@/server/records/record-errors';
import type { RecordContext, ServiceContext } from '@/server/records/service-context';
import { answersOf, type WellbeingAnswers, wellbeingSettingsRow } from '@/server/records/wellbeing';

export const getWellbeingSettings = ({ db }: ServiceContext) => wellbeingSettingsRow.read(db);

export async function updateWellbeingSettings({ db, actor }: ServiceContext, input: WellbeingSettings): Promise<WellbeingSettings> {
  return db.transaction(async (tx) => {
    const before = await wellbeingSettingsRow.read(tx);
    await wellbeingSettingsRow.save(tx, input);
    await recordAudit(tx, actor, 'wellbeingSettings.update', null, diffRecords(before, input));
    return input;
  });
}

/** A client's askings, the latest first. */
export async function listWellbeing({ db }: RecordContext, { clientId }: { clientId: string }): Promise<WellbeingAnswers[]> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw notFound('Client');
  const rows = await db.select().from(wellbeingAnswers).where(eq(wellbeingAnswers.clientId, clientId)).orderBy(desc(wellbeingAnswers.askedOn), desc(wellbeingAnswers.recordedAt));
  return answersOf(db, rows);
}

