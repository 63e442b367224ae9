import { useMutation, useQuery } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '@/shared/dates';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { type LinkToPassOn, PassOnLinkDialog } from '@/client/components/pass-on-link-dialog';
import { DetailItem } from '@/client/components/record/detail-dialog';
import { Button } from '@/client/components/ui/button';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';

type Status = 'none' | 'invited' | 'active' | 'ended';

function statusText(state: Status, lastSentAt: string | null): string {
  if (state === 'none') return 'Not invited';
  if (state === 'ended') return 'Access ended';
  if (state === 'invited') return 'Invited — not signed in yet';
  return lastSentAt ? `Has the app; last sent visits ${formatDateTime(lastSentAt)}` : 'Has the app; no visits sent yet';
}

/**
 * "Carer app" on a carer's view: whether they have it and when their phone last sent visits; "Invite to the carer
 * app" and "End access" for the roles that may. With no mail server the invitation's link is shown once, to pass on.
 */
export function CarerAppItem({ carerId, name, label = 'Carer app' }: { carerId: string; name: string; label?: string }) {
  const trpc = useTRPC();
  const canRead = useCan('carerApp', 'read');
  const canInvite = useCan('carerApp', 'create');
  const canRevoke = useCan('carerApp', 'update');
  const status = useQuery({ ...trpc.carerApp.getStatus.queryOptions({ carerId }), enabled: canRead });
  const invite = useMutation(trpc.carerApp.invite.mutationOptions());
  const revoke = useMutation(trpc.carerApp.revoke.mutationOptions());
  const [passOn, setPassOn] = useState<LinkToPassOn | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (!canRead) return null;
  const state = status.data?.state;
  return (
    <DetailItem label={label}>
      <span className="flex flex-col items-start gap-2">
        <span>{status.data ? statusText(status.data.state, status.data.lastSentAt) : status.isError ? 'Could not be read' : 'Loading...'}</span>
        {canInvite && (state === 'none' || state === 'ended') && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={invite.isPending}
            onClick={() =>
              invite.mutate(
                { carerId },
                { onSuccess: ({ email, linkToPassOn }) => linkToPassOn && email && setPassOn({ name, email, link: linkToPassOn }) },
              )
            }
          >
            <Smartphone aria-hidden /> Invite to the carer app
          </Button>
        )}
        {canRevoke && (state === 'active' || state === 'invited') && (
          <Button type="button" size="sm" variant="outline" disabled={revoke.isPending} onClick={() => setConfirming(true)}>
            End access to the carer app
          </Button>
        )}
      </span>
      <PassOnLinkDialog passOn={passOn} onClose={() => setPassOn(null)} />
      <ConfirmDialog
        open={confirming}
        title={`End ${name}'s access to the carer app?`}
        description="Their phone is refused at its next call. Visits still on it come to the office, under Visits to resolve on Timesheets, to accept or turn down; then the phone wipes what it keeps. You can invite them again."
        keepLabel="Keep access"
        confirmLabel="End access"
        onKeep={() => setConfirming(false)}
        onConfirm={() => {
          revoke.mutate({ carerId });
          setConfirming(false);
        }}
      />
    </DetailItem>
  );
}
