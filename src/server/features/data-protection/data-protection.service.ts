import { and, eq, getTableColumns, inArray, isNotNull, isNull, like, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { addDays } from '@/shared/dates';
import { type Executor, queryRows } from '@/server/db/client';
import { escapeHtmlText } from '@/shared/html';
import { carerExclusions } from '@/server/db/schema/assignment';
import { auditLog } from '@/server/db/schema/audit';
import { packages, requests } from '@/server/db/schema/care';
import { deliveries } from '@/server/db/schema/deliveries';
import { magAttendees, magLogs, trainingRecords } from '@/server/db/schema/compliance';
import { mailMessages } from '@/server/db/schema/mail';
import { carers, clients, notes } from '@/server/db/schema/people';
import { escapeLike, recordAudit } from '@/server/records/audit-trail';
import { carersService } from '@/server/features/carers/carers.service';
import { getClient } from '@/server/features/clients/clients.service';
import { refused } from '@/server/records/record-errors';
import { lockForChange } from '@/server/records/record-lifecycle';
import { type CarerKind, carerKindOf } from '@/shared/carer-kind';
import type { Actor, RecordContext, ServiceContext } from '@/server/records/service-context';
import { ERASED, reviewMention, type PersonMentions, personMentions, scrubText } from './mentions';

export type PersonKind = 'client' | CarerKind;

/** A person's id (validated by personRef) is a client's or a carer's. */
export function kindOf(personId: string): PersonKind {
  return carerKindOf(personId) ?? 'client';
}

/** "TA4" of "TA4 2AB": the district keeps reports by area possible without pointing at a home. */
export function postCodeDistrict(postCode: string): string {
  return postCode.trim().split(/\s+/)[0] ?? '';
}

/** The records that are the person's alone: their own record, notes, and their care or training records. */
async function ownRecordIds(db: Executor, personId: string): Promise<string[]> {
  const noteRows = await db
    .select({ id: notes.id })
    .from(notes)
    .where(kindOf(personId) === 'client' ? eq(notes.clientId, personId) : eq(notes.carerId, personId));
  const noteIds = noteRows.map((n) => n.id);
  if (kindOf(personId) === 'client') {
    const requestRows = await db.select({ id: requests.id }).from(requests).where(eq(requests.clientId, personId));
    const requestIds = requestRows.map((r) => r.id);
    const packageRows = requestIds.length ? await db.select({ id: packages.id }).from(packages).where(inArray(packages.requestId, requestIds)) : [];
    const packageIds = packageRows.map((p) => p.id);
    return [personId, ...noteIds, ...requestIds, ...packageIds, ...(await deliveryIds(db, packageIds))];
  }
  const records = await db.select({ id: trainingRecords.id }).from(trainingRecords).where(eq(trainingRecords.ownerId, personId));
  return [personId, ...noteIds, ...records.map((r) => r.id)];
}

/** The entries of care given on these packages. */
async function deliveryIds(db: Executor, packageIds: string[]): Promise<string[]> {
  if (!packageIds.length) return [];
  return (await db.select({ id: deliveries.id }).from(deliveries).where(inArray(deliveries.packageId, packageIds))).map((d) => d.id);
}

/** A carer's packages and the care they gave on them: theirs to work, but about a client, so shared with that client's history. */
async function carerPackageIds(db: Executor, personId: string): Promise<string[]> {
  if (kindOf(personId) === 'client') return [];
  const packageIds = (await db.select({ id: packages.id }).from(packages).where(eq(packages.carerId, personId))).map((p) => p.id);
  return [...packageIds, ...(await deliveryIds(db, packageIds))];
}

/** The care given on each of these packages, by date: what a subject access export shows of it. */
async function deliveriesByPackage(db: Executor, packageIds: string[]) {
  const byPackage = new Map<string, { date: string; status: string; hours: number; reason: string | null; note: string }[]>();
  if (!packageIds.length) return byPackage;
  const rows = await db.select().from(deliveries).where(inArray(deliveries.packageId, packageIds)).orderBy(deliveries.date);
  for (const row of rows) {
    byPackage.set(row.packageId, [...(byPackage.get(row.packageId) ?? []), { date: row.date, status: row.status, hours: row.hours, reason: row.reason, note: row.note }]);
  }
  return byPackage;
}

/** Shown in place of a value that is about someone other than the person exported. */
const WITHHELD = '[withheld]';
/** What a carer's export says of a package they work: when, how many hours, what and roughly where, not for whom. */
const PACKAGE_FIELDS_FOR_CARER = new Set(['id', 'archived', 'version', 'startDate', 'endDate', 'details.weeklyHours', 'details.services', 'details.address.locality']);
/** And of the care they gave: the day, the hours or the missed visit's reason; the visit's note is about the client. */
const DELIVERY_FIELDS_FOR_CARER = new Set(['id', 'version', 'packageId', 'date', 'status', 'hours', 'reason']);

const isChange = (value: unknown): value is { from: unknown; to: unknown } => value !== null && typeof value === 'object' && 'from' in value && 'to' in value;

/** An audit entry's changes with the values `shareable` refuses replaced (an absent value stays absent). */
function withholdValues(changes: unknown, shareable: (field: string, value: unknown) => boolean): unknown {
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) return changes;
  const keep = (field: string, value: unknown) => (value === null || shareable(field, value) ? value : WITHHELD);
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) => [field, isChange(change) ? { from: keep(field, change.from), to: keep(field, change.to) } : keep(field, change)]),
  );
}

/**
 * Everything held about one person, for a subject access request: their record and notes, their care
 * (requests and packages, or training records and packages), the MAG sessions they attended and the audit
 * entries about them. Nothing identifies anyone else: a carer's packages say "a client" and the locality, a
 * client's packages leave out the carer, and the audit entries of packages withhold those same values; no
 * other attendees, no staff e-mail addresses (their role stays). The export itself is audited.
 */
export async function exportPerson(ctx: RecordContext, { personId }: { personId: string }) {
  const kind = kindOf(personId);
  let person: Record<string, unknown>;
  let shareable: (field: string, value: unknown) => boolean;
  if (kind === 'client') {
    // The carers a client is not to be matched with are other people's data, as the packages' carers are.
    const { magLogs: _sessions, requests: care, exclusions: _notMatched, ...client } = await getClient(ctx, { id: personId });
    const given = await deliveriesByPackage(
      ctx.db,
      care.flatMap((r) => r.packages.map((p) => p.id)),
    );
    person = {
      ...client,
      requests: care.map((r) => ({ ...r, packages: r.packages.map(({ carerId: _carer, carerName: _carerName, ...own }) => ({ ...own, careGiven: given.get(own.id) ?? [] })) })),
    };
    shareable = (field) => field !== 'carerId';
  } else {
    // The clients a carer is not to be matched with are other people's data, as the packages' clients are.
    const { requests: _served, packages: worked, exclusions: _notMatched, ...carer } = await carersService(kind).get(ctx, { id: personId });
    const given = await deliveriesByPackage(
      ctx.db,
      worked.map((p) => p.id),
    );
    const packagesForCarer = worked.map((p) => ({
      id: p.id,
      archived: p.archived,
      startDate: p.startDate,
      endDate: p.endDate,
      details: { client: 'a client', locality: p.details.address.locality, weeklyHours: p.details.weeklyHours, services: p.details.services },
      careGiven: (given.get(p.id) ?? []).map(({ note: _aboutTheClient, ...visit }) => visit),
    }));
    person = { ...carer, packages: packagesForCarer };
    shareable = (field, value) => PACKAGE_FIELDS_FOR_CARER.has(field) || DELIVERY_FIELDS_FOR_CARER.has(field) || (field === 'carerId' && value === personId);
  }
  const sessions = await ctx.db
    .select({ id: magLogs.id, date: magLogs.date })
    .from(magAttendees)
    .innerJoin(magLogs, eq(magAttendees.magLogId, magLogs.id))
    .where(eq(magAttendees.personId, personId))
    .orderBy(magLogs.date);
  const ids = [...(await ownRecordIds(ctx.db, personId)), ...(await carerPackageIds(ctx.db, personId))];
  const rows = await ctx.db
    .select({ at: auditLog.at, role: auditLog.actorRole, procedure: auditLog.procedure, recordId: auditLog.recordId, changes: auditLog.changes })
    .from(auditLog)
    .where(inArray(auditLog.recordId, ids))
    .orderBy(auditLog.id);
  const audit = rows.map((row) => (row.recordId?.startsWith('p') || row.recordId?.startsWith('d') ? { ...row, changes: withholdValues(row.changes, shareable) } : row));
  await recordAudit(ctx.db, ctx.actor, 'dataProtection.export', personId, null);
  return { exportedAt: new Date().toISOString(), kind, person, magSessions: sessions, audit };
}

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
      sql`version = version + 1`,
      sql`updated_at = now()`,
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
        await tx
          .update(deliveries)
          .set({ note: '' })
          .where(inArray(deliveries.packageId, tx.select({ id: packages.id }).from(packages).where(inArray(packages.requestId, requestIds))));
      }
      await tx.update(notes).set({ note: ERASED }).where(eq(notes.clientId, stored.id));
    } else {
      await tx.update(carers).set({ ...neutral, dbsCertificateNumber: null }).where(eq(carers.id, stored.id));
      await tx.update(trainingRecords).set({ name: label, notes: '' }).where(eq(trainingRecords.ownerId, stored.id));
      await tx.update(notes).set({ note: ERASED }).where(eq(notes.carerId, stored.id));
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

export interface RetentionCandidate {
  personId: string;
  kind: PersonKind;
  name: string;
  /** When care ended (clients) or the carer was archived. */
  since: string;
}

/**
 * People kept longer than the retention period: clients whose care ended (their end date, or the last end
 * of their requests and packages when none is still active) before the cut-off, and carers archived before
 * it. Already anonymised people are left out.
 */
export async function retentionReview({ db, today, retentionYears }: Pick<ServiceContext, 'db' | 'today' | 'retentionYears'>): Promise<RetentionCandidate[]> {
  const cutoff = addDays(today, -Math.round(retentionYears * 365.25));
  const clientRows = await queryRows<{ id: string; name: string; since: string }>(
    db,
    sql`
    with care as (
      select r.client_id,
             bool_or(r.end_date is null or r.end_date >= ${today}::date) as request_active,
             max(r.end_date) as request_end
      from ${requests} r group by r.client_id
    ), packaged as (
      select r.client_id,
             bool_or(p.end_date is null or p.end_date >= ${today}::date) as package_active,
             max(p.end_date) as package_end
      from ${packages} p join ${requests} r on r.id = p.request_id group by r.client_id
    )
    select c.id, c.name,
           coalesce(c.end_date, greatest(care.request_end, packaged.package_end), c.created_at::date)::text as since
    from ${clients} c
    left join care on care.client_id = c.id
    left join packaged on packaged.client_id = c.id
    where c.anonymised_at is null
      and not coalesce(care.request_active, false)
      and not coalesce(packaged.package_active, false)
      and coalesce(c.end_date, greatest(care.request_end, packaged.package_end), c.created_at::date) < ${cutoff}::date
    order by since`,
  );
  const carerRows = await db
    .select({ id: carers.id, name: carers.name, since: sql<string>`${carers.archivedAt}::date::text` })
    .from(carers)
    .where(and(eq(carers.archived, 'Y'), isNotNull(carers.archivedAt), isNull(carers.anonymisedAt), lt(carers.archivedAt, sql`${cutoff}::date`)));
  return [
    ...clientRows.map((r) => ({ personId: r.id, kind: 'client' as const, name: r.name, since: r.since })),
    ...carerRows.map((r) => ({ personId: r.id, kind: kindOf(r.id), name: r.name, since: r.since })),
  ];
}
