import { ChevronRight, Lock } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { DeliveryFigures } from '@/client/components/care/delivery-figures';
import { DeliveryMonthsButton } from '@/client/components/care/delivery-months';
import { MonthVisits } from './month-visits';
import type { MonthVisitMeasures } from './delivered-xlsx';
import { statementPath } from '@/client/lib/routes';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { downloadCsv } from '@/client/lib/download-file';
import { monthKey, monthLabel, monthName, monthOfDate, todayIn } from '@/shared/dates';
import { deliveryRate, deliveryRateText } from '@/shared/deliveries';
import {
  carerLabel,
  type DeliveredCarer,
  deliveredCsvRows,
  deliveredFileName,
  type DeliveredMonth,
  type DeliveredPeriod,
  type DeliveredReport,
  type DeliveredYear,
} from './delivered-model';
import { reportHours } from '@/client/lib/format';
import { REPORT_BREAKDOWNS } from './report-model';
import { downloadXlsx, ReportFrame, useChooseYear } from './report-result';

/** One row of a figures table: what it names, and its planned, delivered and (where counted) missed figures. */
interface FiguresRow {
  key: string;
  name: ReactNode;
  detail?: ReactNode;
  plannedHours: number;
  deliveredHours: number;
  deliveryRate: number | null;
  missedVisits?: number;
  /** False for a period before recording began: its plan stands, but nothing delivered is counted. */
  recorded?: boolean;
}

const NUMBER = 'text-right align-top tabular-nums';
const NOT_RECORDED = 'Not recorded';

function missedText(visits: number): string {
  return visits === 1 ? '1 missed visit' : `${visits.toLocaleString('en-GB')} missed visits`;
}

/** Planned, delivered and rate (and missed visits when `missed`) for each row. */
function FiguresTable({
  caption,
  nameHeader,
  rows,
  missed,
  footer,
  captionOnPaper = true,
}: {
  caption: string;
  nameHeader: string;
  rows: FiguresRow[];
  missed?: boolean;
  footer?: FiguresRow;
  /** False where the heading above already says it (a month's tables), so the printout stays short. */
  captionOnPaper?: boolean;
}) {
  const cells = (row: FiguresRow) =>
    row.recorded === false ? (
      <>
        <TableCell className={NUMBER}>{reportHours(row.plannedHours)}</TableCell>
        <TableCell className={cn(NUMBER, 'text-muted-foreground')} colSpan={missed ? 3 : 2}>
          {NOT_RECORDED}
        </TableCell>
      </>
    ) : (
      <>
        <TableCell className={NUMBER}>{reportHours(row.plannedHours)}</TableCell>
        <TableCell className={NUMBER}>{reportHours(row.deliveredHours)}</TableCell>
        <TableCell className={NUMBER}>{deliveryRateText(row.deliveryRate)}</TableCell>
        {missed && <TableCell className={cn(NUMBER, 'hidden sm:table-cell')}>{(row.missedVisits ?? 0).toLocaleString('en-GB')}</TableCell>}
      </>
    );
  return (
    <div className="overflow-x-auto">
      <Table className="caption-top max-sm:text-xs max-sm:[&_td]:px-1.5 max-sm:[&_th]:px-1.5 print:text-[10px] print:leading-tight print:[&_td]:py-px print:[&_th]:h-5">
        <caption className={cn('pb-1 text-left text-sm font-semibold', !captionOnPaper && 'print:sr-only')}>{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>{nameHeader}</TableHead>
            <TableHead className="text-right">Planned</TableHead>
            <TableHead className="text-right">Delivered</TableHead>
            <TableHead className="text-right">Rate</TableHead>
            {/* On a phone the missed visits go under the name, so the table fits the screen. */}
            {missed && (
              <TableHead className="hidden text-right sm:table-cell">
                Missed<span className="sr-only"> visits</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} className="break-inside-avoid">
              <TableCell className="whitespace-normal">
                <span className="font-medium">{row.name}</span>
                {row.detail && <span className="text-muted-foreground hidden text-xs sm:block print:hidden">{row.detail}</span>}
                {missed && row.recorded !== false && <span className="text-muted-foreground block text-xs sm:hidden">{missedText(row.missedVisits ?? 0)}</span>}
              </TableCell>
              {cells(row)}
            </TableRow>
          ))}
        </TableBody>
        {footer && (
          <tfoot className="border-t font-medium">
            <TableRow>
              <TableCell>{footer.name}</TableCell>
              {cells(footer)}
            </TableRow>
          </tfoot>
        )}
      </Table>
    </div>
  );
}

/** "Personal Care 5.50 / 1.75 · Domestic …": each service's planned and delivered hours on one line. */
function servicesLine(services: DeliveredPeriod['services']): string {
  return services.map((s) => `${s.name} ${reportHours(s.plannedHours)} / ${reportHours(s.deliveredHours)}`).join(' · ');
}

function groupRows(period: DeliveredPeriod): FiguresRow[] {
  return period.groups.map((group) => ({ key: group.name, ...group, detail: `Planned / delivered: ${servicesLine(group.services)}` }));
}

function serviceRows(period: DeliveredPeriod): FiguresRow[] {
  return period.services.map((service) => ({ key: service.name, ...service }));
}

/** Each carer, linking to their statement for `monthOf(carer)`. */
function carerRows(carers: DeliveredCarer[], monthOf: (carer: DeliveredCarer) => string): FiguresRow[] {
  return carers.map((carer) => ({
    key: carer.carerId,
    ...carer,
    name: (
      <Link to={statementPath(carer.carerId, monthOf(carer))} className="text-primary underline-offset-4 hover:underline">
        {carerLabel(carer)}
      </Link>
    ),
    detail: <span className="font-mono">{carer.carerId}</span>,
  }));
}

/** The year's figures in large type: planned, delivered, rate and missed visits; or that nothing was recorded. */
function PeriodSummary({ title, period, note }: { title: string; period: DeliveredYear; note?: string }) {
  return (
    <div className="bg-muted/50 rounded-lg px-4 py-3">
      <h4 className="text-sm font-semibold">{title}</h4>
      {period.recorded ? <DeliveryFigures figures={period} className="mt-1" /> : <p className="mt-1 text-sm">Delivered care was not recorded in {period.year}.</p>}
      {note && <p className="text-muted-foreground mt-2 text-sm">{note}</p>}
    </div>
  );
}

/** The month's name, and a lock when it is closed. */
function MonthName({ month }: { month: DeliveredMonth }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {monthName(month.month)}
      {month.closed && (
        <span className="text-muted-foreground inline-flex items-center gap-0.5 text-xs font-normal">
          <Lock className="size-3" aria-hidden />
          Closed
        </span>
      )}
    </span>
  );
}

function monthLine(month: DeliveredMonth): string {
  if (!month.recorded) return month.plannedHours > 0 ? `${NOT_RECORDED} · ${reportHours(month.plannedHours)} hours planned` : NOT_RECORDED;
  if (month.plannedHours === 0 && month.deliveredHours === 0 && month.missedVisits === 0) return 'Nothing planned';
  return `${reportHours(month.deliveredHours)} of ${reportHours(month.plannedHours)} hours · ${deliveryRateText(month.deliveryRate)}`;
}

function MonthDetails({ year, month, groupHeader }: { year: number; month: DeliveredMonth; groupHeader: string }) {
  const empty = month.plannedHours === 0 && month.deliveredHours === 0 && month.missedVisits === 0;
  const name = monthName(month.month);
  // The month's visits are asked for once it is opened: a year holds twelve.
  const [opened, setOpened] = useState(false);
  return (
    <details className="group rounded-md border print:[&::details-content]:[content-visibility:visible]" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="focus-visible:ring-ring/50 flex list-none cursor-pointer flex-wrap items-center justify-between gap-x-3 rounded-md px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] print:break-after-avoid print:py-1 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-1.5">
          <ChevronRight className="size-4 transition-transform group-open:rotate-90 print:hidden" aria-hidden />
          <MonthName month={month} />
        </span>
        <span className="text-muted-foreground tabular-nums">{monthLine(month)}</span>
      </summary>
      {!month.recorded ? (
        <p className="text-muted-foreground px-3 pb-3 text-sm print:hidden">
          Delivered care was not recorded in {name} {year}: its plan is shown, but it is left out of the year&apos;s figures.
        </p>
      ) : empty ? (
        <p className="text-muted-foreground px-3 pb-3 text-sm print:hidden">Nothing planned or recorded</p>
      ) : (
        <div className="grid gap-4 px-3 pb-3 md:grid-cols-2 print:grid-cols-2 print:gap-2 print:pb-1">
          <FiguresTable caption={`${name} by service`} nameHeader="Service" rows={serviceRows(month)} captionOnPaper={false} />
          <FiguresTable caption={`${name} by ${groupHeader.toLowerCase()}`} nameHeader={groupHeader} rows={groupRows(month)} missed captionOnPaper={false} />
          <div className="md:col-span-2 print:hidden">
            <FiguresTable caption={`${name} by carer`} nameHeader="Carer" rows={carerRows(month.carers, () => monthKey(year, month.month))} missed />
          </div>
          {opened && (
            <div className="md:col-span-2">
              <MonthVisits month={monthKey(year, month.month)} />
            </div>
          )}
        </div>
      )}
    </details>
  );
}

/** The last month of the year in which the carer had care planned or recorded: the statement the year's row leads to. */
function lastMonthOf(year: DeliveredYear, carerId: string): string {
  const month = year.months.findLast((m) => m.carers.some((c) => c.carerId === carerId))?.month ?? 12;
  return monthKey(year.year, month);
}

/** What the year's figures count, when recording began part-way through it. */
function countedNote(year: DeliveredYear, recordedFrom: string | null): string | undefined {
  if (!year.recorded || recordedFrom === null || !recordedFrom.startsWith(`${year.year}-`) || recordedFrom.endsWith('-01')) return undefined;
  return `Counted from ${monthLabel(recordedFrom)}, when recording delivered care began: the months before it are not recorded and are left out.`;
}

function DeliveredYearSection({ year, report, onChanged }: { year: DeliveredYear; report: DeliveredReport; onChanged: () => void }) {
  const headingId = useId();
  const words = REPORT_BREAKDOWNS[report.choice.breakdown];
  const nothing = year.plannedHours === 0 && year.deliveredHours === 0 && year.missedVisits === 0;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {year.year}
        </h3>
        <DeliveryMonthsButton onChanged={onChanged} />
      </div>
      <PeriodSummary title="Annual Summary" period={year} note={countedNote(year, report.recordedFrom)} />
      {nothing && year.recorded ? (
        <p className="text-muted-foreground text-sm">Nothing planned or recorded in {year.year}</p>
      ) : (
        <>
          <FiguresTable
            caption="Month by month"
            nameHeader="Month"
            missed
            rows={year.months.map((m) => ({ key: String(m.month), ...m, name: <MonthName month={m} /> }))}
            footer={{ key: 'year', ...year, name: 'Year' }}
          />
          {year.recorded && (
            <>
              <div className="grid gap-4 lg:grid-cols-[3fr_2fr] print:grid-cols-2 print:gap-2">
                <FiguresTable caption={words.heading} nameHeader={words.group} rows={groupRows(year)} missed />
                <FiguresTable caption="Service Summary" nameHeader="Service" rows={serviceRows(year)} />
              </div>
              <div className="print:hidden">
                <FiguresTable caption="By carer" nameHeader="Carer" rows={carerRows(year.carers, (carer) => lastMonthOf(year, carer.carerId))} missed />
              </div>
              <p className="hidden text-xs print:block">Each carer&apos;s figures, month by month, are in the report&apos;s Excel download (the Carers sheet).</p>
              <div className="flex flex-col gap-2">
                <h4 className="text-sm font-semibold">Monthly Analysis</h4>
                {year.months.map((month) => (
                  <MonthDetails key={month.month} year={year.year} month={month} groupHeader={words.group} />
                ))}
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** Each year's planned, delivered, rate and missed visits, each year leading to its own tab; all years count only what was recorded. */
function DeliveredYearByYear({ report }: { report: DeliveredReport }) {
  const onChoose = useChooseYear();
  const recorded = report.years.filter((year) => year.recorded);
  const sum = (key: 'plannedHours' | 'deliveredHours' | 'missedVisits') => recorded.reduce((total, year) => total + year[key], 0);
  const planned = sum('plannedHours');
  const delivered = sum('deliveredHours');
  return (
    <FiguresTable
      caption="Year by year"
      nameHeader="Year"
      missed
      rows={report.years.map((year) => ({
        key: String(year.year),
        ...year,
        name: (
          <Button variant="link" className="h-auto p-0 font-semibold tabular-nums" onClick={() => onChoose(year.year)}>
            {year.year}
            <ChevronRight aria-hidden className="print:hidden" />
          </Button>
        ),
      }))}
      footer={{ key: 'all', name: 'All years', plannedHours: planned, deliveredHours: delivered, deliveryRate: deliveryRate(planned, delivered), missedVisits: sum('missedVisits') }}
    />
  );
}

/** The months of the report that have visits to count: recorded, up to this month. */
function visitMonths(report: DeliveredReport): string[] {
  const now = monthOfDate(todayIn());
  return report.years.flatMap((year) => year.months.filter((m) => m.recorded).map((m) => monthKey(year.year, m.month))).filter((month) => month <= now);
}

/** The generated delivered care report: a year-by-year summary, then a tab per year, with downloads and print. */
export default function DeliveredResult({
  report,
  onGenerateNew,
  onChanged,
  visitsOf,
}: {
  report: DeliveredReport;
  onGenerateNew: () => void;
  onChanged: () => void;
  /** A month's visit measures, for the workbook's Visits sheet. */
  visitsOf: (month: string) => Promise<MonthVisitMeasures>;
}) {
  // The workbook's Visits sheet: each recorded month's measures, asked for when it is downloaded.
  const workbook = async () => {
    const visits = await Promise.all(visitMonths(report).map(visitsOf));
    return (await import('./delivered-xlsx')).deliveredXlsx(report, visits);
  };
  return (
    <ReportFrame
      years={report.years.map((year) => year.year)}
      summary={<DeliveredYearByYear report={report} />}
      yearPanel={(year) => <DeliveredYearSection year={report.years.find((y) => y.year === year)!} report={report} onChanged={onChanged} />}
      onDownloadCsv={() => downloadCsv(deliveredFileName(report, 'csv'), deliveredCsvRows(report))}
      onDownloadXlsx={() => void downloadXlsx(deliveredFileName(report, 'xlsx'), workbook)}
      onGenerateNew={onGenerateNew}
    />
  );
}
