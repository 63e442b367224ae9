import { useQuery } from '@tanstack/react-query';
import { Field } from '@/client/components/form/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';

type RequestSummary = RouterOutputs['requests']['getAllMetadata'][number];

/** "Ann Smith · Milverton · 4 h/week": enough to tell a client's requests apart. */
function requestLabel(r: RequestSummary): string {
  const client = r.customId ? `${r.clientName} (${r.customId})` : r.clientName;
  return `${client} · ${r.locality} · ${formatHours(r.weeklyHours)} h/week`;
}

interface PickerProps {
  value: string;
  onChange: (id: string) => void;
  onBlur: () => void;
  error?: string;
}

/**
 * The request a package is for. New packages pick from the requests not archived; a package's request
 * cannot change, so on edit it is shown read-only (whether or not it is archived since).
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
  const offered = requests.data?.filter((r) => r.archived === 'N' || r.id === value) ?? [];
  return (
    <Field
      label="Request"
      required
      error={loadError ?? error}
      hint={requests.isPending ? 'Loading...' : offered.length === 0 ? 'No requests found' : undefined}
    >
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur}>
        <option value="">Select a request...</option>
        {offered.map((r) => (
          <option key={r.id} value={r.id}>
            {requestLabel(r)}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/**
 * The carer of a package: an MP or a volunteer, grouped and labelled as such. Only carers not archived are
 * offered, but a package keeps its current carer in the list.
 */
export function CarerPicker({ value, onChange, onBlur, error }: PickerProps) {
  const trpc = useTRPC();
  const canReadMps = useCan('mps', 'read');
  const canReadVolunteers = useCan('volunteers', 'read');
  const mps = useQuery({ ...trpc.mps.getAllNotArchived.queryOptions(), enabled: canReadMps });
  const volunteers = useQuery({ ...trpc.volunteers.getAllNotArchived.queryOptions(), enabled: canReadVolunteers });
  const groups = [
    { label: 'MPs', one: 'MP', carers: mps.data ?? [] },
    { label: 'Volunteers', one: 'Volunteer', carers: volunteers.data ?? [] },
  ].filter((group) => group.carers.length > 0);
  const listed = groups.some((group) => group.carers.some((c) => c.id === value));
  const loadError = mps.isError ? 'Error loading MPs' : volunteers.isError ? 'Error loading Volunteers' : undefined;
  const loading = mps.isLoading || volunteers.isLoading;

  return (
    <Field label="Carer" required error={loadError ?? error} hint={loading ? 'Loading...' : groups.length === 0 ? 'No carers/MPs found' : undefined}>
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur}>
        <option value="">Select a carer...</option>
        {value && !listed && <option value={value}>{value}</option>}
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.carers.map((c) => (
              <option key={c.id} value={c.id}>
                {`${c.details.name} (${group.one})`}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
    </Field>
  );
}
