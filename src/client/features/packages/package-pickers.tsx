import { useQuery } from '@tanstack/react-query';
import { Field } from '@/client/components/form/field';
import { SearchSelect } from '@/client/components/form/search-select';
import { Input } from '@/client/components/ui/input';
import { useTRPC } from '@/client/lib/trpc';
import { OptionText } from '@/client/components/form/option-text';
import { requestLabel, requestOptions, requestSummary } from './picker-options';

interface PickerProps {
  value: string;
  onChange: (id: string) => void;
  onBlur: () => void;
  error?: string;
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
