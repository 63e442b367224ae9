import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DELIVERY_MESSAGES, MISSED_REASON_LABELS, MISSED_REASONS, type MissedReason } from '@/shared/deliveries';
import { MAX } from '@/shared/schemas/common';
import { Field } from '@/client/components/form/field';
import { FormError } from '@/client/components/form/form-layout';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { formatHours } from '@/client/lib/format';
import { differsFromCarers, entryText, MISSED_TEXT, parseCellText } from './timesheet-cell';
import type { DialogMode } from './timesheet-day-cell';
import { longDayOf } from './timesheet-grid';
import type { TimesheetStore } from './timesheet-store';

export interface EntryDialogTarget {
  cellKey: string;
  mode: DialogMode;
  /** "Carer for Client", as the row names it. */
  who: string;
  /** The day's hours from the carer's visits on the carer app, when they recorded any. */
  carerHours?: number;
}

/** The dialog's fields as typed: the hours as text, read as the cell reads them (parseCellText). */
interface EntryFields {
  status: 'delivered' | 'missed';
  hours: string;
  reason: MissedReason | '';
  note: string;
}

/**
 * A day's entry in full: care given (hours) or a missed visit with its reason, and a note; or clearing the
 * day. Opened from a cell with M (missed) or N (note); everything in it works from the keyboard.
 */
export function EntryDialog({ store, target, onClose }: { store: TimesheetStore; target: EntryDialogTarget; onClose: () => void }) {
  const cell = store.get(target.cellKey);
  const date = target.cellKey.split('|')[1]!;
  const saved = cell.saved;
  const { register, handleSubmit, watch, setError, formState } = useForm<EntryFields>({
    defaultValues: {
      status: target.mode === 'missed' ? 'missed' : (saved?.status ?? 'delivered'),
      hours: cell.text === MISSED_TEXT ? '' : cell.text,
      reason: saved?.reason ?? '',
      note: saved?.note ?? '',
    },
  });
  const status = watch('status');
  // The office's figure set against the carer's own: clearing it lets the carer's stand again.
  const carersDiffers = target.carerHours !== undefined && saved?.source === 'office' && differsFromCarers(saved, target.carerHours);
  const error = formState.errors.root?.message;
  const [saving, setSaving] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const send = async (entry: Parameters<TimesheetStore['save']>[1]) => {
    setSaving(true);
    const refusal = await store.save(target.cellKey, entry);
    setSaving(false);
    if (refusal) setError('root', { message: refusal });
    else onClose();
  };

  const submit = handleSubmit(({ status, hours, reason, note }) => {
    if (status === 'missed') {
      if (!reason) return setError('root', { message: DELIVERY_MESSAGES.reasonRequired });
      return send({ status, hours: 0, reason, note: note.trim() });
    }
    // Hours left as stored stand (a carer's exact minutes); new ones are the office's, in quarters.
    const parsed = saved?.status === 'delivered' && hours.trim() === entryText(saved) ? { kind: 'hours' as const, hours: saved.hours } : parseCellText(hours);
    if (parsed.kind !== 'hours') return setError('root', { message: parsed.kind === 'invalid' ? parsed.message : 'Enter the hours given' });
    return send({ status, hours: parsed.hours, note: note.trim() });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          // Straight to what is asked: the reason (the one chosen, else the first), or the hours.
          event.preventDefault();
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          const content = event.currentTarget as HTMLElement;
          const first = ['input[name="reason"]:checked', 'input[name="reason"]', 'input[name="hours"]'].map((s) => content.querySelector<HTMLInputElement>(s));
          first.find(Boolean)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // Back to the cell (or button) it was opened from, to carry on along the row. Done here, once the
          // dialog has gone: focus moved any earlier is pulled back into the dialog it is leaving.
          if (opener.current?.isConnected) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{longDayOf(date)}</DialogTitle>
          <DialogDescription>{target.who}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} aria-label="Day's entry" noValidate>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1.5 text-sm font-medium">What happened</legend>
            {(['delivered', 'missed'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" value={value} {...register('status')} />
                {value === 'delivered' ? 'Care given' : 'Missed visit'}
              </label>
            ))}
          </fieldset>
          {status === 'delivered' ? (
            <Field label="Hours" hint="0 to 24, in quarters of an hour (7.5 or 7:30)">
              <Input inputMode="decimal" autoComplete="off" {...register('hours')} />
            </Field>
          ) : (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1.5 text-sm font-medium">Why was it missed?</legend>
              {MISSED_REASONS.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={value} {...register('reason')} />
                  {MISSED_REASON_LABELS[value]}
                </label>
              ))}
            </fieldset>
          )}
          <Field label="Note (optional)">
            <Input maxLength={MAX.line} {...register('note')} />
          </Field>
          <FormError message={error} />
          {carersDiffers ? (
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-amber-800">The carer’s app says {formatHours(target.carerHours ?? 0)} h.</span>
              <Button type="button" variant="outline" size="sm" disabled={saving} onClick={() => void send(null)}>
                Use the carer’s figure
              </Button>
            </p>
          ) : null}
          <DialogFooter className="gap-2 sm:justify-between">
            {saved?.source === 'carer' ? (
              // The carer's own figure is corrected by the office's typed over it, not cleared.
              <span />
            ) : (
              <Button type="button" variant="outline" disabled={saving || (saved === null && entryText(saved) === cell.text)} onClick={() => void send(null)}>
                {target.carerHours === undefined ? 'Clear the day' : 'Clear the office’s figure'}
              </Button>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
