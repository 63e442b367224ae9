import { useMutation, useQuery } from '@tanstack/react-query';
import { Ellipsis, Mail, ShieldOff, Trash, UserCheck, UserCog, UserX } from 'lucide-react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import type { StaffAccount, TwoStepStatus } from '@/shared/schemas/staff';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { ListScreen } from '@/client/components/list-screen/list-screen';
import type { ListColumn } from '@/client/components/list-screen/types';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/client/components/ui/dropdown-menu';
import { useAuth, useCan } from '@/client/lib/auth';
import { OWN_SUCCESS_TOAST } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { type LinkToPassOn, PassOnLinkDialog } from '@/client/components/pass-on-link-dialog';
import { AddStaffDialog, ChangeRoleDialog, fullName } from './staff-dialogs';
import { formatDateTime } from '@/shared/dates';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

const TWO_STEP_WORDS: Record<TwoStepStatus, string> = { none: 'Not set up', pending: 'Waiting for first code', setUp: 'Set up' };

// On a card the e-mail goes under the name, across the card's width, rather than squeezed into a field beside the role.
const NAME: ListColumn<StaffAccount> = {
  id: 'name',
  header: 'Name',
  value: fullName,
  cell: (a) => (
    <>
      {fullName(a)}
      <span className="text-muted-foreground block text-sm break-all md:hidden">{a.email}</span>
    </>
  ),
  card: 'title',
  className: 'min-w-40',
};
const EMAIL: ListColumn<StaffAccount> = { id: 'email', header: 'E-mail', value: (a) => a.email, className: 'min-w-56' };
const ROLE: ListColumn<StaffAccount> = { id: 'role', header: 'Role', value: (a) => a.role, card: 'key' };
const signIn = (id: 'firstSignInAt' | 'lastSignInAt', header: string): ListColumn<StaffAccount> => ({
  id,
  header,
  value: (a) => when(a[id]),
  sortValue: (a) => a[id] ?? '',
  card: 'key',
  className: 'whitespace-nowrap',
});

const COLUMNS: readonly ListColumn<StaffAccount>[] = [
  NAME,
  EMAIL,
  ROLE,
  { id: 'twoStep', header: 'Two-step', value: (a) => (a.twoStep ? TWO_STEP_WORDS[a.twoStep] : ''), card: 'key' },
  signIn('lastSignInAt', 'Last sign-in'),
  {
    id: 'status',
    header: 'Status',
    value: (a) => (a.disabled ? 'Disabled' : 'Active'),
    cell: (a) => <Badge variant={a.disabled ? 'destructive' : 'secondary'}>{a.disabled ? 'Disabled' : 'Active'}</Badge>,
    card: 'key',
  },
];

/** With an external issuer: who has signed in, and when. */
const SIGNED_IN_COLUMNS: readonly ListColumn<StaffAccount>[] = [NAME, EMAIL, ROLE, signIn('firstSignInAt', 'First sign-in'), signIn('lastSignInAt', 'Last sign-in')];

/** Says what went well; a failure is toasted by the query client. */
function toastWhenDone(change: Promise<unknown>, success: string) {
  void change.then(() => toast.success(success)).catch(() => undefined);
}

/** A change that is asked about first, with what it does in plain words. */
type Confirmable = 'disable' | 'resetTwoStep' | 'remove';

const CONFIRMATIONS: Record<Confirmable, { title: (name: string) => string; description: string; confirmLabel: string }> = {
  disable: {
    title: (name) => `Disable ${name}?`,
    description: 'They are signed out at once and cannot sign in until the account is enabled again.',
    confirmLabel: 'Disable',
  },
  resetTwoStep: {
    title: (name) => `Reset two-step sign-in of ${name}?`,
    description: 'Their authenticator app and recovery codes stop working and they are signed out. They set it up again at their next sign-in.',
    confirmLabel: 'Reset two-step sign-in',
  },
  remove: {
    title: (name) => `Remove ${name}?`,
    description: 'The account is deleted and they are signed out at once. The audit trail keeps what they did.',
    confirmLabel: 'Remove',
  },
};

/** /staff: every account, adding staff and the changes an Admin makes to an account. */
export default function StaffScreen() {
  const trpc = useTRPC();
  const list = useQuery(trpc.staff.list.queryOptions());
  const canCreate = useCan('staff', 'create');
  const canUpdate = useCan('staff', 'update');
  const canDelete = useCan('staff', 'delete');
  const [adding, setAdding] = useState(false);
  const [changingRole, setChangingRole] = useState<StaffAccount | null>(null);
  const [confirming, setConfirming] = useState<{ kind: Confirmable; account: StaffAccount } | null>(null);
  const [passingOn, setPassingOn] = useState<LinkToPassOn | null>(null);

  const options = OWN_SUCCESS_TOAST;
  const disable = useMutation(trpc.staff.disable.mutationOptions(options));
  const { mutateAsync: enableAccount } = useMutation(trpc.staff.enable.mutationOptions(options));
  const resetTwoStep = useMutation(trpc.staff.resetTwoStep.mutationOptions(options));
  const { mutateAsync: sendResetLink } = useMutation(trpc.staff.sendPasswordReset.mutationOptions(options));
  const remove = useMutation(trpc.staff.remove.mutationOptions(options));
  const confirmed: Record<Confirmable, { run: (id: string) => Promise<unknown>; done: (name: string) => string; busy: boolean }> = {
    disable: { run: (id) => disable.mutateAsync({ id }), done: (name) => `Disabled ${name}`, busy: disable.isPending },
    resetTwoStep: { run: (id) => resetTwoStep.mutateAsync({ id }), done: (name) => `Reset the two-step sign-in of ${name}`, busy: resetTwoStep.isPending },
    remove: { run: (id) => remove.mutateAsync({ id }), done: (name) => `Removed ${name}`, busy: remove.isPending },
  };

  const managedAt = list.data?.managedAt ?? null;
  const { session } = useAuth();
  const ownEmail = session.status === 'signed-in' ? session.user.email : undefined;
  const rowMenu = useMemo(() => {
    if (managedAt || !(canUpdate || canDelete)) return undefined;
    const StaffRowMenu = (account: StaffAccount) => (
      <StaffActionsMenu
        account={account}
        own={account.email === ownEmail}
        canUpdate={canUpdate}
        canDelete={canDelete}
        onChangeRole={() => setChangingRole(account)}
        onEnable={() => toastWhenDone(enableAccount({ id: account.id }), `Enabled ${fullName(account)}`)}
        onSendPasswordReset={() =>
          void sendResetLink({ id: account.id })
            .then(({ linkToPassOn: link }) =>
              link ? setPassingOn({ name: fullName(account), email: account.email, link }) : toast.success(`Password reset link sent to ${account.email}`),
            )
            .catch(() => undefined)
        }
        onConfirm={(kind) => setConfirming({ kind, account })}
      />
    );
    return StaffRowMenu;
  }, [managedAt, canUpdate, canDelete, enableAccount, sendResetLink, ownEmail]);

  const pending = confirming && { ...CONFIRMATIONS[confirming.kind], ...confirmed[confirming.kind] };
  const pendingName = confirming ? fullName(confirming.account) : '';

  return (
    <div className="p-4 md:p-6">
      <ListScreen
        title="Staff"
        searchPlaceholder="Search staff..."
        rows={list.data?.accounts}
        columns={managedAt ? SIGNED_IN_COLUMNS : COLUMNS}
        getRowId={(account) => account.id}
        getRowLabel={fullName}
        permissions={{ create: canCreate && !managedAt, update: canUpdate, delete: canDelete }}
        rowMenu={rowMenu}
        description={managedAt ? `Accounts are managed at ${managedAt}. This list shows who has signed in.` : undefined}
        toolbar={
          canCreate &&
          !managedAt &&
          list.data && (
            <Button type="button" onClick={() => setAdding(true)}>
              <UserCog aria-hidden />
              Add staff member
            </Button>
          )
        }
        isLoading={list.isPending}
        error={list.isError ? 'Error loading staff' : null}
        emptyMessage={managedAt ? 'No one has signed in yet' : 'No staff found'}
        defaultSort={{ columnId: 'name', direction: 'asc' }}
      />
      <AddStaffDialog open={adding} onOpenChange={setAdding} onLinkToPassOn={setPassingOn} />
      <PassOnLinkDialog passOn={passingOn} onClose={() => setPassingOn(null)} />
      <ChangeRoleDialog account={changingRole} onClose={() => setChangingRole(null)} />
      {pending && confirming && (
        <ConfirmDialog
          open
          title={pending.title(pendingName)}
          description={pending.description}
          keepLabel="Cancel"
          confirmLabel={pending.confirmLabel}
          busy={pending.busy}
          onKeep={() => setConfirming(null)}
          onConfirm={() => toastWhenDone(pending.run(confirming.account.id).finally(() => setConfirming(null)), pending.done(pendingName))}
        />
      )}
    </div>
  );
}

function StaffActionsMenu({
  account,
  own,
  canUpdate,
  canDelete,
  onChangeRole,
  onEnable,
  onSendPasswordReset,
  onConfirm,
}: {
  account: StaffAccount;
  /** The signed-in person's own account, which they may not disable or remove (the server refuses it too). */
  own: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onChangeRole: () => void;
  onEnable: () => void;
  onSendPasswordReset: () => void;
  onConfirm: (kind: Confirmable) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${fullName(account)}`}>
          <Ellipsis aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canUpdate && (
          <>
            <DropdownMenuItem onSelect={onChangeRole}>
              <UserCog aria-hidden />
              Change role
            </DropdownMenuItem>
            {account.disabled ? (
              <DropdownMenuItem onSelect={onEnable}>
                <UserCheck aria-hidden />
                Enable
              </DropdownMenuItem>
            ) : (
              !own && (
                <DropdownMenuItem onSelect={() => onConfirm('disable')}>
                  <UserX aria-hidden />
                  Disable
                </DropdownMenuItem>
              )
            )}
            <DropdownMenuItem onSelect={() => onConfirm('resetTwoStep')}>
              <ShieldOff aria-hidden />
              Reset two-step sign-in
            </DropdownMenuItem>
            {!account.disabled && (
              <DropdownMenuItem onSelect={onSendPasswordReset}>
                <Mail aria-hidden />
                Send password reset link
              </DropdownMenuItem>
            )}
          </>
        )}
        {canDelete && !own && (
          <>
            {canUpdate && <DropdownMenuSeparator />}
            <DropdownMenuItem variant="destructive" onSelect={() => onConfirm('remove')}>
              <Trash aria-hidden />
              Remove
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
