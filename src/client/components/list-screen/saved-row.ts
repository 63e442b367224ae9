import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What a form leaves in the history entry of the list it returns to: the record it has just saved. */
interface SavedRowState {
  savedRowId: string;
}

/** Returns to a list after a save; the list then scrolls to the saved record and marks it. */
export function useBackToList(): (path: string, savedRowId: string) => void {
  const navigate = useNavigate();
  return useCallback((path, savedRowId) => void navigate(path, { state: { savedRowId } satisfies SavedRowState }), [navigate]);
}

/** The record a form has just saved, when this list was reached from its save. */
export function useSavedRowId(): string | undefined {
  const state: unknown = useLocation().state;
  return state && typeof state === 'object' && 'savedRowId' in state && typeof state.savedRowId === 'string' ? state.savedRowId : undefined;
}
