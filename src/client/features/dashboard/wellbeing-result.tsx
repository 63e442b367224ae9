import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { cn } from '@/client/lib/utils';
import { QUESTION_LABELS, SCORED_QUESTIONS, type ScoredQuestion } from '@/shared/wellbeing';
import { downloadXlsx, ReportActions, ReportFooter } from './report-result';
import { bandSummary, bandTable, lonelyLines, questionLines, wellbeingCautions, wellbeingFileName, type WellbeingReport, wellbeingSheets, wellbyWords } from './wellbeing-model';

const NUMBER = 'text-right tabular-nums';
const TABLE = 'caption-top max-sm:text-xs max-sm:[&_td]:px-1.5 max-sm:[&_th]:px-1.5 print:text-[10px] print:leading-tight print:[&_td]:py-px print:[&_th]:h-5';
const CAPTION = 'pb-1 text-left text-sm font-semibold';

function QuestionsTable({ report }: { report: WellbeingReport }) {
  return (
    <div className="overflow-x-auto">
      <Table className={TABLE}>
        <caption className={CAPTION}>Mean scores from 0 to 10, before and after</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Question</TableHead>
            <TableHead className="text-right">People</TableHead>
            <TableHead className="text-right">Before</TableHead>
            <TableHead className="text-right">After</TableHead>
            <TableHead className="text-right">Change</TableHead>
            <TableHead className="text-right">95% confidence interval</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {questionLines(report).map((line) => (
            <TableRow key={line.question}>
              <TableCell className="font-medium">{line.label}</TableCell>
              <TableCell className={NUMBER}>{line.paired}</TableCell>
              <TableCell className={NUMBER}>{line.before}</TableCell>
              <TableCell className={NUMBER}>{line.after}</TableCell>
              <TableCell className={cn(NUMBER, 'font-medium')}>{line.change}</TableCell>
              <TableCell className={NUMBER}>{line.ci95}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** People by ONS band before (rows) and after (columns) for one question. */
function BandTable({ report, question }: { report: WellbeingReport; question: ScoredQuestion }) {
  if (report[question].withheld || report[question].paired === 0) return null;
  const { bands, rows } = bandTable(report, question);
  return (
    <div className="overflow-x-auto break-inside-avoid">
      <Table className={TABLE}>
        <caption className={CAPTION}>
          {QUESTION_LABELS[question]}: {bandSummary(report, question)}
        </caption>
        <TableHeader>
          <TableRow>
            <TableHead>Before ↓ After →</TableHead>
            {bands.map((band) => (
              <TableHead key={band} className="text-right">
                {band}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.band}>
              <TableHead scope="row">{row.band}</TableHead>
              {row.after.map((people, i) => (
                <TableCell key={bands[i]} className={cn(NUMBER, people === 0 && 'text-muted-foreground')}>
                  {people}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function LonelinessTable({ report }: { report: WellbeingReport }) {
  const caption = `How often they feel lonely: ${report.lonely.paired} ${report.lonely.paired === 1 ? 'person' : 'people'} answered both times`;
  if (report.lonely.withheld) return <p className="text-sm">{caption}: too few to show.</p>;
  return (
    <div className="overflow-x-auto break-inside-avoid">
      <Table className={TABLE}>
        <caption className={CAPTION}>{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Answer</TableHead>
            <TableHead className="text-right">Before</TableHead>
            <TableHead className="text-right">After</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lonelyLines(report).map((line) => (
            <TableRow key={line.answer}>
              <TableCell>{line.answer}</TableCell>
              <TableCell className={NUMBER}>{line.before}</TableCell>
              <TableCell className={NUMBER}>{line.after}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * The funders' wellbeing report: people paired, each question's means and change with its interval, the moves
 * between the ONS bands, loneliness before and after, and the WELLBY value, with its cautions said first.
 */
export default function WellbeingResult({ report, onGenerateNew }: { report: WellbeingReport; onGenerateNew: () => void }) {
  const wellbys = wellbyWords(report);
  return (
    <div className="flex min-w-0 flex-col gap-5 print:gap-3">
      <ReportActions onDownloadXlsx={() => void downloadXlsx(wellbeingFileName(report), async () => (await import('./report-xlsx')).sheetsXlsx(wellbeingSheets(report)))} />
      <p className="text-base">
        <span className="font-semibold tabular-nums">{report.people}</span> {report.people === 1 ? 'person' : 'people'} answered at the start of their care and again in
        the period.
      </p>
      <ul role="list" aria-label="Read with care" className="flex flex-col gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 print:p-2">
        {wellbeingCautions(report).map((caution) => (
          <li key={caution}>{caution}</li>
        ))}
      </ul>
      <QuestionsTable report={report} />
      {wellbys && <p className="text-sm">{wellbys}</p>}
      <section aria-label="Moves between bands" className="grid gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-2">
        {SCORED_QUESTIONS.map((question) => (
          <BandTable key={question} report={report} question={question} />
        ))}
      </section>
      <LonelinessTable report={report} />
      <p className="text-muted-foreground text-xs">
        Questions: ONS personal well-being (ONS4), each scored 0 to 10 and never added together, and the ONS loneliness question. Bands as the ONS reports them: life
        satisfaction, worthwhile and happiness low 0–4, medium 5–6, high 7–8, very high 9–10; anxiety very low 0–1, low 2–3, medium 4–5, high 6–10. Each person’s first
        answers are set against their last in the period; the interval is from Student’s t distribution.
      </p>
      <ReportFooter onGenerateNew={onGenerateNew} />
    </div>
  );
}
