import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormError, SubmitButton } from '@/client/components/form/form-layout';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import { useCan } from '@/client/lib/auth';
import { formatDate } from '@/client/lib/format';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { todayIn } from '@/shared/dates';
import type { WellbeingSettings } from '@/shared/schemas/wellbeing';
import { AlertPanel, PANEL_LINK } from './alert-panel';
import { LIVE_REFRESH } from './dashboard-status';
import { useFirstAnswer } from './drawn-whole';

/**
 * "Wellbeing to ask": the clients in care due their first asking or a review within the fortnight, overdue first, so
 * the office asks at the start of care and every review; and how often, and whether carers ask on their phones.
 */
export function WellbeingDuePanel() {
  const trpc = useTRPC();
  const due = useQuery({ ...trpc.wellbeing.reviewsDue.queryOptions(), ...LIVE_REFRESH });
  useFirstAnswer(due);
  const clients = due.data ?? [];
  const today = todayIn();
  return (
    <AlertPanel
      icon={<HeartHandshake aria-hidden className="text-primary size-4" />}
      title="Wellbeing to ask"
      description="Clients due their wellbeing questions in the next fortnight, or overdue: at the start of care, then at each review."
      className=""
    >
      {clients.length === 0 && <li className="text-muted-foreground py-2 text-sm">No one is due in the next fortnight.</li>}
      {clients.map((client) => (
        <li key={client.clientId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2 text-sm">
          <Link to={`/clients?view=${encodeURIComponent(client.clientId)}`} className={PANEL_LINK}>
            {client.clientName}
          </Link>
          <span className={client.due < today ? 'text-destructive' : 'text-muted-foreground'}>
            {client.kind === 'first' ? 'First asking' : 'Review'} {client.due < today ? 'overdue since' : 'due'} {formatDate(client.due)}
          </span>
        </li>
      ))}
      <li className="pt-3">
        <WellbeingSettingsLine />
      </li>
    </AlertPanel>
  );
}

/** How often reviews fall and whether carers may ask on their phones; an Admin changes them here. */
function WellbeingSettingsLine() {
  const trpc = useTRPC();
  const canUpdate = useCan('wellbeingSettings', 'update');
  const settings = useQuery(trpc.wellbeing.getSettings.queryOptions());
  const [editing, setEditing] = useState(false);
  if (!settings.data) return null;
  const { reviewWeeks, carersMayAsk } = settings.data;
  if (editing) return <SettingsForm initial={settings.data} onDone={() => setEditing(false)} />;
  return (
    <p className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span>
        Reviews every {reviewWeeks} {reviewWeeks === 1 ? 'week' : 'weeks'} · {carersMayAsk ? 'Carers may ask on their phones' : 'Asked by the office only'}
      </span>
      {canUpdate && (
        <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
          Change
        </Button>
      )}
    </p>
  );
}

function SettingsForm({ initial, onDone }: { initial: WellbeingSettings; onDone: () => void }) {
  const trpc = useTRPC();
  const [weeks, setWeeks] = useState(String(initial.reviewWeeks));
  const [carersMayAsk, setCarersMayAsk] = useState(initial.carersMayAsk);
  useReportUnsaved(weeks !== String(initial.reviewWeeks) || carersMayAsk !== initial.carersMayAsk);
  const save = useMutation(trpc.wellbeing.updateSettings.mutationOptions({ meta: { shownInPlace: () => true }, onSuccess: onDone }));
  return (
    <form
      noValidate
      aria-label="Wellbeing settings"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ reviewWeeks: Number(weeks), carersMayAsk });
      }}
    >
      <Field label="Weeks between reviews" hint="From 1 to 104; the ONS questions are asked at the start of care, then this often">
        <Input type="number" inputMode="numeric" min={1} max={104} step={1} className="w-28" value={weeks} onChange={(e) => setWeeks(e.target.value)} />
      </Field>
      <CheckboxField label="Carers may ask the questions on their phones, for the clients they visit" checked={carersMayAsk} onChange={(e) => setCarersMayAsk(e.target.checked)} />
      <FormError message={save.isError ? mutationErrorText(save.error) : undefined} />
      <div className="flex gap-2">
        <SubmitButton submitting={save.isPending} label="Save settings" submittingLabel="Saving..." />
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
