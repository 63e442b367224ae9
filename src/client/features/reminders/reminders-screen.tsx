import { useMutation, useQuery } from '@tanstack/react-query';
import { RotateCw, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ROLES } from '@/shared/permissions';
import { type ReminderSettings, reminderSettings, WEEKDAYS } from '@/shared/schemas/reminders';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormSection, PageHeader } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { useUnsavedChanges } from '@/client/components/unsaved-changes';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { OWN_SUCCESS_TOAST } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';

type Run = RouterOutputs['reminders']['listRuns'][number];
type Message = RouterOutputs['reminders']['listMessages']['messages'][number];

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? WHEN.format(new Date(iso)) : '');

const STATUS_WORDS: Record<Message['status'], string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed', outbox: 'Outbox' };

/** /reminders: the expiry digest's settings, sending it now, its last runs and the messages sent or kept. */
export default function RemindersScreen() {
  const trpc = useTRPC();
  const canUpdate = useCan('reminders', 'update');
  const settings = useQuery(trpc.reminders.getSettings.queryOptions());
  const runs = useQuery(trpc.reminders.listRuns.queryOptions({ limit: 10 }));
  const messages = useQuery(trpc.reminders.listMessages.queryOptions({ limit: 50 }));
  const sendNow = useMutation(trpc.reminders.sendDigestNow.mutationOptions(OWN_SUCCESS_TOAST));

  const send = async () => {
    const { sent } = await sendNow.mutateAsync();
    toast.success(sent === 0 ? 'Nothing is due: no digest sent' : `Digest sent: ${sent} message${sent === 1 ? '' : 's'}`);
  };

  return (
    <div className="flex flex-col gap-6 p-4 md:p-6">
      <PageHeader title="Reminders">
        {canUpdate && (
          <Button onClick={() => void send().catch(() => undefined)} disabled={sendNow.isPending}>
            <Send aria-hidden /> {sendNow.isPending ? 'Sending...' : 'Send digest now'}
          </Button>
        )}
      </PageHeader>
      <LoadState query={settings} errorText="Error loading the reminder settings" className="m-0">
        {(current) => <SettingsForm key={JSON.stringify(current)} initial={current} readOnly={!canUpdate} />}
      </LoadState>
      <section aria-labelledby="runs-title" className="flex flex-col gap-2">
        <h2 id="runs-title" className="text-lg font-semibold">
          Last runs
        </h2>
        <LoadState query={runs} errorText="Error loading the runs" className="m-0">
          {(rows) => <RunsTable runs={rows} />}
        </LoadState>
      </section>
      <section aria-labelledby="messages-title" className="flex flex-col gap-2">
        <h2 id="messages-title" className="text-lg font-semibold">
          Messages
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Every message sent, waiting or failed. With no mail server set up, messages stay in the outbox here.
        </p>
        <LoadState query={messages} errorText="Error loading the messages" className="m-0">
          {(page) => <MessagesTable messages={page.messages} canResend={canUpdate} />}
        </LoadState>
      </section>
    </div>
  );
}

/** The settings as typed: windows are one text box of day counts. */
interface Draft extends Omit<ReminderSettings, 'windows'> {
  windows: string;
}

function SettingsForm({ initial, readOnly }: { initial: ReminderSettings; readOnly: boolean }) {
  const trpc = useTRPC();
  const update = useMutation(trpc.reminders.updateSettings.mutationOptions());
  const saved: Draft = { ...initial, windows: initial.windows.join(', ') };
  const [draft, setDraft] = useState<Draft>(saved);
  const { guard } = useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const windows = draft.windows
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const parsed = reminderSettings.safeParse({ ...draft, windows });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.reverse().map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    update.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} aria-label="Digest settings" noValidate>
      {guard}
      <FormSection title="Weekly expiry digest">
        <Field label="Day" error={errors.day}>
          <NativeSelect value={draft.day} disabled={readOnly} onChange={(e) => set({ day: e.target.value as Draft['day'] })}>
            {WEEKDAYS.map((day) => (
              <option key={day}>{day}</option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Time" error={errors.time}>
          <Input type="time" value={draft.time} disabled={readOnly} onChange={(e) => set({ time: e.target.value })} />
        </Field>
        <Field label="Windows (days)" error={errors.windows} hint="What has expired, or expires within the widest of these, is listed">
          <Input value={draft.windows} disabled={readOnly} inputMode="numeric" onChange={(e) => set({ windows: e.target.value })} />
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">Sent to</legend>
          {ROLES.map((role) => (
            <CheckboxField
              key={role}
              label={role}
              disabled={readOnly}
              checked={draft.roles.includes(role)}
              onChange={(e) => set({ roles: e.target.checked ? [...draft.roles, role] : draft.roles.filter((r) => r !== role) })}
            />
          ))}
          {errors.roles && (
            <p className="text-sm text-destructive" role="alert">
              {errors.roles}
            </p>
          )}
        </fieldset>
        <CheckboxField
          label="Remind carers themselves 60, 30 and 7 days before each expiry"
          className="sm:col-span-2"
          disabled={readOnly}
          checked={draft.carerReminders}
          onChange={(e) => set({ carerReminders: e.target.checked })}
        />
        {!readOnly && (
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save settings'}
            </Button>
          </div>
        )}
      </FormSection>
    </form>
  );
}

function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="h-16 text-center text-muted-foreground">
        {text}
      </TableCell>
    </TableRow>
  );
}

const STATUS_OF_RUN: Record<Run['status'], string> = { running: 'Running', succeeded: 'Succeeded', retrying: 'Retrying', failed: 'Failed' };

function RunsTable({ runs }: { runs: Run[] }) {
  const skipped = runs[0]?.skipped ?? [];
  return (
    <>
      <div className="overflow-x-auto rounded-xl border bg-card">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Started</TableHead>
              <TableHead>How</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Sent</TableHead>
              <TableHead>Recipients</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.length === 0 ? (
              <EmptyRow colSpan={5} text="No runs yet" />
            ) : (
              runs.map((run) => (
                <TableRow key={run.id}>
                  <TableCell>{when(run.startedAt)}</TableCell>
                  <TableCell>{run.trigger === 'manual' ? 'Sent now' : 'Scheduled'}</TableCell>
                  <TableCell>
                    {STATUS_OF_RUN[run.status]}
                    {run.error && <span className="block text-xs text-destructive">{run.error}</span>}
                  </TableCell>
                  <TableCell>{run.sent}</TableCell>
                  <TableCell className="whitespace-normal break-all">{run.recipients.join(', ')}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {skipped.length > 0 && (
        <div className="flex flex-col gap-1" aria-label="Carers skipped">
          <h3 className="font-medium">Carers not reminded in the last run</h3>
          <ul className="list-disc pl-5 text-sm">
            {skipped.map((carer) => (
              <li key={carer.carerId}>
                {carer.carerName}: {carer.reason}
                {carer.email && ` (${carer.email})`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function MessagesTable({ messages, canResend }: { messages: Message[]; canResend: boolean }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.reminders.resendMessage.mutationOptions(OWN_SUCCESS_TOAST));
  const resendTo = (message: Message) =>
    resend.mutate({ id: message.id }, { onSuccess: () => toast.success(`Message to ${message.to} queued to be sent again`) });
  const columns = canResend ? 5 : 4;
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Created</TableHead>
            <TableHead>To</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead>Status</TableHead>
            {canResend && (
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {messages.length === 0 ? (
            <EmptyRow colSpan={columns} text="No messages yet" />
          ) : (
            messages.map((message) => (
              <TableRow key={message.id}>
                <TableCell>{when(message.createdAt)}</TableCell>
                <TableCell className="break-all whitespace-normal">{message.to}</TableCell>
                <TableCell className="whitespace-normal">{message.subject}</TableCell>
                <TableCell>
                  {STATUS_WORDS[message.status]}
                  {message.lastError && <span className="block text-xs text-destructive">{message.lastError}</span>}
                </TableCell>
                {canResend && (
                  <TableCell className="text-right">
                    {message.status !== 'queued' && (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Resend to ${message.to}`}
                        disabled={resend.isPending}
                        onClick={() => resendTo(message)}
                      >
                        <RotateCw aria-hidden /> Resend
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
