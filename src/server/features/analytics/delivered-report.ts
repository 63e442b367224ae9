import { type SQL, sql } from 'drizzle-orm';
import { monthDates, monthKey, monthNumberOf, monthOfDate } from '@/shared/dates';
import { deliveryRate } from '@/shared/deliveries';
import type { DeliveredReportInput } from '@/shared/schemas/analytics';
import { closedMonths, deliveryMonths } from '@/server/db/schema/deliveries';
import { mayReadCarer } from '@/server/records/role-views';
import { getRecordingStart } from '@/server/records/recording-start';
import type { RecordContext } from '@/server/records/service-context';
import { carerNamesOf } from '@/server/records/carer-names';
import {
  type Breakdown,
  careItems,
  currentYear,
  GROUP,
  inListOrder,
  MONTHS,
  FIELD,
  ITEM,
  LIST,
  ORDER,
  plannedCarerCells,
  plannedCells,
  plannedGroupCells,
  plannedItems,
  rowsOf,
  UNSPECIFIED_SERVICE,
} from './analytics.service';

/** Planned hours (the packages rule, DESIGN §3), the hours recorded as delivered, and the one as a share of the other. */
export interface PlannedAndDelivered {
  plannedHours: number;
  deliveredHours: number;
  /** Delivered ÷ planned; null when nothing was planned. */
  deliveryRate: number | null;
}
export type ServiceDelivery = { name: string } & PlannedAndDelivered;
export type GroupDelivery = ServiceDelivery & { missedVisits: number; services: ServiceDelivery[] };
/** A carer's figures; `name` is empty for a role that may not read that kind of carer. */
export type CarerDelivery = { carerId: string; name: string; missedVisits: number } & PlannedAndDelivered;
export type PeriodDelivery = PlannedAndDelivered & {
  missedVisits: number;
  services: ServiceDelivery[];
  groups: GroupDelivery[];
  carers: CarerDelivery[];
};
/**
 * A month before recording began is not `recorded`: its planned hours are given, nothing delivered and no rate.
 * `closed`: its figures have been reported and its entries are final.
 */
export type MonthDelivery = { month: number; recorded: boolean; closed: boolean } & PeriodDelivery;
/** A year counts only its recorded months; `recorded` is false when none of them is. */
export type YearDelivery = { year: number; recorded: boolean; months: MonthDelivery[] } & PeriodDelivery;
export interface DeliveredReport {
  /** The first month counted (YYYY-MM): an Admin's choice or the first entry's; null when nothing is recorded. */
  recordedFrom: string | null;
  years: YearDelivery[];
}

const BREAKDOWN: Record<DeliveredReportInput['breakdown'], Breakdown> = { locality: 'localities', deprivation: 'deprivationCategories' };

/**
 * Each package's recorded care in each month from `startYear` to today (delivery_months, kept by the database
 * as entries change: a row a package, carer and month, however many days), with the carer who gave it (the entries'
 * own, whoever has the package now), the package's group and services: one text, which both drivers hand over far
 * quicker than as many rows (as countedItemsQuery).
 */
function deliveredMonthsQuery(breakdown: Breakdown, startYear: number, today: string): SQL {
  const fields = sql`concat_ws(${FIELD}, extract(year from monthly.month)::int, extract(month from monthly.month)::int, monthly.hours, monthly.missed,
    monthly.carer_id, ${GROUP[breakdown]}, array_to_string(item.services, ${LIST}))`;
  return sql`select coalesce(string_agg(${fields}, ${ITEM}), '') as items
    from ${deliveryMonths} as monthly
    join (${careItems('packages', breakdown)}) as item on item.id = monthly.package_id
    where monthly.month between ${`${startYear}-01-01`}::date and ${today}::date`;
}

interface Delivered {
  hours: number;
  missed: number;
}

/** The figures of one period, group or service, or one carer's. */
function figures(planned: number, delivered: Delivered | undefined, recorded = true): PlannedAndDelivered & { missedVisits: number } {
  const deliveredHours = delivered?.hours ?? 0;
  return { plannedHours: planned, deliveredHours, deliveryRate: recorded ? deliveryRate(planned, deliveredHours) : null, missedVisits: delivered?.missed ?? 0 };
}

function withoutMissed({ missedVisits: _missed, ...rest }: PlannedAndDelivered & { missedVisits: number }): PlannedAndDelivered {
  return rest;
}

/** One package's recorded care in one month, as deliveredMonthsQuery gives it. */
interface DeliveredMonth {
  year: number;
  month: number;
  hours: number;
  missed: number;
  carerId: string;
  group: string;
  /** Never empty: a package with no services gives its hours to "Unspecified". */
  services: readonly string[];
}

/** The rows of deliveredMonthsQuery's text, one at a time. */
function* deliveredMonths(text: string): Generator<DeliveredMonth> {
  if (text === '') return;
  const serviceLists = new Map<string, string[]>();
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf(ITEM, start);
    if (end === -1) end = text.length;
    const [year, month, hours, missed, carerId, group, servicesText] = text.slice(start, end).split(FIELD) as [string, string, string, string, string, string, string];
    start = end + 1;
    let services = serviceLists.get(servicesText);
    if (services === undefined) {
      services = servicesText === '' ? [UNSPECIFIED_SERVICE] : servicesText.split(LIST);
      serviceLists.set(servicesText, services);
    }
    yield { year: Number(year), month: Number(month), hours: Number(hours), missed: Number(missed), carerId, group, services };
  }
}

/** Delivered hours and missed visits of a year's month (or the whole year, null), group, service or carer, or all of one (null). */
interface DeliveredCell {
  year: number;
  month: number | null;
  group: string | null;
  service: string | null;
  /** A carer's own figures (group and service then null). */
  carerId: string | null;
  hours: number;
  missed: number;
}

/**
 * Sums the months of recorded care by month and year, group and service (with every subtotal) and by
 * carer, over dense grids as hoursCells does: a package's whole hours and missed visits count once in
 * every total not by service; by service each of its services takes an even share of the hours, as planned
 * hours are shared. Only cells something was recorded in are given.
 */
function deliveredCells(months: Iterable<DeliveredMonth>, startYear: number): DeliveredCell[] {
  const rows = [...months];
  const indexOf = (names: string[], indexes: Map<string, number>, name: string) => {
    let index = indexes.get(name);
    if (index === undefined) indexes.set(name, (index = names.push(name) - 1));
    return index;
  };
  const [groups, services, carers] = [[] as string[], [] as string[], [] as string[]];
  const [groupIndexes, serviceIndexes, carerIndexes] = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  const serviceLists = new Map<readonly string[], number[]>();
  let years = 0;
  const indexed = rows.map((row) => {
    let given = serviceLists.get(row.services);
    if (given === undefined) serviceLists.set(row.services, (given = row.services.map((name) => indexOf(services, serviceIndexes, name))));
    years = Math.max(years, row.year - startYear + 1);
    return { row, group: indexOf(groups, groupIndexes, row.group), carer: indexOf(carers, carerIndexes, row.carerId), given };
  });
  const [G, S, C] = [groups.length, services.length, carers.length];
  // Thirteen periods a year: its months, then the whole year. Group G and service S stand for all of them.
  const periods = years * 13;
  const at = (period: number, group: number, service: number) => (period * (G + 1) + group) * (S + 1) + service;
  const hours = new Float64Array(periods * (G + 1) * (S + 1));
  const missed = new Float64Array(hours.length);
  const present = new Uint8Array(hours.length);
  const carerHours = new Float64Array(periods * C);
  const carerMissed = new Float64Array(periods * C);
  const carerPresent = new Uint8Array(periods * C);
  for (const { row, group, carer, given } of indexed) {
    const share = row.hours / given.length;
    for (const period of [(row.year - startYear) * 13 + row.month - 1, (row.year - startYear) * 13 + 12]) {
      for (const g of [group, G]) {
        hours[at(period, g, S)]! += row.hours;
        missed[at(period, g, S)]! += row.missed;
        present[at(period, g, S)] = 1;
        for (const service of given) {
          hours[at(period, g, service)]! += share;
          present[at(period, g, service)] = 1;
        }
      }
      carerHours[period * C + carer]! += row.hours;
      carerMissed[period * C + carer]! += row.missed;
      carerPresent[period * C + carer] = 1;
    }
  }
  const cells: DeliveredCell[] = [];
  for (let period = 0; period < periods; period++) {
    const year = startYear + Math.floor(period / 13);
    const month = period % 13 === 12 ? null : (period % 13) + 1;
    for (let group = 0; group <= G; group++) {
      for (let service = 0; service <= S; service++) {
        const cell = at(period, group, service);
        if (!present[cell]) continue;
        cells.push({ year, month, group: group === G ? null : groups[group]!, service: service === S ? null : services[service]!, carerId: null, hours: hours[cell]!, missed: missed[cell]! });
      }
    }
    for (let carer = 0; carer < C; carer++) {
      const cell = period * C + carer;
      if (carerPresent[cell]) cells.push({ year, month, group: null, service: null, carerId: carers[carer]!, hours: carerHours[cell]!, missed: carerMissed[cell]! });
    }
  }
  return cells;
}

/** Names numbered from 1 in the order met (0 stands for "all of them"), fewer than `limit`. */
class Numbering {
  private readonly numbers = new Map<string, number>();

  constructor(private readonly limit: number) {}

  of(name: string): number {
    let number = this.numbers.get(name);
    if (number === undefined) {
      number = this.numbers.size + 1;
      if (number >= this.limit) throw new Error(`More than ${this.limit - 1} names in one part of the Delivered Care Report`);
      this.numbers.set(name, number);
    }
    return number;
  }
}

/** Groups or carers in one report, and services: far more than a charity has (keys stay exact below 2^53). */
const MAX_NAMES = 2 ** 20;
const MAX_SERVICES = 2 ** 10;
/** What the names listed in a period name: groups, services, carers, or (from SERVICES_OF_GROUP on) the services of a group. */
const GROUPS = 0;
const SERVICES_LISTED = 1;
const CARERS = 2;
const SERVICES_OF_GROUP = 3;

/**
 * Sums in the planned cells and delivered rows, by key; and the names met at each period and level. Keys are numbers
 * made of the period and the names' numbers: the report looks up hundreds of thousands of them, and a number is
 * hashed at once where a string built for each look-up is first flattened and then hashed.
 */
class Cells {
  readonly planned = new Map<number, number>();
  readonly delivered = new Map<number, Delivered>();
  /** Names present under a key made of the period and what they name (GROUPS, SERVICES_LISTED, CARERS, SERVICES_OF_GROUP + a group's number). */
  private readonly names = new Map<number, Set<string>>();
  private readonly groups = new Numbering(MAX_NAMES);
  private readonly carers = new Numbering(MAX_NAMES);
  private readonly services = new Numbering(MAX_SERVICES);

  constructor(private readonly startYear: number) {}

  /** A month of a year (1 to 12), or (month null: 0) the whole year. */
  private period(year: number, month: number | null): number {
    return (year - this.startYear) * 13 + (month ?? 0);
  }

  /** A month of a year, or (month null) the whole year, with a group and a service, or all of either (null). */
  key(year: number, month: number | null, group: string | null, service: string | null): number {
    const named = group === null ? 0 : this.groups.of(group);
    return (this.period(year, month) * 2 * MAX_NAMES + named) * MAX_SERVICES + (service === null ? 0 : this.services.of(service));
  }

  /** A carer's figures in a month of a year, or (month null) the whole year. */
  carerKey(year: number, month: number | null, carerId: string): number {
    return (this.period(year, month) * 2 * MAX_NAMES + MAX_NAMES + this.carers.of(carerId)) * MAX_SERVICES;
  }

  /** The kind of name that lists a group's services. */
  servicesOfGroup(group: string): number {
    return SERVICES_OF_GROUP + this.groups.of(group);
  }

  private namesKey(year: number, month: number | null, kind: number): number {
    return this.period(year, month) * (SERVICES_OF_GROUP + MAX_NAMES) + kind;
  }

  addName(year: number, month: number | null, kind: number, name: string) {
    const key = this.namesKey(year, month, kind);
    let set = this.names.get(key);
    if (!set) this.names.set(key, (set = new Set()));
    set.add(name);
  }

  namesOf(year: number, month: number | null, kind: number): string[] {
    return [...(this.names.get(this.namesKey(year, month, kind)) ?? [])];
  }

  /** Records where a cell's figures go, and the names it brings. */
  place(year: number, month: number | null, group: string | null, service: string | null) {
    if (group !== null && service === null) this.addName(year, month, GROUPS, group);
    if (group === null && service !== null) this.addName(year, month, SERVICES_LISTED, service);
    if (group !== null && service !== null) this.addName(year, month, this.servicesOfGroup(group), service);
  }
}

/**
 * Planned against delivered care for each month of each year from `startYear` to today: in all, by group
 * (locality or deprivation category), by service and by carer. Planned hours are the packages hours report's;
 * delivered hours are the entries recorded, split across the package's services the same way. Every year
 * and all twelve months appear.
 */
export async function getDeliveredReport(ctx: RecordContext, input: DeliveredReportInput): Promise<DeliveredReport> {
  const { db, today } = ctx;
  const { role } = ctx.actor;
  const breakdown = BREAKDOWN[input.breakdown];
  const { startYear } = input;
  const [planned, [deliveredText], recording, closed] = await Promise.all([
    plannedItems(db, today, breakdown, startYear),
    rowsOf<{ items: string }>(db, deliveredMonthsQuery(breakdown, startYear, today)),
    getRecordingStart(db),
    db.select({ month: closedMonths.month }).from(closedMonths),
  ]);
  const closedSet = new Set(closed.map((row) => row.month));
  const recordedFrom = recording.from;
  // Months before recording began count for nothing delivered; a year partly recorded sums only its recorded
  // months, so its rate sets delivered care against the plan of the same months.
  const counted = (year: number, month: number) => recordedFrom !== null && monthKey(year, month) >= recordedFrom;
  const partYear = (year: number) => recordedFrom !== null && recordedFrom > monthKey(year, 1) && recordedFrom <= monthKey(year, 12);
  const groupCells = plannedGroupCells(planned.items, startYear, planned.lastDay);

  const cells = new Cells(startYear);
  const cellKey = (year: number, month: number | null, group: string | null, service: string | null) => cells.key(year, month, group, service);
  const carerKey = (year: number, month: number | null, carerId: string) => cells.carerKey(year, month, carerId);
  const addPlanned = (key: number, hours: number) => cells.planned.set(key, (cells.planned.get(key) ?? 0) + hours);
  const addDelivered = (key: number, { hours, missed }: Delivered) => {
    const sum = cells.delivered.get(key);
    cells.delivered.set(key, { hours: (sum?.hours ?? 0) + hours, missed: (sum?.missed ?? 0) + missed });
  };
  for (const { year, month, group, service, hours } of groupCells) {
    if (month === null && partYear(year)) continue;
    addPlanned(cellKey(year, month, group, service), hours);
    cells.place(year, month, group, service);
    if (month !== null && partYear(year) && counted(year, month)) {
      addPlanned(cellKey(year, null, group, service), hours);
      cells.place(year, null, group, service);
    }
  }
  // Carers are listed by month only in months with care recorded: before the charity kept timesheets a
  // month's plan has nothing to be set against, and ten years of every carer's months would swamp the report.
  const recordedMonths = new Set<string>();
  const carerIds = new Set<string>();
  for (const cell of deliveredCells(deliveredMonths(deliveredText!.items), startYear)) {
    const { year, month, group, service, carerId } = cell;
    if (month === null ? partYear(year) || !counted(year, 12) : !counted(year, month)) continue;
    const delivered = { hours: cell.hours, missed: cell.missed };
    for (const at of month !== null && partYear(year) ? [month, null] : [month]) {
      if (at !== null) recordedMonths.add(`${year}-${at}`);
      if (carerId !== null) {
        carerIds.add(carerId);
        addDelivered(carerKey(year, at, carerId), delivered);
        cells.addName(year, at, CARERS, carerId);
      } else {
        addDelivered(cellKey(year, at, group, service), delivered);
        cells.place(year, at, group, service);
      }
    }
  }
  // Carers are listed from the year recording began: before it there is nothing to set their plans against.
  const carerCells = recordedFrom !== null ? plannedCarerCells(planned.items, startYear, Math.max(startYear, Number(recordedFrom.slice(0, 4))), planned.lastDay) : [];
  for (const { year, month, group: carerId, hours } of carerCells) {
    if (carerId === null) continue;
    const atMonth = month !== null && recordedMonths.has(`${year}-${month}`);
    const toYear = month === null ? !partYear(year) && counted(year, 12) : partYear(year) && counted(year, month);
    for (const at of [...(atMonth ? [month] : []), ...(toYear ? [null] : [])]) {
      carerIds.add(carerId);
      addPlanned(carerKey(year, at, carerId), hours);
      cells.addName(year, at, CARERS, carerId);
    }
  }

  const names = await carerNamesOf(db, carerIds);

  // Carers by the name shown, then id: ranked once, as every period lists them in the same order.
  const shownName = (carerId: string) => (mayReadCarer(role, carerId) ? (names.get(carerId) ?? '') : '');
  const byName = new Intl.Collator('en-GB');
  const carerRank = new Map(
    [...carerIds]
      .map((carerId) => ({ carerId, name: shownName(carerId) }))
      .sort((a, b) => byName.compare(a.name, b.name) || (a.carerId < b.carerId ? -1 : a.carerId > b.carerId ? 1 : 0))
      .map(({ carerId }, rank) => [carerId, rank]),
  );
  const isRecorded = (year: number, month: number | null) => counted(year, month ?? 12);
  const figuresOf = (key: number, recorded: boolean) => figures(cells.planned.get(key) ?? 0, cells.delivered.get(key), recorded);
  const servicesOf = (year: number, month: number | null, kind: number, group: string | null): ServiceDelivery[] =>
    inListOrder(
      ORDER.services,
      cells.namesOf(year, month, kind).map((name) => ({ name, ...withoutMissed(figuresOf(cellKey(year, month, group, name), isRecorded(year, month))) })),
    );
  const period = (year: number, month: number | null): PeriodDelivery & { recorded: boolean } => ({
    recorded: isRecorded(year, month),
    ...figuresOf(cellKey(year, month, null, null), isRecorded(year, month)),
    services: servicesOf(year, month, SERVICES_LISTED, null),
    groups: inListOrder(
      ORDER[breakdown],
      cells.namesOf(year, month, GROUPS).map((name) => ({
        name,
        ...figuresOf(cellKey(year, month, name, null), isRecorded(year, month)),
        services: servicesOf(year, month, cells.servicesOfGroup(name), name),
      })),
    ),
    carers: cells
      .namesOf(year, month, CARERS)
      .sort((a, b) => carerRank.get(a)! - carerRank.get(b)!)
      .map((carerId) => ({ carerId, name: shownName(carerId), ...figuresOf(carerKey(year, month, carerId), isRecorded(year, month)) })),
  });

  const years: YearDelivery[] = [];
  for (let year = startYear; year <= currentYear(today); year++) {
    years.push({ year, ...period(year, null), months: MONTHS.map((month) => ({ month, closed: closedSet.has(monthKey(year, month)), ...period(year, month) })) });
  }
  return { recordedFrom, years };
}

/** This month so far: planned hours to today, delivered hours and missed visits, for the dashboard. */
export async function getDeliveredThisMonth({ db, today }: RecordContext): Promise<{ month: string } & PlannedAndDelivered & { missedVisits: number }> {
  const month = monthOfDate(today);
  const year = currentYear(today);
  const monthNumber = monthNumberOf(month);
  const [plannedOfYear, [delivered]] = await Promise.all([
    plannedCells(db, today, 'packages', 'localities', year),
    rowsOf<{ hours: string | number | null; missed: string | number | null }>(
      db,
      sql`select sum(${deliveryMonths.hours}) as hours, sum(${deliveryMonths.missed}) as missed
        from ${deliveryMonths} where ${deliveryMonths.month} = ${monthDates(month).first}::date`,
    ),
  ]);
  const planned = plannedOfYear.find((cell) => cell.month === monthNumber && cell.group === null && cell.service === null)?.hours ?? 0;
  return { month, ...figures(planned, { hours: Number(delivered?.hours ?? 0), missed: Number(delivered?.missed ?? 0) }) };
}
