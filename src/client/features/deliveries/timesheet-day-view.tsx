import { CalendarX2 } from 'lucide-react';
import { memo } from 'react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';
import { entryDayRefusal } from '@/shared/deliveries';
import { visitProps, type WeekPackage } from './timesheet-cell';
import { DayCell } from './timesheet-day-cell';
import { carerShown, dayMonthOf, longDayOf, PlannedAgainst, RowPlan, useRowTotals, type WeekView, weekdayOf } from './timesheet-grid';
import { cellKey, rowKey } from './timesheet-store';

/** The week's seven days as buttons: the chosen one is pressed. */
function DayPicker({ days, day, today, onDay }: { days: string[]; day: string; today: string; onDay: (date: string) => void }) {
  return (
    <div className="grid grid-cols-7 gap-1" role="group" aria-label="Day">
      {days.map((date) => (
        <button
          key={date}
          type="button"
          aria-pressed={date === day}
          // The words shown ("Mon 23") begin its name, which then says the day in full.
          aria-label={`${weekdayOf(date)} ${dayMonthOf(date).split(' ')[0]}, ${longDayOf(date)}`}
          onClick={() => onDay(date)}
          className={cn(
            'flex flex-col items-center rounded-md border px-0.5 py-1.5 text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            date === day ? 'border-primary bg-primary text-primary-foreground' : 'bg-card',
            date === today && date !== day && 'border-primary text-primary',
          )}
        >
          <span className="font-medium">{weekdayOf(date)}</span>{' '}
          <span>{dayMonthOf(date).split(' ')[0]}</span>
        </button>
      ))}
    </div>
  );
}

const DayCard = memo(function DayCard({ pkg, row, day, view }: { pkg: WeekPackage; row: number; day: string; view: WeekView }) {
  const { store, days, today, closedMonths, readOnly, onOpenDialog } = view;
  const totals = useRowTotals(store, rowKey(pkg), days);
  const lock = entryDayRefusal(pkg, day, today, closedMonths);
  const key = cellKey(rowKey(pkg), day);
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="font-medium break-words">{carerShown(pkg)}</div>
          <div className="text-sm break-words text-muted-foreground">
            {pkg.clientName}
            {pkg.packageName && <span> · {pkg.packageName}</span>}
          </div>
          <RowPlan pkg={pkg} />
        </div>
        <div className="shrink-0 text-sm">
          <PlannedAgainst delivered={totals.hours} planned={pkg.weekPlannedHours} missed={totals.missed} />
        </div>
      </div>
      <div className="flex items-start gap-2">
        <DayCell
          className="flex-1"
          store={store}
          cellKey={key}
          row={row}
          col={days.indexOf(day)}
          label={`Hours, ${carerShown(pkg)} for ${pkg.clientName}`}
          lock={lock}
          readOnly={readOnly}
          onOpenDialog={onOpenDialog}
          {...visitProps(pkg, day)}
        />
        {lock === null && !readOnly && (
          <Button type="button" variant="outline" onClick={() => onOpenDialog(key, 'missed')}>
            <CalendarX2 aria-hidden /> Missed
          </Button>
        )}
      </div>
    </li>
  );
});

/** Phones: one day at a time, a card per package and carer with that day's input. */
export function TimesheetDayView({ packages, view, day, onDay }: { packages: WeekPackage[]; view: WeekView; day: string; onDay: (date: string) => void }) {
  return (
    <div data-timesheet className="flex flex-col gap-3">
      <DayPicker days={view.days} day={day} today={view.today} onDay={onDay} />
      <h2 className="text-base font-semibold">{longDayOf(day)}</h2>
      <ul className="flex flex-col gap-2" aria-label={`Packages on ${longDayOf(day)}`}>
        {packages.map((pkg, row) => (
          <DayCard key={rowKey(pkg)} pkg={pkg} row={row} day={day} view={view} />
        ))}
      </ul>
    </div>
  );
}
