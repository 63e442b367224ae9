import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DetailDialog, DetailGrid, DetailItem } from '@/client/components/record/detail-dialog';
import { useCan } from '@/client/lib/auth';
import { formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { periodText } from '@/client/components/care/care-display';
import { CarerLabel } from '@/client/components/care/carer-label';
import type { StoredPackage } from './load-package';

function PackageDetails({ pkg }: { pkg: StoredPackage }) {
  const { details } = pkg;
  const a = details.address;
  return (
    <DetailGrid>
      <DetailItem label="Package name">{details.name}</DetailItem>
      <DetailItem label="Carer">
        <CarerLabel carerId={pkg.carerId} carerName={pkg.carerName} />
      </DetailItem>
      <DetailItem label="Period">{periodText(pkg)}</DetailItem>
      <DetailItem label="Weekly hours">{formatHours(details.weeklyHours)}</DetailItem>
      <DetailItem label="Services">{details.services.join(', ')}</DetailItem>
      <DetailItem label="Address">{[a.streetAddress, a.locality, a.county, a.postCode].filter(Boolean).join(', ')}</DetailItem>
      <DetailItem label="Archived">{pkg.archived === 'Y' ? 'Yes' : 'No'}</DetailItem>
      <div className="sm:col-span-2">
        <DetailItem label="Notes">
          <span className="whitespace-pre-wrap">{details.notes}</span>
        </DetailItem>
      </div>
    </DetailGrid>
  );
}

/** A package's details, with Edit, Delete and Close like the other views. */
export function PackageDetailDialog({ packageId, onClose }: { packageId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const canUpdate = useCan('packages', 'update');
  const canDelete = useCan('packages', 'delete');
  const query = useQuery({ ...trpc.packages.getById.queryOptions({ id: packageId ?? '' }), enabled: packageId !== null });
  const remove = useMutation(trpc.packages.delete.mutationOptions());
  const pkg = query.data;

  return (
    <DetailDialog
      open={packageId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={pkg ? `Package: ${pkg.details.name}` : 'Package'}
      status={
        query.isError ? (
          <p role="alert" className="text-destructive">
            Error loading package
          </p>
        ) : (
          <p role="status">Loading...</p>
        )
      }
      tabs={pkg && [{ value: 'details', label: 'Package Details', content: <PackageDetails pkg={pkg} /> }]}
      onEdit={canUpdate && packageId ? () => void navigate(`/packages/edit/${packageId}`) : undefined}
      onDelete={canDelete && pkg ? () => remove.mutateAsync({ id: pkg.id, version: pkg.version }) : undefined}
    />
  );
}
