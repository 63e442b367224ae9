import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DetailDialog, DetailGrid, DetailItem, EmptyState } from '@/client/components/record/detail-dialog';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useCan } from '@/client/lib/auth';
import { formatDate, formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { useHistoryTab } from '@/client/components/record/history-tab';
import { useDataProtectionTab } from '@/client/components/record/data-protection-tab';
import { NotesTab } from '@/client/components/record/notes-tab';
import { carerKindLabel } from '@/client/components/care/carer-label';
import { ATTENDANCE_ALLOWANCE_LABELS } from '@/shared/constants';
import { isNotEndedYet, todayIn } from '@/shared/dates';
import { deprivationCategory } from '@/shared/deprivation';

type Client = RouterOutputs['clients']['getById'];

function ContactInfo({ client }: { client: Client }) {
  const { details } = client;
  const a = details.address;
  return (
    <DetailGrid>
      <DetailItem label="Name">{details.name}</DetailItem>
      <DetailItem label="Client ID">{details.customId}</DetailItem>
      <DetailItem label="Date of birth">{formatDate(client.dateOfBirth, 'Unknown')}</DetailItem>
      <DetailItem label="Phone">{details.phone && <a href={`tel:${details.phone}`}>{details.phone}</a>}</DetailItem>
      <DetailItem label="E-mail">{details.email && <a href={`mailto:${details.email}`}>{details.email}</a>}</DetailItem>
      <DetailItem label="Next of kin">{details.nextOfKin}</DetailItem>
      <DetailItem label="Address">{[a.streetAddress, a.locality, a.county, a.postCode].filter(Boolean).join(', ')}</DetailItem>
      <DetailItem label="Deprivation">{deprivationCategory(a.deprivation)}</DetailItem>
      <DetailItem label="Referred by">{details.referredBy}</DetailItem>
      <DetailItem label="Status">{client.archived === 'Y' ? 'Archived' : 'Active'}</DetailItem>
    </DetailGrid>
  );
}

function ServicesAndNeeds({ client }: { client: Client }) {
  const { details } = client;
  return (
    <div className="flex flex-col gap-4">
      {details.services.length === 0 ? (
        <EmptyState>No services found</EmptyState>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Services">
          {details.services.map((s) => (
            <li key={s}>
              <Badge variant="secondary">{s}</Badge>
            </li>
          ))}
        </ul>
      )}
      <DetailGrid>
        <DetailItem label="Attendance allowance">{ATTENDANCE_ALLOWANCE_LABELS[details.attendanceAllowance]}</DetailItem>
        <DetailItem label="Attends MAG">{details.attendsMag ? 'Yes' : 'No'}</DetailItem>
        <DetailItem label="Donation scheme">{details.donationScheme ? `Yes, £${details.donationAmount.toFixed(2)}` : 'No'}</DetailItem>
        <DetailItem label="Client agreement">
          {[formatDate(details.clientAgreementDate), details.clientAgreementComments].filter(Boolean).join(' — ')}
        </DetailItem>
        <DetailItem label="Risk assessment">
          {[formatDate(details.riskAssessmentDate), details.riskAssessmentComments].filter(Boolean).join(' — ')}
        </DetailItem>
        <DetailItem label="End date">{formatDate(details.endDate)}</DetailItem>
      </DetailGrid>
    </div>
  );
}

function Logs({ client }: { client: Client }) {
  const packages = (client.requests ?? []).flatMap((r) => r.packages);
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="client-packages">
        <h3 id="client-packages" className="mb-2 text-sm font-semibold">
          Packages
        </h3>
        {packages.length === 0 ? (
          <EmptyState>No packages found for this client</EmptyState>
        ) : (
          <ul className="divide-y rounded-lg border">
            {packages.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 p-3 text-sm">
                <span className="font-medium">{p.details.name || p.id}</span>
                <span className="text-muted-foreground">
                  {p.carerName ? `${p.carerName} (${carerKindLabel(p.carerId)})` : p.carerId} · {formatHours(p.details.weeklyHours)} h/week · {formatDate(p.startDate)} –{' '}
                  {p.endDate === 'open' ? 'Ongoing' : formatDate(p.endDate)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="client-mag">
        <h3 id="client-mag" className="mb-2 text-sm font-semibold">
          MAG sessions
        </h3>
        {(client.magLogs ?? []).length === 0 ? (
          <EmptyState>No MAG logs found for this client</EmptyState>
        ) : (
          <ul className="divide-y rounded-lg border">
            {client.magLogs!.map((log) => (
              <li key={log.id} className="flex flex-wrap justify-between gap-2 p-3 text-sm">
                <span className="font-medium">{formatDate(log.date)}</span>
                <span className="text-muted-foreground">{log.details.notes}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function NewRequests({ client }: { client: Client }) {
  const today = todayIn();
  const open = (client.requests ?? []).filter((r) => isNotEndedYet(r.endDate, today) && r.archived === 'N');
  if (open.length === 0) return <EmptyState>No new requests found for this client</EmptyState>;
  return (
    <ul className="divide-y rounded-lg border">
      {open.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <span className="font-medium">
            {r.requestType === 'paid' ? 'Paid' : 'Unpaid'} · {formatHours(r.details.weeklyHours)} h/week
          </span>
          <span className="flex items-center gap-2 text-muted-foreground">
            from {formatDate(r.startDate)}
            <Badge variant={r.details.status === 'urgent' ? 'destructive' : 'secondary'}>{r.details.status}</Badge>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The client view (spec §2.6): Contact Info, Services & Needs, Logs, New Requests, Notes. */
export function ClientDetailDialog({ clientId, onClose }: { clientId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const canUpdate = useCan('clients', 'update');
  const canDelete = useCan('clients', 'delete');
  const query = useQuery({ ...trpc.clients.getById.queryOptions({ id: clientId ?? '' }), enabled: clientId !== null });
  const update = useMutation(trpc.clients.update.mutationOptions());
  const remove = useMutation(trpc.clients.delete.mutationOptions());
  const client = query.data;

  const historyTab = useHistoryTab(client?.id);
  const dataProtectionTab = useDataProtectionTab(
    client && { id: client.id, version: client.version, name: client.details.name, anonymised: client.anonymised },
  );
  return (
    <DetailDialog
      open={clientId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={client?.details.name ?? 'Client'}
      status={
        query.isError ? (
          <p role="alert" className="text-destructive">
            Error loading client
          </p>
        ) : (
          <p role="status">Loading...</p>
        )
      }
      tabs={
        client && [
          { value: 'contact', label: 'Contact Info', content: <ContactInfo client={client} /> },
          { value: 'services', label: 'Services & Needs', content: <ServicesAndNeeds client={client} /> },
          { value: 'logs', label: 'Logs', content: <Logs client={client} /> },
          { value: 'requests', label: 'New Requests', content: <NewRequests client={client} /> },
          {
            value: 'notes',
            label: 'Notes',
            content: (
              <NotesTab
                notes={client.details.notes}
                canEdit={canUpdate}
                onSave={(notes) =>
                  update.mutateAsync({
                    id: client.id,
                    version: client.version,
                    archived: client.archived,
                    dateOfBirth: client.dateOfBirth,
                    details: { ...client.details, notes },
                  })
                }
              />
            ),
          },
          ...historyTab,
          ...dataProtectionTab,
        ]
      }
      onEdit={canUpdate ? () => void navigate(`/clients/edit/${clientId}`) : undefined}
      onDelete={canDelete && client ? () => remove.mutateAsync({ id: client.id, version: client.version }) : undefined}
    />
  );
}
