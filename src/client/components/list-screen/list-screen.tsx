import { Download, ListFilter, Plus, Search } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { rememberDialogOpener } from '@/client/components/dialog-opener';
import { ErrorMessage, LoadingMessage } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { downloadCsv } from '@/client/lib/download-file';
import { todayIn } from '@/shared/dates';
import { DeleteConfirmDialog } from './delete-confirm-dialog';
import { ListCards } from './list-cards';
import { listCsvFileName, listCsvRows } from './list-export';
import { filterRows, nextSort, prepareRowTexts, sortRows } from './list-filters';
import { ListTable } from './list-table';
import type { ListViewProps } from './list-view';
import { visibleRowActions } from './row-actions';
import type { ColumnFilters, ListColumn, ListPermissions, RowActions, SortState } from './types';

export interface ListScreenProps<T> {
  /** Heading, e.g. "Clients". */
  title: string;
  /** The title's heading level: 1 on its own page, 2 inside a page with a heading of its own (tabs). */
  headingLevel?: 1 | 2;
  searchPlaceholder: string;
  /** Accessible name of the search box; defaults to "Search {title}" in lower case, e.g. "Search clients". */
  searchLabel?: string;
  /** Undefined while the data has not arrived. */
  rows: readonly T[] | undefined;
  /** Keep this array stable (module constant or memoised): a new array re-sorts every row. */
  columns: readonly ListColumn<T>[];
  /** Unique per row; keys rendered rows. */
  getRowId: (row: T) => string;
  /** Names the row to assistive technology, as in "Actions for Ann Smith". */
  getRowLabel: (row: T) => string;
  permissions: ListPermissions;
  /** Shows "Add New" to roles that may create. */
  onAddNew?: () => void;
  actions?: RowActions<T>;
  /**
   * A screen's own actions menu for each row, for actions beyond the standard ones (the Staff screen's
   * accounts): drawn where the standard menu would be, in the table and on the cards.
   */
  rowMenu?: (row: T) => ReactNode;
  /**
   * What the Export CSV file is called, before its date; defaults to the title. Tabs of one page name the page
   * too, e.g. "DBS MPs", so the files of two tabs differ.
   */
  exportName?: string;
  /** A line under the heading, e.g. why the list is read-only. */
  description?: ReactNode;
  /** Screen-specific controls shown beside "Add New", e.g. a "Show Archived" toggle. */
  toolbar?: ReactNode;
  isLoading?: boolean;
  /** Shown instead of the table, e.g. "Error loading clients". */
  error?: string | null;
  /** Shown when no rows match; defaults to "No {title} found" in lower case. */
  emptyMessage?: string;
  /** The order before the user picks one; `?sort=<column id>` (or `-<column id>`, descending) in the address wins. */
  defaultSort?: SortState;
  /** The record a form has just saved (see `useSavedRowId`): the list scrolls to it and marks it. */
  savedRowId?: string;
}

const NO_ROWS: readonly never[] = [];

/** Milliseconds of work per slice where the browser has no `requestIdleCallback` to say how long it is idle. */
const IDLE_SLICE_MS = 8;

/** Computes the rows' search texts while the browser is idle, so even the first keystroke only compares strings. */
function usePreparedSearch<T>(rows: readonly T[] | undefined, columns: readonly ListColumn<T>[]) {
  useEffect(() => {
    if (!rows) return;
    let next = 0;
    let cancel = () => {};
    const work = (deadline?: IdleDeadline) => {
      const until = performance.now() + (deadline?.timeRemaining() ?? IDLE_SLICE_MS);
      next = prepareRowTexts(rows, columns, next, () => performance.now() < until);
      if (next < rows.length) schedule();
    };
    const schedule = () => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(work);
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(work, 0);
        cancel = () => clearTimeout(id);
      }
    };
    schedule();
    return () => cancel();
  }, [rows, columns]);
}

/** Below Tailwind's md breakpoint (no sidebar) rows show as cards. */
const NARROW_QUERY = '(max-width: 767.98px)';

// A query costs microseconds, against the milliseconds a keystroke may take.
const narrow = () => window.matchMedia(NARROW_QUERY);

function subscribeToNarrow(onChange: () => void) {
  const query = narrow();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is phone-narrow. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribeToNarrow, () => narrow().matches, () => false);
}

/**
 * The sort asked for in the address, e.g. `?sort=expiry` from the dashboard's "View all", when the list has
 * that column. Read from `window.location` so the list also works outside a router (its tests).
 */
function sortFromAddress<T>(columns: readonly ListColumn<T>[]): SortState | null {
  const param = new URLSearchParams(window.location.search).get('sort');
  if (!param) return null;
  const columnId = param.replace(/^-/, '');
  if (!columns.some((column) => column.id === columnId)) return null;
  return { columnId, direction: param.startsWith('-') ? 'desc' : 'asc' };
}

const SORT_WORDS = { asc: 'ascending', desc: 'descending' } as const;

/** The cards have no column headers to click, so on a narrow screen the order is chosen here. */
function CardSortSelect<T>({
  columns,
  sort,
  onChange,
}: {
  columns: readonly ListColumn<T>[];
  sort: SortState | null;
  onChange: (sort: SortState | null) => void;
}) {
  return (
    <NativeSelect
      aria-label="Sort by"
      value={sort ? `${sort.direction}:${sort.columnId}` : ''}
      onChange={(event) => {
        const [direction, columnId] = event.target.value.split(/:(.*)/) as [SortState['direction'] | '', string];
        onChange(direction ? { columnId, direction } : null);
      }}
    >
      <option value="">Order as loaded</option>
      {columns.flatMap((column) =>
        (['asc', 'desc'] as const).map((direction) => (
          <option key={`${direction}:${column.id}`} value={`${direction}:${column.id}`}>
            {`${column.header} (${SORT_WORDS[direction]})`}
          </option>
        )),
      )}
    </NativeSelect>
  );
}

/** The cards have no column headers either, so on a narrow screen each column's filter is here, behind "Filters". */
function CardColumnFilters<T>({
  id,
  columns,
  columnFilters,
  onChange,
}: {
  id: string;
  columns: readonly ListColumn<T>[];
  columnFilters: ColumnFilters;
  onChange: (columnId: string, value: string) => void;
}) {
  return (
    <div id={id} role="group" aria-label="Filters by column" className="grid grid-cols-1 gap-2 rounded-md border p-3">
      {columns.map((column) => (
        <Input
          key={column.id}
          aria-label={`Filter ${column.header}`}
          placeholder={`${column.header}...`}
          value={columnFilters[column.id] ?? ''}
          onChange={(event) => onChange(column.id, event.target.value)}
        />
      ))}
    </div>
  );
}

/** The list screen shared by every list in the product: search, per-column filters, sorting and row actions. */
export function ListScreen<T>({
  title,
  headingLevel = 1,
  searchPlaceholder,
  searchLabel,
  rows,
  columns,
  getRowId,
  getRowLabel,
  permissions,
  onAddNew,
  actions,
  rowMenu,
  description,
  toolbar,
  isLoading = false,
  error,
  emptyMessage,
  defaultSort,
  savedRowId,
  exportName = title,
}: ListScreenProps<T>) {
  const [search, setSearch] = useState('');
  const [columnFilters, setColumnFilters] = useState<ColumnFilters>({});
  const [sort, setSort] = useState<SortState | null>(() => sortFromAddress(columns) ?? defaultSort ?? null);
  const isNarrow = useIsNarrow();
  const [pendingDelete, setPendingDelete] = useState<{ row: T } | null>(null);
  const deleteOpenerRef = useRef<HTMLElement | null>(null);
  const tableRegionRef = useRef<HTMLDivElement>(null);

  usePreparedSearch(rows, columns);

  // Sort before filtering so typing in a filter never re-sorts. Filtering compares cached lower-case texts
  // and the table draws only its window of rows, so a keystroke filters at once rather than a frame later.
  const sortedRows = useMemo(() => sortRows(rows ?? NO_ROWS, columns, sort), [rows, columns, sort]);
  const shownRows = useMemo(() => filterRows(sortedRows, columns, search, columnFilters), [sortedRows, columns, search, columnFilters]);

  // A new search, filter or order starts from the top, rather than somewhere in the middle of the new results.
  const scrollResetKey = JSON.stringify([search, columnFilters, sort]);

  // Stable props let the memoised table and rows skip renders that change nothing of theirs.
  const actionKinds = useMemo(() => visibleRowActions(actions, permissions), [actions, permissions]);
  const onSort = useCallback((columnId: string) => setSort((current) => nextSort(current, columnId)), []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = Object.values(columnFilters).filter((value) => value.trim() !== '').length;
  const onColumnFilterChange = useCallback(
    (columnId: string, value: string) => setColumnFilters((current) => ({ ...current, [columnId]: value })),
    [],
  );
  const onRequestDelete = useCallback((row: T, trigger: HTMLElement | null) => {
    deleteOpenerRef.current = trigger;
    setPendingDelete({ row });
  }, []);
  // A row opens as its View item does, and the view dialog gives focus back to the row when it closes.
  const onView = actions?.onView;
  const onOpenRow = useMemo(
    () =>
      onView &&
      ((row: T, element: HTMLElement) => {
        rememberDialogOpener(element);
        onView(row);
      }),
    [onView],
  );
  const lowerTitle = title.toLowerCase();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  function renderBody() {
    if (isLoading) return <LoadingMessage className="py-8 text-center text-sm" />;
    if (error) return <ErrorMessage text={error} className="text-sm" />;
    const view: ListViewProps<T> = {
      title,
      rows: shownRows,
      columns,
      getRowId,
      getRowLabel,
      actionKinds,
      actions,
      rowMenu,
      onRequestDelete,
      onOpenRow,
      emptyMessage: emptyMessage ?? `No ${lowerTitle} found`,
      scrollResetKey,
      savedRowId,
    };
    if (isNarrow) return <ListCards {...view} />;
    return (
      <ListTable
        {...view}
        sort={sort}
        onSort={onSort}
        columnFilters={columnFilters}
        onColumnFilterChange={onColumnFilterChange}
        scrollRef={tableRegionRef}
      />
    );
  }

  const onDelete = actions?.onDelete;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {/* On a narrow screen the controls leave the heading's row to stick below the app's header. */}
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3 max-md:contents">
        <div className="min-w-0">
          <Heading className={headingLevel === 1 ? 'text-2xl font-semibold tracking-tight' : 'text-xl font-semibold'}>{title}</Heading>
          <p className="text-muted-foreground text-sm" aria-live="polite" aria-atomic="true">
            {`Total: ${shownRows.length}`}
          </p>
          {description && <p className="mt-1 text-sm">{description}</p>}
        </div>
        <div
          data-testid="list-controls"
          className="flex flex-wrap items-center gap-2 max-md:sticky max-md:top-[var(--app-header-height,0px)] max-md:z-20 max-md:-mx-4 max-md:-my-2 max-md:bg-background max-md:px-4 max-md:py-2"
        >
          <div className="relative max-md:w-full">
            <Search aria-hidden className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" />
            <Input
              type="search"
              aria-label={searchLabel ?? `Search ${lowerTitle}`}
              placeholder={searchPlaceholder}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="w-72 pl-8 max-md:w-full"
            />
          </div>
          {/* On a phone the Sort by list, Filters and the export share a line, the button's label shortened to "CSV". */}
          <div className="flex gap-2 max-md:w-full">
            {isNarrow && (
              <div className="min-w-0 flex-1">
                <CardSortSelect columns={columns} sort={sort} onChange={setSort} />
              </div>
            )}
            {isNarrow && (
              <Button type="button" variant="outline" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((open) => !open)}>
                <ListFilter aria-hidden />
                {activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
              </Button>
            )}
            <Button
              type="button"
              variant="outline"
              disabled={rows === undefined}
              onClick={() => downloadCsv(listCsvFileName(exportName, todayIn()), listCsvRows(shownRows, columns))}
            >
              <Download aria-hidden />
              <span>
                <span className="max-md:sr-only">Export</span> CSV
              </span>
            </Button>
          </div>
          {toolbar}
          {permissions.create && onAddNew && (
            <Button type="button" onClick={onAddNew}>
              <Plus aria-hidden />
              Add New
            </Button>
          )}
        </div>
      </div>

      {isNarrow && filtersOpen && <CardColumnFilters id={filtersId} columns={columns} columnFilters={columnFilters} onChange={onColumnFilterChange} />}

      {renderBody()}

      {onDelete && (
        <DeleteConfirmDialog
          open={pendingDelete !== null}
          onConfirm={async () => {
            if (pendingDelete) await onDelete(pendingDelete.row);
          }}
          onClose={() => setPendingDelete(null)}
          itemName={pendingDelete ? getRowLabel(pendingDelete.row) : undefined}
          returnFocusTo={() => deleteOpenerRef.current}
          focusAfterDelete={() => tableRegionRef.current}
        />
      )}
    </div>
  );
}
