import { useQuery } from '@tanstack/react-query';
import { Field } from '@/client/components/form/field';
import { NativeSelect } from '@/client/components/ui/native-select';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';

type ClientChoice = RouterOutputs['clients']['getAllNotArchived'][number];

/** Picks the client of a new request from those not archived; `onPick` hears the whole client. */
export function ClientPicker({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (clientId: string, client: ClientChoice | undefined) => void;
  onBlur: () => void;
  error?: string;
}) {
  const trpc = useTRPC();
  const clients = useQuery(trpc.clients.getAllNotArchived.queryOptions());
  return (
    <Field label="Client" required error={clients.isError ? 'Error loading clients' : error} hint={clients.isPending ? 'Loading...' : undefined}>
      <NativeSelect
        value={value}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value, clients.data?.find((c) => c.id === event.target.value))}
      >
        <option value="">Select a client...</option>
        {clients.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.details.customId ? `${c.details.name} (${c.details.customId})` : c.details.name}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}
