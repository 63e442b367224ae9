import { formatDate } from '@/client/lib/format';

/** A do-not-match exclusion's reason, and who added it when: as the client's and the carer's views list it. */
export function ExclusionReason({ reason, createdAt, createdBy }: { reason: string; createdAt: string; createdBy: string }) {
  return (
    <>
      <span className="break-words">{reason}</span>
      <span className="text-xs text-muted-foreground">
        Added {formatDate(createdAt.slice(0, 10))} by {createdBy}
      </span>
    </>
  );
}
