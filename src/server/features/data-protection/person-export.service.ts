import { eq, inArray } from 'drizzle-orm';
import { idKindOf } from '@/shared/record-kinds';
import { auditLog } from '@/server/db/schema/audit';
import { packages } from '@/server/db/schema/care';
import { magAttendees, magLogs } from '@/server/db/schema/mag';
import { recordAudit } from '@/server/records/audit-trail';
import { getCarer } from '@/server/records/carer-record';
import { getClient } from '@/server/records/client-record';
import type { RecordContext } from '@/server/records/service-context';
import { keyInformationOf } from '@/server/records/key-information';
import { readAvailability } from '@/server/records/availability';
import { carerPackageIds, carersPackageIds, deliveriesByPackage, kindOf, ownRecordIds, visitPlansByPackage, visitsFor, wellbeingOf } from './person-records';

/** Shown in place of a value that is about someone other than the person exported. */
const WITHHELD = '[withheld]';
/** What a carer's export says of a package they work: when, how many hours, what and roughly where, not for whom. */
const PACKAGE_FIELDS_FOR_CARER = new Set(['id', 'archived', 'version', 'startDate', 'endDate', 'details.weeklyHours', 'details.services', 'details.address.locality']);
/** And of the care they gave: the day, the hours or the missed visit's reason; the visit's note is about the client. */
const DELIVERY_FIELDS_FOR_CARER = new Set(['id', 'version', 'packageId', 'date', 'status', 'hours', 'reason']);
/** And of the visits their phone sent: all of it, the note being the carer's own words. */
const VISIT_FIELDS_FOR_CARER = new Set(['id', 'packageId', 'date', 'start', 'end', 'minutes', 'note', 'reason', 'later']);
/** A visit's id is the UUID its phone made; every other record's begins with a letter of its kind. */
const isVisitId = (id: string | null) => id !== null && /^[0-9a-f]{8}-/.test(id);

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
  let shareable: (field: string, value: unknown, recordId: string | null) => boolean;
  if (kind === 'client') {
    // The carers a client is not to be matched with are other people's data, as the packages' carers are.
    const { magLogs: _sessions, requests: care, exclusions: _notMatched, ...client } = await getClient(ctx, { id: personId });
    const packageIds = care.flatMap((r) => r.packages.map((p) => p.id));
    const given = await deliveriesByPackage(ctx.db, packageIds);
    const visited = await visitsFor(ctx.db, { packageIds });
    const planned = await visitPlansByPackage(ctx.db, packageIds);
    // What a carer needs at the door; the key safe code is never exported (decision 327).
    const { sealedCode: _code, ...keyInformation } = (await keyInformationOf(ctx.db, [personId])).get(personId) ?? { sealedCode: null };
    person = {
      ...client,
      keyInformation,
      wellbeing: await wellbeingOf(ctx.db, personId),
      requests: care.map((r) => ({
        ...r,
        packages: r.packages.map(({ carerId: _carer, carerName: _carerName, ...own }) => ({
          ...own,
          careGiven: given.get(own.id) ?? [],
          visits: visited.filter((v) => v.packageId === own.id),
          visitPlan: planned.get(own.id),
        })),
      })),
    };
    shareable = (field) => field !== 'carerId';
  } else {
    // The clients a carer is not to be matched with are other people's data, as the packages' clients are.
    const { requests: _served, packages: held, exclusions: _notMatched, ...carer } = await getCarer(ctx, kind, { id: personId });
    // The packages they hold, and those since given to another carer that they gave care on: each with their care alone.
    const handedOn = (await carersPackageIds(ctx.db, personId)).filter((id) => !held.some((p) => p.id === id));
    const earlier = handedOn.length
      ? await ctx.db
          .select({ id: packages.id, archived: packages.archived, startDate: packages.startDate, endDate: packages.endDate, locality: packages.locality, weeklyHours: packages.weeklyHours, services: packages.services })
          .from(packages)
          .where(inArray(packages.id, handedOn))
          .orderBy(packages.startDate)
      : [];
    const worked = [
      ...held.map((p) => ({ ...p, locality: p.details.address.locality, weeklyHours: p.details.weeklyHours, services: p.details.services })),
      ...earlier.map((p) => ({ ...p, endDate: p.endDate ?? 'open' })),
    ];
    const given = await deliveriesByPackage(
      ctx.db,
      worked.map((p) => p.id),
      personId,
    );
    const packagesForCarer = worked.map((p) => ({
      id: p.id,
      archived: p.archived,
      startDate: p.startDate,
      endDate: p.endDate,
      details: { client: 'a client', locality: p.locality, weeklyHours: p.weeklyHours, services: p.services },
      careGiven: (given.get(p.id) ?? []).map(({ note: _aboutTheClient, ...visit }) => visit),
    }));
    // Their visits are their own record of their work, their notes in their words.
    // When they said they can work is theirs, as they said it.
    const { weekly, timeOff } = await readAvailability(ctx.db, personId);
    person = { ...carer, packages: packagesForCarer, visits: await visitsFor(ctx.db, { carerId: personId }), availability: { weekly, timeOff } };
    shareable = (field, value, recordId) =>
      (field === 'carerId' && value === personId) ||
      (isVisitId(recordId) ? VISIT_FIELDS_FOR_CARER.has(field) : PACKAGE_FIELDS_FOR_CARER.has(field) || DELIVERY_FIELDS_FOR_CARER.has(field));
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
  const aboutOthersToo = (id: string | null) => id !== null && (isVisitId(id) || idKindOf(id) === 'package' || idKindOf(id) === 'delivery');
  const audit = rows.map((row) =>
    aboutOthersToo(row.recordId) ? { ...row, changes: withholdValues(row.changes, (field, value) => shareable(field, value, row.recordId)) } : row,
  );
  await recordAudit(ctx.db, ctx.actor, 'dataProtection.export', personId, null);
  return { exportedAt: new Date().toISOString(), kind, person, magSessions: sessions, audit };
}
