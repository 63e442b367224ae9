import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { type LinkToPassOn } from '@/client/components/pass-on-link-dialog';
import { z } from 'zod';
import { STAFF_ROLES } from '@/shared/permissions';
import { type StaffAccount, staffInvite, staffRole } from '@/shared/schemas/staff';
import { Field } from '@/client/components/form/field';
import { DialogFormActions, FormError } from '@/client/components/form/form-layout';
import { GuardedDialog } from '@/client/components/guarded-dialog';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import { OWN_SUCCESS_TOAST } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';

export const fullName = (account: Pick<StaffAccount, 'givenName' | 'familyName'>) => `${account.givenName} ${account.familyName}`;

/** The server's words for a refused change, shown in the dialog as well as the toast. */
function refusalText(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : 'Something went wrong. Try again.';
}

function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {role}
    </option>
  ));
}

type InviteInput = z.input<typeof staffInvite>;
type InviteOutput = z.output<typeof staffInvite>;
const NO_ONE: InviteInput = { email: '', givenName: '', familyName: '', role: '' as InviteInput['role'] };

/** "Add staff member": E-mail address, Given name, Family name and Role. */
export function AddStaffDialog({
  open,
  onOpenChange,
  onLinkToPassOn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLinkToPassOn: (passOn: LinkToPassOn) => void;
}) {
  return (
    <GuardedDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add staff member"
      description="They get an e-mail with a link to choose their password (and set up two-step sign-in where their role needs it)."
    >
      {({ close }) => (
        <InviteForm
          onDone={(passOn) => {
            onOpenChange(false);
            if (passOn) onLinkToPassOn(passOn);
          }}
          onCancel={close}
        />
      )}
    </GuardedDialog>
  );
}

function InviteForm({ onDone, onCancel }: { onDone: (passOn: LinkToPassOn | null) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const { register, handleSubmit, formState, setError, reset } = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(staffInvite),
    defaultValues: NO_ONE,
  });
  useReportUnsaved(formState.isDirty);
  const invite = useMutation(trpc.staff.invite.mutationOptions(OWN_SUCCESS_TOAST));
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const added = await invite.mutateAsync(values);
      const { linkToPassOn: link } = added;
      toast.success(link ? `Added ${fullName(added)} as ${added.role}` : `Added ${fullName(added)} as ${added.role}: invitation sent to ${added.email}`);
      reset(values);
      onDone(link ? { name: fullName(added), email: added.email, link } : null);
    } catch (error) {
      const taken = error instanceof TRPCClientError && error.data?.code === 'CONFLICT';
      setError(taken ? 'email' : 'root', { message: refusalText(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label="E-mail address" required error={errors.email?.message}>
        <Input type="email" autoComplete="off" autoFocus {...register('email')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Given name" required error={errors.givenName?.message}>
          <Input autoComplete="off" {...register('givenName')} />
        </Field>
        <Field label="Family name" required error={errors.familyName?.message}>
          <Input autoComplete="off" {...register('familyName')} />
        </Field>
      </div>
      <Field label="Role" required error={errors.role?.message}>
        <NativeSelect {...register('role')}>
          <option value="" disabled>
            Choose a role
          </option>
          <RoleOptions />
        </NativeSelect>
      </Field>
      <FormError message={errors.root?.message} />
      <DialogFormActions onCancel={onCancel} submitLabel="Add staff member" submittingLabel="Adding..." submitting={invite.isPending} />
    </form>
  );
}

const roleChoice = z.strictObject({ role: staffRole });
type RoleChoice = z.infer<typeof roleChoice>;

/** "Change role" for one account. */
export function ChangeRoleDialog({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  return (
    <GuardedDialog
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title={account ? `Change the role of ${fullName(account)}` : 'Change role'}
      description="The new role takes effect at their next sign-in or token refresh."
    >
      {({ close }) => account && <RoleForm key={account.id} account={account} onDone={onClose} onCancel={close} />}
    </GuardedDialog>
  );
}

function RoleForm({ account, onDone, onCancel }: { account: StaffAccount; onDone: () => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const { register, handleSubmit, formState, setError, reset } = useForm<RoleChoice>({
    resolver: zodResolver(roleChoice),
    defaultValues: { role: account.role },
  });
  useReportUnsaved(formState.isDirty);
  const setRole = useMutation(trpc.staff.setRole.mutationOptions(OWN_SUCCESS_TOAST));
  const onSubmit = handleSubmit(async ({ role }) => {
    try {
      const changed = await setRole.mutateAsync({ id: account.id, role });
      toast.success(`${fullName(changed)} is now ${changed.role}`);
      reset({ role });
      onDone();
    } catch (error) {
      setError('root', { message: refusalText(error) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label="Role" required error={formState.errors.role?.message}>
        <NativeSelect autoFocus {...register('role')}>
          <RoleOptions />
        </NativeSelect>
      </Field>
      <FormError message={formState.errors.root?.message} />
      <DialogFormActions onCancel={onCancel} submitLabel="Change role" submittingLabel="Saving..." submitting={setRole.isPending} />
    </form>
  );
}
