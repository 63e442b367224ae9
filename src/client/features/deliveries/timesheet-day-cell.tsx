import { Check, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, memo, useCallback, useSyncExternalStore } from 'react';
import { MISSED_REASON_LABELS } from '@/shared/deliveries';
import { cn } from '@/client/lib/utils';
import { formatHours } from '@/client/lib/format';
import { differsFromCarers, MISSED_TEXT } from './timesheet-cell';
import type { CellState, TimesheetStore } from './timesheet-store';

export type DialogMode = 'missed' | 'entry';

export interface DayCellProps {
  store: TimesheetStore;
  cellKey: string;
  /** Row and column in the grid, for the arrow keys and Enter. */
  row: number;
  col: number;
  /** Names the input for screen readers: carer, client and day. */
  label: string;
  /** Why the day takes no entry, or null. */
  lock: string | null;
  readOnly: boolean;
  onOpenDialog: (cellKey: string, mode: DialogMode) => void;
  /** The carer's visits that day from the carer app, shown beside the day's figure (text and hours: kept plain for memo). */
  visitTimes?: string;
  visitHours?: number;
  visitNotes?: string;
  className?: string;
}

/**
 * The carer's own record of the day, under its figure: marked as theirs where it made the figure, and set beside the
 * office's figure (flagged where the two differ) where the office recorded or corrected the day.
 */
function CarerVisits({ id, times, hours, notes, saved }: { id: string; times: string; hours: number; notes?: string; saved: CellState['saved'] }) {
  const byCarer = saved?.source === 'carer';
  const differs = differsFromCarers(saved, hours);
  return (
    <span id={id} className={cn('text-xs leading-tight', byCarer ? 'text-primary' : differs ? 'font-medium text-amber-800' : 'text-muted-foreground')}>
      {byCarer ? `By the carer: ${times}` : `Carer's app: ${formatHours(hours)} h, ${times}`}
      {notes ? (
        <>
          {' '}
          <span className="block whitespace-pre-line text-foreground">{`Note: ${notes}`}</span>
        </>
      ) : null}
    </span>
  );
}

export function useCell(store: TimesheetStore, key: string): CellState {
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  return useSyncExternalStore(
    subscribe,
    () => store.get(key),
    () => store.get(key),
  );
}

/** Moves focus to the nearest editable cell from (row, col) in a direction, within the same grid. */
function focusCell(from: HTMLElement, row: number, col: number, rowStep: number, colStep: number) {
  const grid = from.closest('[data-timesheet]');
  if (!grid) return;
  for (let r = row + rowStep, c = col + colStep, tries = 0; tries < 1000; r += rowStep, c += colStep, tries++) {
    const target = grid.querySelector<HTMLInputElement>(`input[data-row="${r}"][data-col="${c}"]`);
    if (target) {
      target.focus();
      return;
    }
    if (r < 0 || c < 0 || c > 6 || !grid.querySelector(`[data-row="${r}"]`)) return;
  }
}

/**
 * One day of one package: an input that saves when left, or the day's entry as text when it takes none.
 * Memoised and fed by its own part of the store, so typing draws this cell alone.
 */
export const DayCell = memo(function DayCell({ store, cellKey, row, col, label, lock, readOnly, onOpenDialog, visitTimes, visitHours, visitNotes, className }: DayCellProps) {
  const cell = useCell(store, cellKey);
  const missed = cell.saved?.status === 'missed' ? cell.saved : null;
  const noteTitle = cell.saved?.note ? `Note: ${cell.saved.note}` : undefined;
  const messageId = `${cellKey}-message`;
  const visitsId = `${cellKey}-visits`;
  const visits = visitTimes ? <CarerVisits id={visitsId} times={visitTimes} hours={visitHours ?? 0} notes={visitNotes} saved={cell.saved} /> : null;

  if (lock !== null || readOnly) {
    return (
      <div
        className={cn('flex min-h-9 flex-col justify-center rounded-md px-2 text-sm', lock !== null && 'bg-muted text-muted-foreground', className)}
        title={[lock, noteTitle].filter(Boolean).join('\n') || undefined}
        aria-label={`${label}: ${cell.text || 'nothing recorded'}${lock ? ` (${lock})` : ''}`}
        aria-describedby={visits ? visitsId : undefined}
        role="group"
      >
        <span className={cn(missed && 'font-medium text-amber-800')}>{cell.text || (lock ? '' : '–')}</span>
        {missed?.reason && <span className="text-xs leading-tight text-amber-800">{MISSED_REASON_LABELS[missed.reason]}</span>}
        {!missed && cell.saved?.note && <span className="line-clamp-2 text-xs leading-tight text-muted-foreground">{cell.saved.note}</span>}
        {visits}
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    switch (event.key) {
      case 'm':
      case 'M':
        event.preventDefault();
        onOpenDialog(cellKey, 'missed');
        return;
      case 'n':
      case 'N':
        event.preventDefault();
        onOpenDialog(cellKey, 'entry');
        return;
      case 'Enter':
        event.preventDefault();
        store.commit(cellKey);
        focusCell(input, row, col, event.shiftKey ? -1 : 1, 0);
        return;
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        focusCell(input, row, col, event.key === 'ArrowDown' ? 1 : -1, 0);
        return;
      case 'Escape':
        store.revert(cellKey);
        return;
    }
  };

  return (
    <div className={cn('flex flex-col gap-0.5', className)}>
      <div className="relative">
        <input
          className={cn(
            'h-9 w-full min-w-0 rounded-md border border-input bg-card px-2 pr-6 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm',
            missed && 'border-amber-300 bg-amber-50 font-medium text-amber-900',
            cell.status === 'refused' && 'border-destructive ring-destructive/20',
          )}
          value={cell.text}
          inputMode="decimal"
          autoComplete="off"
          aria-label={label}
          aria-invalid={cell.status === 'refused' || undefined}
          aria-describedby={[cell.message && messageId, visits && visitsId].filter(Boolean).join(' ') || undefined}
          title={noteTitle ?? (missed ? `${MISSED_TEXT}: ${MISSED_REASON_LABELS[missed.reason!]}` : undefined)}
          data-row={row}
          data-col={col}
          onChange={(event) => store.setText(cellKey, event.target.value)}
          onFocus={(event) => event.target.select()}
          onBlur={() => store.commit(cellKey)}
          onKeyDown={onKeyDown}
        />
        <span className="pointer-events-none absolute top-1/2 right-1.5 -translate-y-1/2" aria-live="polite">
          {cell.status === 'saving' && <LoaderCircle className="size-3.5 animate-spin text-muted-foreground" aria-label="Saving" />}
          {cell.status === 'saved' && <Check className="size-3.5 text-emerald-600" aria-label="Saved" />}
        </span>
      </div>
      {missed?.reason && (
        <span className="text-xs leading-tight text-amber-800" title={noteTitle}>
          {MISSED_REASON_LABELS[missed.reason]}
        </span>
      )}
      {!missed && cell.saved?.note && (
        <span className="line-clamp-2 text-xs leading-tight text-muted-foreground" title={noteTitle}>
          {cell.saved.note}
        </span>
      )}
      {visits}
      {cell.message && (
        <span id={messageId} className="text-xs text-destructive" role="alert">
          {cell.message}
        </span>
      )}
    </div>
  );
});
