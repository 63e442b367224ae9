import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatHours } from '@/client/lib/format';
import { groupColour } from './chart-colours';
import { monthName, REPORT_BREAKDOWNS, REPORT_ITEMS, reportHours, type ReportChoice, type YearHours } from './report-model';

/** A year's hours month by month, each bar stacked by locality or deprivation category. */
export function MonthlyHoursChart({ year, choice }: { year: YearHours; choice: ReportChoice }) {
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
      className="break-inside-avoid"
    >
      <BarChart responsive accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: '100%', height: 320 }}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis dataKey="month" fontSize={12} />
        <YAxis tickFormatter={formatHours} fontSize={12} width={52} />
        <Tooltip formatter={(value) => reportHours(Number(value))} />
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
