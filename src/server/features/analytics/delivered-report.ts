import { inArray, type SQL, sql } from 'drizzle-orm';
import { deliveryRate, monthDates } from '@/shared/deliveries';
import type { Role } from '@/shared/permissions';
import type { DeliveredReportInput } from '@/shared/schemas/analytics';
import type { Executor } from '@/server/db/client';
import { deliveryMonths } from '@/server/db/schema/deliveries';
import { carers } from '@/server/db/schema/people';
import { mayNameCarer } from '@/server/records/package-views';
import {
  type Breakdown,
  careItems,
  currentYear,
  GROUP,
  inListOrder,
  MONTHS,
  ORDER,
  plannedCells,
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
export type MonthDelivery = { month: number } & PeriodDelivery;
export type YearDelivery = { year: number; months: MonthDelivery[] } & PeriodDelivery;
export interface DeliveredReport {
  years: YearDelivery[];
}

const BREAKDOWN: Record<DeliveredReportInput['breakdown'], Breakdown> = { locality: 'localities', deprivation: 'deprivationCategories' };

/**
 * Which columns a row of deliveredQuery sums over, as PostgreSQL's grouping() gives it: a set bit means
 * the column is "all of them".
 */
const ALL_MONTHS = 8;
const ALL_GROUPS = 4;
const ALL_SERVICES = 2;
const ALL_CARERS = 1;

interface DeliveredRow {
  year: number;
  month: number | null;
  grp: string | null;
  service: string | null;
  carer_id: string | null;
  level: number;
  /** Numeric sums arrive as text. */
  delivered: string | number | null;
  delivered_share: string | number | null;
  missed: string | number | null;
}

/**
 * Delivered hours and missed visits by year and month, in all, by group, by service, by group and service,
 * and by carer. It reads the entries summed by package and month (delivery_months, kept by the database as
 * entries change: a few rows a package, however many days), joined to their packages and spread over the
 * package's services as planned hours are. A package's whole hours and missed visits ride on its first
 * service's row only, so totals that are not by service count each once, exactly; by service, each gets an
 * even share of the hours.
 */
function deliveredQuery(breakdown: Breakdown, startYear: number, today: string): SQL {
  return sql`
    with given as (
      select extract(year from monthly.month)::int as year, extract(month from monthly.month)::int as month,
        monthly.hours, monthly.missed, item.carer_id,
        ${GROUP[breakdown]} as grp,
        coalesce(service.name, ${UNSPECIFIED_SERVICE}) as service,
        coalesce(service.position, 1) = 1 as first_service,
        greatest(cardinality(item.services), 1) as service_count
      from ${deliveryMonths} as monthly
      join (${careItems('packages', breakdown)}) as item on item.id = monthly.package_id
      left join lateral unnest(item.services) with ordinality as service(name, position) on true
      where monthly.month between ${`${startYear}-01-01`}::date and ${today}::date
    )
    select year, month, grp, service, carer_id,
      grouping(month, grp, service, carer_id) as level,
      sum(case when first_service then hours end) as delivered,
      sum(hours / service_count) as delivered_share,
      sum(case when first_service then missed end) as missed
    from given
    group by grouping sets (
      (year), (year, month), (year, grp), (year, month, grp), (year, service), (year, month, service),
      (year, grp, service), (year, month, grp, service), (year, carer_id), (year, month, carer_id)
    )`;
}

/** A month of a year, or (month null) the whole year, with a group and a service, or all of either (null). */
function cellKey(year: number, month: number | null, group: string | null, service: string | null): string {
  return `${year}\x1f${month ?? ''}\x1f${group ?? '\x00'}\x1f${service ?? '\x00'}`;
}

interface Delivered {
  hours: number;
  missed: number;
}

/** The figures of one period, group or service, or one carer's. */
function figures(planned: number, delivered: Delivered | undefined): PlannedAndDelivered & { missedVisits: number } {
  const deliveredHours = delivered?.hours ?? 0;
  return { plannedHours: planned, deliveredHours, deliveryRate: deliveryRate(planned, deliveredHours), missedVisits: delivered?.missed ?? 0 };
}

function withoutMissed({ missedVisits: _missed, ...rest }: PlannedAndDelivered & { missedVisits: number }): PlannedAndDelivered {
  return rest;
}

/** Sums in the planned cells and delivered rows, by key; and the names met at each period and level. */
class Cells {
  readonly planned = new Map<string, number>();
  readonly delivered = new Map<string, Delivered>();
  /** Names present under a key made of the period and what they name ('group', 'service', 'group service <g>', 'carer'). */
  private readonly names = new Map<string, Set<string>>();

  addName(year: number, month: number | null, kind: string, name: string) {
    const key = `${year}\x1f${month ?? ''}\x1f${kind}`;
    let set = this.names.get(key);
    if (!set) this.names.set(key, (set = new Set()));
    set.add(name);
  }

  namesOf(year: number, month: number | null, kind: string): string[] {
    return [...(this.names.get(`${year}\x1f${month ?? ''}\x1f${kind}`) ?? [])];
  }

  /** Records where a cell's figures go, and the names it brings. */
  place(year: number, month: number | null, group: string | null, service: string | null) {
    if (group !== null && service === null) this.addName(year, month, 'group', group);
    if (group === null && service !== null) this.addName(year, month, 'service', service);
    if (group !== null && service !== null) this.addName(year, month, `group service ${group}`, service);
  }
}

/**
 * Planned against delivered care for each month of each year from `startYear` to today: in all, by group
 * (locality or deprivation category), by service and by carer. Planned hours are the packages hours report's;
 * delivered hours are the entries recorded, split across the package's services the same way. Every year
 * and all twelve months appear.
 */
export async function getDeliveredReport(db: Executor, role: Role, today: string, input: DeliveredReportInput): Promise<DeliveredReport> {
  const breakdown = BREAKDOWN[input.breakdown];
  const { startYear } = input;
  const [groupCells, carerCells, deliveredRows] = await Promise.all([
    plannedCells(db, today, 'packages', breakdown, startYear),
    plannedCells(db, today, 'packages', 'carers', startYear),
    rowsOf<DeliveredRow>(db, deliveredQuery(breakdown, startYear, today)),
  ]);

  const cells = new Cells();
  const carerKey = (year: number, month: number | null, carerId: string) => cellKey(year, month, `carer ${carerId}`, null);
  for (const cell of groupCells) {
    cells.planned.set(cellKey(cell.year, cell.month, cell.group, cell.service), cell.hours);
    cells.place(cell.year, cell.month, cell.group, cell.service);
  }
  for (const cell of carerCells) {
    if (cell.group === null) continue;
    cells.planned.set(carerKey(cell.year, cell.month, cell.group), cell.hours);
    cells.addName(cell.year, cell.month, 'carer', cell.group);
  }
  for (const row of deliveredRows) {
    const level = Number(row.level);
    const year = Number(row.year);
    const month = level & ALL_MONTHS ? null : Number(row.month);
    const byService = !(level & ALL_SERVICES);
    const delivered = { hours: Number((byService ? row.delivered_share : row.delivered) ?? 0), missed: Number(row.missed ?? 0) };
    if (!(level & ALL_CARERS)) {
      cells.delivered.set(carerKey(year, month, row.carer_id!), delivered);
      cells.addName(year, month, 'carer', row.carer_id!);
      continue;
    }
    const group = level & ALL_GROUPS ? null : row.grp!;
    const service = byService ? row.service! : null;
    cells.delivered.set(cellKey(year, month, group, service), delivered);
    cells.place(year, month, group, service);
  }

  const carerIds = [...new Set([...carerCells.map((cell) => cell.group), ...deliveredRows.map((row) => row.carer_id)].filter((id) => id !== null))];
  const names = carerIds.length ? await carerNamesOf(db, carerIds) : new Map<string, string>();

  const figuresOf = (key: string) => figures(cells.planned.get(key) ?? 0, cells.delivered.get(key));
  const servicesOf = (year: number, month: number | null, kind: string, group: string | null): ServiceDelivery[] =>
    inListOrder(
      ORDER.services,
      cells.namesOf(year, month, kind).map((name) => ({ name, ...withoutMissed(figuresOf(cellKey(year, month, group, name))) })),
    );
  const period = (year: number, month: number | null): PeriodDelivery => ({
    ...figuresOf(cellKey(year, month, null, null)),
    services: servicesOf(year, month, 'service', null),
    groups: inListOrder(
      ORDER[breakdown],
      cells.namesOf(year, month, 'group').map((name) => ({
        name,
        ...figuresOf(cellKey(year, month, name, null)),
        services: servicesOf(year, month, `group service ${name}`, name),
      })),
    ),
    carers: cells
      .namesOf(year, month, 'carer')
      .map((carerId) => ({
        carerId,
        name: mayNameCarer(role, carerId) ? (names.get(carerId) ?? '') : '',
        ...figuresOf(carerKey(year, month, carerId)),
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.carerId.localeCompare(b.carerId)),
  });

  const years: YearDelivery[] = [];
  for (let year = startYear; year <= currentYear(today); year++) {
    years.push({ year, ...period(year, null), months: MONTHS.map((month) => ({ month, ...period(year, month) })) });
  }
  return { years };
}

/** The current names of the given carers. */
async function carerNamesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.select({ id: carers.id, name: carers.name }).from(carers).where(inArray(carers.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** This month so far: planned hours to today, delivered hours and missed visits, for the dashboard. */
export async function getDeliveredThisMonth(db: Executor, today: string): Promise<{ month: string } & PlannedAndDelivered & { missedVisits: number }> {
  const month = today.slice(0, 7);
  const year = currentYear(today);
  const monthNumber = Number(today.slice(5, 7));
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
