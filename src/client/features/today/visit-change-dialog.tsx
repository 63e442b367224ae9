import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { RouterOutputs } from '@/browser/api-types';
import { CarerPicker } from '@/client/components/carer-record/carer-picker';
import { complianceRefusal } from '@/client/components/carer-record/assignment-override';
import { Field } from '@/client/components/form/field';
import { DialogFormActions, FormError } from '@/client/components/form/form-layout';
import { GuardedDialog } from '@/client/components/guarded-dialog';
import { Input } from '@/client/components/ui/input';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { addDays, formatShortDay } from '@/shared/dates';
import { MOVE_DAYS, plannedVisitSlot } from '@/shared/planned-visits';
import { MAX } from '@/shared/schemas/common';
import type { PlannedVisitChangeInput } from '@/shared/schemas/planned-visits';

/** A visit of the office's day, as the dialog changes it. */
type DayVisit = RouterOutputs['plannedVisits']['getDay']['visits'][number];

type Action = 'move' | 'cancel' | 'cover' | 'undo';

const ACTIONS: { action: Action; label: string }[] = [
  { action: 'move', label: 'Move it' },
  { action: 'cancel', label: 'Cancel it' },
  { action: 'cover', label: 'Give it to another carer' },
  { action: 'undo', label: 'Put it back as planned' },
];

/**
 * One week's change to a visit of the day: moved, cancelled with the reason, given to another carer (a reason asked
 * where they are not compliant), or put back as planned. The carer is offered it on their phone.
 */
export function VisitChangeDialog({ visit, date, onClose }: { visit: DayVisit | null; date: string; onClose: () => void }) {
  return (
    <GuardedDialog
      open={visit !== null}
      onOpenChange={(open) => !open && onClose()}
      title={visit ? `Change the visit to ${visit.clientName}` : 'Change the visit'}
      description="For this week only: the plan stays as it is. The carer sees the change on their phone and accepts it."
    >
      {({ close }) => visit && <ChangeForm key={visit.id} visit={visit} date={date} onDone={onClose} onCancel={close} />}
    </GuardedDialog>
  );
}

function ChangeForm({ visit, date, onDone, onCancel }: { visit: DayVisit; date: string; onDone: () => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const slot = plannedVisitSlot(visit.id)!;
  const [action, setAction] = useState<Action>('move');
  const [to, setTo] = useState({ date, start: visit.start, end: visit.end });
  const [reason, setReason] = useState('');
  const [carerId, setCarerId] = useState('');
  const [override, setOverride] = useState<{ asked: string; reason: string } | null>(null);
  const [problem, setProblem] = useState<string>();
  const dirty = action !== 'move' || to.date !== date || to.start !== visit.start || to.end !== visit.end || reason !== '' || carerId !== '';
  useReportUnsaved(dirty);
  const change = useMutation(
    trpc.plannedVisits.change.mutationOptions({
      // Every refusal is said in the dialog, beside what caused it.
      meta: { shownInPlace: () => true },
      onSuccess: async ({ warnings, excluded }) => {
        // Said, not refused: the carer answers the offer.
        for (const warning of warnings) toast(warning, { icon: '⚠️' });
        if (excluded) toast(`The client is not to be matched with this carer: ${excluded.reason}`, { icon: '⚠️' });
        await queryClient.invalidateQueries({ queryKey: trpc.plannedVisits.getDay.queryKey() });
        onDone();
      },
      onError: (error) => {
        const refusal = complianceRefusal(error);
        if (refusal) setOverride({ asked: refusal, reason: '' });
        else setProblem(mutationErrorText(error));
      },
    }),
  );
  const actions = ACTIONS.filter((choice) => choice.action !== 'undo' || visit.change);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const where = { date: slot.date, packageId: slot.packageId, start: slot.start };
    let input: PlannedVisitChangeInput;
    if (action === 'move') input = { ...where, action, to };
    else if (action === 'cancel') {
      if (!reason.trim()) return setProblem('Say why the visit is cancelled');
      input = { ...where, action, reason };
    } else if (action === 'cover') {
      if (!carerId) return setProblem('Choose the carer to give it to');
      if (override && !override.reason.trim()) return setProblem('Give a reason to give them the visit anyway, or choose another carer');
      input = { ...where, action, carerId, ...(override ? { override: { reason: override.reason.trim() } } : {}) };
    } else input = { ...where, action };
    change.mutate(input);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          {formatShortDay(slot.date)} {slot.start}: what changes?
        </legend>
        {actions.map((choice) => (
          <label key={choice.action} className="flex items-center gap-2 text-sm">
            <input type="radio" name="action" value={choice.action} checked={action === choice.action} onChange={() => setAction(choice.action)} className="size-4" />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {action === 'move' && (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Day" required hint={`Within ${MOVE_DAYS} days either way`}>
            <Input type="date" min={addDays(slot.date, -MOVE_DAYS)} max={addDays(slot.date, MOVE_DAYS)} value={to.date} onChange={(e) => setTo({ ...to, date: e.target.value })} />
          </Field>
          <Field label="From" required>
            <Input type="time" value={to.start} onChange={(e) => setTo({ ...to, start: e.target.value })} />
          </Field>
          <Field label="To" required>
            <Input type="time" value={to.end} onChange={(e) => setTo({ ...to, end: e.target.value })} />
          </Field>
        </div>
      )}
      {action === 'cancel' && (
        <Field label="Reason" required hint="The carer reads it on their phone">
          <Input maxLength={MAX.line} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="In hospital until Friday" />
        </Field>
      )}
      {action === 'cover' && (
        <>
          <CarerPicker value={carerId} onChange={(id) => (setCarerId(id), setOverride(null))} onBlur={() => undefined} />
          {override && (
            <Field label="Reason to give them the visit anyway" required hint={override.asked}>
              <Input maxLength={MAX.line} value={override.reason} onChange={(e) => setOverride({ ...override, reason: e.target.value })} />
            </Field>
          )}
        </>
      )}
      <FormError message={problem} />
      <DialogFormActions onCancel={onCancel} submitLabel="Offer the change" submittingLabel="Saving..." submitting={change.isPending} />
    </form>
  );
}
