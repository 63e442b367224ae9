import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import type { Note } from '@/shared/schemas/common';
import { NotesEditor } from './notes-editor';

/** The Notes tab of a detail dialog: edit the list, then Save Notes ("Saving..." while it works). */
export function NotesTab({ notes, canEdit, onSave }: { notes: Note[]; canEdit: boolean; onSave: (notes: Note[]) => Promise<unknown> }) {
  const [draft, setDraft] = useState(notes);
  const [saving, setSaving] = useState(false);
  const changed = JSON.stringify(draft) !== JSON.stringify(notes);
  return (
    <div className="flex flex-col gap-3">
      <NotesEditor value={draft} onChange={setDraft} readOnly={!canEdit} />
      {canEdit && (
        <div className="flex justify-end">
          <Button
            disabled={saving || !changed}
            onClick={async () => {
              setSaving(true);
              try {
                await onSave(draft);
              } catch {
                // Shown as a toast; the draft stays so nothing typed is lost.
              } finally {
                setSaving(false);
              }
            }}
          >
            {saving ? 'Saving...' : 'Save Notes'}
          </Button>
        </div>
      )}
    </div>
  );
}
