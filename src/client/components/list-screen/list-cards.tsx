import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { RowCard } from '@/client/components/row-card';
import { cn } from '@/client/lib/utils';
import { cellOf, type ListViewProps, SAVED_ROW_CLASS, useScrollToSavedRow } from './list-view';
import type { RowActionKind } from './row-actions';
import { RowActionsMenu } from './row-actions-menu';
import { isRowClick, isRowEnter } from './row-open';
import type { ListColumn, RowActions } from './types';

/** A card with a title and four fields; real heights are measured once rendered. */
const ESTIMATED_CARD_HEIGHT = 120;
const OVERSCAN_CARDS = 5;
const NO_ROWS: readonly never[] = [];

interface CardLayout<T> {
  title: ListColumn<T>;
  fields: readonly ListColumn<T>[];
}

/** The card's title and key fields, as the columns mark them: else the first column and all the others. */
export function cardLayout<T>(columns: readonly ListColumn<T>[]): CardLayout<T> | null {
  const title = columns.find((column) => column.card === 'title') ?? columns[0];
  if (!title) return null;
  const marked = [...columns.filter((column) => column.card === 'first'), ...columns.filter((column) => column.card === 'key')];
  return { title, fields: marked.length > 0 ? marked : columns.filter((column) => column !== title) };
}


/**
 * The list on a narrow screen: a card per row with its key fields and actions, in the page's own scroll
 * (so the sticky search stays put) and, like the table, drawing only the cards near the window.
 */
function ListCardsImpl<T>({
  title,
  rows,
  columns,
  getRowId,
  getRowLabel,
  actionKinds,
  actions,
  rowMenu,
  onRequestDelete,
  onOpenRow,
  emptyMessage,
  scrollResetKey,
  savedRowId,
}: ListViewProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  const layout = useMemo(() => cardLayout(columns), [columns]);
  const showActions = rowMenu !== undefined || (actions !== undefined && actionKinds.length > 0);

  // Where the list starts in the page, for the window virtualizer: measured when the list appears (not while
  // "no rows" shows instead) and on resizes, not on every keystroke.
  const hasRows = rows.length > 0;
  useLayoutEffect(() => {
    const measure = () => {
      if (listRef.current) setListTop(listRef.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [hasRows]);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : getRowId(row);
    },
    overscan: OVERSCAN_CARDS,
    scrollMargin: listTop,
  });

  // A new search starts at the top of its results: back up to the list if the page is scrolled past it.
  useEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) window.scrollTo({ top: 0 });
  }, [scrollResetKey]);

  // Only once the list's place in the page is known, which the window virtualizer needs to scroll to a card.
  const scrollToCard = useCallback((index: number) => virtualizer.scrollToIndex(index, { align: 'center' }), [virtualizer]);
  useScrollToSavedRow(listTop > 0 ? rows : NO_ROWS, getRowId, savedRowId, scrollToCard);

  if (!layout || rows.length === 0) {
    return <p className="bg-card text-muted-foreground rounded-md border p-6 text-center text-sm">{emptyMessage}</p>;
  }

  const items = virtualizer.getVirtualItems();
  const paddingTop = (items[0]?.start ?? listTop) - listTop;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? listTop) - listTop) : 0;

  return (
    <ul ref={listRef} aria-label={title} className="flex flex-col" style={{ paddingTop, paddingBottom }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (row === undefined) return null;
        return (
          <li key={item.key} ref={virtualizer.measureElement} data-index={item.index} className="pb-2">
            <ListCard
              row={row}
              layout={layout}
              rowLabel={getRowLabel(row)}
              saved={savedRowId !== undefined && getRowId(row) === savedRowId}
              actionKinds={showActions ? actionKinds : null}
              actions={actions}
              rowMenu={rowMenu}
              onRequestDelete={onRequestDelete}
              onOpen={onOpenRow}
            />
          </li>
        );
      })}
    </ul>
  );
}

export const ListCards = memo(ListCardsImpl) as typeof ListCardsImpl;

interface ListCardProps<T> {
  row: T;
  layout: CardLayout<T>;
  rowLabel: string;
  saved: boolean;
  actionKinds: readonly RowActionKind[] | null;
  actions: RowActions<T> | undefined;
  rowMenu: ((row: T) => ReactNode) | undefined;
  onRequestDelete: (row: T, trigger: HTMLButtonElement | null) => void;
  onOpen: ((row: T, element: HTMLElement) => void) | undefined;
}

const ListCard = memo(function ListCard<T>({ row, layout, rowLabel, saved, actionKinds, actions, rowMenu, onRequestDelete, onOpen }: ListCardProps<T>) {
  return (
    <RowCard
      as="article"
      aria-label={rowLabel}
      data-saved={saved || undefined}
      tabIndex={onOpen ? 0 : undefined}
      className={cn(
        'rounded-md shadow-xs',
        saved ? SAVED_ROW_CLASS : 'bg-card',
        onOpen && 'focus-visible:ring-ring/50 hover:bg-muted/40 cursor-pointer outline-none focus-visible:ring-[3px]',
      )}
      onClick={onOpen && ((event) => isRowClick(event) && onOpen(row, event.currentTarget))}
      onKeyDown={onOpen && ((event) => isRowEnter(event) && onOpen(row, event.currentTarget))}
      head={
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0 pt-1.5 text-base break-words">{cellOf(layout.title, row)}</div>
          {rowMenu
            ? actionKinds && rowMenu(row)
            : actionKinds &&
              actions && <RowActionsMenu row={row} rowLabel={rowLabel} kinds={actionKinds} actions={actions} onRequestDelete={onRequestDelete} />}
        </div>
      }
      fields={layout.fields.map((column) => ({ key: column.id, header: column.header, value: column.cardCell ? column.cardCell(row) : cellOf(column, row) }))}
    />
  );
}) as <T>(props: ListCardProps<T>) => ReactNode;
