import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '@/browser/api-types';
import { LoadState } from '@/client/components/load-state';
import { useTRPC } from '@/client/lib/trpc';
import { formatDate } from '@/shared/dates';

/** A row of the month's visit measures: in all, a locality or a carer. */
type MeasuresRow = RouterOutputs['analytics']['getVisitMeasures']['all'] & { key: string; name: string };

const COLUMNS = [
  ['planned', 'Planned'],
  ['recorded', 'Recorded'],
  ['missed', 'Missed'],
  ['late', 'Late (30 min+)'],
  ['clients', 'Clients'],
  ['carersPerClient', 'Carers a client'],
] as const;

function MeasuresTable({ caption, nameHeader, rows }: { caption: string; nameHeader: string; rows: MeasuresRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm tabular-nums">
        <caption className="mb-1 text-left text-sm font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-3 font-medium">
              {nameHeader}
            </th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col" className="px-2 py-1 text-right font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b last:border-0">
              <th scope="row" className="py-1 pr-3 text-left font-normal">
                {row.name}
              </th>
              {COLUMNS.map(([key]) => (
                <td key={key} className={`px-2 py-1 text-right ${key === 'missed' && row.missed > 0 ? 'font-semibold text-destructive' : ''}`}>
                  {row[key] ?? '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A month's visits as NICE's home-care standard (QS123) counts them: planned, recorded, missed (planned, not
 * given), late, and continuity (the different carers a client saw), by locality and by carer.
 */
export function MonthVisits({ month }: { month: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.analytics.getVisitMeasures.queryOptions({ month }));
  return (
    <LoadState query={query} errorText="Error loading the month's visits" className="">
      {(report) =>
        report.all.planned === 0 && report.all.recorded === 0 ? (
          <p className="text-sm text-muted-foreground">No visits planned or recorded.</p>
        ) : (
          <div className="flex flex-col gap-3">
            <MeasuresTable
              caption={`Visits, to ${formatDate(report.countedTo)}`}
              nameHeader="Locality"
              rows={[{ key: 'all', name: 'All', ...report.all }, ...report.localities.map((row) => ({ key: row.name, ...row }))]}
            />
            <MeasuresTable caption="Visits by carer" nameHeader="Carer" rows={report.carers.map((row) => ({ key: row.carerId, ...row, name: row.name || 'A carer' }))} />
          </div>
        )
      }
    </LoadState>
  );
}
