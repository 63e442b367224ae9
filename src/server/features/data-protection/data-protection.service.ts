import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { addDays } from '@/shared/dates';
import { type Executor, queryRows } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/audit';
import { packages, requests } from '@/server/db/schema/care';
import { magAttendees, magLogs, trainingRecords } from '@/server/db/schema/compliance';
import { carers, clients, notes } from '@/server/db/schema/people';
import { recordAudit } from '@/server/features/audit/audit.service';
import { carersService } from '@/server/features/people/carers.service';
import { getClient } from '@/server/features/people/clients.service';
import { checkVersion, notFound, refused } from '@/server/features/record-errors';
import type { ServiceContext } from '@/server/features/service-context';

export type PersonKind = 'client' | 'mp' | 'volunteer';
const ERASED = '[erased]';

export function kindOf(personId: string): PersonKind {
  return personId.startsWith('c') ? 'client' : personId.startsWith('m') ? 'mp' : 'volunteer';
}

/** "TA4" of "TA4 2AB": the district keeps reports by area possible without pointing at a home. */
export function postCodeDistrict(postCode: string): string {
  return postCode.trim().split(/\s+/)[0] ?? '';
}

/** The ids of a person and of every record about them: requests and packages, or training records and packages. */
async function relatedIds(db: Executor, personId: string): Promise<string[]> {
  if (kindOf(personId) === 'client') {
    const requestRows = await db.select({ id: requests.id }).from(requests).where(eq(requests.clientId, personId));
    const requestIds = requestRows.map((r) => r.id);
    const packageRows = requestIds.length ? await db.select({ id: packages.id }).from(packages).where(inArray(packages.requestId, requestIds)) : [];
    return [personId, ...requestIds, ...packageRows.map((p) => p.id)];
  }
  const records = await db.select({ id: trainingRecords.id }).from(trainingRecords).where(eq(trainingRecords.ownerId, personId));
  const own = await db.select({ id: packages.id }).from(packages).where(eq(packages.carerId, personId));
  return [personId, ...records.map((r) => r.id), ...own.map((p) => p.id)];
}

/**
 * Everything held about one person, for a subject access request: their record and notes, their care
 * (requests and packages, or training records and packages), the MAG sessions they attended and the audit
 * entries about them. Other people are left out: no other attendees, no client names on a carer's
 * packages, no staff e-mail addresses (their role stays). The export itself is audited.
 */
export async function exportPerson(ctx: ServiceContext, personId: string) {
  const kind = kindOf(personId);
  let person: Record<string, unknown>;
  if (kind === 'client') {
    const { magLogs: _sessions, ...client } = await getClient(ctx.db, personId);
    person = client;
  } else {
    const { requests: _served, ...carer } = await carersService(kind).get(ctx.db, personId);
    person = carer;
  }
  const sessions = await ctx.db
    .select({ id: magLogs.id, date: magLogs.date })
    .from(magAttendees)
    .innerJoin(magLogs, eq(magAttendees.magLogId, magLogs.id))
    .where(eq(magAttendees.personId, personId))
    .orderBy(magLogs.date);
  const ids = await relatedIds(ctx.db, personId);
  const audit = await ctx.db
    .select({ at: auditLog.at, role: auditLog.actorRole, procedure: auditLog.procedure, recordId: auditLog.recordId, changes: auditLog.changes })
    .from(auditLog)
    .where(inArray(auditLog.recordId, ids))
    .orderBy(auditLog.id);
  await recordAudit(ctx.db, ctx.actor, 'dataProtection.export', personId, null);
  return { exportedAt: new Date().toISOString(), kind, person, magSessions: sessions, audit };
}

/** Replaces every leaf value of an audit entry's changes (field names stay, so the shape of history stays). */
function eraseValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(eraseValues);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, eraseValues(v)]));
  return value === null || value === undefined || typeof value === 'boolean' ? value : ERASED;
}

/** Replaces the values that contain any of the erased strings, wherever they sit in an entry. */
function eraseMatching(value: unknown, erased: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => eraseMatching(v, erased));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, eraseMatching(v, erased)]));
  if (typeof value === 'string' && erased.some((s) => value.toLowerCase().includes(s.toLowerCase()))) return ERASED;
  return value;
}

/**
 * Erasure by anonymisation, in one transaction: every identifying field of the person and of the records
 * about them becomes neutral (name, date of birth to the year, street, phone, e-mail, next of kin, notes,
 * free-text comments, post code to its district); what statistics need stays (locality, district,
 * deprivation flags, services, hours, dates). The person is archived and marked anonymised; their name
 * leaves MAG logs and training records; earlier audit entries lose the erased values; the new audit entry
 * says it happened and by whom, nothing more.
 */
export async function anonymisePerson(ctx: ServiceContext, input: { personId: string; version?: number }) {
  const kind = kindOf(input.personId);
  const table = kind === 'client' ? clients : carers;
  return ctx.db.transaction(async (tx) => {
    const [stored] = await tx.select().from(table).where(eq(table.id, input.personId)).for('update');
    if (!stored || (kind !== 'client' && kindOf(stored.id) !== kind)) throw notFound('Person');
    checkVersion(stored, input.version);
    if (stored.anonymisedAt) throw refused('This person has already been anonymised.');

    const label = `Anonymised ${kind === 'client' ? 'client' : kind === 'mp' ? 'MP' : 'volunteer'} ${stored.id.slice(-6)}`;
    const erased = [stored.name, stored.phone, stored.email, stored.streetAddress, stored.nextOfKin, stored.postCode].filter(
      (s) => s.trim().length >= 3,
    );
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
      }
      await tx.update(notes).set({ note: ERASED }).where(eq(notes.clientId, stored.id));
    } else {
      await tx.update(carers).set(neutral).where(eq(carers.id, stored.id));
      await tx.update(trainingRecords).set({ name: label, notes: '' }).where(eq(trainingRecords.ownerId, stored.id));
      await tx.update(notes).set({ note: ERASED }).where(eq(notes.carerId, stored.id));
    }
    await tx
      .update(magAttendees)
      .set({ name: label, archived: 'Y', address: sql`case when ${magAttendees.address} is null then null else jsonb_build_object('locality', ${stored.locality}::text, 'postCode', ${postCodeDistrict(stored.postCode)}::text) end` })
      .where(eq(magAttendees.personId, stored.id));

    // Earlier audit entries about them lose every value; entries elsewhere that quote them lose those values.
    await tx.execute(sql`select set_config('valecare.audit_scrub', 'on', true)`);
    const ids = await relatedIds(tx, stored.id);
    const about = await tx.select({ id: auditLog.id, changes: auditLog.changes }).from(auditLog).where(inArray(auditLog.recordId, ids));
    for (const entry of about) {
      await tx.update(auditLog).set({ changes: eraseValues(entry.changes) }).where(eq(auditLog.id, entry.id));
    }
    if (erased.length) {
      const quoting = await tx
        .select({ id: auditLog.id, changes: auditLog.changes })
        .from(auditLog)
        .where(or(...erased.map((s) => sql`${auditLog.changes}::text ilike ${`%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)));
      for (const entry of quoting) {
        await tx.update(auditLog).set({ changes: eraseMatching(entry.changes, erased) }).where(eq(auditLog.id, entry.id));
      }
    }
    await tx.execute(sql`select set_config('valecare.audit_scrub', 'off', true)`);
    await recordAudit(tx, ctx.actor, 'dataProtection.anonymise', stored.id, { anonymised: true });
    return { personId: stored.id, name: label };
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
export async function retentionReview(db: Executor, today: string, years: number): Promise<RetentionCandidate[]> {
  const cutoff = addDays(today, -Math.round(years * 365.25));
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
