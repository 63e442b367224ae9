import { FileBarChart } from 'lucide-react';
import { useRef, useState } from 'react';
import { lazyPart, PartBoundary } from '@/client/components/lazy-part';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { useTRPCClient } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { todayIn } from '@/shared/dates';
import { type DeliveredReport, deliveredHeading } from './delivered-model';
import { ReportForm, type ReportFormValues } from './report-form';
import { type WellbeingReport, wellbeingHeading } from './wellbeing-model';
import { type HoursReport, REPORT_BREAKDOWNS, REPORT_PROCEDURES, type ReportChoice, reportHeading, toHoursReport } from './report-model';
import { parseStartYear } from './start-year';

// A report's screens, and the charting library with them, load only when one is generated.
const ReportResult = lazyPart(() => import('./report-result').then((m) => ({ default: m.ReportResult })));
const DeliveredResult = lazyPart(() => import('./delivered-result'));
const WellbeingResult = lazyPart(() => import('./wellbeing-result'));

/** A generated report: hours of requests or packages, or delivered care against planned. */
type GeneratedReport = { kind: 'hours'; report: HoursReport } | { kind: 'delivered'; report: DeliveredReport } | { kind: 'wellbeing'; report: WellbeingReport };

/** What the form asks for: an hours or delivered report from a year, or the wellbeing report for a period and funder. */
type ReportRequest = (Omit<ReportChoice, 'items'> & { items: Exclude<ReportFormValues['items'], 'wellbeing'> }) | { items: 'wellbeing'; from: string; to: string; funder?: string };

/**
 * Asks for a report on demand (spec §7.3). Only the latest request counts, so closing the dialog or
 * asking again drops an answer still on its way.
 */
function useReportGenerator() {
  const client = useTRPCClient();
  const [report, setReport] = useState<GeneratedReport | null>(null);
  const [generating, setGenerating] = useState(false);
  const latest = useRef(0);

  async function fetchReport(request: ReportRequest): Promise<GeneratedReport> {
    if (request.items === 'wellbeing') {
      const { from, to, funder } = request;
      return { kind: 'wellbeing', report: await client.analytics.getWellbeingReport.query({ from, to, ...(funder ? { funder } : {}) }) };
    }
    const { items, breakdown, startYear } = request;
    if (items === 'delivered') {
      const { recordedFrom, years } = await client.analytics.getDeliveredReport.query({ startYear, breakdown });
      return { kind: 'delivered', report: { choice: { breakdown, startYear }, recordedFrom, years } };
    }
    const response = await client.analytics[REPORT_PROCEDURES[items][breakdown]].query({ startYear });
    return { kind: 'hours', report: toHoursReport({ items, breakdown, startYear }, response) };
  }

  async function generate(choice: ReportRequest) {
    const run = ++latest.current;
    setGenerating(true);
    try {
      const generated = await fetchReport(choice);
      if (run === latest.current) setReport(generated);
    } catch (error) {
      // Spec §8: a failed report is only logged; the form stays for another try.
      console.error('Report generation failed:', error);
    } finally {
      if (run === latest.current) setGenerating(false);
    }
  }

  function reset() {
    latest.current++;
    setReport(null);
    setGenerating(false);
  }

  return { report, generating, generate, reset };
}

function headingOf(generated: GeneratedReport): string {
  if (generated.kind === 'hours') return reportHeading(generated.report);
  return generated.kind === 'delivered' ? deliveredHeading(generated.report) : wellbeingHeading(generated.report);
}

/** The first of April on or before the day: the start of the year most grants and contracts report by. */
function financialYearStart(day: string): string {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= '04-01' ? `${year}-04-01` : `${year - 1}-04-01`;
}

/**
 * Printing shows the dialog's content on its own: the rest of the page is left out, the dialog loses its
 * frame and scrolling so every year prints, and the page may run on past the first sheet.
 */
const PRINT_REPORT_ONLY = cn(
  'print:[body:has(&)>:not(&)]:hidden print:[html_body:has(&)]:overflow-visible!',
  'print:static print:block print:max-h-none print:w-full print:max-w-none print:translate-none print:overflow-visible',
  'print:rounded-none print:border-0 print:p-0 print:shadow-none',
);

/**
 * The Generate Report button and its dialog (spec §2.10): the form, then the report in its place, titled
 * with the report's heading.
 */
export function ReportDialog() {
  const client = useTRPCClient();
  const currentYear = Number(todayIn().slice(0, 4));
  const [open, setOpen] = useState(false);
  const today = todayIn();
  const [values, setValues] = useState<ReportFormValues>({ items: 'requests', breakdown: 'locality', startYear: String(currentYear), from: financialYearStart(today), to: today, funder: '' });
  const { report, generating, generate, reset } = useReportGenerator();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <FileBarChart aria-hidden />
          Generate Report
        </Button>
      </DialogTrigger>
      <DialogContent showCloseButton={false} className={cn(report ? 'sm:max-w-5xl' : 'sm:max-w-md', PRINT_REPORT_ONLY)}>
        <DialogHeader>
          <DialogTitle className={cn(report && 'text-xl tracking-tight')}>
            {report === null ? 'Generate Analytics Report' : headingOf(report)}
          </DialogTitle>
          <DialogDescription>
            {report === null
              ? 'Hours by year and month, split by service; or wellbeing before and after care.'
              : report.kind === 'hours'
                ? `${REPORT_BREAKDOWNS[report.report.choice.breakdown].heading}, split by service; hours to 2 decimals`
                : report.kind === 'delivered'
                  ? `Planned against delivered hours, ${REPORT_BREAKDOWNS[report.report.choice.breakdown].heading.toLowerCase()} and service, and by carer; hours to 2 decimals`
                  : 'The ONS wellbeing questions, each person’s first answers against their last in the period; totals only'}
          </DialogDescription>
        </DialogHeader>
        {report !== null ? (
          <PartBoundary part="The report" fallback={<p className="text-muted-foreground text-sm">Loading the report…</p>}>
            {report.kind === 'hours' ? (
              <ReportResult report={report.report} onGenerateNew={reset} />
            ) : report.kind === 'wellbeing' ? (
              <WellbeingResult report={report.report} onGenerateNew={reset} />
            ) : (
              <DeliveredResult
                report={report.report}
                onGenerateNew={reset}
                onChanged={() => void generate({ items: 'delivered', ...report.report.choice })}
                visitsOf={(month) => client.analytics.getVisitMeasures.query({ month })}
              />
            )}
          </PartBoundary>
        ) : (
          <ReportForm
            values={values}
            currentYear={currentYear}
            generating={generating}
            onChange={setValues}
            onGenerate={() =>
              void generate(
                values.items === 'wellbeing'
                  ? { items: 'wellbeing', from: values.from, to: values.to, funder: values.funder || undefined }
                  : { items: values.items, breakdown: values.breakdown, startYear: parseStartYear(values.startYear, currentYear) },
              )
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
