// The reminder runs the scheduled jobs make (and "Send digest now"): what is due, to whom, and the mail.
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { addDays } from '@/shared/dates';
import {
  CARER_REMINDER_DAYS,
  DEFAULT_REMINDER_SETTINGS,
  type ReminderSettings,
  reminderSettings as settingsSchema,
  WEEKDAYS,
} from '@/shared/schemas/reminders';
import type { Database, Executor } from '@/server/db/client';
import { users } from '@/server/db/schema/auth';
import { trainingRecords } from '@/server/db/schema/training';
import { carers } from '@/server/db/schema/people';
import { carerRemindersSent, reminderSettings } from '@/server/db/schema/reminders';
import { queueMessage } from '@/server/mail/mail';
import { recordAudit } from '@/server/records/audit-trail';
import { type LapsedOnLiveCare, lapsedOnLiveCare } from '@/server/records/carer-compliance';
import { unrecordedVisitsOn } from '@/server/records/planned-visits';
import type { Actor } from '@/server/records/service-context';
import { settingsRow } from '@/server/records/settings-row';
import { composeCarerReminder, composeDigest, type ExpiringItem, isDeliverableEmail, reminderKey, reminderThreshold } from './reminder-mail';

/** What a run did: stored with the run and shown on the Reminders screen. */
export interface ReminderRunResult {
  /** Messages queued (whether they left is each message's status: see messageIds). */
  sent: number;
  /** The e-mail addresses written to. */
  recipients: string[];
  /** The messages queued, to tell what became of them; runs stored before it was kept have none. */
  messageIds?: string[];
  /** Carers due a reminder who could not be written to, and why. */
  skipped: { carerId: string; carerName: string; email: string; reason: string }[];
}

export interface MailSettings {
  today: string;
  charityName: string;
  publicUrl: string;
}

/** The weekly job that sends the digest to staff. */
export const REMINDERS_JOB = 'expiry-reminders';
/** The daily job that sends the carers' reminders, so a 7-day one is not a week late. */
export const CARER_REMINDERS_JOB = 'carer-reminders';

/** The Admin's reminder settings: stored, or the defaults. */
export const reminderSettingsRow = settingsRow(reminderSettings, settingsSchema, DEFAULT_REMINDER_SETTINGS);

export function getReminderSettings(db: Executor): Promise<ReminderSettings> {
  return reminderSettingsRow.read(db);
}

/** The digest's schedule as five-field cron: minute, hour, any date, any month, weekday (Sunday 0). */
export function digestCron({ day, time }: Pick<ReminderSettings, 'day' | 'time'>): string {
  const [hour, minute] = time.split(':').map(Number);
  return `${minute} ${hour} * * ${(WEEKDAYS.indexOf(day) + 1) % 7}`;
}

type DueItem = ExpiringItem & { carerEmail: string };

/** DBS, public liability and training expiries of carers not archived, up to `until` (expired ones included). */
export async function expiringItems(db: Executor, until: string): Promise<DueItem[]> {
  const current = eq(carers.archived, 'N');
  const people = await db
    .select({
      carerId: carers.id,
      carerName: carers.name,
      carerEmail: carers.email,
      dbs: carers.dbsExpiry,
      publicLiability: carers.publicLiabilityExpiry,
    })
    .from(carers)
    .where(and(current, or(lte(carers.dbsExpiry, until), lte(carers.publicLiabilityExpiry, until))));
  const training = await db
    .select({
      carerId: carers.id,
      carerName: carers.name,
      carerEmail: carers.email,
      recordId: trainingRecords.id,
      recordName: trainingRecords.recordName,
      expiryDate: trainingRecords.expiryDate,
    })
    .from(trainingRecords)
    .innerJoin(carers, eq(carers.id, trainingRecords.ownerId))
    .where(and(current, eq(trainingRecords.archived, 'N'), lte(trainingRecords.expiryDate, until)))
    .orderBy(asc(trainingRecords.expiryDate));
  const items: DueItem[] = [];
  for (const { dbs, publicLiability, ...carer } of people) {
    if (dbs && dbs <= until) items.push({ ...carer, kind: 'dbs', expiryDate: dbs });
    if (publicLiability && publicLiability <= until) items.push({ ...carer, kind: 'publicLiability', expiryDate: publicLiability });
  }
  for (const { expiryDate, ...record } of training) if (expiryDate) items.push({ ...record, kind: 'training', expiryDate });
  return items;
}

/** Staff of the chosen roles whose accounts are not disabled. */
async function digestRecipients(db: Executor, roles: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, [...roles]), isNull(users.disabledAt)))
    .orderBy(asc(users.email));
  return rows.map((r) => r.email);
}

/** Queues the digest to each recipient in one transaction: all or none. Nothing when nothing is due. */
async function sendDigest(db: Database, settings: ReminderSettings, items: DueItem[], lapsed: LapsedOnLiveCare[], mail: MailSettings) {
  const digest = composeDigest(items, settings.windows, mail, lapsed, await unrecordedVisitsOn(db, addDays(mail.today, -1)));
  if (!digest) return { recipients: [], messageIds: [] };
  const recipients = await digestRecipients(db, settings.roles);
  const messageIds = await db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const to of recipients) ids.push((await queueMessage(tx, { to, ...digest, kind: 'digest' })).id);
    return ids;
  });
  return { recipients, messageIds };
}

function skipReason(email: string): string | null {
  if (!email.trim()) return 'No e-mail on record';
  return isDeliverableEmail(email) ? null : 'E-mail address is not valid';
}

/**
 * Reminds carers of their own expiries at 60, 30 and 7 days. Each item and threshold is written to the ledger in
 * the transaction that queues its message, so it goes once; a record that fails is listed, never stops the run.
 */
async function sendCarerReminders(db: Database, items: DueItem[], mail: MailSettings, result: ReminderRunResult): Promise<void> {
  for (const item of items) {
    const threshold = reminderThreshold(item.expiryDate, mail.today, CARER_REMINDER_DAYS);
    if (threshold === null) continue;
    const skip = (reason: string) => {
      if (!result.skipped.some((s) => s.carerId === item.carerId)) {
        result.skipped.push({ carerId: item.carerId, carerName: item.carerName, email: item.carerEmail, reason });
      }
    };
    const reason = skipReason(item.carerEmail);
    if (reason) {
      skip(reason);
      continue;
    }
    try {
      const to = item.carerEmail.trim();
      const queued = await db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(carerRemindersSent)
          .values({ key: reminderKey(item, threshold), carerId: item.carerId, threshold })
          .onConflictDoNothing()
          .returning({ key: carerRemindersSent.key });
        return fresh ? (await queueMessage(tx, { to, ...composeCarerReminder(item, mail), kind: 'carer-reminder' })).id : null;
      });
      if (queued) {
        result.sent++;
        result.messageIds?.push(queued);
        if (!result.recipients.includes(to)) result.recipients.push(to);
      }
    } catch (error) {
      skip(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** One run of the weekly job: the digest to staff of everything expired or expiring within the widest window. */
export async function sendDigestRun(db: Database, mail: MailSettings): Promise<ReminderRunResult> {
  const settings = await getReminderSettings(db);
  const items = await expiringItems(db, addDays(mail.today, Math.max(...settings.windows)));
  const { recipients, messageIds } = await sendDigest(db, settings, items, await lapsedOnLiveCare(db, mail.today), mail);
  return { sent: messageIds.length, recipients, skipped: [], messageIds };
}

/** One run of the daily job: the carers' own reminders, when turned on. */
export async function sendCarerReminderRun(db: Database, mail: MailSettings): Promise<ReminderRunResult> {
  const result: ReminderRunResult = { sent: 0, recipients: [], skipped: [], messageIds: [] };
  if (!(await getReminderSettings(db)).carerReminders) return result;
  const items = await expiringItems(db, addDays(mail.today, Math.max(...CARER_REMINDER_DAYS)));
  await sendCarerReminders(db, items, mail, result);
  return result;
}

/** Audits a run's sends, by the Admin who pressed "Send digest now" or by the schedule. */
export async function auditReminderRun(db: Executor, actor: Actor, procedure: string, result: ReminderRunResult): Promise<void> {
  await recordAudit(db, actor, procedure, null, { sent: result.sent, recipients: result.recipients, skipped: result.skipped.length });
}
