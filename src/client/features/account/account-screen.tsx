import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, KeyRound, LogOut, Printer, ShieldCheck } from 'lucide-react';
import { CopyButton } from '@/client/components/copy-button';
import { downloadFile } from '@/client/lib/download-file';
import { type ComponentProps, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  type ChangePasswordInput,
  changePasswordInput,
  type ConfirmTwoStepInput,
  confirmTwoStepInput,
  type ResetTwoStepInput,
  resetTwoStepInput,
  type StartTwoStepInput,
  startTwoStepInput,
} from '@/shared/schemas/account';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { type DataColumn, DataTable } from '@/client/components/data-table';
import { Field } from '@/client/components/form/field';
import { FormSection, PageHeader, SubmitButton } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { useUnsavedChanges } from '@/client/components/unsaved-changes';
import type { RouterOutputs } from '@/browser/api-types';
import { useAuth } from '@/client/lib/auth';
import { OWN_SUCCESS_TOAST } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { formatDateTime } from '@/shared/dates';

type Account = NonNullable<RouterOutputs['account']['get']['account']>;
type Session = Account['sessions'][number];

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Unknown');

/** /account: the signed-in user's own password, two-step sign-in and sessions. */
export default function AccountScreen() {
  const trpc = useTRPC();
  const account = useQuery(trpc.account.get.queryOptions());
  return (
    <div className="flex max-w-3xl flex-col gap-6 p-4 md:p-6">
      <PageHeader title="My account" />
      <LoadState query={account} errorText="Error loading your account" className="m-0">
        {({ managedBy, account: own }) =>
          own ? (
            <>
              <p className="text-sm text-muted-foreground">
                {own.givenName} {own.familyName}, {own.email}, {own.role}
              </p>
              <PasswordForm />
              <TwoStep twoStep={own.twoStep} />
              <Sessions sessions={own.sessions} />
            </>
          ) : (
            <p className="rounded-xl border bg-card p-4">
              Your account is managed at <strong className="break-all">{managedBy}</strong>: change your password and two-step
              sign-in there.
            </p>
          )
        }
      </LoadState>
    </div>
  );
}

const NO_PASSWORDS: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm() {
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions(OWN_SUCCESS_TOAST));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordInput), defaultValues: NO_PASSWORDS });
  const { guard } = useUnsavedChanges(isDirty);
  const submit = (values: ChangePasswordInput) =>
    change.mutate(values, {
      onSuccess: () => {
        reset(NO_PASSWORDS);
        toast.success('Your password has been changed');
      },
    });

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} aria-label="Change password" noValidate>
      {guard}
      <FormSection title="Password">
        <Field label="Current password" error={errors.currentPassword?.message} className="sm:col-span-2">
          <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
        </Field>
        <Field label="New password" error={errors.newPassword?.message} hint="At least 12 characters. A few unrelated words make a strong one.">
          <Input type="password" autoComplete="new-password" {...register('newPassword')} />
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <div className="flex justify-end sm:col-span-2">
          <SubmitButton submitting={change.isPending} label="Change password" submittingLabel="Saving..." icon={<KeyRound aria-hidden />} />
        </div>
      </FormSection>
    </form>
  );
}

function TwoStep({ twoStep }: { twoStep: Account['twoStep'] }) {
  const [resetting, setResetting] = useState(false);
  const [setUp, setSetUp] = useState<{ secret: string; qrCodeSvg: string; currentPassword: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <FormSection title="Two-step sign-in">
      <div className="flex flex-col gap-3 sm:col-span-2">
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : twoStep.on ? (
          <>
            <p>
              <ShieldCheck className="mr-1 inline size-4 text-primary" aria-hidden />
              On: you sign in with a code from your authenticator app. {twoStep.recoveryCodesLeft} recovery codes left.
            </p>
            {resetting ? (
              <ResetTwoStep required={twoStep.required} onKeep={() => setResetting(false)} />
            ) : (
              <Button variant="outline" className="self-start" onClick={() => setResetting(true)}>
                Reset two-step sign-in
              </Button>
            )}
          </>
        ) : setUp ? (
          <SetUp {...setUp} onDone={setRecoveryCodes} />
        ) : (
          <>
            <p>
              Off.{' '}
              {twoStep.required
                ? 'Your role needs it: you will set it up at your next sign-in, or now.'
                : 'A code from an app on your phone, as well as your password, keeps your account safe even if the password gets out.'}
            </p>
            <StartTwoStep onStarted={setSetUp} />
          </>
        )}
      </div>
    </FormSection>
  );
}

/** The password asked again before a change to two-step sign-in. */
function YourPasswordField({ error, ...input }: { error?: string } & ComponentProps<typeof Input>) {
  return (
    <Field label="Your password" error={error}>
      <Input type="password" autoComplete="current-password" className="max-w-80" {...input} />
    </Field>
  );
}

/** Setting up starts with the password: a session left open, or a token taken, cannot put another app on the account. */
function StartTwoStep({ onStarted }: { onStarted: (setUp: { secret: string; qrCodeSvg: string; currentPassword: string }) => void }) {
  const trpc = useTRPC();
  const start = useMutation(trpc.account.startTwoStep.mutationOptions(OWN_SUCCESS_TOAST));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<StartTwoStepInput>({ resolver: zodResolver(startTwoStepInput), defaultValues: { currentPassword: '' } });
  const submit = (values: StartTwoStepInput) => start.mutate(values, { onSuccess: (started) => onStarted({ ...started, ...values }) });
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} aria-label="Start two-step sign-in" noValidate className="flex flex-col gap-3">
      <YourPasswordField error={errors.currentPassword?.message} {...register('currentPassword')} />
      <SubmitButton submitting={start.isPending} label="Set up two-step sign-in" submittingLabel="Starting..." className="self-start" />
    </form>
  );
}

function ResetTwoStep({ required, onKeep }: { required: boolean; onKeep: () => void }) {
  const trpc = useTRPC();
  const { signOut } = useAuth();
  const reset = useMutation(trpc.account.resetTwoStep.mutationOptions(OWN_SUCCESS_TOAST));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetTwoStepInput>({ resolver: zodResolver(resetTwoStepInput), defaultValues: { currentPassword: '', code: '' } });
  const submit = (values: ResetTwoStepInput) => reset.mutate(values, { onSuccess: () => void signOut() });
  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} aria-label="Reset two-step sign-in" noValidate className="flex flex-col gap-3 rounded-lg border p-3">
      <p className="text-sm">
        Your authenticator app and recovery codes stop working and you are signed out everywhere.{' '}
        {required ? 'You set up an app again when you next sign in.' : 'You then sign in with your password alone.'}
      </p>
      <YourPasswordField error={errors.currentPassword?.message} {...register('currentPassword')} />
      <Field label="Code from the app, or a recovery code" error={errors.code?.message}>
        <Input autoComplete="one-time-code" className="max-w-80" {...register('code')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton submitting={reset.isPending} label="Reset and sign out" submittingLabel="Resetting..." variant="destructive" />
        <Button type="button" variant="outline" onClick={onKeep}>
          Keep it
        </Button>
      </div>
    </form>
  );
}

function SetUp({ secret, qrCodeSvg, currentPassword, onDone }: { secret: string; qrCodeSvg: string; currentPassword: string; onDone: (codes: string[]) => void }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.account.confirmTwoStep.mutationOptions(OWN_SUCCESS_TOAST));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ConfirmTwoStepInput>({ resolver: zodResolver(confirmTwoStepInput), defaultValues: { currentPassword, code: '' } });
  const submit = (values: ConfirmTwoStepInput) => confirm.mutate(values, { onSuccess: ({ recoveryCodes }) => onDone(recoveryCodes) });

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} aria-label="Set up two-step sign-in" noValidate className="flex flex-col gap-3">
      <ol className="flex list-decimal flex-col gap-2 pl-5">
        <li>Install an authenticator app on your phone (for example Google Authenticator or Microsoft Authenticator).</li>
        <li>
          In the app, add an account and scan this QR code.
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(qrCodeSvg)}`} alt="QR code to add Valecare to an authenticator app" className="my-2 size-48 rounded border bg-white p-2" />
          <span className="block">Or type this key:</span>
          <span className="flex flex-wrap items-center gap-2">
            <code data-testid="set-up-key" className="min-w-0 rounded bg-muted px-2 py-1 font-mono break-all select-all">
              {secret}
            </code>
            <CopyButton text={secret.replace(/\s/g, '')} label="Copy key" copied="Key copied" />
          </span>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <Field label="Code from the app" error={errors.code?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" className="max-w-40" {...register('code')} />
      </Field>
      <SubmitButton submitting={confirm.isPending} label="Turn on two-step sign-in" submittingLabel="Checking..." className="self-start" />
    </form>
  );
}

/** The codes as a file or a printout keeps them: one a line, under what they are. */
function recoveryCodesText(codes: string[]): string {
  return ['Valecare recovery codes', 'Each works once, in place of a code from the authenticator app.', '', ...codes, ''].join('\n');
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3" role="status">
      {/* Printing shows this block alone (index.css), so the codes go on paper and nothing else of the screen. */}
      <div data-print-alone className="flex flex-col gap-3">
        <p className="font-medium">Two-step sign-in is on. Keep these recovery codes somewhere safe, away from your phone:</p>
        <p className="text-sm text-muted-foreground">Each works once, in place of a code from the app, if you lose your phone. They are not shown again.</p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono sm:grid-cols-3">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        <CopyButton text={codes.join('\n')} label="Copy codes" copied="Recovery codes copied" />
        <Button variant="outline" onClick={() => downloadFile('valecare-recovery-codes.txt', new Blob([recoveryCodesText(codes)], { type: 'text/plain;charset=utf-8' }))}>
          <Download aria-hidden /> Download
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden /> Print
        </Button>
      </div>
      <Button variant="outline" className="self-start print:hidden" onClick={onDone}>
        I have kept them
      </Button>
    </div>
  );
}

const SESSION_COLUMNS: readonly DataColumn<Session>[] = [
  { header: 'Signed in', cell: (session) => when(session.signedInAt), card: 'title' },
  { header: 'Ends by', cell: (session) => when(session.expiresAt) },
];

function Sessions({ sessions }: { sessions: Session[] }) {
  const trpc = useTRPC();
  const { signOut } = useAuth();
  const everywhere = useMutation(trpc.account.signOutEverywhere.mutationOptions(OWN_SUCCESS_TOAST));
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="sessions-title" className="flex flex-col gap-2">
      <h2 id="sessions-title" className="text-lg font-semibold">
        Where you are signed in
      </h2>
      <p className="text-sm text-muted-foreground">Each browser or device signed in to your account, this one included.</p>
      <DataTable label="Sessions" rows={sessions} columns={SESSION_COLUMNS} rowKey={(session) => session.id} emptyText="No sessions" />
      <Button variant="outline" className="self-start" onClick={() => setConfirming(true)}>
        <LogOut aria-hidden /> Sign out everywhere
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        description="Every browser and device signed in to your account is signed out, this one too."
        keepLabel="Stay signed in"
        confirmLabel="Sign out everywhere"
        busy={everywhere.isPending}
        onKeep={() => setConfirming(false)}
        onConfirm={() => everywhere.mutate({}, { onSuccess: () => void signOut() })}
      />
    </section>
  );
}
