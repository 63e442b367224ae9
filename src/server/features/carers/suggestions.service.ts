import { and, eq, isNull, sql } from 'drizzle-orm';
import { CARER_RESOURCES, type CarerKind, carerKindOf } from '@/shared/carer-kind';
import type { Compliance } from '@/shared/compliance';
import { can } from '@/shared/permissions';
import { localityDistance } from '@/shared/localities';
import { wordList } from '@/shared/plain-messages';
import { availableHours, timeOffOn } from '@/shared/availability';
import { formatDate } from '@/shared/dates';
import { idsOfKind } from '@/server/db/ids';
import { carerAvailability } from '@/server/db/schema/availability';
import { carerExclusions } from '@/server/db/schema/exclusions';
import { packages, requests } from '@/server/db/schema/care';
import { carers } from '@/server/db/schema/people';
import { notEndedYet } from '@/server/records/care.mappers';
import { notFound } from '@/server/records/record-errors';
import { complianceOfCarers } from '@/server/records/carer-compliance';
import type { RecordContext, ServiceContext } from '@/server/records/service-context';
import { type CarerTravel, travelForRequest, visitsForHours } from './suggestion-travel';

// Carers ranked for a request (docs/decisions/202-carers-suggested-for-request.md, 283): who may be given it, offers the
// care asked for and has the hours comes first, the least added driving (decision 335) or else near by before far; who is
// full, lapsed or not to be matched with the client comes last, with why.

export interface CarerSuggestion {
  carerId: string;
  name: string;
  kind: CarerKind;
  compliance: Compliance;
  /** Why the carer is where they are in the list, in the charity's words. */
  reasons: string[];
  /** Weekly hours available less those of their active packages; null when availability is not recorded. */
  spareHours: number | null;
  /** The client's reason not to match them, or null. */
  excluded: { reason: string } | null;
  /** The driving the request would add to their week, beside their week's driving now; null where not estimated. */
  travel: CarerTravel | null;
}

const hours = (n: number) => String(Math.round(n * 10) / 10);

/** Carers of the kinds the role may read, not archived or anonymised, ranked for the request. */
export async function suggestCarers(
  { db, actor, today, env }: RecordContext & Pick<ServiceContext, 'env'>,
  { requestId }: { requestId: string },
): Promise<CarerSuggestion[]> {
  const kinds = { mp: can(actor.role, CARER_RESOURCES.mp, 'read'), volunteer: can(actor.role, CARER_RESOURCES.volunteer, 'read') };
  const [request] = await db
    .select({ clientId: requests.clientId, locality: requests.locality, postCode: requests.postCode, services: requests.services, weeklyHours: requests.weeklyHours })
    .from(requests)
    .where(eq(requests.id, requestId));
  if (!request) throw notFound('Request');
  if (!kinds.mp && !kinds.volunteer) return [];

  const ofKinds = kinds.mp && kinds.volunteer ? undefined : idsOfKind(carers.id, kinds.mp ? 'mp' : 'volunteer');
  const candidates = await db
    .select({
      id: carers.id,
      name: carers.name,
      locality: carers.locality,
      postCode: carers.postCode,
      services: carers.services,
      dbsExpiry: carers.dbsExpiry,
      publicLiabilityExpiry: carers.publicLiabilityExpiry,
      weeklyHoursAvailable: carers.weeklyHoursAvailable,
    })
    .from(carers)
    .where(and(eq(carers.archived, 'N'), isNull(carers.anonymisedAt), ofKinds));
  const committed = new Map(
    (
      await db
        .select({ carerId: packages.carerId, hours: sql<string>`sum(${packages.weeklyHours})` })
        .from(packages)
        .where(and(eq(packages.archived, 'N'), notEndedYet(packages.endDate, today)))
        .groupBy(packages.carerId)
    ).map((row) => [row.carerId, Number(row.hours)]),
  );
  const excluded = new Map(
    (await db.select({ carerId: carerExclusions.carerId, reason: carerExclusions.reason }).from(carerExclusions).where(eq(carerExclusions.clientId, request.clientId))).map(
      (row) => [row.carerId, row.reason],
    ),
  );
  // Every carer's said availability: a small table, read whole rather than by thousands of ids.
  const said = new Map((await db.select().from(carerAvailability)).map((row) => [row.carerId, row]));
  const compliance = await complianceOfCarers(db, candidates, today);
  const wanted = request.services;
  const needed = Number(request.weeklyHours);
  const travel = await travelForRequest(
    db,
    { postCode: request.postCode, visits: visitsForHours(needed), today, routingUrl: env.routingUrl },
    candidates.map((carer) => ({ id: carer.id, postCode: carer.postCode, weekly: said.get(carer.id)?.weekly ?? [] })),
  );

  const ranked = candidates.map((carer) => {
    const status = compliance.get(carer.id)!;
    const reason = excluded.get(carer.id);
    const distance = localityDistance(request.locality, carer.locality);
    const offered = wanted.filter((s) => carer.services.includes(s));
    // The times the carer said they can work, where said, stand for their weekly hours; time off now is said.
    const availability = said.get(carer.id);
    const pattern = availability?.weekly.length ? availableHours(availability.weekly) : null;
    const away = availability ? timeOffOn(today, availability.timeOff) : undefined;
    const available = pattern ?? (carer.weeklyHoursAvailable === null ? null : Number(carer.weeklyHoursAvailable));
    const spare = available === null ? null : available - (committed.get(carer.id) ?? 0);
    const full = spare !== null && spare <= 0;
    const short = spare !== null && !full && spare < needed;

    const reasons: string[] = [];
    if (reason !== undefined) reasons.push(`Not to be matched with this client: ${reason}`);
    reasons.push(status.status, ...status.reasons);
    reasons.push(
      carer.locality === 'Other'
        ? 'Lives outside the charity’s localities'
        : distance === 0
          ? `Lives in ${carer.locality}, same locality`
          : distance === 1
            ? `Lives in ${carer.locality}, next to ${request.locality}`
            : `Lives in ${carer.locality}, not near ${request.locality}`,
    );
    const driving = travel.byCarer?.get(carer.id) ?? null;
    // Where the request's own post code has no place, its record says so; a carer's missing place is theirs to say.
    if (travel.byCarer && !driving) reasons.push(`Travel not estimated: no map position for ${carer.postCode}`);
    if (away) reasons.push(`Away until ${formatDate(away.to)}${away.note ? `: ${away.note}` : ''}`);
    if (wanted.length) {
      const missing = wanted.filter((s) => !offered.includes(s));
      reasons.push(
        !offered.length ? `Offers none of ${wordList(wanted)}` : missing.length ? `Offers ${wordList(offered)}, not ${wordList(missing)}` : `Offers ${wordList(offered)}`,
      );
    }
    reasons.push(
      available === null
        ? 'Weekly hours available not recorded'
        : full
          ? `Full: 0 of ${hours(available)} hours free`
          : short
            ? `${hours(spare!)} of ${hours(available)} weekly hours free, fewer than the ${hours(needed)} asked`
            : `${hours(spare!)} of ${hours(available)} weekly hours free`,
    );

    const tier = reason !== undefined ? 3 : status.status === 'Not compliant' ? 2 : full ? 1 : 0;
    // The care needed first: some of the services asked for, then room for the hours asked (enough, not
    // recorded, fewer), then the least added driving, those whose travel is not known after, near by first.
    const offersNone = wanted.length > 0 && offered.length === 0 ? 1 : 0;
    const room = away ? 3 : short ? 2 : spare === null ? 1 : 0;
    const key = [tier, offersNone, room, driving ? 0 : 1, driving ? driving.added.minutes : distance, -offered.length, status.status === 'Compliant' ? 0 : 1, -(spare ?? -Infinity)];
    const suggestion: CarerSuggestion = {
      carerId: carer.id,
      name: carer.name,
      kind: carerKindOf(carer.id)!,
      compliance: status,
      reasons,
      spareHours: spare,
      excluded: reason === undefined ? null : { reason },
      travel: driving,
    };
    return { suggestion, key };
  });
  ranked.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
    return a.suggestion.name.localeCompare(b.suggestion.name, 'en-GB');
  });
  return ranked.map((r) => r.suggestion);
}
