import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RouterOutputs } from '@/browser/api-types';
import { Field } from '@/client/components/form/field';
import { FormError, SubmitButton } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { DetailGrid, DetailItem } from '@/client/components/record/detail-dialog';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import { useCan } from '@/client/lib/auth';
import { mutationErrorText } from '@/client/lib/query-client';
import { useTRPC } from '@/client/lib/trpc';
import { MAX } from '@/shared/schemas/common';
import { KEY_SAFE_CODE_MAX } from '@/shared/schemas/key-information';

type KeyInformation = RouterOutputs['clients']['getKeyInformation'];

const CODE_WORDS: Record<KeyInformation['keySafeCode'], string> = {
  held: 'Held, sealed: shown only on the carer’s phone on the days they visit',
  none: 'None',
  unreadable: 'Held, but it cannot be read (restored without its key): enter it again',
};

/** The client's key information, as the office sees it: the key safe code is never shown back. */
function KeyInformationView({ info }: { info: KeyInformation }) {
  return (
    <DetailGrid>
      <DetailItem label="How to get in">{info.accessNotes}</DetailItem>
      <DetailItem label="Key safe code">{CODE_WORDS[info.keySafeCode]}</DetailItem>
      <DetailItem label="Allergies and risks">{info.allergiesAndRisks}</DetailItem>
      <DetailItem label="Emergency contact">{info.emergencyContact}</DetailItem>
    </DetailGrid>
  );
}

function KeyInformationForm({ info, onDone }: { info: KeyInformation; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ accessNotes: info.accessNotes, allergiesAndRisks: info.allergiesAndRisks, emergencyContact: info.emergencyContact });
  // Empty: keep the code held. A new code replaces it; "Clear" takes it away.
  const [code, setCode] = useState('');
  const [clear, setClear] = useState(false);
  useReportUnsaved(code !== '' || clear || Object.entries(values).some(([key, value]) => value !== info[key as keyof typeof values]));
  const save = useMutation(
    trpc.clients.setKeyInformation.mutationOptions({
      meta: { shownInPlace: () => true },
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.clients.getKeyInformation.queryKey({ clientId: info.clientId }), saved);
        onDone();
      },
    }),
  );
  const field = (key: keyof typeof values) => ({ value: values[key], onChange: (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value }) });
  return (
    <form
      noValidate
      aria-label="Key information"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ clientId: info.clientId, ...values, ...(clear ? { keySafeCode: null } : code.trim() ? { keySafeCode: code } : {}), version: info.version });
      }}
    >
      <Field label="How to get in" hint="The door, the gate, the dog: what a carer new to the house needs to know">
        <Textarea maxLength={MAX.line} {...field('accessNotes')} />
      </Field>
      <Field label="Key safe code" hint={info.keySafeCode === 'none' ? 'Leave empty for none' : 'A code is held: leave empty to keep it, or enter a new one'}>
        <Input autoComplete="off" spellCheck={false} maxLength={KEY_SAFE_CODE_MAX} value={code} disabled={clear} onChange={(e) => setCode(e.target.value)} />
      </Field>
      {info.keySafeCode !== 'none' && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={clear} onChange={(e) => setClear(e.target.checked)} />
          Clear the key safe code
        </label>
      )}
      <Field label="Allergies and risks">
        <Textarea maxLength={MAX.line} {...field('allergiesAndRisks')} />
      </Field>
      <Field label="Emergency contact" hint="A name and a phone number">
        <Input maxLength={MAX.short} {...field('emergencyContact')} />
      </Field>
      <FormError message={save.isError ? mutationErrorText(save.error) : undefined} />
      <div className="flex gap-2">
        <SubmitButton submitting={save.isPending} label="Save key information" submittingLabel="Saving..." />
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** What a carer needs at the client's door, kept as fields; read by those who read clients, changed by those who change them. */
export function ClientKeyInformation({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const canUpdate = useCan('clients', 'update');
  const [editing, setEditing] = useState(false);
  const query = useQuery(trpc.clients.getKeyInformation.queryOptions({ clientId }));
  return (
    <LoadState query={query} errorText="Error loading the key information" className="">
      {(info) =>
        editing ? (
          <KeyInformationForm info={info} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-col gap-4">
            <KeyInformationView info={info} />
            {canUpdate && (
              <Button type="button" variant="outline" className="self-start" onClick={() => setEditing(true)}>
                Edit key information
              </Button>
            )}
          </div>
        )
      }
    </LoadState>
  );
}
