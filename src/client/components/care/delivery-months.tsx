import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarCog, Lock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { monthLabel, monthOfDate, shiftMonth, todayIn } from '@/shared/dates';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';

type RecordingStartData = RouterOutputs['deliveries']['getRecordingStart'];
type ClosedMonth = RouterOutputs['deliveries']['listClosedMonths'][number];

/**
 * Closing and reopening a month: `askToClose` asks first (a closed month's figures are final), `reopen` does
 * not; `confirm` is the question, to be drawn by the caller.
 */
export function useMonthClosing(onChanged?: () => void) {
  const trpc = useTRPC();
  const close = useMutation(trpc.deliveries.closeMonth.mutationOptions({ onSuccess: onChanged }));
  const reopen = useMutation(trpc.deliveries.reopenMonth.mutationOptions({ onSuccess: onChanged }));
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirm = (
    <ConfirmDialog
      open={confirming !== null}
      title={confirming ? `Close ${monthLabel(confirming)}?` : ''}
      description="Its figures are then final: no entry in it can be added, changed or removed until an Admin reopens the month."
      keepLabel="Keep open"
      confirmLabel={confirming ? `Close ${monthLabel(confirming)}` : 'Close'}
      onKeep={() => setConfirming(null)}
      onConfirm={() => {
        if (confirming) close.mutate({ month: confirming });
        setConfirming(null);
      }}
    />
  );
  return { askToClose: setConfirming, reopen: (month: string) => reopen.mutate({ month }), pending: close.isPending || reopen.isPending, confirm };
}

/**
 * The months the dialog lists, newest first: every ended month from the earliest of a year back, the first entry,
 * the month an Admin set and any month closed, to last month. Every month holding an entry is among them.
 */
function listedMonths(start: RecordingStartData, closed: readonly string[], today: string): string[] {
  const last = shiftMonth(monthOfDate(today), -1);
  const first = [shiftMonth(last, -11), start.firstEntry, start.set, ...closed].filter((month) => month !== null).sort()[0]!;
  const months: string[] = [];
  for (let month = last; month >= first; month = shiftMonth(month, -1)) months.push(month);
  return months;
}

/** When recording began, and for an Admin, the month to count from instead of the first entry. */
function RecordingStart({ start, onChanged }: { start: RecordingStartData; onChanged?: () => void }) {
  const trpc = useTRPC();
  const canSet = useCan('monthClosing', 'update');
  const save = useMutation(trpc.deliveries.setRecordingStart.mutationOptions({ onSuccess: onChanged, meta: { shownInPlace: () => true } }));
  const [typed, setTyped] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const { from, set, firstEntry } = start;
  const value = typed ?? from ?? '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ month: value || null }, { onSuccess: () => setTyped(null) });
  };
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${inputId}-heading`}>
      <h3 id={`${inputId}-heading`} className="text-sm font-semibold">
        Recording began
      </h3>
      <p className="text-muted-foreground text-sm">
        {from === null
          ? 'No delivered care is recorded yet.'
          : `The Delivered Care Report counts from ${monthLabel(from)} (${set ? 'set by an Admin' : 'the first entry'}). Months before it show "Not recorded".`}
      </p>
      {canSet && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={inputId}>Count from</Label>
            <Input
              id={inputId}
              type="month"
              className="w-44"
              value={value}
              max={monthOfDate(todayIn())}
              aria-invalid={save.isError || undefined}
              aria-describedby={save.isError ? errorId : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            Save
          </Button>
          {set && (
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => save.mutate({ month: null }, { onSuccess: () => setTyped(null) })}>
              {firstEntry ? `Count from the first entry (${monthLabel(firstEntry)})` : 'Count from the first entry'}
            </Button>
          )}
          {save.isError && (
            <p id={errorId} role="alert" className="text-destructive basis-full text-sm">
              {save.error.message}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** Each ended month, closed or open, with Close and Reopen for an Admin. */
function ClosedMonths({ start, closed, onChanged }: { start: RecordingStartData; closed: ClosedMonth[]; onChanged?: () => void }) {
  const canClose = useCan('monthClosing', 'update');
  const closing = useMonthClosing(onChanged);
  const byMonth = new Map(closed.map((row) => [row.month, row]));
  const today = todayIn();
  return (
    <section className="flex flex-col gap-2" aria-label="Closed months">
      <h3 className="text-sm font-semibold">Closed months</h3>
      <p className="text-muted-foreground text-sm">A closed month&apos;s figures are final: its entries cannot change until an Admin reopens it.</p>
      <ul className="divide-y rounded-md border">
        {listedMonths(start, [...byMonth.keys()], today).map((month) => {
            const row = byMonth.get(month);
            return (
              <li key={month} className="flex flex-col items-start gap-2 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
                <span className="flex items-center gap-2">
                  {row && <Lock className="text-muted-foreground size-4" aria-hidden />}
                  <span className="font-medium">{monthLabel(month)}</span>
                  <span className="text-muted-foreground">{row ? `Closed ${formatDate(row.closedAt.slice(0, 10))} by ${row.closedBy}` : 'Open'}</span>
                </span>
                {canClose &&
                  (row ? (
                    <Button size="sm" variant="outline" disabled={closing.pending} onClick={() => closing.reopen(month)}>
                      Reopen {monthLabel(month)}
                    </Button>
                  ) : (
                    <Button size="sm" variant="outline" disabled={closing.pending} onClick={() => closing.askToClose(month)}>
                      Close {monthLabel(month)}
                    </Button>
                  ))}
              </li>
            );
          })}
      </ul>
      {closing.confirm}
    </section>
  );
}

function MonthsOfDeliveredCare({ onChanged }: { onChanged?: () => void }) {
  const trpc = useTRPC();
  const start = useQuery(trpc.deliveries.getRecordingStart.queryOptions());
  const closed = useQuery(trpc.deliveries.listClosedMonths.queryOptions());
  const both = { data: start.data && closed.data ? { start: start.data, closed: closed.data } : undefined, isPending: start.isPending || closed.isPending, isError: start.isError || closed.isError };
  return (
    <LoadState query={both} errorText="The months could not be loaded. Close this and try again." className="">
      {({ start, closed }) => (
        <div className="flex flex-col gap-6">
          <RecordingStart start={start} onChanged={onChanged} />
          <ClosedMonths start={start} closed={closed} onChanged={onChanged} />
        </div>
      )}
    </LoadState>
  );
}

/**
 * "Months of delivered care": when recording began and which months are closed, for everyone who reads delivered
 * care; an Admin sets the first and closes or reopens any ended month. `onChanged` runs after each change.
 */
export function DeliveryMonthsButton({ onChanged }: { onChanged?: () => void }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="print:hidden">
          <CalendarCog aria-hidden />
          Months
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Months of delivered care</DialogTitle>
          <DialogDescription>When recording began, and which months are closed.</DialogDescription>
        </DialogHeader>
        <MonthsOfDeliveredCare onChanged={onChanged} />
      </DialogContent>
    </Dialog>
  );
}
