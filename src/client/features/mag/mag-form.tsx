import { zodResolver } from '@hookform/resolvers/zod';
import { type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ComplianceBadge } from '@/client/components/carer-record/compliance-badge';
import { Field } from '@/client/components/form/field';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import { MultiSelect, type Option } from '@/client/components/form/multi-select';
import { LoadState } from '@/client/components/load-state';
import { useUnsavedChanges, useVersionedDraft } from '@/client/components/unsaved-changes';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import type { RouterOutputs } from '@/browser/api-types';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';
import type { Compliance } from '@/shared/compliance';
import { todayIn } from '@/shared/dates';
import { magTotalAttendees } from '@/shared/mag';
import { magLogInput } from '@/shared/schemas/compliance';
import { useBackToList } from '@/client/components/list-screen/saved-row';

type FormInput = z.input<typeof magLogInput>;
type FormOutput = z.output<typeof magLogInput>;
type StoredLog = RouterOutputs['mag']['getById'];
type AttendeeList = 'clients' | 'mps' | 'volunteers';
type HeadCount = keyof Omit<FormOutput['details'], 'notes'>;

const HEAD_COUNTS: readonly { name: HeadCount; label: string; required?: boolean; chosen?: AttendeeList }[] = [
  { name: 'totalClients', label: 'Total clients', required: true, chosen: 'clients' },
  { name: 'totalFamily', label: 'Total family' },
  { name: 'totalVolunteers', label: 'Total volunteers', chosen: 'volunteers' },
  { name: 'totalMps', label: 'Total MPs', chosen: 'mps' },
  { name: 'otherAttendees', label: 'Other attendees' },
];

/** The head count that includes each list of people chosen by name. */
const TOTAL_OF: Record<AttendeeList, 'totalClients' | 'totalMps' | 'totalVolunteers'> = {
  clients: 'totalClients',
  mps: 'totalMps',
  volunteers: 'totalVolunteers',
};

/** The lists of people chosen by name, in the form's order. */
const ATTENDEE_LISTS: readonly { name: AttendeeList; label: string; hint?: string; loadError: string }[] = [
  { name: 'clients', label: 'Clients', hint: 'Clients with the MAG service or who attend MAG sessions', loadError: 'Error loading clients' },
  { name: 'mps', label: 'MPs', loadError: 'Error loading MPs' },
  { name: 'volunteers', label: 'Volunteers', loadError: 'Error loading Volunteers' },
];

/** The people a list is chosen from, as loaded; carers with their compliance. */
type PeopleQuery = Pick<UseQueryResult<readonly { id: string; details: { name: string }; compliance?: Compliance }[]>, 'data' | 'isPending' | 'isError'>;

const asCount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

// An emptied box is missing ("Total clients is required", 0 for the others), never NaN.
const asHeadCount = (value: unknown) => (value === '' || value == null ? undefined : Number(value));

function emptyLog(): FormInput {
  return {
    date: todayIn(),
    archived: 'N',
    clients: [],
    mps: [],
    volunteers: [],
    details: { totalClients: 0, totalFamily: 0, totalVolunteers: 0, totalMps: 0, otherAttendees: 0, notes: '' },
  };
}

/** Exactly the fields the form edits; attendees by id, since the server copies names and addresses itself. */
function formValues(log: StoredLog): FormInput {
  const ids = (list: readonly { id: string }[] | undefined) => (list ?? []).map(({ id }) => ({ id }));
  return { date: log.date, archived: log.archived, clients: ids(log.clients), mps: ids(log.mps), volunteers: ids(log.volunteers), details: log.details };
}

/** Everyone who may be picked, plus anyone already on the log (an archived client keeps their name), by name. */
function attendeeOptions(listed: readonly { id: string; details: { name: string } }[] | undefined, attended: readonly { id: string; name: string }[] = []): Option[] {
  const names = new Map(attended.map((a) => [a.id, a.name]));
  for (const person of listed ?? []) names.set(person.id, person.details.name);
  return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** A carer in the open list: their name and compliance badge, as every carer picker shows them. */
function withCompliance(listed: PeopleQuery['data']) {
  const compliance = new Map((listed ?? []).flatMap((person) => (person.compliance ? [[person.id, person.compliance] as const] : [])));
  if (compliance.size === 0) return undefined;
  return ({ value, label }: Option) => {
    const carer = compliance.get(value);
    return (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {label}
        {carer && <ComplianceBadge compliance={carer} />}
      </span>
    );
  };
}

function AttendeesField({
  control,
  name,
  label,
  hint,
  people,
  attended,
  loadError,
  onCountChange,
}: {
  control: Control<FormInput, unknown, FormOutput>;
  name: AttendeeList;
  label: string;
  hint?: string;
  people: PeopleQuery;
  /** Those already on the stored log. */
  attended: readonly { id: string; name: string }[] | undefined;
  loadError: string;
  /** The number chosen went from `before` to `after`. */
  onCountChange: (before: number, after: number) => void;
}) {
  return (
    <Field label={label} hint={hint} error={people.isError ? loadError : undefined} className="sm:col-span-2">
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <MultiSelect
              {...aria}
              options={attendeeOptions(people.data, attended)}
              renderOption={withCompliance(people.data)}
              isLoading={people.isPending}
              value={(field.value ?? []).map((a) => a.id)}
              onChange={(ids) => {
                onCountChange((field.value ?? []).length, ids.length);
                field.onChange(ids.map((id) => ({ id })));
              }}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );
}

/** The running total, as the list will show it. */
function TotalAttendees({ control }: { control: Control<FormInput, unknown, FormOutput> }) {
  const details = useWatch({ control, name: 'details' });
  const total = magTotalAttendees({
    totalClients: asCount(details.totalClients),
    totalFamily: asCount(details.totalFamily),
    totalVolunteers: asCount(details.totalVolunteers),
    totalMps: asCount(details.totalMps),
    otherAttendees: asCount(details.otherAttendees),
  });
  return (
    <p className="text-muted-foreground text-sm sm:col-span-2">
      Total attendees: <strong className="text-foreground">{total}</strong>
    </p>
  );
}

function MagLogForm({ stored }: { stored?: StoredLog }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const canRead: Record<AttendeeList, boolean> = {
    clients: useCan('clients', 'read'),
    mps: useCan('mps', 'read'),
    volunteers: useCan('volunteers', 'read'),
  };
  const people: Record<AttendeeList, PeopleQuery> = {
    clients: useQuery({ ...trpc.clients.getAllWithMagService.queryOptions(), enabled: canRead.clients }),
    mps: useQuery({ ...trpc.mps.getAllNotArchived.queryOptions(), enabled: canRead.mps }),
    volunteers: useQuery({ ...trpc.volunteers.getAllNotArchived.queryOptions(), enabled: canRead.volunteers }),
  };

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(magLogInput),
    defaultValues: stored ? formValues(stored) : emptyLog(),
  });
  const { register, control, handleSubmit, formState, getValues, setValue } = form;
  const { version, draft } = useVersionedDraft(form, stored?.version);
  const errors = formState.errors;
  const chosen = useWatch({ control, name: ['clients', 'mps', 'volunteers'] }).map((list) => (list ?? []).length);
  const chosenCount: Record<AttendeeList, number> = { clients: chosen[0]!, mps: chosen[1]!, volunteers: chosen[2]! };
  // A total that counts only the people chosen follows the choices; a larger one (people counted without a
  // name) is kept. Either way it is never below the number chosen.
  const countChosen = (list: AttendeeList) => (before: number, after: number) => {
    const name = `details.${TOTAL_OF[list]}` as const;
    const current = asCount(getValues(name));
    const total = Math.max(after, current === before ? after : current);
    setValue(name, total, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  const backToList = () => void navigate('/mag');
  const backToSaved = useBackToList();
  const { guard, leaveAfterSave } = useUnsavedChanges(formState.isDirty, { draft });
  const create = useMutation(trpc.mag.create.mutationOptions({ onSuccess: (saved) => leaveAfterSave(() => backToSaved('/mag', saved.id)) }));
  const update = useMutation(trpc.mag.update.mutationOptions({ onSuccess: (saved) => leaveAfterSave(() => backToSaved('/mag', saved.id)) }));
  const onSubmit = handleSubmit((values) =>
    stored ? update.mutate({ ...values, id: stored.id, version }) : create.mutate(values),
  );

  return (
    <FormPage title={stored ? 'Edit MAG Log' : 'Add MAG Log'}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <FormSection title="Session">
          <Field label="Date" required error={errors.date?.message}>
            <Input type="date" {...register('date')} />
          </Field>
          <Field label="Notes" error={errors.details?.notes?.message} className="sm:col-span-2">
            <Textarea rows={3} {...register('details.notes')} />
          </Field>
        </FormSection>

        <FormSection title="Who attended">
          {ATTENDEE_LISTS.filter((list) => canRead[list.name]).map(({ name, label, hint, loadError }) => (
            <AttendeesField
              key={name}
              control={control}
              name={name}
              onCountChange={countChosen(name)}
              label={label}
              hint={hint}
              people={people[name]}
              attended={stored?.[name]}
              loadError={loadError}
            />
          ))}
        </FormSection>

        <FormSection title="Attendance">
          {HEAD_COUNTS.map(({ name, label, required, chosen: list }) => {
            const named = list ? chosenCount[list] : 0;
            return (
              <Field
                key={name}
                label={label}
                required={required}
                hint={named > 0 ? `Includes the ${named} chosen above` : undefined}
                error={errors.details?.[name]?.message}
              >
                <Input type="number" inputMode="numeric" min={named} step={1} {...register(`details.${name}`, { setValueAs: asHeadCount })} />
              </Field>
            );
          })}
          <TotalAttendees control={control} />
        </FormSection>

        <FormActions
          onCancel={backToList}
          submitLabel={stored ? 'Update MAG Log' : 'Create MAG Log'}
          submitting={create.isPending || update.isPending}
        />
      </form>
      {guard}
    </FormPage>
  );
}

export function CreateMagLogPage() {
  return <MagLogForm />;
}

function EditStoredLog({ id }: { id: string }) {
  const trpc = useTRPC();
  // Always the latest version: a stale form would be refused on save.
  const log = useQuery({ ...trpc.mag.getById.queryOptions({ id }), staleTime: 0 });
  return (
    <LoadState query={log} errorText="Error loading MAG log">
      {(stored) => <MagLogForm key={stored.id} stored={stored} />}
    </LoadState>
  );
}

export function EditMagLogPage() {
  const { id = '' } = useParams();
  return <EditStoredLog id={id} />;
}
