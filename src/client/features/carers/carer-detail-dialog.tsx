import { formValues } from './carer-form';
import { PersonDetailDialog } from '@/client/components/person/person-detail-dialog';
import { AddressItem, ContactItems, PersonDetailGrid, ServiceBadges } from '@/client/components/person/person-details';
import { DetailItem } from '@/client/components/record/detail-dialog';
import { EmptyState } from '@/client/components/record/empty-state';
import type { RouterOutputs } from '@/browser/api-types';
import { Link } from 'react-router';
import { statementPath } from '@/client/lib/routes';
import { useCan } from '@/client/lib/auth';
import { DBS_LEVEL_LABELS } from '@/shared/compliance';
import { monthOfDate, todayIn } from '@/shared/dates';
import { formatDate, formatHours } from '@/client/lib/format';
import { ComplianceBadge } from '@/client/components/carer-record/compliance-badge';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { type CarerKind } from '@/shared/carer-kind';
import { useCarerApi } from '@/client/components/carer-record/use-carer-api';
import { ExclusionReason } from '@/client/components/carer-record/exclusion-reason';
import { CarerAppItem } from './carer-app-item';
import { CarerAvailability } from './carer-availability';
import { VisitsList } from '@/client/components/care/visits-list';

type Carer = RouterOutputs['mps']['getById'];

function GeneralInfo({ carer }: { carer: Carer }) {
  const { details } = carer;
  return (
    <PersonDetailGrid person={carer} idLabel="Carer ID" id={carer.id}>
      <DetailItem label="Capacity">{details.capacity}</DetailItem>
      <DetailItem label="Weekly hours available">
        {details.weeklyHoursAvailable === null ? 'Not recorded' : `${formatHours(details.weeklyHoursAvailable)} h/week`}
      </DetailItem>
      <ContactItems phone={details.phone} email={details.email} />
      <AddressItem address={details.address} onMap={carer.onMap} />
      <DetailItem label="Next of kin">{details.nextOfKin}</DetailItem>
      <DetailItem label="Compliance">
        <span className="flex flex-col items-start gap-1">
          <ComplianceBadge compliance={carer.compliance} />
          {carer.compliance.reasons.length > 0 && (
            <span className="text-muted-foreground" aria-hidden>
              {carer.compliance.reasons.join('; ')}
            </span>
          )}
        </span>
      </DetailItem>
      <DbsItems carer={carer} />
      <DetailItem label="Public liability expiry">{formatDate(carer.publicLiabilityExpiry, 'No Public Liability')}</DetailItem>
      <DetailItem label="Attends MAG">{details.attendsMag ? 'Yes' : 'No'}</DetailItem>
      <CarerAppItem carerId={carer.id} name={details.name} />
    </PersonDetailGrid>
  );
}

/** The certificate (its number masked, as the server gives it) and the re-check date it leads to. */
function DbsItems({ carer: { dbs, dbsExpiry } }: { carer: Carer }) {
  return (
    <>
      <DetailItem label="DBS certificate number">{dbs.certificateNumber}</DetailItem>
      <DetailItem label="DBS level">{dbs.level && DBS_LEVEL_LABELS[dbs.level]}</DetailItem>
      <DetailItem label="DBS issue date">{formatDate(dbs.issueDate)}</DetailItem>
      <DetailItem label="DBS Update Service">
        {dbs.updateService ? `Subscribed${dbs.updateServiceCheckedOn ? `, last checked ${formatDate(dbs.updateServiceCheckedOn)}` : ''}` : 'Not subscribed'}
      </DetailItem>
      <DetailItem label="DBS expiry">
        {formatDate(dbsExpiry, 'No DBS')}
        {dbsExpiry && <span className="text-muted-foreground">{dbs.expiryEnteredByHand ? ' (entered by hand)' : ' (by policy)'}</span>}
      </DetailItem>
    </>
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

/** To the carer's statement of care delivered this month, for the roles that read delivered care. */
function StatementLink({ carerId }: { carerId: string }) {
  if (!useCan('deliveries', 'read')) return null;
  return (
    <Link to={statementPath(carerId, monthOfDate(todayIn()))} className="text-primary text-sm font-medium underline-offset-4 hover:underline">
      Monthly statement
    </Link>
  );
}

function Packages({ carer, who }: { carer: Carer; who: string }) {
  const packages = carer.packages ?? [];
  const clientOf = new Map((carer.requests ?? []).map((r) => [r.id, r.details.name]));
  return (
    <div className="flex flex-col gap-3">
      <StatementLink carerId={carer.id} />
      {packages.length === 0 ? (
        <EmptyState>No packages found for this {who}</EmptyState>
      ) : (
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
      )}
    </div>
  );
}

/** The clients the carer is not to be matched with, and why; added and removed on the client's view. */
function DoesNotWorkWith({ exclusions }: { exclusions: NonNullable<Carer['exclusions']> }) {
  return (
    <div className="flex flex-col gap-2">
      {exclusions.length === 0 ? (
        <EmptyState>No clients are marked not to match with this carer</EmptyState>
      ) : (
        <ul className="divide-y rounded-lg border">
          {exclusions.map((e) => (
            <li key={e.clientId} className="flex flex-col gap-0.5 p-3 text-sm">
              <Link to={`/clients?view=${encodeURIComponent(e.clientId)}`} className="self-start font-medium text-primary underline-offset-4 hover:underline">
                {e.clientName}
              </Link>
              <ExclusionReason {...e} />
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">To add or remove one, open the client and go to Do not match.</p>
    </div>
  );
}

/** The MP or volunteer view (spec §2.6): General Info, Services, Training Record, Packages, Visits, Does not work with, Notes. */
export function CarerDetailDialog({ kind, carerId, onClose }: { kind: CarerKind; carerId: string | null; onClose: () => void }) {
  const api = useCarerApi(kind);
  const words = CARER_KINDS[kind];
  const who = kind === 'mp' ? 'MP' : 'volunteer';
  const canReadTraining = useCan('trainingRecords', 'read');
  const canReadVisits = useCan('deliveries', 'read');
  const canReadPackages = useCan('packages', 'read');
  return (
    <PersonDetailDialog
      personId={carerId}
      onClose={onClose}
      api={api}
      words={{ one: words.one, loadError: words.itemError }}
      resource={words.resource}
      listPath={words.path}
      tabs={(carer) => [
        { value: 'general', label: 'General Info', content: <GeneralInfo carer={carer} /> },
        { value: 'services', label: 'Services', content: <ServiceBadges services={carer.details.services} /> },
        ...(canReadTraining ? [{ value: 'training', label: 'Training Record', content: <TrainingRecords carer={carer} who={who} /> }] : []),
        { value: 'packages', label: 'Packages', content: <Packages carer={carer} who={who} /> },
        ...(canReadPackages ? [{ value: 'availability', label: 'Availability', content: <CarerAvailability carerId={carer.id} /> }] : []),
        ...(canReadVisits ? [{ value: 'visits', label: 'Visits', content: <VisitsList of={{ carerId: carer.id }} /> }] : []),
        ...(carer.exclusions ? [{ value: 'exclusions', label: 'Does not work with', content: <DoesNotWorkWith exclusions={carer.exclusions} /> }] : []),
      ]}
      editable={formValues}
    />
  );
}
