import { addMonths, daysBetween } from '@/shared/dates';

/** A care item as a report counts it: its first and last day as day numbers from 1 January of the start year. */
export interface CountedItem {
  firstDay: number;
  lastDay: number;
  weeklyHours: number;
  group: string;
  /** The services it gives; none puts its hours under `unspecified`. */
  services: readonly string[];
}

/**
 * The hours of a year's month, group and service, or of all of one of them (null), wherever at least one
 * item was active.
 */
export interface HoursCell {
  year: number;
  month: number | null;
  group: string | null;
  service: string | null;
  hours: number;
}

/** Day numbers of the first of each month from January of the start year, and one past the last day. */
function monthStarts(startYear: number, lastDay: number): number[] {
  const origin = `${startYear}-01-01`;
  const starts: number[] = [];
  for (let month = 0; ; month++) {
    const start = daysBetween(origin, addMonths(origin, month));
    starts.push(start);
    if (start > lastDay) return starts;
  }
}

/** The month (from January of the start year) a day falls in. */
function monthOf(starts: readonly number[], day: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]! <= day) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The index of `name` in `names`, added at the end when it is new. */
function indexIn(names: string[], indexes: Map<string, number>, name: string): number {
  let index = indexes.get(name);
  if (index === undefined) {
    index = names.length;
    names.push(name);
    indexes.set(name, index);
  }
  return index;
}

/** Weekly-hour-days of one group and service in each month, and whether any item was active then. */
interface MonthSeries {
  sums: Float64Array;
  active: Uint8Array;
}

/**
 * Hours by month, group and service within each year, with every subtotal: an item's weekly hours are
 * shared evenly among its services, and a month's share is weekly hours × the item's days in that month
 * / 7. Items must lie within day 0 to `lastDay`. Summed in memory over dense grids: a report covers at
 * most a few hundred months, and this is many times quicker than the same sums row by row in the database.
 * The items are read once, as they come: tens of thousands of them need never be held at once.
 */
export function hoursCells(items: Iterable<CountedItem>, startYear: number, lastDay: number, unspecified: string): HoursCell[] {
  const starts = monthStarts(startYear, lastDay);
  const months = starts.length - 1;
  const groups: string[] = [];
  const groupIndexes = new Map<string, number>();
  const services: string[] = [];
  const serviceIndexes = new Map<string, number>();
  const unspecifiedOnly = [unspecified];
  // Indexes of each list of services, once per list (items giving the same services may share one).
  const givenIndexes = new Map<readonly string[], number[]>();
  // By group, then service: made when first needed.
  const series: MonthSeries[][] = [];

  for (const item of items) {
    let given = givenIndexes.get(item.services);
    if (given === undefined) {
      given = (item.services.length ? item.services : unspecifiedOnly).map((name) => indexIn(services, serviceIndexes, name));
      givenIndexes.set(item.services, given);
    }
    const byService = (series[indexIn(groups, groupIndexes, item.group)] ??= []);
    for (const service of given) byService[service] ??= { sums: new Float64Array(months), active: new Uint8Array(months) };
    for (let month = monthOf(starts, item.firstDay); month < months && starts[month]! <= item.lastDay; month++) {
      const days = Math.min(item.lastDay, starts[month + 1]! - 1) - Math.max(item.firstDay, starts[month]!) + 1;
      const share = (item.weeklyHours * days) / given.length;
      for (const service of given) {
        const { sums, active } = byService[service]!;
        sums[month]! += share;
        active[month] = 1;
      }
    }
  }
  const [G, S] = [groups.length, services.length];

  // The same by year, with one more month, group and service each standing for all of them.
  const years = Math.ceil(months / 12);
  const totalOf = (year: number, month: number, group: number, service: number) => ((year * 13 + month) * (G + 1) + group) * (S + 1) + service;
  const totals = new Float64Array(years * 13 * (G + 1) * (S + 1));
  const present = new Uint8Array(totals.length);
  series.forEach((byService, group) =>
    byService.forEach(({ sums, active }, service) => {
      for (let month = 0; month < months; month++) {
        if (!active[month]) continue;
        const year = Math.floor(month / 12);
        // Into its own month, group and service, and into "all" of each: eight sums.
        for (let all = 0; all < 8; all++) {
          const total = totalOf(year, all & 1 ? 12 : month % 12, all & 2 ? G : group, all & 4 ? S : service);
          totals[total]! += sums[month]!;
          present[total] = 1;
        }
      }
    }),
  );

  const cells: HoursCell[] = [];
  for (let year = 0; year < years; year++) {
    for (let month = 0; month <= 12; month++) {
      for (let group = 0; group <= G; group++) {
        for (let service = 0; service <= S; service++) {
          const total = totalOf(year, month, group, service);
          if (!present[total]) continue;
          cells.push({
            year: startYear + year,
            month: month === 12 ? null : month + 1,
            group: group === G ? null : groups[group]!,
            service: service === S ? null : services[service]!,
            hours: totals[total]! / 7,
          });
        }
      }
    }
  }
  return cells;
}
