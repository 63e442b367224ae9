import { reportHours } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import { deliveryRate, deliveryRateText } from '@/shared/deliveries';

/**
 * Planned and delivered hours (to 2 decimals, as reports show hours), the delivery rate and missed visits in
 * large type: a report's year or a carer's month.
 */
export function DeliveryFigures({
  figures,
  className,
}: {
  figures: { plannedHours: number; deliveredHours: number; missedVisits: number };
  className?: string;
}) {
  const shown = [
    ['Planned hours', reportHours(figures.plannedHours)],
    ['Delivered hours', reportHours(figures.deliveredHours)],
    ['Delivery rate', deliveryRateText(deliveryRate(figures.plannedHours, figures.deliveredHours))],
    ['Missed visits', String(figures.missedVisits)],
  ];
  return (
    <dl className={cn('grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4', className)}>
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
