import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatHours, reportHours } from '@/client/lib/format';
import { monthName } from '@/shared/dates';
import { groupColour } from './chart-colours';
import { REPORT_BREAKDOWNS, REPORT_ITEMS, type ReportChoice, type YearHours } from './report-model';

/** A printed page's width in CSS pixels (A4 or Letter within the browser's margins, with room to spare). */
const PRINT_SIZE = { width: 680, height: 280 };

/**
 * A year's hours month by month, each bar stacked by locality or deprivation category. For printing it is drawn
 * at a page's width with no tooltip; the print stylesheet also hides a tooltip left showing by the pointer.
 */
export function MonthlyHoursChart({ year, choice, printing = false }: { year: YearHours; choice: ReportChoice; printing?: boolean }) {
  const groups = year.groups.map((group) => group.name);
  const data = year.months.map((month) => ({
    month: monthName(month.month).slice(0, 3),
    hours: Object.fromEntries(month.groups.map((group) => [group.name, group.totalHours])),
  }));
  const by = REPORT_BREAKDOWNS[choice.breakdown].group.toLowerCase();
  return (
    <div
      role="img"
      aria-label={`Stacked bar chart of ${REPORT_ITEMS[choice.items].title.toLowerCase()} hours per month in ${year.year} by ${by}; the monthly analysis gives the figures.`}
      className="break-inside-avoid print:[&_.recharts-tooltip-cursor]:hidden print:[&_.recharts-tooltip-wrapper]:hidden"
    >
      <BarChart
        responsive={!printing}
        {...(printing ? PRINT_SIZE : {})}
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        style={printing ? undefined : { width: '100%', height: 320 }}
      >
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis dataKey="month" fontSize={12} />
        <YAxis tickFormatter={formatHours} fontSize={12} width={52} />
        {!printing && <Tooltip formatter={(value) => reportHours(Number(value))} />}
        {/* In the charity's list order, as the bars stack, not alphabetical. */}
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} formatter={(name) => <span className="text-foreground">{name}</span>} />
        {groups.map((name, i) => (
          <Bar
            key={name}
            name={name}
            dataKey={(row: (typeof data)[number]) => row.hours[name] ?? 0}
            stackId="hours"
            fill={groupColour(choice.breakdown, name, i)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}
