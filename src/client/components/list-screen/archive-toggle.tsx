import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { Archive, ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/client/components/ui/button';
import { TOAST } from '@/shared/constants';

/** Show Archived / Hide Archived: the archived view of a list is only a display filter (spec §4). */
export function ArchiveToggle({ showArchived, onToggle }: { showArchived: boolean; onToggle: () => void }) {
  return (
    <Button variant="outline" onClick={onToggle} aria-pressed={showArchived}>
      {showArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
      {showArchived ? 'Hide Archived' : 'Show Archived'}
    </Button>
  );
}

/** A list's Show/Hide Archived state: the list procedure it loads and the toggle for the toolbar. */
export function useArchivedView() {
  const [showArchived, setShowArchived] = useState(false);
  return {
    procedure: showArchived ? 'getAll' : 'getAllNotArchived',
    toggle: <ArchiveToggle showArchived={showArchived} onToggle={() => setShowArchived((s) => !s)} />,
  } as const;
}

interface ArchiveState {
  id: string;
  version: number;
  archived: 'Y' | 'N';
  /** The person's name, which the toast says. */
  details?: { name?: string };
}

/**
 * Archives or unarchives one person and says which in a toast ("Client Ivy Brown archived") with an Undo that
 * toggles it straight back. Archiving only hides, so an undo is kinder than asking first.
 * Failures are already shown by the global error toast.
 */
export async function toggleArchiveWithUndo(
  one: string,
  toggle: (input: { id: string; version: number }) => Promise<ArchiveState>,
  input: { id: string; version: number },
): Promise<void> {
  const result = await toggle(input).catch(() => null);
  if (!result) return;
  const text = [one, result.details?.name, result.archived === 'Y' ? 'archived' : 'unarchived'].filter(Boolean).join(' ');
  toast.success(
    (t) => (
      <span className="flex items-center gap-3">
        {text}
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            toast.dismiss(t.id);
            void toggleArchiveWithUndo(one, toggle, { id: result.id, version: result.version });
          }}
        >
          Undo
        </Button>
      </span>
    ),
    { duration: TOAST.undoMs },
  );
}

type ArchiveInput = { id: string; version: number };

/**
 * The Archive / Unarchive row action of a list of people, through the resource's `toggleArchive` procedure
 * (its options say the screen words its own success toast).
 */
export function useArchiveAction<O extends ArchiveState, E, C>(
  one: string,
  toggleOptions: UseMutationOptions<O, E, ArchiveInput, C>,
) {
  const toggle = useMutation(toggleOptions);
  return {
    onArchive: (row: ArchiveState) => void toggleArchiveWithUndo(one, toggle.mutateAsync, { id: row.id, version: row.version }),
    isArchived: (row: ArchiveState) => row.archived === 'Y',
  };
}
