import { sql, type SQL } from 'drizzle-orm';
import { DEPRIVATION_CATEGORIES, LOCALITIES, SERVICES } from '@/shared/constants';
import { daysBetween } from '@/shared/dates';
import { START_YEAR_MESSAGE } from '@/shared/schemas/analytics';
import type { Executor } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { notEndedYet } from '@/server/records/care.mappers';
import { refused } from '@/server/records/record-errors';
import type { RecordContext } from '@/server/records/service-context';
import { type CountedItem, type HoursCell, hoursCells } from './hours-cells';

/** What a report counts: the care clients asked for (requests) or the care carers give (packages). */
export type CareItems = 'requests' | 'packages';

/** How a report breaks hours down: by the item's locality or by its deprivation category. */
export type Breakdown = 'localities' | 'deprivationCategories';

/** Where the hours of an item with no services are counted. */
export const UNSPECIFIED_SERVICE = 'Unspecified';

export interface NamedHours {
  name: string;
  totalHours: number;
}
export interface GroupHours extends NamedHours {
  services: NamedHours[];
}
/** The hours of a year or a month: in all, by service, and by locality or deprivation category. */
export type PeriodHours<B extends Breakdown> = { totalHours: number; services: NamedHours[] } & Record<B, GroupHours[]>;
export type MonthHours<B extends Breakdown> = { month: number } & PeriodHours<B>;
export type YearHours<B extends Breakdown> = { year: number; months: MonthHours<B>[] } & PeriodHours<B>;
export interface HoursReport<B extends Breakdown> {
  years: YearHours<B>[];
}
export interface CrossSection {
  totalHours: number;
  localities: NamedHours[];
  services: NamedHours[];
}

export const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Lists follow the charity's own lists (spec §9), so every year and month reads in the same order. */
export const ORDER: Record<Breakdown | 'services', readonly string[]> = {
  localities: LOCALITIES,
  deprivationCategories: DEPRIVATION_CATEGORIES,
  services: [...SERVICES, UNSPECIFIED_SERVICE],
};

/** The group a breakdown puts an item in, from the columns careItems() gives. */
export const GROUP: Record<Breakdown, SQL> = {
  localities: sql`locality`,
  // The categories of deprivationCategory() in shared/deprivation.ts.
  deprivationCategories: sql`case
    when deprivation_income and deprivation_health then 'Both'
    when deprivation_income then 'Income'
    when deprivation_health then 'Health'
    else 'None' end`,
};

/**
 * Each item's dates, weekly hours, locality and services (a package's id and carer too), and for a deprivation breakdown its deprivation
 * flags. A package has no flags of its own, so it takes its request's (the client's home); its locality is
 * its own address's.
 */
export function careItems(items: CareItems, breakdown: Breakdown): SQL {
  if (items === 'requests') {
    return sql`select ${requests.startDate}, ${requests.endDate}, ${requests.weeklyHours}, ${requests.locality},
        ${requests.services}, ${requests.deprivationIncome}, ${requests.deprivationHealth}
      from ${requests}`;
  }
  const ownColumns = sql`${packages.id}, ${packages.carerId}, ${packages.startDate}, ${packages.endDate}, ${packages.weeklyHours}, ${packages.locality}, ${packages.services}`;
  if (breakdown !== 'deprivationCategories') return sql`select ${ownColumns} from ${packages}`;
  return sql`select ${ownColumns}, ${requests.deprivationIncome}, ${requests.deprivationHealth}
    from ${packages} join ${requests} on ${requests.id} = ${packages.requestId}`;
}

/**
 * Whether an item's successor starts the day it ends (a renewal, DESIGN §3): a request of the same client
 * and type, or a package of the same carer for the same client (on the same request, or carried over to
 * the request's successor). Written against the outer query's own table names.
 */
const RENEWED: Record<CareItems, SQL> = {
  requests: sql`exists (select 1 from ${requests} as successor
    where successor.client_id = requests.client_id and successor.request_type = requests.request_type
      and successor.start_date = requests.end_date and successor.id <> requests.id)`,
  packages: sql`exists (select 1 from ${packages} as successor
    join ${requests} as successor_request on successor_request.id = successor.request_id
    join ${requests} as own_request on own_request.id = packages.request_id
    where successor.carer_id = packages.carer_id and successor_request.client_id = own_request.client_id
      and successor.start_date = packages.end_date and successor.id <> packages.id)`,
};

/**
 * Items not ended yet (DESIGN §3), archived ones included: archiving only hides, and the dashboard's
 * counters come from the not-ended-yet lists, which include them, so both agree. An item renewed on the
 * day it ends is left out, so the renewal day counts the care once, as the dashboard's counters do.
 */
function activeCareItems(items: CareItems, today: string): SQL {
  const table = items === 'requests' ? requests : packages;
  // An open item has no successor to look for, which spares most items the search.
  return sql`${careItems(items, 'localities')} where ${notEndedYet(table.endDate, today)} and (${table.endDate} is null or not ${RENEWED[items]})`;
}

/** Each item once per service it gives, with an even share of its weekly hours ("Unspecified" when it gives none). */
function byService(items: SQL): SQL {
  return sql`select item.*,
      coalesce(given.service, ${UNSPECIFIED_SERVICE}) as service,
      item.weekly_hours / greatest(cardinality(item.services), 1) as service_weekly_hours
    from (${items}) as item
    left join lateral unnest(item.services) as given(service) on true`;
}

/**
 * Separators of the counted items' text. No stored value holds them: localities and services come from the
 * charity's lists (shared/constants.ts), deprivation categories from GROUP.
 */
export const FIELD = '\x1f';
export const ITEM = '\x1e';
export const LIST = '\x1d';

/**
 * Each item's days from its start (or Jan 1 of the start year) to its end (or today), never past today,
 * as day numbers from Jan 1 of the start year, with its weekly hours, group and services: one text, which
 * both drivers hand over far quicker than as many rows, and PGlite builds in half the time of JSON.
 */
function countedItemsQuery(items: CareItems, breakdown: Breakdown, startYear: number, today: string, withCarer = false): SQL {
  const firstDay = sql`${`${startYear}-01-01`}::date`;
  const lastDay = sql`${today}::date`;
  const first = sql`greatest(start_date, ${firstDay})`;
  const last = sql`least(coalesce(end_date, ${lastDay}), ${lastDay})`;
  const services = sql`array_to_string(services, ${LIST})`;
  const fields = sql`concat_ws(${FIELD}, ${first} - ${firstDay}, ${last} - ${firstDay}, weekly_hours, ${GROUP[breakdown]}, ${services}${withCarer ? sql`, carer_id` : sql``})`;
  return sql`select coalesce(string_agg(${fields}, ${ITEM}), '') as items
    from (${careItems(items, breakdown)}) as item
    where ${first} <= ${last}`;
}

async function countedItemsText(db: Executor, items: CareItems, breakdown: Breakdown, startYear: number, today: string, withCarer = false): Promise<string> {
  const [row] = await rowsOf<{ items: string }>(db, countedItemsQuery(items, breakdown, startYear, today, withCarer));
  return row!.items;
}

/** The items of countedItemsQuery's text, one at a time, so none outlives its turn. */
function* countedItems(text: string): Generator<CountedItem & { carerId?: string }> {
  if (text === '') return;
  // Items giving the same services share one list, which hoursCells then reads once.
  const serviceLists = new Map<string, string[]>();
  // Read in place rather than split: an array of every item's text would live through the whole report.
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf(ITEM, start);
    if (end === -1) end = text.length;
    const itemText = text.slice(start, end);
    start = end + 1;
    const [firstDay, lastDay, weeklyHours, group, servicesText, carerId] = itemText.split(FIELD) as [string, string, string, string, string, string?];
    let services = serviceLists.get(servicesText);
    if (services === undefined) {
      services = servicesText === '' ? [] : servicesText.split(LIST);
      serviceLists.set(servicesText, services);
    }
    yield { firstDay: Number(firstDay), lastDay: Number(lastDay), weeklyHours: Number(weeklyHours), group, services, carerId };
  }
}

/** Active weekly hours in all (no group, no service), by locality and by service. */
function crossSectionQuery(items: CareItems, today: string): SQL {
  return sql`select locality, service, sum(service_weekly_hours) as hours
    from (${byService(activeCareItems(items, today))}) as item_service
    group by grouping sets ((), (locality), (service))`;
}

/** A subtotal row of crossSectionQuery: null in a column means "all of them" (the data itself has no nulls there). */
interface CrossSectionRow {
  locality: string | null;
  service: string | null;
  /** Numeric sums arrive as text; an empty sum is null. */
  hours: string | number | null;
}

/** Both drivers answer a raw query with its rows under `rows`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function hoursOf(row: CrossSectionRow | undefined): number {
  return Number(row?.hours ?? 0);
}

const listRanks = new WeakMap<readonly string[], Map<string, number>>();

/** Known names in the list's order, then any others by name. */
export function inListOrder<T extends { name: string }>(list: readonly string[], entries: T[]): T[] {
  let ranks = listRanks.get(list);
  if (ranks === undefined) {
    ranks = new Map(list.map((name, index) => [name, index]));
    listRanks.set(list, ranks);
  }
  const rank = (name: string) => ranks.get(name) ?? list.length;
  return entries.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** Hours by service, in the charity's order of services. */
function serviceHours(cells: HoursCell[]): NamedHours[] {
  return inListOrder(
    ORDER.services,
    cells.map((cell) => ({ name: cell.service!, totalHours: cell.hours })),
  );
}

/** A year's or a month's cells, as the report shows them. */
function periodHours<B extends Breakdown>(breakdown: B, cells: HoursCell[]): PeriodHours<B> {
  const groupTotals = cells.filter((cell) => cell.group !== null && cell.service === null);
  const groups = groupTotals.map((total) => ({
    name: total.group!,
    totalHours: total.hours,
    services: serviceHours(cells.filter((cell) => cell.group === total.group && cell.service !== null)),
  }));
  return {
    totalHours: cells.find((cell) => cell.group === null && cell.service === null)?.hours ?? 0,
    services: serviceHours(cells.filter((cell) => cell.group === null && cell.service !== null)),
    ...({ [breakdown]: inListOrder(ORDER[breakdown], groups) } as Record<B, GroupHours[]>),
  };
}

/** A month of a year, or (month null) the whole year. */
function periodKey(year: number, month: number | null): string {
  return `${year}-${month ?? 'all'}`;
}

function cellsByPeriod(cells: HoursCell[]): Map<string, HoursCell[]> {
  const periods = new Map<string, HoursCell[]>();
  for (const cell of cells) {
    const key = periodKey(cell.year, cell.month);
    const period = periods.get(key);
    if (period) period.push(cell);
    else periods.set(key, [cell]);
  }
  return periods;
}

export function currentYear(today: string): number {
  return Number(today.slice(0, 4));
}

/** A package as the planned hours count it, with its carer. */
export type PlannedItem = CountedItem & { carerId: string };

/** The packages as the planned hours count them from `startYear`, with their carers, and today's day number. */
export async function plannedItems(db: Executor, today: string, breakdown: Breakdown, startYear: number): Promise<{ items: PlannedItem[]; lastDay: number }> {
  if (startYear > currentYear(today)) throw refused(START_YEAR_MESSAGE);
  const lastDay = daysBetween(`${startYear}-01-01`, today);
  return { items: [...countedItems(await countedItemsText(db, 'packages', breakdown, startYear, today, true))] as PlannedItem[], lastDay };
}

/** Planned hours by group and service of items read from `startYear` (plannedItems). */
export function plannedGroupCells(items: PlannedItem[], startYear: number, lastDay: number): HoursCell[] {
  return hoursCells(items, startYear, lastDay, UNSPECIFIED_SERVICE);
}

const NO_SERVICES: readonly string[] = [];

/**
 * Planned hours by carer (no services: a carer's hours are wanted in all, and the grid stays one service
 * wide) from `fromYear` on, of items read from `startYear`.
 */
export function plannedCarerCells(items: PlannedItem[], startYear: number, fromYear: number, lastDay: number): HoursCell[] {
  const offset = daysBetween(`${startYear}-01-01`, `${fromYear}-01-01`);
  const byCarer: CountedItem[] = [];
  for (const item of items) {
    if (item.lastDay < offset) continue;
    byCarer.push({ firstDay: Math.max(item.firstDay - offset, 0), lastDay: item.lastDay - offset, weeklyHours: item.weeklyHours, group: item.carerId, services: NO_SERVICES });
  }
  return hoursCells(byCarer, fromYear, lastDay - offset, UNSPECIFIED_SERVICE).filter((cell) => cell.service === null);
}

/** The hours of the items in each month, year, group and service from `startYear` to today (DESIGN §3), with every subtotal. */
export async function plannedCells(db: Executor, today: string, items: CareItems, breakdown: Breakdown, startYear: number): Promise<HoursCell[]> {
  if (startYear > currentYear(today)) throw refused(START_YEAR_MESSAGE);
  const lastDay = daysBetween(`${startYear}-01-01`, today);
  return hoursCells(countedItems(await countedItemsText(db, items, breakdown, startYear, today)), startYear, lastDay, UNSPECIFIED_SERVICE);
}

/**
 * Hours given in each month of each year from `startYear` to the current year (DESIGN §3). Archived
 * items count, since archiving only hides. Every year and all twelve months appear, empty or not.
 */
export async function getHoursReport<B extends Breakdown>(
  { db, today }: RecordContext,
  { items, breakdown, startYear }: { items: CareItems; breakdown: B; startYear: number },
): Promise<HoursReport<B>> {
  const lastYear = currentYear(today);
  const cells = await plannedCells(db, today, items, breakdown, startYear);
  const periods = cellsByPeriod(cells);
  const hoursOfPeriod = (year: number, month: number | null) => periodHours(breakdown, periods.get(periodKey(year, month)) ?? []);

  const years: YearHours<B>[] = [];
  for (let year = startYear; year <= lastYear; year++) {
    const months = MONTHS.map((month) => ({ month, ...hoursOfPeriod(year, month) }));
    years.push({ year, ...hoursOfPeriod(year, null), months });
  }
  return { years };
}

/** Weekly hours of the items not ended yet (less those renewed on the day they end), in all, by locality and by service. */
export async function getCrossSection({ db, today }: RecordContext, items: CareItems): Promise<CrossSection> {
  const rows = await rowsOf<CrossSectionRow>(db, crossSectionQuery(items, today));
  const localityRows = rows.filter((row) => row.locality !== null);
  return {
    totalHours: hoursOf(rows.find((row) => row.locality === null && row.service === null)),
    localities: inListOrder(
      LOCALITIES,
      localityRows.map((row) => ({ name: row.locality!, totalHours: hoursOf(row) })),
    ),
    services: inListOrder(
      ORDER.services,
      rows.filter((row) => row.service !== null).map((row) => ({ name: row.service!, totalHours: hoursOf(row) })),
    ),
  };
}
