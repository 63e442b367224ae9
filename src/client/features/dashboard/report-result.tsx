import { ChevronRight, Download, FileSpreadsheet, Printer } from 'lucide-react';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { Button } from '@/client/components/ui/button';
import { DialogClose, DialogFooter } from '@/client/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { downloadCsv, downloadFile } from '@/client/lib/download-file';
import { reportCsvRows } from './report-csv';
import { reportHours } from '@/client/lib/format';
import { type HoursReport, lastYearOf, type NamedHours, reportFileName, type YearHours } from './report-model';
import { hoursSplit, YearSection } from './report-year';

/** Makes the workbook (its writer loaded only now) and hands it to the browser; a failure is said in a toast. */
export async function downloadXlsx(fileName: string, workbook: () => Promise<Blob>) {
  try {
    downloadFile(fileName, await workbook());
  } catch (error) {
    console.error('The Excel file could not be made:', error);
    toast.error('The Excel file could not be made. Please try again.');
  }
}

/**
 * True from the browser's beforeprint to its afterprint, whether printing began with the Print button or the
 * browser's own menu. The change is committed at once, so the page is printed with every year in it.
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

/** The services with the most hours, most first. */
function mainServices(year: YearHours, count = 3): NamedHours[] {
  return [...year.services].sort((a, b) => b.totalHours - a.totalHours).slice(0, count);
}

/** Opens a year's tab: what a report's summary calls when a year is chosen in it. */
const ChooseYear = createContext<(year: number) => void>(() => {});

export function useChooseYear(): (year: number) => void {
  return useContext(ChooseYear);
}

/** Each year's total and main services, each year leading to its own tab. */
function YearByYear({ report }: { report: HoursReport }) {
  const onChoose = useChooseYear();
  const most = Math.max(...report.years.map((year) => year.totalHours), 0);
  const allYears = report.years.reduce((sum, year) => sum + year.totalHours, 0);
  const currentYear = lastYearOf(report);
  return (
    <div className="overflow-x-auto">
      <Table className="caption-top">
        <caption className="pb-1 text-left text-sm font-semibold">Year by year</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Year</TableHead>
            <TableHead className="text-right">Total hours</TableHead>
            {/* On a phone the year's tab lists its services; the table keeps to what fits. */}
            <TableHead className="hidden w-full sm:table-cell">Main services</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.years.map((year) => (
            <TableRow key={year.year} className="break-inside-avoid">
              <TableCell className="align-top">
                <Button variant="link" className="h-auto p-0 font-semibold tabular-nums" onClick={() => onChoose(year.year)}>
                  {year.year}
                  <ChevronRight aria-hidden className="print:hidden" />
                </Button>
                {year.year === currentYear && <span className="text-muted-foreground block text-xs">to date</span>}
              </TableCell>
              <TableCell className="w-40 text-right align-top tabular-nums">
                {reportHours(year.totalHours)}
                {/* A bar for comparing years at a glance; the figure above it is what counts. */}
                <span aria-hidden className="bg-muted mt-1 block h-1 w-full min-w-16 rounded-full">
                  <span className="bg-primary block h-full rounded-full" style={{ width: `${most > 0 ? (year.totalHours / most) * 100 : 0}%` }} />
                </span>
              </TableCell>
              <TableCell className="text-muted-foreground hidden align-top text-sm whitespace-normal sm:table-cell">
                {year.totalHours === 0 ? 'No hours recorded' : hoursSplit(mainServices(year))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <tfoot className="border-t font-medium">
          <tr>
            <th scope="row" className="p-2 text-left whitespace-nowrap">
              All years
            </th>
            <td className="p-2 text-right tabular-nums">{reportHours(allYears)}</td>
            <td className="hidden sm:table-cell" />
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}

const SUMMARY = 'summary';

/**
 * An inactive tab is drawn only while printing, and then only on paper: the Print button prints the summary
 * and every year, the first year under the summary and each later year on a new page.
 */
const PANEL = 'data-[state=inactive]:hidden print:block! print:[&+&]:mt-6 print:[&+&+&]:mt-0 print:[&+&+&]:break-before-page';

/**
 * A generated report's frame: downloads and print, a summary tab, then one tab per year. Each report
 * says what its summary and years show.
 */
export function ReportFrame({
  years,
  summary,
  yearPanel,
  onDownloadCsv,
  onDownloadXlsx,
  onGenerateNew,
}: {
  years: number[];
  /** The summary tab; it opens a year's tab through useChooseYear(). */
  summary: ReactNode;
  yearPanel: (year: number, printing: boolean) => ReactNode;
  onDownloadCsv: () => void;
  onDownloadXlsx: () => void;
  onGenerateNew: () => void;
}) {
  const [tab, setTab] = useState(SUMMARY);
  const printing = usePrinting();
  const triggers = useRef(new Map<string, HTMLButtonElement>());
  const tabs = useRef<HTMLDivElement>(null);
  const forceMount = printing ? (true as const) : undefined;

  function select(value: string) {
    setTab(value);
    // A new year starts at its top, not where the last one was scrolled to under the (sticky) tabs.
    const top = tabs.current?.getBoundingClientRect().top ?? 0;
    const scroller = tabs.current?.closest('[data-slot="dialog-content"]');
    if (scroller && top < scroller.getBoundingClientRect().top) tabs.current?.scrollIntoView({ block: 'start' });
  }

  function choose(year: number) {
    select(String(year));
    // To the year's tab, so the keyboard carries on from there (arrow keys to the next year).
    triggers.current.get(String(year))?.focus();
  }

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ReportActions onDownloadCsv={onDownloadCsv} onDownloadXlsx={onDownloadXlsx} />
      <Tabs ref={tabs} value={tab} onValueChange={select} className="gap-4">
        <TabsList aria-label="Years" className="bg-muted sticky -top-6 z-10 h-auto w-full flex-wrap justify-start print:hidden">
          <TabsTrigger value={SUMMARY} className="h-8 flex-none">
            Summary
          </TabsTrigger>
          {years.map((year) => (
            <TabsTrigger
              key={year}
              value={String(year)}
              className="h-8 flex-none tabular-nums"
              ref={(element) => {
                if (element) triggers.current.set(String(year), element);
                else triggers.current.delete(String(year));
              }}
            >
              {year}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={SUMMARY} forceMount={forceMount} className={PANEL}>
          <ChooseYear value={choose}>{summary}</ChooseYear>
        </TabsContent>
        {years.map((year) => (
          <TabsContent key={year} value={String(year)} forceMount={forceMount} className={PANEL}>
            {yearPanel(year, printing)}
          </TabsContent>
        ))}
      </Tabs>
      <ReportFooter onGenerateNew={onGenerateNew} />
    </div>
  );
}

/** Above a generated report: its downloads (a CSV where the report has one table to give) and Print. */
export function ReportActions({ onDownloadCsv, onDownloadXlsx }: { onDownloadCsv?: () => void; onDownloadXlsx: () => void }) {
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      {onDownloadCsv && (
        <Button variant="outline" size="sm" onClick={onDownloadCsv}>
          <Download aria-hidden />
          Download CSV
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={onDownloadXlsx}>
        <FileSpreadsheet aria-hidden />
        Download Excel
      </Button>
      <Button variant="outline" size="sm" onClick={() => window.print()}>
        <Printer aria-hidden />
        Print
      </Button>
    </div>
  );
}

/** Under every generated report, kept in view: back to the form, or close. */
export function ReportFooter({ onGenerateNew }: { onGenerateNew: () => void }) {
  return (
    <DialogFooter className="bg-background sticky -bottom-6 -mx-6 -mb-6 flex-row justify-end border-t px-6 py-3 print:hidden">
      <Button variant="outline" onClick={onGenerateNew}>
        Generate New Report
      </Button>
      <DialogClose asChild>
        <Button>Close</Button>
      </DialogClose>
    </DialogFooter>
  );
}

/** The generated hours report: a year-by-year summary, then one tab per year, with its downloads and print. */
export function ReportResult({ report, onGenerateNew }: { report: HoursReport; onGenerateNew: () => void }) {
  return (
    <ReportFrame
      years={report.years.map((year) => year.year)}
      summary={<YearByYear report={report} />}
      yearPanel={(year, printing) => <YearSection year={report.years.find((y) => y.year === year)!} report={report} printing={printing} />}
      onDownloadCsv={() => downloadCsv(reportFileName(report, 'csv'), reportCsvRows(report))}
      onDownloadXlsx={() => void downloadXlsx(reportFileName(report, 'xlsx'), async () => (await import('./report-xlsx')).reportXlsx(report))}
      onGenerateNew={onGenerateNew}
    />
  );
}
