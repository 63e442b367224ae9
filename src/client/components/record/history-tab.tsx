import { useQuery } from '@tanstack/react-query';
import { LoadState } from '@/client/components/load-state';
import type { DetailTab } from '@/client/components/record/detail-tab';
import { EmptyState } from '@/client/components/record/empty-state';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';
import { formatDateTime } from '@/shared/dates';
import { AuditChanges } from './audit-changes';
import { auditTitle } from './audit-title';

/** Who changed a record, when, and what: its audit trail, newest first. */
function RecordHistory({ recordId }: { recordId: string }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.audit.forRecord.queryOptions({ recordId }));
  return (
    <LoadState query={history} errorText="Error loading the history">
      {(entries) =>
        entries.length === 0 ? (
          <EmptyState>No changes recorded</EmptyState>
        ) : (
          <ol className="flex flex-col gap-2" aria-label="History">
            {entries.map((entry) => (
              <li key={entry.id} className="rounded-lg border p-3">
                <p className="mb-1 text-sm">
                  <span className="font-medium">{auditTitle(entry)}</span> by {entry.actorName ?? entry.actorEmail}
                  <span className="text-muted-foreground"> · {formatDateTime(entry.at)}</span>
                </p>
                <AuditChanges changes={entry.changes} />
              </li>
            ))}
          </ol>
        )
      }
    </LoadState>
  );
}

/** The History tab of a detail dialog, for the roles that may read the audit trail. */
export function useHistoryTab(recordId: string | undefined): DetailTab[] {
  const canRead = useCan('audit', 'read');
  return canRead && recordId ? [{ value: 'history', label: 'History', content: <RecordHistory recordId={recordId} /> }] : [];
}
