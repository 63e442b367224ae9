import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { formatHours } from '@/client/lib/format';
import { HOURS_BAR_COLOUR } from './chart-colours';

/** Weekly hours of one locality or service. */
export interface NamedHours {
  name: string;
  totalHours: number;
}

const BAR_HEIGHT = 28;

/**
 * Hours per locality or service as horizontal bars, which keep long names readable on a phone. The
 * counters beside it give the same figures as text, so the chart is one image to assistive technology.
 */
export function HoursBarChart({ data, description }: { data: NamedHours[]; description: string }) {
  const height = Math.max(data.length, 1) * BAR_HEIGHT + 40;
  return (
    <div role="img" aria-label={description} className="min-w-0">
      <BarChart
        responsive
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        margin={{ top: 4, right: 48, bottom: 4, left: 4 }}
        style={{ width: '100%', height }}
      >
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" tickFormatter={formatHours} fontSize={12} />
        <YAxis type="category" dataKey="name" width={124} fontSize={12} interval={0} />
        <Tooltip formatter={(value) => [`${formatHours(Number(value))} hours`, 'Weekly hours']} />
        <Bar dataKey="totalHours" fill={HOURS_BAR_COLOUR} radius={[0, 4, 4, 0]} isAnimationActive={false}>
          <LabelList dataKey="totalHours" position="right" fontSize={12} formatter={(value) => formatHours(Number(value))} />
        </Bar>
      </BarChart>
    </div>
  );
}
