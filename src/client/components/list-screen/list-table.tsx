import { measureElement, observeElementRect, type Rect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { memo, type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { cn } from '@/client/lib/utils';
import { cellOf, type ListViewProps, SAVED_ROW_CLASS, useScrollToSavedRow } from './list-view';
import type { RowActionKind } from './row-actions';
import { RowActionsMenu } from './row-actions-menu';
import { isRowClick, isRowEnter } from './row-open';
import type { ColumnFilters, ListColumn, RowActions, SortState } from './types';

/** The actions column stays in view when a wide table scrolls sideways. */
const STICKY_END = 'sticky right-0 bg-card';

/** A body row's height with the actions button; real heights are measured once rendered. */
const ESTIMATED_ROW_HEIGHT = 41;
const OVERSCAN_ROWS = 10;
/** The sort row and the filter row. */
const HEADER_ROW_COUNT = 2;
/**
 * The viewport assumed until the scroll container has been laid out. Without it an
 * environment with no layout (jsdom) would render only the overscan rows.
 */
const INITIAL_RECT: Rect = { width: 1024, height: 640 };

type RowVirtualizer = Virtualizer<HTMLDivElement, HTMLTableRowElement>;

const estimateRowHeight = () => ESTIMATED_ROW_HEIGHT;

// Before layout the container reports a 0×0 size; keep the initial rect until a real size arrives.
function observeLaidOutElementRect(instance: RowVirtualizer, onRect: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) => {
    if (rect.height > 0) onRect(rect);
  });
}

// Likewise a row not yet laid out measures 0; a zero height would pull every row into the window.
function measureRenderedRow(element: HTMLTableRowElement, entry: ResizeObserverEntry | undefined, instance: RowVirtualizer) {
  return measureElement(element, entry, instance) || ESTIMATED_ROW_HEIGHT;
}

interface ListTableProps<T> extends ListViewProps<T> {
  sort: SortState | null;
  onSort: (columnId: string) => void;
  columnFilters: ColumnFilters;
  onColumnFilterChange: (columnId: string, value: string) => void;
  /** The scrolling region around the table. */
  scrollRef: RefObject<HTMLDivElement | null>;
}

/** Room left under the table's box at the window's bottom edge. */
const BOTTOM_MARGIN = 24;

/**
 * The table's box reaches down to the window's bottom edge, however much stands above it (filters, a banner), so a
 * tall window shows more rows rather than a fixed-height box; never less than 20rem. Measured again as the window
 * or the page changes.
 */
function useHeightToWindowBottom(ref: RefObject<HTMLElement | null>): string {
  const [maxHeight, setMaxHeight] = useState('70vh');
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setMaxHeight(`max(20rem, calc(100dvh - ${top + BOTTOM_MARGIN}px))`);
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return maxHeight;
}

function ListTableImpl<T>({
  title,
  rows,
  columns,
  getRowId,
  getRowLabel,
  sort,
  onSort,
  columnFilters,
  onColumnFilterChange,
  actionKinds,
  actions,
  rowMenu,
  onRequestDelete,
  onOpenRow,
  emptyMessage,
  scrollResetKey,
  savedRowId,
  scrollRef,
}: ListTableProps<T>) {
  const showActions = rowMenu !== undefined || (actions !== undefined && actionKinds.length > 0);
  const columnCount = columns.length + (showActions ? 1 : 0);

  // Stable between scroll renders: a new function makes the virtualizer re-lay-out every row.
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? index : getRowId(row);
    },
    [rows, getRowId],
  );

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowHeight,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    initialRect: INITIAL_RECT,
    observeElementRect: observeLaidOutElementRect,
    measureElement: measureRenderedRow,
  });

  // Through the virtualizer, so its own idea of the scroll position (used to correct for measured rows) moves too.
  // Not when already at the top, as while typing: scrolling reads the table's height, forcing a layout.
  useEffect(() => {
    if (virtualizer.scrollOffset) virtualizer.scrollToOffset(0);
  }, [scrollResetKey, virtualizer]);

  const scrollToRow = useCallback((index: number) => virtualizer.scrollToIndex(index, { align: 'center' }), [virtualizer]);
  useScrollToSavedRow(rows, getRowId, savedRowId, scrollToRow);

  const maxHeight = useHeightToWindowBottom(scrollRef);
  const virtualRows = virtualizer.getVirtualItems();
  // Spacer rows stand in for the rows outside the window, so the table keeps native table layout and semantics.
  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualRows.length > 0 ? virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0) : 0;

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={`${title} table`}
      // Focusable so keyboard users can scroll it, including sideways on narrow screens.
      tabIndex={0}
      className="bg-card focus-visible:ring-ring/50 overflow-auto rounded-md border outline-none focus-visible:ring-[3px]"
      style={{ maxHeight }}
    >
      <Table aria-label={title} aria-rowcount={rows.length + HEADER_ROW_COUNT}>
        <ListTableHeader
          columns={columns}
          sort={sort}
          onSort={onSort}
          columnFilters={columnFilters}
          onColumnFilterChange={onColumnFilterChange}
          showActions={showActions}
        />
        <TableBody>
          {rows.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount} className="text-muted-foreground h-24 text-center">
                {emptyMessage}
              </TableCell>
            </TableRow>
          ) : (
            <>
              {paddingTop > 0 && <SpacerRow height={paddingTop} columnCount={columnCount} />}
              {virtualRows.map((virtualRow) => {
                const row = rows[virtualRow.index];
                if (row === undefined) return null;
                return (
                  <ListRow
                    key={virtualRow.key}
                    row={row}
                    index={virtualRow.index}
                    measureRef={virtualizer.measureElement}
                    columns={columns}
                    rowLabel={getRowLabel(row)}
                    saved={savedRowId !== undefined && getRowId(row) === savedRowId}
                    actionKinds={showActions ? actionKinds : null}
                    actions={actions}
                    rowMenu={rowMenu}
                    onRequestDelete={onRequestDelete}
                    onOpen={onOpenRow}
                  />
                );
              })}
              {paddingBottom > 0 && <SpacerRow height={paddingBottom} columnCount={columnCount} />}
            </>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** Skips rendering when the screen re-renders for something outside the table, such as the delete dialog. */
export const ListTable = memo(ListTableImpl) as typeof ListTableImpl;

interface ListTableHeaderProps<T> {
  columns: readonly ListColumn<T>[];
  sort: SortState | null;
  onSort: (columnId: string) => void;
  columnFilters: ColumnFilters;
  onColumnFilterChange: (columnId: string, value: string) => void;
  showActions: boolean;
}

// The sort buttons and filter boxes keep their rendering while a search changes only the rows.
const ListTableHeader = memo(function ListTableHeader<T>({
  columns,
  sort,
  onSort,
  columnFilters,
  onColumnFilterChange,
  showActions,
}: ListTableHeaderProps<T>) {
  return (
    <TableHeader className="bg-card sticky top-0 z-10 shadow-[0_1px_0_var(--color-border)]">
      <TableRow aria-rowindex={1} className="hover:bg-transparent">
        {columns.map((column) => (
          <SortableHead
            key={column.id}
            column={column}
            direction={sort?.columnId === column.id ? sort.direction : null}
            onSort={() => onSort(column.id)}
          />
        ))}
        {showActions && (
          <TableHead className={cn('w-12', STICKY_END)}>
            <span className="sr-only">Actions</span>
          </TableHead>
        )}
      </TableRow>
      <TableRow aria-rowindex={2} className="hover:bg-transparent">
        {columns.map((column) => (
          <TableCell key={column.id} className={cn('pt-0', column.className)}>
            <Input
              aria-label={`Filter ${column.header}`}
              placeholder="Filter..."
              value={columnFilters[column.id] ?? ''}
              onChange={(event) => onColumnFilterChange(column.id, event.target.value)}
              className="h-8 min-w-20"
            />
          </TableCell>
        ))}
        {showActions && <TableCell className={cn('pt-0', STICKY_END)} />}
      </TableRow>
    </TableHeader>
  );
}) as <T>(props: ListTableHeaderProps<T>) => ReactNode;

interface ListRowProps<T> {
  row: T;
  /** Position among the shown rows. */
  index: number;
  measureRef: (element: HTMLTableRowElement | null) => void;
  columns: readonly ListColumn<T>[];
  rowLabel: string;
  saved: boolean;
  /** Null when the table has no actions column. */
  actionKinds: readonly RowActionKind[] | null;
  actions: RowActions<T> | undefined;
  rowMenu: ((row: T) => ReactNode) | undefined;
  onRequestDelete: (row: T, trigger: HTMLButtonElement | null) => void;
  onOpen: ((row: T, element: HTMLElement) => void) | undefined;
}

// A row that is still shown after a keystroke keeps its rendering instead of building its cells and menu again.
const ListRow = memo(function ListRow<T>({
  row,
  index,
  measureRef,
  columns,
  rowLabel,
  saved,
  actionKinds,
  actions,
  rowMenu,
  onRequestDelete,
  onOpen,
}: ListRowProps<T>) {
  return (
    <TableRow
      ref={measureRef}
      data-index={index}
      data-saved={saved || undefined}
      aria-rowindex={index + HEADER_ROW_COUNT + 1}
      tabIndex={onOpen ? 0 : undefined}
      className={cn(saved && SAVED_ROW_CLASS, onOpen && 'focus-visible:bg-muted/50 focus-visible:outline-ring cursor-pointer focus-visible:outline-2 focus-visible:-outline-offset-2')}
      onClick={onOpen && ((event) => isRowClick(event) && onOpen(row, event.currentTarget))}
      onKeyDown={onOpen && ((event) => isRowEnter(event) && onOpen(row, event.currentTarget))}
    >
      {/* Text wraps where the table would otherwise be wider than the screen; dates are kept whole by their columns. */}
      {columns.map((column) => (
        <TableCell key={column.id} className={column.className}>
          {cellOf(column, row)}
        </TableCell>
      ))}
      {actionKinds && (rowMenu || actions) && (
        <TableCell className={cn('w-12 py-1 text-right', STICKY_END, saved && SAVED_ROW_CLASS)}>
          {rowMenu ? (
            rowMenu(row)
          ) : (
            <RowActionsMenu row={row} rowLabel={rowLabel} kinds={actionKinds} actions={actions!} onRequestDelete={onRequestDelete} />
          )}
        </TableCell>
      )}
    </TableRow>
  );
}) as <T>(props: ListRowProps<T>) => ReactNode;

interface SortableHeadProps<T> {
  column: ListColumn<T>;
  direction: SortState['direction'] | null;
  onSort: () => void;
}

function SortableHead<T>({ column, direction, onSort }: SortableHeadProps<T>) {
  const SortIcon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className={column.className}
    >
      {/* Two-word headers may wrap, so a narrow column of numbers (Weekly Hours) does not widen the table. */}
      <Button type="button" variant="ghost" size="sm" className="-ml-2 h-auto min-h-8 px-2 py-1 text-left whitespace-normal" onClick={onSort}>
        {column.header}
        <SortIcon aria-hidden className={cn(direction === null && 'text-muted-foreground/60')} />
      </Button>
    </TableHead>
  );
}

function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={columnCount} className="p-0" style={{ height }} />
    </tr>
  );
}
