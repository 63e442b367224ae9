import { memo, useCallback, useSyncExternalStore } from 'react';
import { carerKindLabel } from '@/client/components/care/carer-label';
import { formatHours } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import { calendarDate } from '@/shared/dates';
import { entryDayRefusal } from '@/shared/deliveries';
import { visitProps, type WeekPackage } from './timesheet-cell';
import { DayCell, type DialogMode } from './timesheet-day-cell';
import { cellKey, rowKey, type TimesheetStore } from './timesheet-store';

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

export const weekdayOf = (iso: string) => WEEKDAY.format(calendarDate(iso));
export const dayMonthOf = (iso: string) => DAY_MONTH.format(calendarDate(iso));
export const longDayOf = (iso: string) => LONG_DAY.format(calendarDate(iso));

/** "Ann Carer for Bob Client", with the package's own name when it has one. */
/** The carer as the timesheet names them: by name, or only as an MP to a role that may not read MPs (Finance). */
export function carerShown(pkg: Pick<WeekPackage, 'carerId' | 'carerName'>): string {
  return pkg.carerName || carerKindLabel(pkg.carerId);
}

export function packageWho(pkg: Pick<WeekPackage, 'carerId' | 'carerName' | 'clientName' | 'packageName'>): string {
  return `${carerShown(pkg)} for ${pkg.clientName}${pkg.packageName ? ` (${pkg.packageName})` : ''}`;
}

export interface WeekView {
  store: TimesheetStore;
  days: string[];
  today: string;
  closedMonths: string[];
  readOnly: boolean;
  onOpenDialog: (cellKey: string, mode: DialogMode) => void;
}

/** A row's delivered hours set against its plan, redrawn only when one of its entries changes. */
export function useRowTotals(store: TimesheetStore, row: string, days: readonly string[]) {
  const subscribe = useCallback((listener: () => void) => store.subscribe(`row:${row}`, listener), [store, row]);
  const hours = useSyncExternalStore(subscribe, () => store.totals(row, days).hours);
  const missed = useSyncExternalStore(subscribe, () => store.totals(row, days).missed);
  return { hours, missed };
}

/**
 * What a row plans: the package's weekly hours; or, on the row of a carer the package has since been given away from,
 * nothing, as the plan goes with the package's carer now.
 */
export function RowPlan({ pkg }: { pkg: Pick<WeekPackage, 'weeklyHours' | 'givenToAnother'> }) {
  return <div className="text-xs text-muted-foreground">{pkg.givenToAnother ? 'Package since given to another carer' : `${formatHours(pkg.weeklyHours)} h a week`}</div>;
}

export function PlannedAgainst({ delivered, planned, missed }: { delivered: number; planned: number; missed: number }) {
  return (
    <span className="flex flex-col items-end">
      <span className={cn('font-medium tabular-nums', delivered < planned && 'text-amber-800')} title={`${formatHours(delivered)} hours delivered of ${formatHours(planned)} planned`}>
        {formatHours(delivered)} / {formatHours(planned)}
      </span>
      {missed > 0 && <span className="text-xs text-muted-foreground">{missed === 1 ? '1 missed visit' : `${missed} missed visits`}</span>}
    </span>
  );
}

const TimesheetRow = memo(function TimesheetRow({ pkg, index, view }: { pkg: WeekPackage; index: number; view: WeekView }) {
  const { store, days, today, closedMonths, readOnly, onOpenDialog } = view;
  const row = rowKey(pkg);
  const totals = useRowTotals(store, row, days);
  const who = packageWho(pkg);
  return (
    <tr className="border-b align-top last:border-0">
      <th scope="row" className="px-3 py-2 text-left font-normal">
        <div className="font-medium">{carerShown(pkg)}</div>
        <div className="text-muted-foreground">
          {pkg.clientName}
          {pkg.packageName && <span> · {pkg.packageName}</span>}
        </div>
        <RowPlan pkg={pkg} />
      </th>
      {days.map((date, col) => (
        <td key={date} className="px-1 py-2">
          <DayCell
            store={store}
            cellKey={cellKey(row, date)}
            row={index}
            col={col}
            label={`${who}, ${longDayOf(date)}`}
            lock={entryDayRefusal(pkg, date, today, closedMonths)}
            readOnly={readOnly}
            onOpenDialog={onOpenDialog}
            {...visitProps(pkg, date)}
          />
        </td>
      ))}
      <td className="px-3 py-2 text-right">
        <PlannedAgainst delivered={totals.hours} planned={pkg.weekPlannedHours} missed={totals.missed} />
      </td>
    </tr>
  );
});

function WeekTotals({ packages, view }: { packages: WeekPackage[]; view: WeekView }) {
  const { store, days } = view;
  const subscribe = useCallback((listener: () => void) => store.subscribe('saved', listener), [store]);
  const sum = (pick: (totals: { hours: number; missed: number }) => number) => packages.reduce((total, pkg) => total + pick(store.totals(rowKey(pkg), days)), 0);
  const delivered = useSyncExternalStore(subscribe, () => sum((t) => t.hours));
  const missed = useSyncExternalStore(subscribe, () => sum((t) => t.missed));
  const planned = packages.reduce((total, pkg) => total + pkg.weekPlannedHours, 0);
  // A package given to another carer has a row for each carer, and is one package.
  const count = new Set(packages.map((pkg) => pkg.id)).size;
  return (
    <tr className="border-t bg-muted/50">
      <th scope="row" colSpan={8} className="px-3 py-2 text-left">
        Week total ({count === 1 ? '1 package' : `${count} packages`}): delivered / planned hours
      </th>
      <td className="px-3 py-2 text-right" aria-label="Week total">
        <PlannedAgainst delivered={delivered} planned={planned} missed={missed} />
      </td>
    </tr>
  );
}

/** The week as a spreadsheet: a row per package and carer, a column per day, each row's total against its plan. */
export function TimesheetGrid({ packages, view }: { packages: WeekPackage[]; view: WeekView }) {
  return (
    <div data-timesheet className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full min-w-[56rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">Hours of care given, by package and day</caption>
        <colgroup>
          <col className="w-56" />
          {view.days.map((date) => (
            <col key={date} />
          ))}
          <col className="w-28" />
        </colgroup>
        <thead>
          <tr className="border-b bg-muted/50 text-left">
            <th scope="col" className="px-3 py-2 font-medium">
              Carer and client
            </th>
            {view.days.map((date) => (
              <th key={date} scope="col" className={cn('px-2 py-2 font-medium', date === view.today && 'text-primary')}>
                <div>{weekdayOf(date)}</div>
                <div className="text-xs font-normal text-muted-foreground">{dayMonthOf(date)}</div>
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Week
            </th>
          </tr>
        </thead>
        <tbody>
          {packages.map((pkg, index) => (
            <TimesheetRow key={rowKey(pkg)} pkg={pkg} index={index} view={view} />
          ))}
        </tbody>
        <tfoot>
          <WeekTotals packages={packages} view={view} />
        </tfoot>
      </table>
    </div>
  );
}
