import { useQuery } from '@tanstack/react-query';
import { ComplianceBadge } from '@/client/components/carer/compliance-badge';
import { Field } from '@/client/components/form/field';
import { SearchSelect } from '@/client/components/form/search-select';
import { Input } from '@/client/components/ui/input';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { todayIn } from '@/shared/dates';
import { carerChoice, carerFacts, carerGroups, carerWeeklyHours, requestLabel, requestOptions, requestSummary } from './picker-options';

interface PickerProps {
  value: string;
  onChange: (id: string) => void;
  onBlur: () => void;
  error?: string;
}

/**
 * An option of a picker: its title on the first line, the facts that help choose on the second. Its text
 * reads as the option's label ("title · facts"), the separator only for screen readers.
 */
function OptionText({ title, details }: { title: string; details: React.ReactNode }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium">
        {title}
        <span className="sr-only"> · </span>
      </span>
      <span className="text-xs text-muted-foreground">{details}</span>
    </span>
  );
}

/**
 * The request a package is for. New packages pick from the requests not archived, by client name, each
 * with its locality, hours and unmet hours; a package's request cannot change, so on edit it is shown
 * read-only (whether or not it is archived since).
 */
export function RequestPicker({ value, onChange, onBlur, error, fixed }: PickerProps & { fixed: boolean }) {
  const trpc = useTRPC();
  const requests = useQuery(trpc.requests.getAllMetadata.queryOptions());
  const loadError = requests.isError ? 'Error loading requests' : undefined;
  if (fixed) {
    const current = requests.data?.find((r) => r.id === value);
    return (
      <Field label="Request" required hint="The request of a package cannot be changed" error={loadError}>
        <Input readOnly value={current ? requestLabel(current) : value} />
      </Field>
    );
  }
  // A request passed from an archived row stays selectable; others pick among the current ones.
  const offered = requestOptions(requests.data ?? [], value);
  return (
    <Field
      label="Request"
      required
      error={loadError ?? error}
      hint={requests.isPending ? 'Loading...' : offered.length === 0 ? 'No requests found' : 'Type a client, locality or ID to narrow the list'}
    >
      {(control) => (
        <SearchSelect
          {...control}
          options={offered}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          isLoading={requests.isPending}
          placeholder="Select a request..."
          renderOption={({ data }) => {
            const { title, details } = requestSummary(data);
            return <OptionText title={title} details={details.join(' · ')} />;
          }}
        />
      )}
    </Field>
  );
}

const DBS_TONE = { expired: 'text-destructive font-medium', within30: 'text-amber-800 font-medium' } as Partial<Record<string, string>>;

/**
 * The carer of a package: an MP or a volunteer, grouped and labelled as such, each with locality, current
 * weekly hours and DBS. Only carers not archived are offered, but a package keeps its current carer.
 */
export function CarerPicker({ value, onChange, onBlur, error }: PickerProps) {
  const trpc = useTRPC();
  const canReadMps = useCan('mps', 'read');
  const canReadVolunteers = useCan('volunteers', 'read');
  const mps = useQuery({ ...trpc.mps.getAllNotArchived.queryOptions(), enabled: canReadMps });
  const volunteers = useQuery({ ...trpc.volunteers.getAllNotArchived.queryOptions(), enabled: canReadVolunteers });
  // Current hours come from the packages not ended yet (the list the dashboard loads too); without it they read 0.
  const packages = useQuery(trpc.packages.getAllNotEndedYet.queryOptions());
  const today = todayIn();
  const hours = carerWeeklyHours(packages.data ?? [], today);
  const groups = carerGroups([
    { label: 'MPs', carers: (mps.data ?? []).map((c) => carerChoice(c, 'MP', hours, today)) },
    { label: 'Volunteers', carers: (volunteers.data ?? []).map((c) => carerChoice(c, 'Volunteer', hours, today)) },
  ]);
  const loadError = mps.isError ? 'Error loading MPs' : volunteers.isError ? 'Error loading Volunteers' : packages.isError ? 'Error loading packages' : undefined;
  const loading = mps.isLoading || volunteers.isLoading || packages.isPending;

  return (
    <Field
      label="Carer"
      required
      error={loadError ?? error}
      hint={loading ? 'Loading...' : groups.length === 0 ? 'No carers/MPs found' : 'Type a name, locality, MP or volunteer to narrow the list'}
    >
      {(control) => (
        <SearchSelect
          {...control}
          options={groups}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          isLoading={loading}
          placeholder="Select a carer..."
          renderOption={({ data }) => {
            return (
              <OptionText
                title={data.name}
                details={
                  <>
                    {carerFacts(data)} · <span className={cn(DBS_TONE[data.dbsStatus])}>{data.dbs}</span>{' '}
                    <ComplianceBadge compliance={data.compliance} />
                  </>
                }
              />
            );
          }}
        />
      )}
    </Field>
  );
}
