import { useMutation } from '@tanstack/react-query';
import type { DecorateMutationProcedure, ResolverDef } from '@trpc/tanstack-react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useBackToList } from '@/client/components/list-screen/saved-row';
import { type DraftKeeping, useUnsavedChanges, useVersionedDraft } from '@/client/components/unsaved-changes';
import { CARE_ITEMS, type CareItem } from './care-items';

/**
 * The ways out of a request or package form: Cancel back to the list (asking first when something is
 * unsaved, through `guard`), and after a save back to the list, which marks the saved item.
 */
export function useCareFormExit(what: CareItem, dirty: boolean, draft?: DraftKeeping) {
  const navigate = useNavigate();
  const backToSaved = useBackToList();
  const { guard, leaveAfterSave } = useUnsavedChanges(dirty, { draft });
  const { listPath } = CARE_ITEMS[what];
  return {
    guard,
    cancel: () => void navigate(listPath),
    /** For a save's onSuccess. */
    afterSave: (saved: { id: string }) => leaveAfterSave(() => backToSaved(listPath, saved.id)),
  };
}

/** What a save answers: the item saved. */
type SavesItem = ResolverDef & { output: { id: string } };

/**
 * Saving an add or edit form of a request or package: creates the item, or updates the stored one at the version
 * the form's values were typed over (the stored one's, or a kept draft's), then leaves as useCareFormExit does.
 */
export function useCareFormSave<TCreate extends SavesItem, TUpdate extends SavesItem, Values extends FieldValues>(
  what: CareItem,
  api: { create: DecorateMutationProcedure<TCreate>; update: DecorateMutationProcedure<TUpdate> },
  stored: { id: string; version: number } | undefined,
  form: Pick<UseFormReturn<Values>, 'getValues' | 'reset' | 'formState'>,
  /** For a form that shows some refusals in place: true for those it shows, which no toast then repeats. */
  shownInPlace?: (error: unknown) => boolean,
) {
  const { version, draft } = useVersionedDraft(form, stored?.version);
  const exit = useCareFormExit(what, form.formState.isDirty, draft);
  const options = { onSuccess: exit.afterSave, ...(shownInPlace ? { meta: { shownInPlace } } : {}) };
  const create = useMutation(api.create.mutationOptions(options));
  const update = useMutation(api.update.mutationOptions(options));
  return {
    ...exit,
    saving: create.isPending || update.isPending,
    // The update takes the create's fields with the stored item's id and version.
    save: (values: TCreate['input']) =>
      stored ? update.mutate({ ...values, id: stored.id, version } as TUpdate['input']) : create.mutate(values),
  };
}
