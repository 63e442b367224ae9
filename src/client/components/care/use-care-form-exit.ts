import { useNavigate } from 'react-router';
import { useBackToList } from '@/client/components/list-screen/saved-row';
import { useUnsavedChanges } from '@/client/components/unsaved-changes';
import { CARE_ITEMS, type CareItem } from './care-items';

/**
 * The ways out of a request or package form: Cancel back to the list (asking first when something is
 * unsaved, through `guard`), and after a save back to the list, which marks the saved item.
 */
export function useCareFormExit(what: CareItem, dirty: boolean) {
  const navigate = useNavigate();
  const backToSaved = useBackToList();
  const { guard, leaveAfterSave } = useUnsavedChanges(dirty);
  const { listPath } = CARE_ITEMS[what];
  return {
    guard,
    cancel: () => void navigate(listPath),
    /** For a save's onSuccess. */
    afterSave: (saved: { id: string }) => leaveAfterSave(() => backToSaved(listPath, saved.id)),
  };
}
