import { eq, inArray } from 'drizzle-orm';
import { auditLog } from '@/server/db/schema/audit';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { recordAudit } from '@/server/records/audit-trail';
import { carersService } from '@/server/features/carers/carers.service';
import { getClient } from '@/server/features/clients/clients.service';
import type { RecordContext } from '@/server/records/service-context';
import { carerPackageIds, deliveriesByPackage, kindOf, ownRecordIds } from './person-records';

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
