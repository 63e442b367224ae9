import { and, eq, getTableColumns, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '@/server/db/client';
import { escapeHtmlText } from '@/shared/html';
import { carerExclusions } from '@/server/db/schema/exclusions';
import { clientKeyInformation } from '@/server/db/schema/key-information';
import { carerAvailability } from '@/server/db/schema/availability';
import { visitChanges } from '@/server/db/schema/visit-plans';
import { wellbeingAnswers } from '@/server/db/schema/wellbeing';
import { auditLog } from '@/server/db/schema/audit';
import { packages, requests } from '@/server/db/schema/care';
import { deliveries } from '@/server/db/schema/deliveries';
import { visits } from '@/server/db/schema/visits';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { trainingRecords } from '@/server/db/schema/training';
import { mailMessages } from '@/server/db/schema/mail';
import { carers, clients, notes } from '@/server/db/schema/people';
import { escapeLike } from '@/server/db/like';
import { recordAudit } from '@/server/records/audit-trail';
import { refused } from '@/server/records/record-errors';
import { lockForChange } from '@/server/records/record-lifecycle';
import type { Actor, RecordContext } from '@/server/records/service-context';
import { removeCarerAccount } from '@/server/accounts/carer-accounts';
import { ERASED, reviewMention, type PersonMentions, personMentions, scrubText } from './mentions';
import { carerPackageIds, kindOf, ownRecordIds, postCodeDistrict } from './person-records';

/** Replaces every leaf value of an audit entry's changes (field names stay, so the shape of history stays). */
function eraseValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(eraseValues);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, eraseValues(v)]));
  return value === null || value === undefined || typeof value === 'boolean' ? value : ERASED;
}

/**
 * A shared record's audit values with the person taken out: their entry in a list (a MAG attendee) loses its
 * values but its id, and text loses the certain mentions of them, as the record's own text does.
 */
function eraseMentions(value: unknown, personId: string, mentions: PersonMentions): unknown {
  if (Array.isArray(value)) return value.map((v) => eraseMentions(v, personId, mentions));
  if (value && typeof value === 'object') {
    if ((value as { id?: unknown }).id === personId) return { ...(eraseValues(value) as object), id: personId };
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, eraseMentions(v, personId, mentions)]));
  }
  return typeof value === 'string' ? scrubText(value, mentions) : value;
}

/** A place in someone else's record that may still name the anonymised person, for the Admin to read. */
export interface ReviewItem {
  /** The record to open: a client, MP, volunteer, request, package or MAG log. */
  recordId: string;
  /** Which of its fields, in words ("next of kin", "note of 2024-03-01"). */
  field: string;
  /** The words there that may mean them, as written (shown once, to the Admin who erased them; never stored). */
  mention: string;
}

/** Free text about other people where the person may be named: each table's text columns, in words. */
const FREE_TEXT: { table: PgTable; fields: Record<string, string>; readOn?: string }[] = [
  {
    table: clients,
    fields: { nextOfKin: 'next of kin', referredBy: 'referred by', clientAgreementComments: 'client agreement comments', riskAssessmentComments: 'risk assessment comments' },
  },
  { table: carers, fields: { nextOfKin: 'next of kin', capacity: 'capacity' } },
  { table: requests, fields: { notes: 'notes' } },
  { table: packages, fields: { name: 'name', notes: 'notes' } },
  { table: magLogs, fields: { notes: 'notes' } },
  // A visit's note is read on its package's timesheet row.
  { table: deliveries, fields: { note: 'visit note' }, readOn: 'packageId' },
  { table: visits, fields: { note: 'carer’s visit note' }, readOn: 'packageId' },
  // A training record is read on its owner's page.
  { table: trainingRecords, fields: { notes: 'training record notes' }, readOn: 'ownerId' },
];

/**
 * Scrubs the certain mentions of the person from every other record's free text, auditing each record
 * changed (which fields, not what was there; its version moves on, so a form opened before is refused), and
 * returns the texts that may still mean them. Run after the person's own records are cleared.
 */
async function scrubOtherRecords(tx: Executor, actor: Actor, mentions: PersonMentions): Promise<ReviewItem[]> {
  if (!mentions.filter) return [];
  const toReview: ReviewItem[] = [];
  const erasedFrom = async (table: PgTable, id: string, set: Record<string, string>, fields: string[]) => {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const assignments = [
      ...Object.entries(set).map(([key, text]) => sql`${sql.identifier(columns[key]!.name)} = ${text}`),
      // An editable record's version moves on; a visit has none (only erasure changes it).
      ...(columns.version ? [sql`version = version + 1`, sql`updated_at = now()`] : []),
    ];
    await tx.execute(sql`update ${table} set ${sql.join(assignments, sql`, `)} where id = ${id}`);
    await recordAudit(tx, actor, 'dataProtection.anonymise', id, { mentionsErasedFrom: fields });
  };

  for (const { table, fields, readOn } of FREE_TEXT) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const texts = Object.keys(fields);
    const rows = await queryRows<Record<string, string>>(
      tx,
      sql`select ${columns.id} as id, ${columns[readOn ?? 'id']} as "readOn", ${sql.join(
        texts.map((key) => sql`${columns[key]} as ${sql.identifier(key)}`),
        sql`, `,
      )} from ${table} where ${sql.join(
        texts.map((key) => sql`${columns[key]} ~* ${mentions.filter}`),
        sql` or `,
      )}`,
    );
    for (const row of rows) {
      const set: Record<string, string> = {};
      for (const key of texts) {
        const scrubbed = scrubText(row[key]!, mentions);
        if (scrubbed !== row[key]) set[key] = scrubbed;
        const mention = reviewMention(scrubbed, mentions);
        if (mention) toReview.push({ recordId: row.readOn!, field: fields[key]!, mention });
      }
      if (Object.keys(set).length) await erasedFrom(table, row.id!, set, Object.keys(set).map((key) => fields[key]!));
    }
  }

  const noteRows = await tx.select().from(notes).where(sql`${notes.note} ~* ${mentions.filter}`);
  for (const row of noteRows) {
    const owner = row.clientId ?? row.carerId!;
    const field = `note of ${row.date}`;
    const scrubbed = scrubText(row.note, mentions);
    if (scrubbed !== row.note) {
      await tx.update(notes).set({ note: scrubbed }).where(eq(notes.id, row.id));
      // Notes are saved with their owner, so the owner's version moves on and the change is audited there.
      await erasedFrom(row.clientId ? clients : carers, owner, {}, [field]);
    }
    const mention = reviewMention(scrubbed, mentions);
    if (mention) toReview.push({ recordId: owner, field, mention });
  }
  return toReview;
}

/**
 * Erasure by anonymisation, in one transaction: every identifying field of the person and of the records
 * about them becomes neutral (name, date of birth to the year, street, phone, e-mail, next of kin, notes,
 * free-text comments, post code to its district); what statistics need stays (locality, district,
 * deprivation flags, services, hours, dates). The person is archived and marked anonymised; their name
 * leaves MAG logs and training records, and other people's free text loses its certain mentions of them
 * (what may still mean them is returned for review). Audit entries of their own records lose every value,
 * those of MAG logs they attended and packages they worked lose what is about them; everyone else's history
 * stays as it was. The new audit entry says it happened and by whom, nothing more.
 */
/**
 * The person's stored mail goes with them: messages to their address are deleted, and the staff digests that
 * list them by name say the anonymised label instead.
 */
async function eraseMail(tx: Executor, person: { name: string; email: string }, label: string): Promise<void> {
  const email = person.email.trim();
  if (email) await tx.delete(mailMessages).where(sql`lower(${mailMessages.to}) = lower(${email})`);
  if (!person.name.trim()) return;
  await tx
    .update(mailMessages)
    .set({
      text: sql`replace(${mailMessages.text}, ${person.name}, ${label})`,
      html: sql`replace(${mailMessages.html}, ${escapeHtmlText(person.name)}, ${label})`,
    })
    .where(and(eq(mailMessages.kind, 'digest'), like(mailMessages.text, `%${escapeLike(person.name)}%`)));
}

export async function anonymisePerson(ctx: RecordContext, input: { personId: string; version?: number }) {
  const kind = kindOf(input.personId);
  const table = kind === 'client' ? clients : carers;
  return ctx.db.transaction(async (tx) => {
    const stored = await lockForChange(tx, { table, label: 'Person' }, { id: input.personId, version: input.version });
    if (stored.anonymisedAt) throw refused('This person has already been anonymised.');

    const label = `Anonymised ${kind === 'client' ? 'client' : kind === 'mp' ? 'MP' : 'volunteer'} ${stored.id.slice(-6)}`;
    const mentions = personMentions(stored);
    const ownIds = await ownRecordIds(tx, stored.id);
    const sharedIds = await carerPackageIds(tx, stored.id);
    const attended = (await tx.select({ id: magAttendees.magLogId }).from(magAttendees).where(eq(magAttendees.personId, stored.id))).map((a) => a.id);
    const now = new Date();
    const neutral = {
      name: label,
      dateOfBirth: stored.dateOfBirth ? `${stored.dateOfBirth.slice(0, 4)}-01-01` : null,
      streetAddress: '',
      postCode: postCodeDistrict(stored.postCode),
      phone: '',
      email: '',
      nextOfKin: '',
      archived: 'Y',
      archivedAt: stored.archivedAt ?? now,
      anonymisedAt: now,
      version: stored.version + 1,
      updatedAt: now,
    };
    if (kind === 'client') {
      await tx
        .update(clients)
        .set({ ...neutral, customId: '', referredBy: '', clientAgreementComments: '', riskAssessmentComments: '', deprivationLsoa: null })
        .where(eq(clients.id, stored.id));
      const requestIds = (await tx.select({ id: requests.id }).from(requests).where(eq(requests.clientId, stored.id))).map((r) => r.id);
      const district = postCodeDistrict(stored.postCode);
      if (requestIds.length) {
        await tx.update(requests).set({ streetAddress: '', postCode: district, notes: '', customId: '' }).where(inArray(requests.id, requestIds));
        await tx.update(packages).set({ name: label, streetAddress: '', postCode: district, notes: '' }).where(inArray(packages.requestId, requestIds));
        const theirPackages = tx.select({ id: packages.id }).from(packages).where(inArray(packages.requestId, requestIds));
        await tx.update(deliveries).set({ note: '' }).where(inArray(deliveries.packageId, theirPackages));
        // A carer's visit notes are about the client (the phone's copy follows at its next fetch).
        await tx.update(visits).set({ note: '' }).where(inArray(visits.packageId, theirPackages));
        // Why a visit was cancelled (in hospital, away) is about them too.
        await tx.update(visitChanges).set({ reason: ERASED }).where(and(inArray(visitChanges.packageId, theirPackages), isNotNull(visitChanges.reason)));
      }
      await tx.update(notes).set({ note: ERASED }).where(eq(notes.clientId, stored.id));
      // How to get in, the key safe code, whom to call: about the person, and no use once their care has ended.
      await tx.delete(clientKeyInformation).where(eq(clientKeyInformation.clientId, stored.id));
      // What matters to them is in their own words; the scores stay, unnamed, so the funders' totals do not change.
      await tx.update(wellbeingAnswers).set({ mattersMost: '' }).where(eq(wellbeingAnswers.clientId, stored.id));
    } else {
      await tx.update(carers).set({ ...neutral, dbsCertificateNumber: null }).where(eq(carers.id, stored.id));
      // Their account on the carer app held their address and names too: it goes, and with it their access.
      await removeCarerAccount(tx, stored.id);
      await tx.update(trainingRecords).set({ name: label, notes: '' }).where(eq(trainingRecords.ownerId, stored.id));
      await tx.update(notes).set({ note: ERASED }).where(eq(notes.carerId, stored.id));
      // When they could work, and why they were away: theirs, and of no use once they have left.
      await tx.delete(carerAvailability).where(eq(carerAvailability.carerId, stored.id));
    }
    // A do-not-match reason is written about the person; the relation itself stays, so they are still never matched.
    await tx
      .update(carerExclusions)
      .set({ reason: ERASED })
      .where(kind === 'client' ? eq(carerExclusions.clientId, stored.id) : eq(carerExclusions.carerId, stored.id));
    await eraseMail(tx, stored, label);
    await tx
      .update(magAttendees)
      .set({ name: label, archived: 'Y', address: sql`case when ${magAttendees.address} is null then null else jsonb_build_object('locality', ${stored.locality}::text, 'postCode', ${postCodeDistrict(stored.postCode)}::text) end` })
      .where(eq(magAttendees.personId, stored.id));
    const toReview = await scrubOtherRecords(tx, ctx.actor, mentions);

    // Only the history of records about them changes, and only where it is about them (whole values or the
    // same certain mentions as above); audit entries of everyone else's records stay byte for byte.
    await tx.execute(sql`select set_config('valecare.audit_scrub', 'on', true)`);
    const scrub = async (ids: string[], erase: (changes: unknown) => unknown) => {
      if (!ids.length) return;
      for (const entry of await tx.select({ id: auditLog.id, changes: auditLog.changes }).from(auditLog).where(inArray(auditLog.recordId, ids))) {
        const changes = erase(entry.changes);
        if (JSON.stringify(changes) !== JSON.stringify(entry.changes)) await tx.update(auditLog).set({ changes }).where(eq(auditLog.id, entry.id));
      }
    };
    await scrub(ownIds, eraseValues);
    await scrub([...sharedIds, ...attended], (changes) => eraseMentions(changes, stored.id, mentions));
    await tx.execute(sql`select set_config('valecare.audit_scrub', 'off', true)`);
    await recordAudit(tx, ctx.actor, 'dataProtection.anonymise', stored.id, { anonymised: true });
    return { personId: stored.id, name: label, toReview };
  });
}
