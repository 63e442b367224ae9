import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, Lock, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { carerKindLabel } from '@/client/components/care/carer-label';
import { DeliveryFigures } from '@/client/components/care/delivery-figures';
import { statementPath } from '@/client/lib/routes';
import { ErrorMessage, LoadState } from '@/client/components/load-state';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import type { RouterOutputs } from '@/browser/api-types';
import { downloadCsv } from '@/client/lib/download-file';
import { formatDate, reportHours } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import { useTRPC } from '@/client/lib/trpc';
import { formatShortDay, monthLabel, monthOfDate, shiftMonth, todayIn } from '@/shared/dates';
import { month as monthSchema } from '@/shared/schemas/deliveries';
import { drivingWords, milesWords } from '@/shared/travel';
import { statementCsvRows, entryText } from './statement-csv';

type Statement = RouterOutputs['deliveries']['getStatement'];
type StatementPackage = Statement['packages'][number];

/** Hours on a statement: always 2 decimals, as pay and funders' figures are read. */
const NUMBER = 'text-right tabular-nums';

/** The month picker: the month shown, with the months before and after it one step away. */
function MonthPicker({ carerId, month }: { carerId: string; month: string }) {
  const thisMonth = monthOfDate(todayIn());
  const next = shiftMonth(month, 1);
  return (
    <nav aria-label="Month" className="flex items-center gap-1 print:hidden">
      <Button asChild variant="outline" size="icon" aria-label={`Previous month, ${monthLabel(shiftMonth(month, -1))}`}>
        <Link to={statementPath(carerId, shiftMonth(month, -1))}>
          <ChevronLeft aria-hidden />
        </Link>
      </Button>
      <span className="min-w-36 text-center font-medium">{monthLabel(month)}</span>
      {/* No statement for a month still to come: nothing can be recorded in it yet. */}
      {next <= thisMonth ? (
        <Button asChild variant="outline" size="icon" aria-label={`Next month, ${monthLabel(next)}`}>
          <Link to={statementPath(carerId, next)}>
            <ChevronRight aria-hidden />
          </Link>
        </Button>
      ) : (
        <Button variant="outline" size="icon" disabled aria-label="Next month (still to come)">
          <ChevronRight aria-hidden />
        </Button>
      )}
    </nav>
  );
}

/** The month's totals in large type. */
function Totals({ statement }: { statement: Statement }) {
  return <DeliveryFigures figures={statement} className="bg-muted/50 rounded-lg px-4 py-3 print:bg-transparent print:px-0" />;
}

/** The month's estimated driving between the visits given, and a volunteer's mileage claim at the charity's rate. */
function Driving({ statement }: { statement: Statement }) {
  const { driving, mileage } = statement;
  return (
    <section aria-labelledby="statement-driving" className="flex flex-col gap-1 text-sm break-inside-avoid">
      <h2 id="statement-driving" className="text-lg font-semibold">
        Driving
      </h2>
      {'notEstimated' in driving ? (
        <p className="text-muted-foreground">{driving.notEstimated}: driving is not estimated.</p>
      ) : (
        <>
          <p>
            <span className="font-medium">{milesWords(driving.miles)}</span>, {drivingWords(driving.minutes)} over {driving.days} {driving.days === 1 ? 'day' : 'days'} of care: from
            home to each visit given and back, {driving.source === 'roads' ? 'by road' : 'estimated from post codes'}.
          </p>
          {mileage && (
            <p>
              Mileage claim at {mileage.pencePerMile}p a mile: <span className="font-semibold">£{mileage.pounds.toFixed(2)}</span>
            </p>
          )}
          {driving.unmapped.length > 0 && <p className="text-muted-foreground">Left out: no map position for {driving.unmapped.join(', ')}.</p>}
        </>
      )}
    </section>
  );
}

function packageTitle(pkg: StatementPackage): string {
  return pkg.packageName ? `${pkg.clientName} (${pkg.packageName})` : pkg.clientName;
}

/**
 * One row per package: its client, planned and delivered hours and missed visits, with the month's totals. A package
 * since given to another carer plans nothing here: its plan goes with its carer now, and only this carer's care counts.
 */
function PackagesTable({ statement }: { statement: Statement }) {
  return (
    <div className="overflow-x-auto">
      <Table className="caption-top">
        <caption className="pb-1 text-left text-sm font-semibold">Packages</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Client</TableHead>
            <TableHead className="text-right">Planned</TableHead>
            <TableHead className="text-right">Delivered</TableHead>
            <TableHead className="text-right">
              Missed<span className="sr-only"> visits</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {statement.packages.map((pkg) => (
            <TableRow key={pkg.id} className="break-inside-avoid">
              <TableCell className="whitespace-normal">
                <span className="font-medium">{packageTitle(pkg)}</span>
                <span className="text-muted-foreground block text-xs">
                  {pkg.givenToAnother ? 'Since given to another carer' : `${pkg.weeklyHours} h/week`} · <span className="font-mono">{pkg.id}</span>
                </span>
              </TableCell>
              <TableCell className={NUMBER}>{pkg.givenToAnother ? <span aria-label="None planned">—</span> : reportHours(pkg.plannedHours)}</TableCell>
              <TableCell className={NUMBER}>{reportHours(pkg.deliveredHours)}</TableCell>
              <TableCell className={NUMBER}>{pkg.missedVisits}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <tfoot className="border-t font-semibold">
          <TableRow>
            <TableCell>Total</TableCell>
            <TableCell className={NUMBER}>{reportHours(statement.plannedHours)}</TableCell>
            <TableCell className={NUMBER}>{reportHours(statement.deliveredHours)}</TableCell>
            <TableCell className={NUMBER}>{statement.missedVisits}</TableCell>
          </TableRow>
        </tfoot>
      </Table>
    </div>
  );
}

/** Every entry of one package in date order: hours or the missed visit's reason, and the note. */
function PackageEntries({ pkg }: { pkg: StatementPackage }) {
  return (
    <section className="flex flex-col gap-1 break-inside-avoid" aria-label={`Entries for ${packageTitle(pkg)}`}>
      <h3 className="text-sm font-semibold">{packageTitle(pkg)}</h3>
      {pkg.entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">No care recorded this month</p>
      ) : (
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Hours</TableHead>
                <TableHead>Note</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {pkg.entries.map((entry) => (
                <TableRow key={entry.id} className="break-inside-avoid">
                  <TableCell className="w-28 align-top whitespace-nowrap tabular-nums">{formatShortDay(entry.date)}</TableCell>
                  <TableCell className={cn('align-top whitespace-normal sm:w-48', entry.status === 'missed' ? 'text-destructive' : 'tabular-nums')}>{entryText(entry)}</TableCell>
                  <TableCell className="align-top whitespace-normal">{entry.note}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function StatementBody({ statement }: { statement: Statement }) {
  const { carer } = statement;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{carer.kind}</Badge>
        <span className="text-muted-foreground font-mono text-xs">{carer.id}</span>
        {statement.closed ? (
          <Badge variant="secondary">
            <Lock aria-hidden />
            Closed: figures reported
          </Badge>
        ) : (
          <Badge variant="warning">Open: entries may still change</Badge>
        )}
      </div>
      <Totals statement={statement} />
      <Driving statement={statement} />
      {statement.packages.length === 0 ? (
        <p className="text-muted-foreground">No packages ran for {carer.name || carerKindLabel(carer.id)} in {monthLabel(statement.month)}.</p>
      ) : (
        <>
          <PackagesTable statement={statement} />
          <div className="flex flex-col gap-4">
            <h2 className="text-lg font-semibold">Entries by date</h2>
            {statement.packages.map((pkg) => (
              <PackageEntries key={pkg.id} pkg={pkg} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * /deliveries/statement/:carerId/:month — a carer's month for paying and accounting: each package's planned
 * and delivered hours and missed visits, every entry by date, and the totals; printable and as CSV.
 */
export default function StatementScreen() {
  const { carerId = '', month = '' } = useParams();
  const trpc = useTRPC();
  const validMonth = monthSchema.safeParse(month).success;
  const statement = useQuery({ ...trpc.deliveries.getStatement.queryOptions({ carerId, month }), enabled: validMonth });
  const data = statement.data;
  const title = data ? `${data.carer.name || carerKindLabel(data.carer.id)}: ${monthLabel(data.month)}` : 'Monthly statement';

  return (
    <div className="flex min-w-0 flex-col gap-4 p-4 md:p-6 print:p-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-muted-foreground text-sm">Monthly statement{data ? ` · ${carerKindLabel(data.carer.id)}` : ''}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        </div>
        {validMonth && (
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            <MonthPicker carerId={carerId} month={month} />
            <Button variant="outline" disabled={!data} onClick={() => data && downloadCsv(`statement-${data.carer.id}-${data.month}.csv`, statementCsvRows(data))}>
              <Download aria-hidden />
              Download CSV
            </Button>
            <Button variant="outline" disabled={!data} onClick={() => window.print()}>
              <Printer aria-hidden />
              Print
            </Button>
          </div>
        )}
      </div>
      {/* On paper, when it was printed: entries may change until the month is closed. */}
      <p className="hidden text-xs print:block">Printed {formatDate(todayIn())} from Valecare</p>
      {validMonth ? (
        <LoadState query={statement} errorText={statement.error?.message === 'Carer not found' ? 'No carer has this id' : 'Error loading the statement'} className="">
          {(loaded) => <StatementBody statement={loaded} />}
        </LoadState>
      ) : (
        <ErrorMessage text="The address names no month: months are written YYYY-MM, e.g. 2026-03" />
      )}
    </div>
  );
}
