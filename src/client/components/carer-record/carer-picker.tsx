import { useQuery } from '@tanstack/react-query';
import { Field } from '@/client/components/form/field';
import { OptionText } from '@/client/components/form/option-text';
import { SearchSelect } from '@/client/components/form/search-select';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { todayIn } from '@/shared/dates';
import { ComplianceBadge } from './compliance-badge';
import { carerChoice, carerFacts, carerGroups, carerWeeklyHours } from './carer-options';

const DBS_TONE = { expired: 'text-destructive font-medium', within30: 'text-amber-800 font-medium' } as Partial<Record<string, string>>;

/**
 * The carer of a package: an MP or a volunteer, grouped and labelled as such, each with locality, current
 * weekly hours and DBS. Only carers not archived are offered, but a package keeps its current carer.
 */
export function CarerPicker({ value, onChange, onBlur, error }: { value: string; onChange: (id: string) => void; onBlur: () => void; error?: string }) {
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
