import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Eye, RotateCw, Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { STAFF_ROLES } from '@/shared/permissions';
import { digestWindowsText, type ReminderSettings, reminderSettings, WEEKDAYS } from '@/shared/schemas/reminders';
import { type DataColumn, DataTable } from '@/client/components/data-table';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormSection, PageHeader, SubmitButton } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { ChoiceSelect } from '@/client/components/form/choice-select';
import { formDraft, useUnsavedChanges } from '@/client/components/unsaved-changes';
import type { RouterOutputs } from '@/browser/api-types';
import { useCan } from '@/client/lib/auth';
import { OWN_SUCCESS_TOAST } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { formatDateTime } from '@/shared/dates';
import { MAIL_NOT_SET_UP } from './mail-banner';

type Run = RouterOutputs['reminders']['listRuns'][number];
type Message = RouterOutputs['reminders']['listMessages']['messages'][number];

const MESSAGES_PAGE = 50;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

/** /reminders: the expiry digest's settings, sending it now, the last runs and the messages sent or kept. */
export default function RemindersScreen() {
  const trpc = useTRPC();
  const canUpdate = useCan('reminders', 'update');
  const settings = useQuery(trpc.reminders.getSettings.queryOptions());
  const runs = useQuery(trpc.reminders.listRuns.queryOptions({ limit: 10 }));
  const messages = useInfiniteQuery(
    trpc.reminders.listMessages.infiniteQueryOptions({ limit: MESSAGES_PAGE }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const sendNow = useMutation(trpc.reminders.sendDigestNow.mutationOptions(OWN_SUCCESS_TOAST));

  const send = async () => {
    const { queued, mailSetUp } = await sendNow.mutateAsync();
    const messages = `${queued} message${queued === 1 ? '' : 's'}`;
    if (queued === 0) toast.success('Nothing is due: no digest sent');
    else if (mailSetUp) toast.success(`Digest going out: ${messages}`);
    else toast(`Digest waiting in the outbox: ${messages}; ${MAIL_NOT_SET_UP}`, { icon: '📭' });
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
          {(rows) => <Runs runs={rows} />}
        </LoadState>
      </section>
      <section aria-labelledby="messages-title" className="flex flex-col gap-2">
        <h2 id="messages-title" className="text-lg font-semibold">
          Messages
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Every message sent, waiting or failed. With no mail server set up, messages stay in the outbox here: open one to read
          what would have been sent.
        </p>
        <LoadState query={messages} errorText="Error loading the messages" className="m-0">
          {(data) => <Messages messages={data.pages.flatMap((page) => page.messages)} canResend={canUpdate} />}
        </LoadState>
        {messages.hasNextPage && (
          <Button
            variant="outline"
            className="self-center"
            disabled={messages.isFetchingNextPage}
            onClick={() => void messages.fetchNextPage()}
          >
            {messages.isFetchingNextPage ? 'Loading...' : 'Show older messages'}
          </Button>
        )}
      </section>
    </div>
  );
}

/** The settings as the form holds them: the windows are one text box of day counts. */
const settingsForm = reminderSettings.extend({ windows: digestWindowsText });
type SettingsInput = z.input<typeof settingsForm>;

function SettingsForm({ initial, readOnly }: { initial: ReminderSettings; readOnly: boolean }) {
  const trpc = useTRPC();
  const update = useMutation(trpc.reminders.updateSettings.mutationOptions());
  const form = useForm<SettingsInput, unknown, ReminderSettings>({
    resolver: zodResolver(settingsForm),
    defaultValues: { ...initial, windows: initial.windows.join(', ') },
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  const { guard } = useUnsavedChanges(isDirty, { draft: formDraft(form) });

  return (
    <form onSubmit={(event) => void handleSubmit((values) => update.mutate(values))(event)} aria-label="Digest settings" noValidate>
      {guard}
      <FormSection title="Weekly expiry digest">
        <Field label="Day" error={errors.day?.message}>
          <ChoiceSelect choices={WEEKDAYS} disabled={readOnly} {...register('day')} />
        </Field>
        <Field label="Time" error={errors.time?.message}>
          <Input type="time" disabled={readOnly} {...register('time')} />
        </Field>
        <Field label="Windows (days)" error={errors.windows?.message} hint="What has expired, or expires within the widest of these, is listed">
          <Input disabled={readOnly} inputMode="numeric" {...register('windows')} />
        </Field>
        <Controller
          control={control}
          name="roles"
          render={({ field, fieldState }) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1.5 text-sm font-medium">Sent to</legend>
              {STAFF_ROLES.map((role) => (
                <CheckboxField
                  key={role}
                  label={role}
                  disabled={readOnly}
                  checked={field.value.includes(role)}
                  onChange={(e) => field.onChange(e.target.checked ? [...field.value, role] : field.value.filter((r) => r !== role))}
                />
              ))}
              {fieldState.error && (
                <p className="text-sm text-destructive" role="alert">
                  {fieldState.error.message}
                </p>
              )}
            </fieldset>
          )}
        />
        <CheckboxField
          label="Remind carers themselves 60, 30 and 7 days before each expiry (sent daily at 08:00)"
          className="sm:col-span-2"
          disabled={readOnly}
          {...register('carerReminders')}
        />
        {!readOnly && (
          <div className="flex justify-end sm:col-span-2">
            <SubmitButton submitting={update.isPending} label="Save settings" submittingLabel="Saving..." />
          </div>
        )}
      </FormSection>
    </form>
  );
}

const RUN_STATUS: Record<Run['status'], string> = { running: 'Running', succeeded: 'Succeeded', retrying: 'Retrying', failed: 'Failed' };
const RUN_JOB: Record<Run['job'], string> = { digest: 'Weekly digest', 'carer-reminders': 'Carer reminders' };

const RUN_COLUMNS: readonly DataColumn<Run>[] = [
  { header: 'Started', cell: (run) => when(run.startedAt), card: 'title' },
  { header: 'Job', cell: (run) => RUN_JOB[run.job] },
  { header: 'How', cell: (run) => (run.trigger === 'manual' ? 'Sent now' : 'Scheduled') },
  {
    header: 'Status',
    cell: (run) => (
      <>
        {RUN_STATUS[run.status]}
        {run.error && <span className="block text-xs text-destructive">{run.error}</span>}
      </>
    ),
  },
  { header: 'Messages', cell: (run) => messagesText(run.messages) },
  { header: 'Recipients', cell: (run) => <span className="break-all">{run.recipients.join(', ')}</span> },
];

/** "2 sent", "1 sent, 1 waiting to send", "2 in the outbox": only mail that left counts as sent. */
function messagesText({ sent, queued, outbox, failed }: Run['messages']): string {
  const parts = [sent && `${sent} sent`, queued && `${queued} waiting to send`, outbox && `${outbox} in the outbox`, failed && `${failed} failed`].filter(Boolean);
  return parts.length ? parts.join(', ') : 'None';
}

function Runs({ runs }: { runs: Run[] }) {
  // Who the last carers' run could not write to, until a later run can.
  const skipped = runs.find((run) => run.job === 'carer-reminders')?.skipped ?? [];
  return (
    <>
      <DataTable label="Last runs" rows={runs} columns={RUN_COLUMNS} rowKey={(run) => run.id} emptyText="No runs yet" />
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

const MESSAGE_STATUS: Record<Message['status'], string> = { queued: 'Waiting to send', sent: 'Sent', failed: 'Failed', outbox: 'In the outbox, not sent' };

function Messages({ messages, canResend }: { messages: Message[]; canResend: boolean }) {
  const trpc = useTRPC();
  const [reading, setReading] = useState<Message | null>(null);
  const resend = useMutation(trpc.reminders.resendMessage.mutationOptions(OWN_SUCCESS_TOAST));
  const resendTo = (message: Message) =>
    resend.mutate(
      { id: message.id },
      {
        onSuccess: ({ mailSetUp }) =>
          mailSetUp ? toast.success(`Message to ${message.to} queued to be sent again`) : toast(`Message to ${message.to} back in the outbox; ${MAIL_NOT_SET_UP}`, { icon: '📭' }),
      },
    );

  const columns: DataColumn<Message>[] = [
    { header: 'Subject', cell: (message) => message.subject, card: 'title' },
    { header: 'Created', cell: (message) => when(message.createdAt) },
    { header: 'To', cell: (message) => <span className="break-all">{message.to}</span> },
    {
      header: 'Status',
      cell: (message) => (
        <>
          {MESSAGE_STATUS[message.status]}
          {message.lastError && <span className="block text-xs text-destructive">{message.lastError}</span>}
        </>
      ),
    },
    {
      header: 'Actions',
      card: 'actions',
      cell: (message) => (
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" aria-label={`Read the message to ${message.to}`} onClick={() => setReading(message)}>
            <Eye aria-hidden /> Read
          </Button>
          {canResend && message.status !== 'queued' && (
            <Button variant="outline" size="sm" aria-label={`Resend to ${message.to}`} disabled={resend.isPending} onClick={() => resendTo(message)}>
              <RotateCw aria-hidden /> Resend
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <DataTable label="Messages" rows={messages} columns={columns} rowKey={(message) => message.id} emptyText="No messages yet" />
      <Dialog open={reading !== null} onOpenChange={(open) => !open && setReading(null)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{reading?.subject}</DialogTitle>
            <DialogDescription>
              To {reading?.to}, {when(reading?.createdAt ?? null)}
            </DialogDescription>
          </DialogHeader>
          <pre className="min-w-0 font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{reading?.text}</pre>
        </DialogContent>
      </Dialog>
    </>
  );
}
