import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DetailGrid, DetailItem, NotesItem } from '@/client/components/record/detail-dialog';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { useCan } from '@/client/lib/auth';
import { plannedVisitWords, VISIT_PLAN_MESSAGES } from '@/shared/visit-plans';
import { CareDetailDialog } from '@/client/components/care/care-detail-dialog';
import { AddressItem } from '@/client/components/person/person-details';
import { formatDate, formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { periodText } from '@/client/components/care/care-display';
import { CarerLabel } from '@/client/components/care/carer-label';
import { useFunderName } from '@/client/components/care/funder-options';
import type { StoredPackage } from './load-package';

/** A package's name, carer, period and weekly hours, which its view and its renew screen start with. */
export function PackageHeadlineItems({ pkg }: { pkg: StoredPackage }) {
  return (
    <>
      <DetailItem label="Package name">{pkg.details.name}</DetailItem>
      <DetailItem label="Carer">
        <CarerLabel carerId={pkg.carerId} carerName={pkg.carerName} />
      </DetailItem>
      <DetailItem label="Period">{periodText(pkg)}</DetailItem>
      <DetailItem label="Weekly hours">{formatHours(pkg.details.weeklyHours)}</DetailItem>
      <OverrideItem pkg={pkg} />
    </>
  );
}

/** Why the carer was given the package though not compliant, by whom and when; nothing when they were compliant. */
function OverrideItem({ pkg }: { pkg: StoredPackage }) {
  const override = pkg.complianceOverride;
  if (!override) return null;
  const on = override.at ? formatDate(override.at.slice(0, 10)) : '';
  return (
    <DetailItem label="Compliance" className="sm:col-span-2">
      <span className="text-amber-900">
        Assigned despite: {override.reason}
        {override.by && `, by ${override.by}`}
        {on && `, on ${on}`}
      </span>
    </DetailItem>
  );
}

function FunderItem({ funderId }: { funderId: string | null }) {
  return <DetailItem label="Funder">{useFunderName(funderId)}</DetailItem>;
}

function PackageDetails({ pkg }: { pkg: StoredPackage }) {
  const { details } = pkg;
  return (
    <DetailGrid>
      <PackageHeadlineItems pkg={pkg} />
      <DetailItem label="Services">{details.services.join(', ')}</DetailItem>
      <FunderItem funderId={details.funderId} />
      <AddressItem address={details.address} />
      <DetailItem label="Archived">{pkg.archived === 'Y' ? 'Yes' : 'No'}</DetailItem>
      <NotesItem notes={details.notes} />
    </DetailGrid>
  );
}

/** The package's visits in a week, its hours against the package's, and the way to plan them. */
function VisitPlanDetails({ pkg }: { pkg: StoredPackage }) {
  const trpc = useTRPC();
  const canPlan = useCan('packages', 'update');
  const plan = useQuery(trpc.visitPlans.get.queryOptions({ packageId: pkg.id }));
  return (
    <LoadState query={plan} errorText="The visit plan could not be loaded.">
      {(stored) => (
        <div className="flex flex-col gap-3">
          {stored.visits.length === 0 && !stored.anyTime ? (
            <p className="text-muted-foreground">No visits planned yet.</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {stored.visits.map((visit) => (
                <li key={`${visit.weekday}${visit.start}`}>{plannedVisitWords(visit)}</li>
              ))}
              {stored.anyTime && <li>{formatHours(stored.anyTime.hours)} hours at any time in the week</li>}
            </ul>
          )}
          {stored.plannedHours !== stored.packageWeeklyHours && (stored.visits.length > 0 || stored.anyTime) && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">{VISIT_PLAN_MESSAGES.differs(stored.plannedHours, stored.packageWeeklyHours)}</p>
          )}
          {stored.warnings.map((warning) => (
            <p key={warning} className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              {warning}
            </p>
          ))}
          {canPlan && (
            <div>
              <Button asChild variant="outline">
                <Link to={`/packages/plan/${pkg.id}`}>Plan Visits</Link>
              </Button>
            </div>
          )}
        </div>
      )}
    </LoadState>
  );
}

/** A package's details, with Edit, Delete and Close like the other views. */
export function PackageDetailDialog({ packageId, onClose }: { packageId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  return (
    <CareDetailDialog
      what="package"
      api={trpc.packages}
      tabs={(pkg) => [
        { value: 'details', label: 'Package Details', content: <PackageDetails pkg={pkg} /> },
        { value: 'plan', label: 'Visit Plan', content: <VisitPlanDetails pkg={pkg} /> },
      ]}
      itemId={packageId}
      onClose={onClose}
    />
  );
}
