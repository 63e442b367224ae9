import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DetailDialog, DetailGrid, DetailItem, EmptyState } from '@/client/components/record/detail-dialog';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate, formatHours } from '@/client/lib/format';
import { useHistoryTab } from '@/client/components/record/history-tab';
import { useDataProtectionTab } from '@/client/components/record/data-protection-tab';
import { NotesTab } from '@/client/components/record/notes-tab';
import { CARER_KINDS, type CarerKind } from '@/client/components/carer/carer-kind';
import { useCarerApi } from '@/client/components/carer/use-carer-api';

type Carer = RouterOutputs['mps']['getById'];

function GeneralInfo({ carer }: { carer: Carer }) {
  const { details } = carer;
  const a = details.address;
  return (
    <DetailGrid>
      <DetailItem label="Name">{details.name}</DetailItem>
      <DetailItem label="Carer ID">{carer.id}</DetailItem>
      <DetailItem label="Date of birth">{formatDate(carer.dateOfBirth, 'Unknown')}</DetailItem>
      <DetailItem label="Capacity">{details.capacity}</DetailItem>
      <DetailItem label="Phone">{details.phone && <a href={`tel:${details.phone}`}>{details.phone}</a>}</DetailItem>
      <DetailItem label="E-mail">{details.email && <a href={`mailto:${details.email}`}>{details.email}</a>}</DetailItem>
      <DetailItem label="Address">{[a.streetAddress, a.locality, a.county, a.postCode].filter(Boolean).join(', ')}</DetailItem>
      <DetailItem label="Next of kin">{details.nextOfKin}</DetailItem>
      <DetailItem label="DBS expiry">{formatDate(carer.dbsExpiry, 'No DBS')}</DetailItem>
      <DetailItem label="Public liability expiry">{formatDate(carer.publicLiabilityExpiry, 'No Public Liability')}</DetailItem>
      <DetailItem label="Attends MAG">{details.attendsMag ? 'Yes' : 'No'}</DetailItem>
      <DetailItem label="Status">{carer.archived === 'Y' ? 'Archived' : 'Active'}</DetailItem>
    </DetailGrid>
  );
}

function Services({ carer }: { carer: Carer }) {
  if (carer.details.services.length === 0) return <EmptyState>No services found</EmptyState>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Services">
      {carer.details.services.map((s) => (
        <li key={s}>
          <Badge variant="secondary">{s}</Badge>
        </li>
      ))}
    </ul>
  );
}

function TrainingRecords({ carer, who }: { carer: Carer; who: string }) {
  const records = carer.trainingRecords ?? [];
  if (records.length === 0) return <EmptyState>No training records found for this {who}</EmptyState>;
  return (
    <ul className="divide-y rounded-lg border">
      {records.map((r) => (
        <li key={r.id} className="flex flex-wrap justify-between gap-2 p-3 text-sm">
          <span className="font-medium">{r.details.recordName}</span>
          <span className="text-muted-foreground">expires {formatDate(r.expiryDate, 'never')}</span>
        </li>
      ))}
    </ul>
  );
}

function Packages({ carer, who }: { carer: Carer; who: string }) {
  const packages = carer.packages ?? [];
  if (packages.length === 0) return <EmptyState>No packages found for this {who}</EmptyState>;
  const clientOf = new Map((carer.requests ?? []).map((r) => [r.id, r.details.name]));
  return (
    <ul className="divide-y rounded-lg border">
      {packages.map((p) => (
        <li key={p.id} className="flex flex-wrap justify-between gap-2 p-3 text-sm">
          <span className="font-medium">{p.details.name || clientOf.get(p.requestId) || p.id}</span>
          <span className="text-muted-foreground">
            {formatHours(p.details.weeklyHours)} h/week · {formatDate(p.startDate)} – {p.endDate === 'open' ? 'Ongoing' : formatDate(p.endDate)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The MP or volunteer view (spec §2.6): General Info, Services, Training Record, Packages, Notes. */
export function CarerDetailDialog({ kind, carerId, onClose }: { kind: CarerKind; carerId: string | null; onClose: () => void }) {
  const api = useCarerApi(kind);
  const words = CARER_KINDS[kind];
  const who = kind === 'mp' ? 'MP' : 'volunteer';
  const navigate = useNavigate();
  const canUpdate = useCan(words.resource, 'update');
  const canDelete = useCan(words.resource, 'delete');
  const canReadTraining = useCan('trainingRecords', 'read');
  const query = useQuery({ ...api.getById.queryOptions({ id: carerId ?? '' }), enabled: carerId !== null });
  const update = useMutation(api.update.mutationOptions());
  const remove = useMutation(api.delete.mutationOptions());
  const carer = query.data;

  const historyTab = useHistoryTab(carer?.id);
  const dataProtectionTab = useDataProtectionTab(
    carer && { id: carer.id, version: carer.version, name: carer.details.name, anonymised: carer.anonymised },
  );
  return (
    <DetailDialog
      open={carerId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={carer?.details.name ?? words.one}
      status={
        query.isError ? (
          <p role="alert" className="text-destructive">
            {words.itemError}
          </p>
        ) : (
          <p role="status">Loading...</p>
        )
      }
      tabs={
        carer && [
          { value: 'general', label: 'General Info', content: <GeneralInfo carer={carer} /> },
          { value: 'services', label: 'Services', content: <Services carer={carer} /> },
          ...(canReadTraining ? [{ value: 'training', label: 'Training Record', content: <TrainingRecords carer={carer} who={who} /> }] : []),
          { value: 'packages', label: 'Packages', content: <Packages carer={carer} who={who} /> },
          {
            value: 'notes',
            label: 'Notes',
            content: (
              <NotesTab
                notes={carer.details.notes}
                canEdit={canUpdate}
                onSave={(notes) =>
                  update.mutateAsync({
                    id: carer.id,
                    version: carer.version,
                    archived: carer.archived,
                    dateOfBirth: carer.dateOfBirth,
                    dbsExpiry: carer.dbsExpiry,
                    publicLiabilityExpiry: carer.publicLiabilityExpiry,
                    details: { ...carer.details, notes },
                  })
                }
              />
            ),
          },
          ...historyTab,
          ...dataProtectionTab,
        ]
      }
      onEdit={canUpdate ? () => void navigate(`${words.path}/edit/${carerId}`) : undefined}
      onDelete={canDelete && carer ? () => remove.mutateAsync({ id: carer.id, version: carer.version }) : undefined}
    />
  );
}
