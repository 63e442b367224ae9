import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/client/components/ui/card';
import { formatHours } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import { deliveryRateText } from '@/shared/deliveries';
import { AnimatedCounter } from './animated-counter';

const PEOPLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** People are counted whole; hours show up to 2 decimals. */
export const COUNTER_FORMATS = {
  people: (n: number) => PEOPLE.format(Math.round(n)),
  hours: formatHours,
  /** A share (0.845) as a percentage to 1 decimal. */
  percent: deliveryRateText,
} as const;

/**
 * A labelled figure that counts up to its value; assistive technology reads it as "{label}: {value}". A figure
 * that does not exist yet (a rate with nothing planned) is null and shows as a dash.
 */
export function CounterCard({
  label,
  value,
  kind,
  icon: Icon,
  caption,
  size = 'large',
}: {
  label: string;
  value: number | null;
  kind: keyof typeof COUNTER_FORMATS;
  icon?: LucideIcon;
  caption?: ReactNode;
  size?: 'large' | 'small';
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className={cn('gap-1 break-inside-avoid', size === 'large' ? 'px-5 py-4' : 'px-4 py-3')}>
      <div className="flex items-start justify-between gap-2">
        <p id={labelId} className="text-muted-foreground text-sm font-medium">
          {label}
        </p>
        {Icon && <Icon className="text-primary size-5 shrink-0" aria-hidden />}
      </div>
      {value === null ? (
        <p className={cn('font-semibold tracking-tight', size === 'large' ? 'text-3xl' : 'text-2xl')}>—</p>
      ) : (
        <AnimatedCounter value={value} format={COUNTER_FORMATS[kind]} className={cn('font-semibold tracking-tight', size === 'large' ? 'text-3xl' : 'text-2xl')} />
      )}
      {caption && <p className="text-muted-foreground text-xs">{caption}</p>}
    </Card>
  );
}
