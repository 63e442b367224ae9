import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/** One of a card's fields: its column's header and the row's value. */
interface CardField {
  key: string;
  header: string;
  value: ReactNode;
}

/**
 * How a card sets out its fields: `paired`, two to a line with each header above its value (a record list's card,
 * which keeps to a few key fields); `beside`, one to a line with its header beside it (an admin table's card, which
 * shows every column).
 */
const FIELD_LAYOUTS = {
  paired: { list: 'grid grid-cols-2 gap-x-4 gap-y-2', field: 'min-w-0', header: 'text-muted-foreground text-xs', value: 'text-sm break-words' },
  beside: { list: 'grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm', field: 'contents', header: 'text-muted-foreground', value: 'min-w-0 break-words' },
} as const;

interface RowCardProps extends HTMLAttributes<HTMLElement> {
  /** An item of the cards' list itself, or an article within one. */
  as: 'li' | 'article';
  /** The card's first line: its title, with what goes beside it (a box to tick, a menu). */
  head?: ReactNode;
  fields?: readonly CardField[];
  fieldLayout?: keyof typeof FIELD_LAYOUTS;
  /** What may be done with the row, at the card's foot. */
  foot?: ReactNode;
  /** A card of its own in place of the head, fields and foot. */
  children?: ReactNode;
}

/**
 * A table's row on a phone, where it is a card (the list screens and the admin tables alike): its head, then its
 * fields, each value with its column's header, then what may be done with it.
 */
export function RowCard({ as: Element, head, fields = [], fieldLayout = 'paired', foot, children, className, ...props }: RowCardProps) {
  const layout = FIELD_LAYOUTS[fieldLayout];
  return (
    <Element {...props} className={cn('flex flex-col gap-2 border p-3', className)}>
      {children !== undefined ? (
        children
      ) : (
        <>
          {head}
          {fields.length > 0 && (
            <dl className={layout.list}>
              {fields.map((field) => (
                <div key={field.key} className={layout.field}>
                  <dt className={layout.header}>{field.header}</dt>
                  <dd className={layout.value}>{field.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {foot}
        </>
      )}
    </Element>
  );
}
