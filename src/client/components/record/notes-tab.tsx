import { useState } from 'react';
import { useReportUnsaved } from '@/client/components/unsaved-changes';
import type { Note } from '@/shared/schemas/common';
import { NotesEditor } from '@/client/components/person/notes-editor';

/**
 * The Notes tab of a detail dialog. One way to save: each note is saved as it is added, edited or removed,
 * by its Save Notes button ("Saving..." while it works). A note being written holds the dialog open until
 * the user chooses to leave it.
 */
export function NotesTab({ notes, canEdit, onSave }: { notes: Note[]; canEdit: boolean; onSave: (notes: Note[]) => Promise<unknown> }) {
  const [writing, setWriting] = useState(false);
  useReportUnsaved(writing);
  return <NotesEditor value={notes} onChange={onSave} saving="now" readOnly={!canEdit} onPendingChange={setWriting} />;
}
