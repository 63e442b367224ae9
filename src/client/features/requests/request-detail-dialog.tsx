import { DetailGrid, DetailItem, NotesItem } from '@/client/components/record/detail-dialog';
import { EmptyState } from '@/client/components/record/empty-state';
import { CareDetailDialog } from '@/client/components/care/care-detail-dialog';
import { AddressItem } from '@/client/components/person/person-details';
import { useNavigate } from 'react-router';
import { SuggestedCarers } from '@/client/components/carer-record/suggested-carers';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { useCan } from '@/client/lib/auth';
import { formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { carerKindLabel } from '@/client/components/care/carer-label';
import { deprivationCategory } from '@/shared/deprivation';
import { periodText, REQUEST_TYPE_LABELS, RequestStatusBadge } from '@/client/components/care/care-display';
import type { StoredRequest } from './load-request';

function RequestDetails({ request }: { request: StoredRequest }) {
  const { details } = request;
  return (
    <DetailGrid>
      <DetailItem label="Client">{details.name}</DetailItem>
      <DetailItem label="Request ID">{details.customId}</DetailItem>
      <DetailItem label="Type">{REQUEST_TYPE_LABELS[request.requestType]}</DetailItem>
      <DetailItem label="Status">
        <RequestStatusBadge status={details.status} />
      </DetailItem>
      <DetailItem label="Period">{periodText(request)}</DetailItem>
      <DetailItem label="Weekly hours">{formatHours(details.weeklyHours)}</DetailItem>
      <DetailItem label="Hours in service">{formatHours(request.hoursInService)}</DetailItem>
      <DetailItem label="Services">{details.services.join(', ')}</DetailItem>
      <AddressItem address={details.address} />
      <DetailItem label="Deprivation">{deprivationCategory(details.address.deprivation)}</DetailItem>
      <DetailItem label="Archived">{request.archived === 'Y' ? 'Yes' : 'No'}</DetailItem>
      <NotesItem notes={details.notes} />
    </DetailGrid>
  );
}

function AssociatedPackages({ request }: { request: StoredRequest }) {
  const packages = request.packages ?? [];
  if (packages.length === 0) return <EmptyState>No packages associated with this request yet</EmptyState>;
  return (
    <ul className="divide-y rounded-lg border" aria-label="Associated packages">
      {packages.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <span className="flex items-center gap-2 font-medium">
            {p.details.name || p.id}
            {p.archived === 'Y' && <Badge variant="outline">Archived</Badge>}
          </span>
          <span className="text-muted-foreground">
            {[p.carerName, `${carerKindLabel(p.carerId)} ${p.carerId}`].filter(Boolean).join(', ')} · {formatHours(p.details.weeklyHours)} h/week · {periodText(p)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The carers ranked for the request; users who may add packages start one with a carer chosen here. */
function Suggestions({ requestId }: { requestId: string }) {
  const canAddPackage = useCan('packages', 'create');
  const navigate = useNavigate();
  return (
    <SuggestedCarers
      requestId={requestId}
      action={
        canAddPackage
          ? (s) => (
              <Button
                type="button"
                size="sm"
                variant="outline"
                className="self-start"
                aria-label={`Start a package with ${s.name}`}
                onClick={() => void navigate('/packages/create', { state: { requestId, carerId: s.carerId } })}
              >
                Start a package
              </Button>
            )
          : undefined
      }
    />
  );
}

/**
 * The request view (spec §2.6): Request Details, Associated Packages and Suggested carers, with Edit, Delete
 * and Close.
 */
export function RequestDetailDialog({ requestId, onClose }: { requestId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const canReadPackages = useCan('packages', 'read');
  return (
    <CareDetailDialog
      what="request"
      api={trpc.requests}
      tabs={(request) => [
        { value: 'details', label: 'Request Details', content: <RequestDetails request={request} /> },
        ...(canReadPackages
          ? [
              { value: 'packages', label: 'Associated Packages', content: <AssociatedPackages request={request} /> },
              { value: 'suggestions', label: 'Suggested carers', content: <Suggestions requestId={request.id} /> },
            ]
          : []),
      ]}
      history
      itemId={requestId}
      onClose={onClose}
    />
  );
}
