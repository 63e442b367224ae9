import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { reportHours } from '@/client/lib/format';
import { monthName } from '@/shared/dates';
import {
  type GroupHours,
  type HoursReport,
  type MonthHours,
  type NamedHours,
  REPORT_BREAKDOWNS,
  type ReportBreakdown,
  type YearHours,
} from './report-model';
import { MonthlyHoursChart } from './report-monthly-chart';

/** "Personal Care 12.50 · Domestic 3.00": names and hours on one line. */
export function hoursSplit(services: NamedHours[]): string {
  return services.map((s) => `${s.name} ${reportHours(s.totalHours)}`).join(' · ');
}

/** Names and hours; with `split`, each locality or category's service split under its name. */
function HoursTable({ caption, nameHeader, rows, split }: { caption: string; nameHeader: string; rows: (NamedHours | GroupHours)[]; split?: boolean }) {
  return (
    <div className="overflow-x-auto">
      <Table className="caption-top print:text-xs print:[&_td]:py-0.5 print:[&_th]:h-6">
        <caption className="pb-1 text-left text-sm font-semibold">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>{nameHeader}</TableHead>
            <TableHead className="text-right">Hours</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.name} className="break-inside-avoid">
              <TableCell className="whitespace-normal">
                <span className="font-medium">{row.name}</span>
                {split && 'services' in row && (
                  <span className="text-muted-foreground block text-xs">{hoursSplit(row.services)}</span>
                )}
              </TableCell>
              <TableCell className="text-right align-top tabular-nums">{reportHours(row.totalHours)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function MonthDetails({ month, breakdown }: { month: MonthHours; breakdown: ReportBreakdown }) {
  const words = REPORT_BREAKDOWNS[breakdown];
  return (
    // Printed open: the print stylesheet shows a closed month's content too.
    <details className="group rounded-md border break-inside-avoid print:[&::details-content]:[content-visibility:visible]">
      <summary className="focus-visible:ring-ring/50 flex list-none cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] print:py-1 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-1.5">
          <ChevronRight className="size-4 transition-transform group-open:rotate-90 print:hidden" aria-hidden />
          {monthName(month.month)}
        </span>
        <span className="tabular-nums">{reportHours(month.totalHours)} hours</span>
      </summary>
      {month.totalHours === 0 ? (
        <p className="text-muted-foreground px-3 pb-3 text-sm">No hours recorded</p>
      ) : (
        <>
          <div className="grid gap-4 px-3 pb-3 md:grid-cols-2 print:hidden">
            <HoursTable caption="Service distribution" nameHeader="Service" rows={month.services} />
            <HoursTable caption={words.heading} nameHeader={words.group} rows={month.groups} />
          </div>
          {/* On paper the same figures as two lines, so a year's twelve months take a page, not ten. */}
          <dl className="hidden px-3 pb-2 text-xs print:block">
            <div>
              <dt className="inline font-semibold">Service distribution: </dt>
              <dd className="inline">{hoursSplit(month.services)}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">{words.heading}: </dt>
              <dd className="inline">{hoursSplit(month.groups)}</dd>
            </div>
          </dl>
        </>
      )}
    </details>
  );
}

/**
 * One year of the report (spec §2.10): its annual summary, breakdown with service splits, service summary,
 * chart and months. `printing` draws the chart at a fixed page width, as a hidden year has none to measure.
 */
export function YearSection({ year, report, printing }: { year: YearHours; report: HoursReport; printing: boolean }) {
  const headingId = useId();
  const words = REPORT_BREAKDOWNS[report.choice.breakdown];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-lg font-semibold">
        {year.year}
      </h3>
      <div className="bg-muted/50 rounded-lg px-4 py-3">
        <h4 className="text-sm font-semibold">Annual Summary</h4>
        <p className="text-2xl font-semibold tabular-nums">Total hours: {reportHours(year.totalHours)}</p>
      </div>
      {year.totalHours === 0 ? (
        <p className="text-muted-foreground text-sm">No hours recorded in {year.year}</p>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
            <HoursTable caption={words.heading} nameHeader={words.group} rows={year.groups} split />
            <HoursTable caption="Service Summary" nameHeader="Service" rows={year.services} />
          </div>
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold">Monthly Hours by {words.group}</h4>
            <MonthlyHoursChart year={year} choice={report.choice} printing={printing} />
          </div>
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold">Monthly Analysis</h4>
            {year.months.map((month) => (
              <MonthDetails key={month.month} month={month} breakdown={report.choice.breakdown} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
