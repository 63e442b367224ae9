import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { CARER_KIND_LABELS, type CarerKind, carerKindOf } from '@/shared/carer-kind';
import { withoutRenewed } from '@/shared/care';
import { addDays, lastDateOfMonth, monthDates, monthLabel, monthOfDate, OPEN } from '@/shared/dates';
import { DELIVERY_MESSAGES, type DeliverySource, type DeliveryStatus, type MissedReason, plannedHoursBetween, weekDays } from '@/shared/deliveries';
import { deliveryHours, type DeliveryInput, type DeliveryUpdate } from '@/shared/schemas/deliveries';
import { type Executor, queryRows } from '@/server/db/client';
import { jsonTuple } from '@/server/db/json-rows';
import { newId } from '@/server/db/ids';
import { packages, requests } from '@/server/db/schema/care';
import { closedMonths, deliveries } from '@/server/db/schema/deliveries';
import { visits, type VisitAsSent } from '@/server/db/schema/visits';
import { carers, clients } from '@/server/db/schema/people';
import { diffRecords, recordAudit } from '@/server/records/audit-trail';
import { closedMonthAmong, type DayRefusal, dayRefusal, keepDayFromVisits } from '@/server/records/delivery-entries';
import { type MonthDriving, monthDriving } from '@/server/records/month-driving';
import { getRecordingStart, mileageRow, type RecordingStart, recordingRow } from '@/server/records/recording-start';
import { notFound, refused } from '@/server/records/record-errors';
import { carerNameFor, mayReadCarer } from '@/server/records/role-views';
import { auditChange, changeRecord, type RecordKind, type RecordRef, saveNextVersion } from '@/server/records/record-lifecycle';
import type { RecordContext, ServiceContext } from '@/server/records/service-context';

type DeliveryRow = typeof deliveries.$inferSelect;

/** One day's entry as screens and the audit trail see it. */
export interface Delivery {
  id: string;
  version: number;
  packageId: string;
  /** The carer who gave (or missed) the day's care: kept whoever the package's carer becomes. */
  carerId: string;
  date: string;
  status: DeliveryStatus;
  hours: number;
  reason: MissedReason | null;
  note: string;
  /** Who gave the day's figure: the office, or the carer's visits from the carer app (DESIGN decision 294). */
  source: DeliverySource;
}

function deliveryFromRow(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    version: row.version,
    packageId: row.packageId,
    carerId: row.carerId,
    date: row.date,
    status: row.status as DeliveryStatus,
    hours: row.hours,
    reason: row.reason as MissedReason | null,
    note: row.note,
    source: row.source as DeliverySource,
  };
}

const DELIVERY: RecordKind<typeof deliveries, Delivery> = { table: deliveries, label: 'Delivery entry', view: (_tx, row) => deliveryFromRow(row) };

/**
 * A package as the timesheet and statements show it, one carer's row of it: whose care, to whom, and what was planned.
 * A package whose days in the period belong to more than one carer has a row for each.
 */
export interface DeliveryPackage {
  id: string;
  /** The carer whose entries and visits the row holds. */
  carerId: string;
  carerName: string;
  /**
   * The package has since been given to another carer: the row holds this carer's care only and plans nothing, as
   * the package's plan goes with its carer now.
   */
  givenToAnother: boolean;
  clientName: string;
  /** The package's own name, when it is not just its client's. */
  packageName: string;
  startDate: string;
  endDate: string | null;
  /**
   * The last day the package plans care (null: open): the day before its end when it was renewed that day, as its
   * successor plans the renewal day, so the day counts once, as the dashboard counts it (DESIGN §3); else its end.
   */
  plannedTo: string | null;
  weeklyHours: number;
  /** Planned hours within the period asked for: the weekly hours for each day the package runs then (0 on a row given to another). */
  plannedHours: number;
  /** The row's carer's entries. */
  entries: Delivery[];
  /** The row's carer's own visits from the carer app in the period, kept beside whatever the office's figure says. */
  visits: CarerVisit[];
}

/**
 * A visit as the office sees it beside the day's figure: its times (an end earlier than the start is the next
 * morning's) or why it did not happen, the carer's note, and whether they marked it for the office to know.
 */
export type CarerVisit = Omit<VisitAsSent, 'packageId'>;

type RunningPackage = Omit<DeliveryPackage, 'plannedHours' | 'plannedTo' | 'entries' | 'visits'> & {
  clientId: string;
  archived: 'Y' | 'N';
  entries: unknown[][];
  visits: unknown[][];
};

const ENTRY = jsonTuple<Omit<Delivery, 'packageId' | 'carerId'>>({
  id: sql`d.id`,
  version: sql`d.version`,
  date: sql`d.date`,
  status: sql`d.status`,
  hours: sql`d.hours`,
  reason: sql`d.reason`,
  note: sql`d.note`,
  source: sql`d.source`,
});

const VISIT = jsonTuple<CarerVisit>({
  date: sql`v.date`,
  start: sql`v.start_time`,
  end: sql`v.end_time`,
  couldNotVisit: sql`v.could_not_visit`,
  note: sql`v.note`,
  tellOffice: sql`v.tell_office`,
});

const RUNNING_PACKAGE = jsonTuple<RunningPackage>({
  id: sql`p.id`,
  carerId: sql`sheet.carer_id`,
  carerName: sql`carer.name`,
  givenToAnother: sql`sheet.carer_id <> p.carer_id`,
  clientId: sql`client.id`,
  clientName: sql`client.name`,
  packageName: sql`case when p.name = client.name then '' else p.name end`,
  startDate: sql`p.start_date`,
  endDate: sql`p.end_date`,
  weeklyHours: sql`p.weekly_hours`,
  archived: sql`p.archived`,
  entries: sql`coalesce(given.entries, '[]')`,
  visits: sql`coalesce(visited.visits, '[]')`,
});

/**
 * The rows of packages running at some time from `first` to `last` (of one carer, when given): a row for each package
 * and carer with care in the period (entries, or recorded visits), and one for the package's carer now whether or not
 * they have any, by carer and client, each with its carer's and client's names and that carer's entries and visits then
 * in date order. Read as one JSON text of arrays (jsonTuple), which PGlite builds far quicker than as many rows (a week
 * of the benchmark's data set has thousands of packages and tens of thousands of entries). An entry lies within its
 * package's dates, so a package's entries then are all of those days' entries for it.
 */
async function packagesRunning(
  db: Executor,
  first: string,
  last: string,
  carerId?: string,
): Promise<(Omit<DeliveryPackage, 'plannedHours' | 'plannedTo'> & { clientId: string; archived: 'Y' | 'N' })[]> {
  // From the day before: a night visit begun then counts partly on the first day; a visit that day ending by midnight does not.
  const visitsThen = sql`v.date between ${addDays(first, -1)} and ${last} and (v.date >= ${first} or v.end_time < v.start_time) and v.status = 'recorded'`;
  // A carer's packages then, and the packages others have now that the carer gave care on then.
  const ofCarer = carerId
    ? sql`and (p.carer_id = ${carerId}
        or p.id in (select d.package_id from ${deliveries} d where d.carer_id = ${carerId} and d.date between ${first} and ${last})
        or p.id in (select v.package_id from ${visits} v where v.carer_id = ${carerId} and ${visitsThen}))`
    : sql``;
  const [result] = await queryRows<{ rows: string }>(
    db,
    sql`with running as (
        select p.* from ${packages} p where p.start_date <= ${last} and (p.end_date is null or p.end_date >= ${first}) ${ofCarer}),
      given as (
        select d.package_id, d.carer_id, json_agg(${ENTRY.array} order by d.date) as entries
        from ${deliveries} d
        where d.date between ${first} and ${last} ${carerId ? sql`and d.carer_id = ${carerId}` : sql``}
        group by d.package_id, d.carer_id),
      visited as (
        select v.package_id, v.carer_id, json_agg(${VISIT.array} order by v.date, v.start_time) as visits
        from ${visits} v
        where ${visitsThen} and v.package_id in (select id from running) ${carerId ? sql`and v.carer_id = ${carerId}` : sql``}
        group by v.package_id, v.carer_id),
      sheet as (
        select id as package_id, carer_id from running ${carerId ? sql`where carer_id = ${carerId}` : sql``}
        union select package_id, carer_id from given
        union select package_id, carer_id from visited)
      select coalesce(json_agg(${RUNNING_PACKAGE.array}
        order by carer.name, client.name, p.start_date, p.id, sheet.carer_id), '[]')::text as rows
      from sheet
      join running p on p.id = sheet.package_id
      join ${carers} carer on carer.id = sheet.carer_id
      join ${requests} request on request.id = p.request_id
      join ${clients} client on client.id = request.client_id
      left join given on given.package_id = sheet.package_id and given.carer_id = sheet.carer_id
      left join visited on visited.package_id = sheet.package_id and visited.carer_id = sheet.carer_id`,
  );
  return (JSON.parse(result!.rows) as unknown[][]).map((tuple) => {
    const running = RUNNING_PACKAGE.read(tuple);
    return {
      ...running,
      entries: running.entries.map((entry) => ({ ...ENTRY.read(entry), packageId: running.id, carerId: running.carerId })),
      visits: running.visits.map((visit) => VISIT.read(visit)),
    };
  });
}

/** The closed months from `first` to `last`, as YYYY-MM. */
async function closedMonthsBetween(db: Executor, first: string, last: string): Promise<string[]> {
  const rows = await db
    .select({ month: closedMonths.month })
    .from(closedMonths)
    .where(and(gte(closedMonths.month, monthOfDate(first)), lte(closedMonths.month, monthOfDate(last))))
    .orderBy(asc(closedMonths.month));
  return rows.map((row) => row.month);
}

/**
 * Running packages' rows with their planned hours and entries between two dates; archived ones only where they have
 * entries. The package's carer now carries its plan; a row of care by a carer it has since been given away from plans
 * nothing.
 */
async function deliveryPackages(db: Executor, first: string, last: string, today: string, carerId?: string): Promise<DeliveryPackage[]> {
  const running = await packagesRunning(db, first, last, carerId);
  // Hours are planned up to today, as the hours reports count them: a week or month under way is planned so far.
  const plannedUntil = last < today ? last : today;
  // A package's successor on its renewal day is running too, as that day falls within the period.
  const notRenewed = new Set(
    withoutRenewed(
      running.filter((p) => !p.givenToAnother).map((p) => ({ ...p, endDate: p.endDate ?? OPEN })),
      (p) => `${p.carerId}\n${p.clientId}`,
    ).map((p) => p.id),
  );
  const shown: DeliveryPackage[] = [];
  for (const { archived, clientId: _clientId, ...p } of running) {
    if (archived === 'Y' && p.entries.length === 0) continue;
    const plannedTo = notRenewed.has(p.id) || p.givenToAnother ? p.endDate : addDays(p.endDate!, -1);
    const plan = { ...p, endDate: plannedTo };
    shown.push({ ...p, plannedTo, plannedHours: !p.givenToAnother && first <= plannedUntil ? plannedHoursBetween(plan, first, plannedUntil) : 0 });
  }
  return shown;
}

export interface DeliveryWeek {
  weekStart: string;
  days: string[];
  today: string;
  /** Months of this week whose figures are closed: their days take no entries. */
  closedMonths: string[];
  packages: (DeliveryPackage & { weekPlannedHours: number })[];
}

/**
 * Weeks read at once by this process. A week of a large charity is megabytes of text and objects; a burst
 * of people opening timesheets waits its turn rather than holding them all in memory together, and takes
 * no longer, as building them is work for the one thread anyway.
 */
const weekReads = pLimit(2);

/**
 * Every package running in the week from Monday `weekStart`, with its carer, client, plan and the week's entries;
 * each carer named only where the role may read that kind of carer, as every other screen does.
 */
export async function getWeek({ db, actor, today }: RecordContext, { weekStart }: { weekStart: string }): Promise<DeliveryWeek> {
  const week = await weekReads(() => readWeek(db, today, weekStart));
  return { ...week, packages: week.packages.map((pkg) => carerNameFor(actor.role, pkg)) };
}

async function readWeek(db: Executor, today: string, weekStart: string): Promise<DeliveryWeek> {
  const days = weekDays(weekStart);
  const last = days[6]!;
  const [rows, closed] = await Promise.all([deliveryPackages(db, weekStart, last, today), closedMonthsBetween(db, weekStart, last)]);
  return {
    weekStart,
    days,
    today,
    closedMonths: closed,
    // The timesheet sets the week's entries against the whole week's plan, days to come included.
    packages: rows.map((p) => ({ ...p, weekPlannedHours: p.givenToAnother ? 0 : plannedHoursBetween({ ...p, endDate: p.plannedTo }, weekStart, last) })),
  };
}

/** The day's refusal (records/delivery-entries.ts) in the timesheet's words, as it shows them beside the cell. */
function entryWords(refusal: DayRefusal, pkg: { startDate: string; endDate: string | null }): string {
  switch (refusal.code) {
    case 'future':
      return DELIVERY_MESSAGES.future;
    case 'beforeStart':
    case 'afterEnd':
      return DELIVERY_MESSAGES.outsidePackage(pkg.startDate, pkg.endDate);
    case 'closedMonth':
      return DELIVERY_MESSAGES.closedMonth(refusal.month);
  }
}

/** Refuses an entry on a day to come, outside its package's dates, or in a closed month (read as it is now, not as the week showed). */
async function checkEntryDay(tx: Executor, today: string, pkg: { startDate: string; endDate: string | null }, date: string): Promise<void> {
  const refusal = await dayRefusal(tx, pkg, { first: date, last: date, today });
  if (refusal) throw refused(entryWords(refusal, pkg));
}

/** Refuses a change on a day of a closed month. */
async function checkMonthOpen(tx: Executor, date: string): Promise<void> {
  const month = await closedMonthAmong(tx, [date]);
  if (month) throw refused(DELIVERY_MESSAGES.closedMonth(month));
}

/** What the office typed for a day: its figure from then on, which a carer's later visits never overwrite. */
function entryColumns(entry: Pick<DeliveryInput, 'status' | 'hours' | 'reason' | 'note'>) {
  return {
    status: entry.status,
    hours: entry.status === 'missed' ? 0 : entry.hours,
    reason: entry.status === 'missed' ? entry.reason! : null,
    note: entry.note,
    source: 'office' as const,
  };
}

/** Whether the carer has care on the package: an entry, or a visit recorded. */
async function hasCareOn(tx: Executor, packageId: string, carerId: string): Promise<boolean> {
  const [found] = await queryRows<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from ${deliveries} where ${deliveries.packageId} = ${packageId} and ${deliveries.carerId} = ${carerId})
      or exists (select 1 from ${visits} where ${visits.packageId} = ${packageId} and ${visits.carerId} = ${carerId} and ${visits.status} = 'recorded') as found`,
  );
  return found!.found;
}

/**
 * Records a day of care on a package for its carer now, or (`carerId`) for a carer it has since been given away from
 * who has care on it already: a day the office enters late for the carer who gave it stays theirs.
 */
export function recordDelivery(ctx: RecordContext, input: DeliveryInput): Promise<Delivery> {
  return ctx.db.transaction(async (tx) => {
    // The package is locked so its dates and carer cannot change under the entry.
    const [pkg] = await tx
      .select({ startDate: packages.startDate, endDate: packages.endDate, carerId: packages.carerId })
      .from(packages)
      .where(eq(packages.id, input.packageId))
      .for('share');
    if (!pkg) throw notFound('Package');
    await checkEntryDay(tx, ctx.today, pkg, input.date);
    const carerId = input.carerId ?? pkg.carerId;
    if (carerId !== pkg.carerId && !(await hasCareOn(tx, input.packageId, carerId))) throw refused(DELIVERY_MESSAGES.notTheCarer);
    const [existing] = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.packageId, input.packageId), eq(deliveries.date, input.date), eq(deliveries.carerId, carerId)));
    if (existing) throw refused(DELIVERY_MESSAGES.alreadyRecorded);
    const [row] = await tx
      .insert(deliveries)
      .values({ id: newId('d'), packageId: input.packageId, carerId, date: input.date, ...entryColumns(input) })
      .returning();
    const created = deliveryFromRow(row!);
    await auditChange(tx, ctx, 'deliveries.record', created.id, {}, created);
    return created;
  });
}

export function updateDelivery(ctx: RecordContext, input: DeliveryUpdate): Promise<Delivery> {
  return changeRecord(ctx, DELIVERY, input, async (tx, stored) => {
    await checkMonthOpen(tx, stored.date);
    // The quarter-hour rule is for what the office types: a carer's exact minutes kept as they were block nothing.
    const typed = deliveryHours.safeParse(input.hours);
    if (input.status === 'delivered' && input.hours !== stored.hours && !typed.success) throw refused(typed.error.issues[0]!.message);
    const before = deliveryFromRow(stored);
    const after = deliveryFromRow(await saveNextVersion(tx, deliveries, stored, entryColumns(input)));
    await auditChange(tx, ctx, 'deliveries.update', stored.id, before, after);
    return after;
  });
}

/**
 * Clears the office's figure for a carer's day. Where that carer recorded visits that day, their figure stands again
 * (their entry after, else null); a day whose figure is the carer's is corrected by typing the office's over it.
 */
export function deleteDelivery(ctx: RecordContext, input: RecordRef): Promise<{ id: string; entry: Delivery | null }> {
  return changeRecord(ctx, DELIVERY, input, async (tx, stored) => {
    await checkMonthOpen(tx, stored.date);
    if (stored.source === 'carer') throw refused(DELIVERY_MESSAGES.carersFigure);
    await tx.delete(deliveries).where(eq(deliveries.id, stored.id));
    await auditChange(tx, ctx, 'deliveries.delete', stored.id, deliveryFromRow(stored), {});
    await keepDayFromVisits(tx, stored.packageId, stored.carerId, stored.date);
    const [after] = await tx
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.packageId, stored.packageId), eq(deliveries.date, stored.date), eq(deliveries.carerId, stored.carerId)));
    return { id: stored.id, entry: after ? deliveryFromRow(after) : null };
  });
}

export interface ClosedMonth {
  month: string;
  closedAt: string;
  closedBy: string;
}

export async function listClosedMonths({ db }: RecordContext): Promise<ClosedMonth[]> {
  const rows = await db.select().from(closedMonths).orderBy(asc(closedMonths.month));
  return rows.map((row) => ({ month: row.month, closedAt: row.closedAt.toISOString(), closedBy: row.closedBy }));
}

/** Closes a month that has ended, so its figures stay as reported; audited. */
export function closeMonth(ctx: RecordContext, { month }: { month: string }): Promise<ClosedMonth> {
  return ctx.db.transaction(async (tx) => {
    if (lastDateOfMonth(month) >= ctx.today) throw refused(`${monthLabel(month)} has not ended yet: a month is closed once it is over`);
    const [row] = await tx.insert(closedMonths).values({ month, closedBy: ctx.actor.email }).onConflictDoNothing().returning();
    if (!row) throw refused(`${monthLabel(month)} is already closed`);
    await recordAudit(tx, ctx.actor, 'deliveries.closeMonth', null, { month });
    return { month: row.month, closedAt: row.closedAt.toISOString(), closedBy: row.closedBy };
  });
}

/** Reopens a closed month so its entries can be corrected; audited. */
export function reopenMonth(ctx: RecordContext, { month }: { month: string }): Promise<{ month: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(closedMonths).where(eq(closedMonths.month, month)).returning();
    if (!row) throw refused(`${monthLabel(month)} is not closed`);
    await recordAudit(tx, ctx.actor, 'deliveries.reopenMonth', null, { month, closedAt: row.closedAt.toISOString(), closedBy: row.closedBy });
    return { month };
  });
}

/** Sets the month recording began (null: the first entry's month again); audited. */
export function setRecordingStart(ctx: RecordContext, { month }: { month: string | null }): Promise<RecordingStart> {
  return ctx.db.transaction(async (tx) => {
    if (month !== null && month > monthOfDate(ctx.today)) throw refused(`${monthLabel(month)} has not begun: recording cannot start in a month still to come`);
    const before = await recordingRow.read(tx);
    await recordingRow.save(tx, { recordedFrom: month });
    await recordAudit(tx, ctx.actor, 'deliveries.setRecordingStart', null, diffRecords(before, { recordedFrom: month }));
    return getRecordingStart(tx);
  });
}

export interface CarerStatement {
  carer: { id: string; name: string; kind: (typeof CARER_KIND_LABELS)[CarerKind] };
  month: string;
  closed: boolean;
  plannedHours: number;
  deliveredHours: number;
  missedVisits: number;
  packages: (DeliveryPackage & { deliveredHours: number; missedVisits: number })[];
  /** The month's estimated driving between the visits given, or why it is not estimated. */
  driving: MonthDriving | { notEstimated: string };
  /** A volunteer's mileage claim at the charity's rate; null for an MP, or where driving is not estimated. */
  mileage: { pencePerMile: number; pounds: number } | null;
}

/**
 * A carer's month, for paying MPs: each package that was theirs or that they gave care on, with its planned hours (their
 * packages now) and their own delivered hours and entries, on packages given to someone else since too; another
 * carer's entries on the same packages count on that carer's statement. The carer is named only for a role that may
 * read that kind of carer.
 */
export async function getStatement(
  { db, actor, today, env }: RecordContext & Pick<ServiceContext, 'env'>,
  { carerId, month }: { carerId: string; month: string },
): Promise<CarerStatement> {
  const [carer] = await db.select({ id: carers.id, name: carers.name }).from(carers).where(eq(carers.id, carerId));
  if (!carer) throw notFound('Carer');
  const { first, last } = monthDates(month);
  const [rows, closed] = await Promise.all([deliveryPackages(db, first, last, today, carerId), closedMonthsBetween(db, first, last)]);
  const withTotals = rows.map((p) => ({
    ...p,
    deliveredHours: p.entries.reduce((sum, e) => sum + e.hours, 0),
    missedVisits: p.entries.filter((e) => e.status === 'missed').length,
  }));
  const sum = (key: 'plannedHours' | 'deliveredHours' | 'missedVisits') => withTotals.reduce((total, p) => total + p[key], 0);
  const named = mayReadCarer(actor.role, carer.id);
  const given = withTotals.flatMap((p) =>
    p.entries
      .filter((entry) => entry.status === 'delivered' && entry.hours > 0)
      .map((entry) => ({ packageId: p.id, date: entry.date, start: p.visits.filter((visit) => visit.date === entry.date && visit.start).map((visit) => visit.start!).sort()[0] ?? null })),
  );
  const driving = await monthDriving(db, carerId, given, env.routingUrl);
  const { pencePerMile } = await mileageRow.read(db);
  const mileage = carerKindOf(carer.id) === 'volunteer' && 'miles' in driving ? { pencePerMile, pounds: Math.round(driving.miles * pencePerMile) / 100 } : null;
  return {
    carer: { id: carer.id, name: named ? carer.name : '', kind: CARER_KIND_LABELS[carerKindOf(carer.id)!] },
    month,
    closed: closed.length > 0,
    plannedHours: sum('plannedHours'),
    deliveredHours: sum('deliveredHours'),
    missedVisits: sum('missedVisits'),
    packages: named ? withTotals : withTotals.map((pkg) => carerNameFor(actor.role, pkg)),
    driving,
    mileage,
  };
}

/** Sets the rate volunteers' mileage is paid at; audited. */
export function setMileageRate(ctx: RecordContext, input: { pencePerMile: number }): Promise<{ pencePerMile: number }> {
  return ctx.db.transaction(async (tx) => {
    const before = await mileageRow.read(tx);
    await mileageRow.save(tx, input);
    await recordAudit(tx, ctx.actor, 'deliveries.setMileageRate', null, diffRecords(before, input));
    return input;
  });
}
