import { VisitsToResolve } from './visits-to-resolve';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, isIsoDate, lastDateOfMonth, monthLabel, monthOfDate, todayIn } from '@/shared/dates';
import { weekStartOf } from '@/shared/deliveries';
import { matchesWords } from '@/shared/search-key';
import { DeliveryMonthsButton, useMonthClosing } from '@/client/components/care/delivery-months';
import { PageHeader } from '@/client/components/form/form-layout';
import { useIsNarrow } from '@/client/components/list-screen/list-screen';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { useUnsavedChanges } from '@/client/components/unsaved-changes';
import type { Draft } from '@/client/lib/drafts';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { useTRPC, useTRPCClient } from '@/client/lib/trpc';
import { EntryDialog, type EntryDialogTarget } from './entry-dialog';
import { type DeliveryWeek, type Entry, visitsOn } from './timesheet-cell';
import type { DialogMode } from './timesheet-day-cell';
import { TimesheetDayView } from './timesheet-day-view';
import { packageWho, TimesheetGrid, type WeekView } from './timesheet-grid';
import { rowKey, TimesheetStore } from './timesheet-store';

/** The Monday of the week in the address, or of this week when there is none (or it is not a date). */
function weekFromParam(param: string | null): string {
  return param && isIsoDate(param) ? weekStartOf(param) : weekStartOf(todayIn());
}

/** The week as cached with one day's entry put in (or taken out) on its row, so the cache agrees with what was saved. */
function withEntry(week: DeliveryWeek, row: string, date: string, entry: Entry | null): DeliveryWeek {
  return {
    ...week,
    packages: week.packages.map((pkg) =>
      rowKey(pkg) !== row
        ? pkg
        : { ...pkg, entries: [...pkg.entries.filter((e) => e.date !== date), ...(entry ? [entry] : [])].sort((a, b) => a.date.localeCompare(b.date)) },
    ),
  };
}

/** The one store of typed and saved cells for the screen, saving through the API. */
function useTimesheetStore(): TimesheetStore {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [store] = useState(
    () =>
      new TimesheetStore({
        record: (input) => client.deliveries.record.mutate(input),
        update: (input) => client.deliveries.update.mutate(input),
        remove: (input) => client.deliveries.delete.mutate(input),
        onSaved: (row, date, entry) => {
          // Saved cell by cell, not through the app's mutations: those refresh every list and say "saved" each time.
          queryClient.setQueryData(trpc.deliveries.getWeek.queryKey({ weekStart: weekStartOf(date) }), (week) =>
            week ? withEntry(week, row, date, entry) : week,
          );
          // Other screens' figures (reports, statements) are fetched afresh when next shown.
          void queryClient.invalidateQueries({ refetchType: 'none' });
        },
        onStale: () => void queryClient.invalidateQueries({ queryKey: trpc.deliveries.getWeek.queryKey() }),
      }),
  );
  return store;
}

/** Asks before leaving the timesheet while a cell holds something refused or not yet saved. */
function UnsavedCellsGuard({ store }: { store: TimesheetStore }) {
  const subscribe = useCallback((listener: () => void) => store.subscribe('unsaved', listener), [store]);
  const unsaved = useSyncExternalStore(subscribe, store.unsavedCount);
  // Other weeks keep what was typed in this one, so only leaving the screen asks.
  const draft = { read: () => ({ values: store.unsavedTexts() }), restore: ({ values }: Draft) => store.restoreTexts(values as Record<string, string>) };
  return useUnsavedChanges(unsaved > 0, { withinPage: false, draft }).guard;
}

/** For each month the week touches: whether it is closed, and for an Admin, closing or reopening it. */
function MonthClosing({ week }: { week: DeliveryWeek }) {
  const canClose = useCan('monthClosing', 'update');
  const closing = useMonthClosing();
  const months = [...new Set(week.days.map(monthOfDate))];
  const rows = months
    .map((month) => ({ month, closed: week.closedMonths.includes(month), ended: lastDateOfMonth(month) < week.today }))
    .filter(({ closed, ended }) => closed || (canClose && ended));
  if (rows.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" aria-label="Closed months">
      {rows.map(({ month, closed }) => (
        <div key={month} className="flex flex-wrap items-center gap-2 rounded-md border bg-card px-3 py-1.5">
          {closed ? (
            <>
              <Lock className="size-4 text-muted-foreground" aria-hidden />
              <span>{monthLabel(month)} is closed</span>
              {canClose && (
                <Button size="sm" variant="outline" disabled={closing.pending} onClick={() => closing.reopen(month)}>
                  Reopen {monthLabel(month)}
                </Button>
              )}
            </>
          ) : (
            <>
              <span>{monthLabel(month)} is open</span>
              <Button size="sm" variant="outline" disabled={closing.pending} onClick={() => closing.askToClose(month)}>
                Close {monthLabel(month)}
              </Button>
            </>
          )}
        </div>
      ))}
      {closing.confirm}
    </div>
  );
}

/** /deliveries: the week's timesheet, a row per package and a column per day, saved cell by cell. */
export default function TimesheetScreen() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const weekStart = weekFromParam(params.get('week'));
  // No placeholder from the week before: a cell typed in must be the day its header says.
  const week = useQuery(trpc.deliveries.getWeek.queryOptions({ weekStart }));
  const canCreate = useCan('deliveries', 'create');
  const canUpdate = useCan('deliveries', 'update');
  const canEdit = canCreate && canUpdate;
  const canResolve = useCan('carerApp', 'update');
  const store = useTimesheetStore();
  const narrow = useIsNarrow();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [dialog, setDialog] = useState<Omit<EntryDialogTarget, 'who'> | null>(null);
  const [chosenDay, setChosenDay] = useState<string | null>(null);

  const data = week.data;
  // A week seen for the first time has no cell on screen yet, so it is loaded as it is drawn; changes to
  // a week on screen (a reload) reach its cells after drawing.
  if (data && !store.hasSeen(data.weekStart)) store.load(data);
  useLayoutEffect(() => {
    if (data) store.load(data);
  }, [data, store]);

  const goToWeek = (monday: string) => setParams(monday === weekStartOf(todayIn()) ? {} : { week: monday });

  const packages = useMemo(() => {
    const all = data?.packages ?? [];
    return deferredSearch.trim() === '' ? all : all.filter((pkg) => matchesWords(packageWho(pkg), deferredSearch));
  }, [data, deferredSearch]);

  // Stable across saves, so opening the dialog is no reason for a row to be drawn again.
  const onOpenDialog = useCallback((cellKey: string, mode: DialogMode) => setDialog({ cellKey, mode }), []);
  const dialogPackage = dialog && data?.packages.find((pkg) => rowKey(pkg) === dialog.cellKey.split('|')[0]);

  // A save changes the cached week's entries, not its days or closed months: the rows stay as they are.
  const { days, today, closedMonths } = data ?? {};
  const view = useMemo<WeekView | null>(
    () => (days && today && closedMonths ? { store, days, today, closedMonths, readOnly: !canEdit, onOpenDialog } : null),
    [days, today, closedMonths, store, canEdit, onOpenDialog],
  );
  const day = data && chosenDay && data.days.includes(chosenDay) ? chosenDay : data?.days.includes(data.today) ? data.today : weekStart;

  return (
    <div className="flex min-w-0 flex-col gap-4 p-4 md:p-6">
      <UnsavedCellsGuard store={store} />
      <PageHeader title="Timesheets">
        <DeliveryMonthsButton />
      </PageHeader>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => goToWeek(addDays(weekStart, -7))}>
          <ChevronLeft aria-hidden /> Previous week
        </Button>
        <Button variant="outline" onClick={() => goToWeek(weekStartOf(todayIn()))}>
          This week
        </Button>
        <Button variant="outline" onClick={() => goToWeek(addDays(weekStart, 7))}>
          Next week <ChevronRight aria-hidden />
        </Button>
        <h2 className="text-base font-semibold" aria-live="polite">
          Week of {formatDate(weekStart)} to {formatDate(addDays(weekStart, 6))}
        </h2>
      </div>
      {data && <MonthClosing week={data} />}
      {canResolve && <VisitsToResolve />}
      <div className="flex flex-wrap items-center gap-3">
        <Input
          type="search"
          className="sm:max-w-xs"
          placeholder="Find a carer or client"
          aria-label="Find a carer or client"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <p className="text-sm text-muted-foreground" id="timesheet-keys">
          {!canEdit
            ? 'You can read the timesheets; your role cannot change them.'
            : narrow
              ? 'Type the hours (7.5 or 7:30): each day saves as you leave it. Missed records a missed visit and why.'
              : 'Type the hours (7.5 or 7:30); Tab or Enter moves on and saves. M marks a missed visit, N adds a note, Esc undoes, clearing a day removes its entry.'}
        </p>
      </div>
      <LoadState query={week} errorText="Error loading the timesheet" className="m-0">
        {() =>
          !view ? null : packages.length === 0 ? (
            <p className="text-muted-foreground">{search ? 'No package matches the search.' : 'No package runs this week.'}</p>
          ) : narrow ? (
            <TimesheetDayView packages={packages} view={view} day={day} onDay={setChosenDay} />
          ) : (
            <TimesheetGrid packages={packages} view={view} />
          )
        }
      </LoadState>
      {dialog && dialogPackage && (
        <EntryDialog
          key={dialog.cellKey}
          store={store}
          target={{ ...dialog, who: packageWho(dialogPackage), carerHours: visitsOn(dialogPackage, dialog.cellKey.split('|')[1]!)?.hours }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
