import { Archive, ArchiveRestore } from 'lucide-react';
import { Button } from '@/client/components/ui/button';

/** Show Archived / Hide Archived: the archived view of a list is only a display filter (spec §4). */
export function ArchiveToggle({ showArchived, onToggle }: { showArchived: boolean; onToggle: () => void }) {
  return (
    <Button variant="outline" onClick={onToggle} aria-pressed={showArchived}>
      {showArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
      {showArchived ? 'Hide Archived' : 'Show Archived'}
    </Button>
  );
}
