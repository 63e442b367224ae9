import { formValues } from './client-form';
import { ClientExclusions } from './client-exclusions';
import { ClientVisitTimes } from './client-visit-times';
import { ClientKeyInformation } from './client-key-information';
import { ClientWellbeing } from './client-wellbeing';
import { PersonDetailDialog } from '@/client/components/person/person-detail-dialog';
import { AddressItem, ContactItems, PersonDetailGrid, ServiceBadges } from '@/client/components/person/person-details';
import { DetailGrid, DetailItem } from '@/client/components/record/detail-dialog';
import { EmptyState } from '@/client/components/record/empty-state';
import { Badge } from '@/client/components/ui/badge';
import type { RouterOutputs } from '@/browser/api-types';
import { formatDate, formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { carerKindLabel } from '@/client/components/care/carer-label';
import { VisitsList } from '@/client/components/care/visits-list';
import { useCan } from '@/client/lib/auth';
import { ATTENDANCE_ALLOWANCE_LABELS } from '@/shared/constants';
import { isNotEndedYet, todayIn } from '@/shared/dates';
import { deprivationCategory } from '@/shared/deprivation';

type Client = RouterOutputs['clients']['getById'];

function ContactInfo({ client }: { client: Client }) {
  const { details } = client;
  return (
    <PersonDetailGrid person={client} idLabel="Client ID" id={details.customId}>
      <ContactItems phone={details.phone} email={details.email} />
      <DetailItem label="Next of kin">{details.nextOfKin}</DetailItem>
      <AddressItem address={details.address} onMap={client.onMap} />
      <DetailItem label="Deprivation">{deprivationCategory(details.address.deprivation)}</DetailItem>
      <DetailItem label="Referred by">{details.referredBy}</DetailItem>
    </PersonDetailGrid>
  );
}

function ServicesAndNeeds({ client }: { client: Client }) {
  const { details } = client;
  return (
    <div className="flex flex-col gap-4">
      <ServiceBadges services={details.services} />
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
  const canReadVisits = useCan('deliveries', 'read');
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
      {canReadVisits && (
        <section aria-labelledby="client-visits">
          <h3 id="client-visits" className="mb-2 text-sm font-semibold">
            Visits
          </h3>
          <VisitsList of={{ clientId: client.id }} />
        </section>
      )}
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

/** The client view (spec §2.6): Contact Info, Services & Needs, Key information, Logs, New Requests, Do not match, Notes;
 * Visit times for those who read packages, and Wellbeing for those who read people's answers. */
export function ClientDetailDialog({ clientId, onClose }: { clientId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const canReadWellbeing = useCan('wellbeing', 'read');
  const canReadPackages = useCan('packages', 'read');
  return (
    <PersonDetailDialog
      personId={clientId}
      onClose={onClose}
      api={trpc.clients}
      words={{ one: 'Client', loadError: 'Error loading client' }}
      resource="clients"
      listPath="/clients"
      tabs={(client) => [
        { value: 'contact', label: 'Contact Info', content: <ContactInfo client={client} /> },
        { value: 'services', label: 'Services & Needs', content: <ServicesAndNeeds client={client} /> },
        { value: 'key', label: 'Key information', content: <ClientKeyInformation clientId={client.id} /> },
        { value: 'logs', label: 'Logs', content: <Logs client={client} /> },
        { value: 'requests', label: 'New Requests', content: <NewRequests client={client} /> },
        { value: 'exclusions', label: 'Do not match', content: <ClientExclusions client={client} /> },
        ...(canReadPackages ? [{ value: 'visit-times', label: 'Visit times', content: <ClientVisitTimes clientId={client.id} /> }] : []),
        ...(canReadWellbeing ? [{ value: 'wellbeing', label: 'Wellbeing', content: <ClientWellbeing clientId={client.id} /> }] : []),
      ]}
      editable={formValues}
    />
  );
}
